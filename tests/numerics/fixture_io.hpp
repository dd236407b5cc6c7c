// Reading the hardware captures of tests/data/fixtures (format: the README there).
#pragma once

#include <cstdint>
#include <fstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "wmmasim/layouts/instruction_table.hpp"
#include "wmmasim/numerics/numerics.hpp"

namespace wmmasim::test {

inline std::string fixture_path(const std::string& file) { return std::string(WMMASIM_TEST_DATA) + "/fixtures/" + file; }

inline std::vector<nlohmann::json> read_jsonl(const std::string& file) {
  std::ifstream in(fixture_path(file));
  std::vector<nlohmann::json> out;
  for (std::string line; std::getline(in, line);)
    if (!line.empty()) out.push_back(nlohmann::json::parse(line));
  return out;
}

inline std::uint32_t hex(const nlohmann::json& v) { return static_cast<std::uint32_t>(std::stoul(v.get<std::string>(), nullptr, 16)); }

inline std::vector<std::uint32_t> matrix(const nlohmann::json& rows) {
  std::vector<std::uint32_t> out;
  for (const auto& row : rows)
    for (const auto& e : row) out.push_back(hex(e));
  return out;
}

inline Arch arch_of(const nlohmann::json& rec) {
  return rec.at("arch").get<std::string>() == "gfx1100" ? Arch::rdna3 : Arch::rdna4;
}

inline std::uint8_t bits_of(const nlohmann::json& list) {
  std::uint8_t m = 0;
  for (int s = 0; s < 3; ++s)
    if (list.at(s).get<int>()) m |= static_cast<std::uint8_t>(1u << s);
  return m;
}

inline Modifiers modifiers_of(const nlohmann::json& rec) {
  Modifiers m;
  const auto& f = rec.at("modifiers");
  m.neg = bits_of(f.at("neg"));
  m.neg_hi = bits_of(f.at("neg_hi"));
  m.clamp = f.at("clamp").get<int>() != 0;
  if (!rec.at("mode").is_null()) m.mode = hex(rec.at("mode"));
  return m;
}

inline std::vector<int> wave_sizes_of(const nlohmann::json& rec) {
  if (!rec.at("wave_size").is_null()) return {rec.at("wave_size").get<int>()};
  return rec.at("wave_sizes").get<std::vector<int>>();
}

}  // namespace wmmasim::test
