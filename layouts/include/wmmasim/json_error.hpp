// Readers of JSON files report the JSON library's complaints as the end of one sentence.
#pragma once

#include <climits>
#include <cstdint>
#include <string>
#include <string_view>

#include "wmmasim/error.hpp"

namespace wmmasim {

// What a JSON library exception says without its "[json.exception.kind.N] " tag. Parsing fails with
// more than syntax errors: a number beyond double's range is out_of_range (the calibration fuzzer
// found it escaping a reader), so readers catch the library's base exception and word it with this.
inline std::string json_exception_reason(std::string_view what) {
  if (what.rfind("[json.exception.", 0) == 0 && what.find("] ") != std::string_view::npos) what.remove_prefix(what.find("] ") + 2);
  return std::string(what);
}

// A JSON value read as an int: anything but an integer in int's range is refused in one sentence
// (converting a double beyond it is undefined behaviour: eval_jsonl_fuzz gave 3e88 as a wave size).
template <class Json>
int json_int(const Json& v, const std::string& what) {
  if (!v.is_number_integer()) throw UserError(what + " must be an integer, not " + quoted_input(v.dump()));
  const std::int64_t x = v.template get<std::int64_t>();
  if (x < INT_MIN || x > INT_MAX) throw UserError(what + " is " + std::to_string(x) + ", out of range");
  return static_cast<int>(x);
}

}  // namespace wmmasim
