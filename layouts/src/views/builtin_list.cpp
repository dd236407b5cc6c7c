#include <algorithm>
#include <ostream>
#include <vector>

#include "wmmasim/layouts/lookup.hpp"
#include "wmmasim/layouts/views/printers.hpp"

namespace wmmasim::views {
namespace {

std::string types_of(const Instruction& ins) {
  if (ins.family == Family::load_tr) return std::string(format_name(ins.cd)) + " elements";
  return std::string(format_name(ins.a)) + " x " + std::string(format_name(ins.b)) + " -> " + std::string(format_name(ins.cd));
}

std::string vgprs_of(const Instruction& ins) {
  if (ins.family == Family::load_tr) return "D " + std::to_string(ins.vgprs_cd);
  std::string s = "A" + std::to_string(ins.vgprs_a) + " B" + std::to_string(ins.vgprs_b) + " " +
                  (ins.has_c() ? "C/D" : "D") + std::to_string(ins.vgprs_cd);
  if (ins.has_index()) s += " idx" + std::to_string(ins.vgprs_index);
  return s;
}

std::string shape_of(const Instruction& ins) {
  if (ins.family == Family::load_tr) return "-";
  return std::to_string(ins.m) + "x" + std::to_string(ins.n) + "x" + std::to_string(ins.k);
}

}  // namespace

void print_builtin_list(std::ostream& out) {
  std::vector<std::vector<std::string>> rows = {{"builtin", "arch", "wave", "family", "MxNxK", "types", "VGPRs/lane", "cycles"}};
  for (const Instruction& ins : kInstructions)
    rows.push_back({full_builtin_name(ins), std::string(arch_name(ins.arch)), std::to_string(ins.wave),
                    std::string(family_name(ins.family)) + (ins.tied ? " (tied)" : ""), shape_of(ins), types_of(ins),
                    vgprs_of(ins), ins.issue_cycles ? std::to_string(ins.issue_cycles) : "-"});
  std::vector<std::size_t> w(rows.front().size());
  for (const auto& r : rows)
    for (std::size_t c = 0; c < r.size(); ++c) w[c] = std::max(w[c], r[c].size());
  for (const auto& r : rows) {
    std::string line;
    for (std::size_t c = 0; c < r.size(); ++c) line += r[c] + std::string(c + 1 < r.size() ? w[c] - r[c].size() + 2 : 0, ' ');
    out << line << "\n";
  }
}

}  // namespace wmmasim::views
