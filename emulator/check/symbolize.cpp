// Code addresses to source lines with LLVM's symbolizer (package llvm-19, which wmmasim-hipcc's
// clang-19 comes with). Programs are built with at least -gline-tables-only, so every kernel line is
// known. The innermost frame is kept: the line whose load or store it is, even inside an inlined
// library function.
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <map>
#include <sstream>

#include "wmmasim/check/run.hpp"

namespace wmmasim::check {
namespace {

// What a shell command prints on standard output ("" when it cannot run).
std::string command_output(const std::string& command) {
  std::string out;
  if (FILE* p = popen((command + " 2>/dev/null").c_str(), "r")) {
    char buffer[4096];
    std::size_t n;
    while ((n = std::fread(buffer, 1, sizeof buffer, p)) > 0) out.append(buffer, n);
    pclose(p);
  }
  return out;
}

std::string shell_quoted(const std::string& text) {
  std::string q = "'";
  for (char c : text) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

std::string run_symbolizer(const std::string& module, const std::vector<std::uint64_t>& offsets) {
  std::string command = "llvm-symbolizer-19 --demangle --inlining=false --obj=" + shell_quoted(module);
  for (std::uint64_t o : offsets) {
    char hex[32];
    std::snprintf(hex, sizeof hex, " 0x%llx", static_cast<unsigned long long>(o));
    command += hex;
  }
  return command_output(command);
}

}  // namespace

std::string demangle(const std::string& name) {
  if (name.rfind("_Z", 0) != 0) return name;
  std::string out = command_output("llvm-cxxfilt-19 " + shell_quoted(name));
  while (!out.empty() && (out.back() == '\n' || out.back() == '\r')) out.pop_back();
  return out.empty() ? name : out;
}

void symbolize(std::vector<CodeSite*> sites) {
  std::map<std::string, std::vector<CodeSite*>> by_module;
  for (CodeSite* s : sites)
    if (s->line == 0 && !s->module.empty()) by_module[s->module].push_back(s);
  for (auto& [module, list] : by_module) {
    std::vector<std::uint64_t> offsets;
    for (CodeSite* s : list) offsets.push_back(s->offset);
    // One record per address: "function\nfile:line:column\n\n".
    std::istringstream out(run_symbolizer(module, offsets));
    std::string function, where, blank;
    for (CodeSite* s : list) {
      if (!std::getline(out, function) || !std::getline(out, where)) break;
      std::getline(out, blank);
      const std::size_t column = where.rfind(':'), line = column == std::string::npos ? column : where.rfind(':', column - 1);
      if (line == std::string::npos || function == "??") continue;
      const unsigned n = static_cast<unsigned>(std::strtoul(where.c_str() + line + 1, nullptr, 10));
      if (n == 0) continue;
      s->function = function;
      s->file = where.substr(0, line);
      s->line = n;
    }
  }
}

}  // namespace wmmasim::check
