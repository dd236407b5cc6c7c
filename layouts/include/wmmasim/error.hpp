// Bad input is reported as one sentence (what, where, what was expected) and a non-zero exit status.
// Host code throws UserError; the command-line front end prints what() and exits with exit_code.
#pragma once

#include <stdexcept>
#include <string>

namespace wmmasim {

struct UserError : std::runtime_error {
  int exit_code;
  explicit UserError(const std::string& sentence, int code = 2) : std::runtime_error(sentence), exit_code(code) {}
};

}  // namespace wmmasim
