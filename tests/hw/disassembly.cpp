#include "disassembly.hpp"

#include <regex>
#include <sstream>
#include <stdexcept>

#include "shell.hpp"

namespace wmmasim::test {

Register vgpr_of(const std::string& operand) {
  static const std::regex range(R"(^v\[(\d+):(\d+)\]$)"), single(R"(^v(\d+)$)");
  std::smatch m;
  if (std::regex_match(operand, m, range)) return {std::stoi(m[1]), std::stoi(m[2]) - std::stoi(m[1]) + 1};
  if (std::regex_match(operand, m, single)) return {std::stoi(m[1]), 1};
  return {};
}

int highest_vgpr(const Inst& inst) {
  static const std::regex any(R"(\bv\[(\d+):(\d+)\]|\bv(\d+)\b)");
  int high = -1;
  for (auto it = std::sregex_iterator(inst.text.begin(), inst.text.end(), any); it != std::sregex_iterator(); ++it) {
    const std::smatch& m = *it;
    high = std::max(high, m[2].matched ? std::stoi(m[2]) : std::stoi(m[3]));
  }
  return high;
}

std::map<std::string, std::vector<Inst>> disassemble(const std::string& objdump, const std::string& file,
                                                     const std::string& target, bool wave64) {
  const auto r = run_shell(shell_quote(objdump) + " -d --mcpu=" + target + (wave64 ? " --mattr=+wavefrontsize64" : "") + " " +
                           shell_quote(file) + " 2>&1");
  if (r.status != 0) throw std::runtime_error("llvm-objdump failed: " + r.output);
  std::map<std::string, std::vector<Inst>> kernels;
  static const std::regex header(R"(^[0-9a-f]+ <([^>]+)>:$)");
  std::vector<Inst>* current = nullptr;
  std::istringstream lines(r.output);
  std::string line;
  while (std::getline(lines, line)) {
    std::smatch m;
    if (std::regex_match(line, m, header)) {
      current = &kernels[m[1]];
      continue;
    }
    if (!current || line.empty() || line[0] != '\t') continue;
    std::string text = line.substr(1, line.find("//") == std::string::npos ? std::string::npos : line.find("//") - 1);
    while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) text.pop_back();
    if (text.empty()) continue;
    Inst inst;
    inst.text = text;
    const auto space = text.find(' ');
    inst.mnemonic = text.substr(0, space);
    if (space != std::string::npos) {
      // Operands are separated by ", "; the first space not after a comma starts the modifiers.
      std::string rest = text.substr(space + 1);
      std::size_t start = 0;
      for (;;) {
        const std::size_t comma = rest.find(", ", start);
        const std::size_t blank = rest.find(' ', start);
        if (comma != std::string::npos && (blank == std::string::npos || comma <= blank)) {
          inst.operands.push_back(rest.substr(start, comma - start));
          start = comma + 2;
          continue;
        }
        inst.operands.push_back(rest.substr(start, blank == std::string::npos ? std::string::npos : blank - start));
        if (blank != std::string::npos) inst.modifiers = rest.substr(blank + 1);
        break;
      }
    }
    current->push_back(std::move(inst));
  }
  return kernels;
}

std::map<std::string, KernelMeta> kernel_metadata(const std::string& readelf, const std::string& file) {
  const auto r = run_shell(shell_quote(readelf) + " --notes " + shell_quote(file) + " 2>&1");
  if (r.status != 0) throw std::runtime_error("llvm-readelf failed: " + r.output);
  // Keys of a kernel's map are sorted: .symbol precedes .vgpr_count and .wavefront_size.
  std::map<std::string, KernelMeta> out;
  static const std::regex symbol(R"(^\s*\.symbol:\s+(\S+)\.kd\s*$)"), vgprs(R"(^\s*\.vgpr_count:\s+(\d+))"),
      wave(R"(^\s*\.wavefront_size:\s+(\d+))");
  std::istringstream lines(r.output);
  std::string line, kernel;
  while (std::getline(lines, line)) {
    std::smatch m;
    if (std::regex_search(line, m, symbol)) kernel = m[1];
    else if (!kernel.empty() && std::regex_search(line, m, vgprs)) out[kernel].vgpr_count = std::stoi(m[1]);
    else if (!kernel.empty() && std::regex_search(line, m, wave)) out[kernel].wavefront_size = std::stoi(m[1]);
  }
  return out;
}

}  // namespace wmmasim::test
