// Bad input is reported as one sentence (what, where, what was expected) and a non-zero exit status.
// Host code throws UserError; the command-line front end prints what() and exits with exit_code.
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>

namespace wmmasim {

struct UserError : std::runtime_error {
  int exit_code;
  explicit UserError(const std::string& sentence, int code = 2) : std::runtime_error(sentence), exit_code(code) {}
};

// Text a user gave, made fit to quote inside a one-line sentence: control characters become \n, \t
// or \xNN, and text beyond 120 bytes is cut with "...". (The fuzzers found arguments and JSON strings
// with line breaks echoed into messages.)
inline std::string quoted_input(std::string_view text) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out;
  for (std::size_t i = 0; i < text.size() && i < 120; ++i) {
    const unsigned char c = static_cast<unsigned char>(text[i]);
    if (c == '\n') out += "\\n";
    else if (c == '\t') out += "\\t";
    else if (c < 0x20 || c == 0x7f) out += std::string("\\x") + kHex[c >> 4] + kHex[c & 15];
    else out += static_cast<char>(c);
  }
  if (text.size() > 120) out += "...";
  return out;
}

}  // namespace wmmasim
