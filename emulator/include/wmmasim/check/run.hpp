// `wmmasim check PROGRAM [ARGS]` (docs/check.md): runs a program built by wmmasim-hipcc with the
// chosen tools on, reads what it found (report.hpp, and the layout check's findings), names the
// source lines of the code addresses, and gives the text and the JSON the command prints.
#pragma once

#include <string>
#include <vector>

#include "wmmasim/check/report.hpp"

namespace wmmasim::check {

inline const std::vector<std::string>& tool_names() {
  static const std::vector<std::string> names = {"memcheck", "racecheck", "initcheck", "synccheck", "layout"};
  return names;
}

struct CheckOptions {
  std::vector<std::string> command;  // the program and its arguments
  std::vector<std::string> tools;    // empty: all
};

struct CheckResult {
  Report report;           // findings merged and in source order, sites symbolized
  int program_status = 0;  // its exit status (128 + signal when a signal ended it)
  std::size_t errors = 0, warnings = 0, notes = 0;  // notes: the layout check's
};

// Throws UserError (one sentence) when the program cannot be started or wrote no report.
CheckResult run_check(const CheckOptions& options);
// The findings, one paragraph each, and the summary line "wmmasim check: N errors, M warnings in K launches".
std::string check_text(const CheckResult& result);
std::string check_json(const CheckResult& result);
// 1 when an error was found; otherwise the program's own status.
int check_status(const CheckResult& result);

// Fills file, line and function of every site (llvm-symbolizer-19, one call per module); sites it
// cannot name keep line 0.
void symbolize(std::vector<CodeSite*> sites);
// A mangled C++ name as source text (llvm-cxxfilt-19: it knows _Float16, which libstdc++ 12's
// demangler does not); other text unchanged.
std::string demangle(const std::string& name);

}  // namespace wmmasim::check
