// Reads the hardware-capture JSON Lines files of tests/data/fixtures.
#pragma once

#include <cstdint>
#include <fstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace wmmasim::testing {

inline std::vector<nlohmann::json> fixture_lines(const std::string& file) {
  std::ifstream in(std::string(WMMASIM_TEST_DATA) + "/fixtures/" + file);
  std::vector<nlohmann::json> out;
  for (std::string line; std::getline(in, line);)
    if (!line.empty()) out.push_back(nlohmann::json::parse(line));
  return out;
}

inline std::uint32_t hex(const nlohmann::json& j) { return static_cast<std::uint32_t>(std::stoul(j.get<std::string>(), nullptr, 16)); }

// A 16x16 matrix of hex strings, row-major.
inline std::vector<std::uint32_t> matrix_bits(const nlohmann::json& rows) {
  std::vector<std::uint32_t> m;
  for (const auto& row : rows)
    for (const auto& x : row) m.push_back(hex(x));
  return m;
}

}  // namespace wmmasim::testing
