// Readers of JSON files report the JSON library's complaints as the end of one sentence.
#pragma once

#include <string>
#include <string_view>

namespace wmmasim {

// What a JSON library exception says without its "[json.exception.kind.N] " tag. Parsing fails with
// more than syntax errors: a number beyond double's range is out_of_range (the calibration fuzzer
// found it escaping a reader), so readers catch the library's base exception and word it with this.
inline std::string json_exception_reason(std::string_view what) {
  if (what.rfind("[json.exception.", 0) == 0 && what.find("] ") != std::string_view::npos) what.remove_prefix(what.find("] ") + 2);
  return std::string(what);
}

}  // namespace wmmasim
