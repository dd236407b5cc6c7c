// What the run-file reader and the launch-record reader share (internal to emulator/runfile): every
// accessor names the JSON path, so a bad file gets one precise sentence. Paths hold the file's own
// keys and are quoted as user text, so a key with a line break cannot split the sentence.
#pragma once

#include <cstdint>
#include <string>

#include <nlohmann/json.hpp>

#include "wmmasim/error.hpp"

namespace wmmasim::runfile {

struct JsonPathReader {
  const std::string& source;

  [[noreturn]] void fail(const std::string& path, const std::string& what) const {
    throw UserError(source + ": " + quoted_input(path) + " " + what);
  }
  const nlohmann::json& field(const nlohmann::json& obj, const std::string& path, const char* key) const {
    if (!obj.is_object()) fail(path, "is not a JSON object");
    auto it = obj.find(key);
    if (it == obj.end()) fail(path, std::string("has no \"") + key + "\" field");
    return *it;
  }
  std::string text(const nlohmann::json& obj, const std::string& path, const char* key) const {
    const nlohmann::json& v = field(obj, path, key);
    if (!v.is_string()) fail(path + "." + key, "is not a string");
    return v.get<std::string>();
  }
  std::uint64_t count(const nlohmann::json& v, const std::string& path, std::uint64_t max) const {
    if (!v.is_number_unsigned() && !(v.is_number_integer() && v.get<std::int64_t>() >= 0))
      fail(path, "is not a non-negative integer");
    const std::uint64_t x = v.get<std::uint64_t>();
    if (x > max) fail(path, "is larger than " + std::to_string(max));
    return x;
  }
};

}  // namespace wmmasim::runfile
