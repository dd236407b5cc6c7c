#include "wmmasim/runfile/diff.hpp"

#include <cstdio>
#include <map>

#include "wmmasim/cycles/builder.hpp"
#include "wmmasim/cycles/model.hpp"
#include "wmmasim/error.hpp"
#include "wmmasim/layouts/instruction_table.hpp"
#include "wmmasim/layouts/operand_layout.hpp"
#include "wmmasim/numerics/formats.hpp"

namespace wmmasim::runfile {
namespace {

// Where element (row, col) of an output sits in the registers, when the program names a builtin.
Place output_place(const ProgramRecord& p, int row, int col) {
  const Instruction* ins = find_builtin(p.instruction);
  if (!ins || ins->family == Family::load_tr) return Place{-1, -1, -1, -1};
  if (row >= ins->m || col >= ins->n) return Place{-1, -1, -1, -1};  // a whole-GEMM program
  int opsel = 0;
  for (const std::string& m : p.modifiers) opsel |= m == "opsel";
  return operand_layout(*ins, Operand::d, {opsel}).first_place({row, col});
}

void compare_matrices(const ProgramRecord& p, const std::string& name, const Matrix& want, const Matrix& got, ProgramDiff& out) {
  if (want.rows != got.rows || want.cols != got.cols || want.bits.size() != got.bits.size()) {
    out.error = "output " + name + " is " + std::to_string(got.rows) + "x" + std::to_string(got.cols) + " in one and " +
                std::to_string(want.rows) + "x" + std::to_string(want.cols) + " in the other";
    return;
  }
  const Format f = format_named(want.format);
  const int bits = f == Format::none ? 32 : format_bits(f);
  for (std::size_t e = 0; e < want.bits.size(); ++e) {
    ++out.compared;
    if (want.bits[e] == got.bits[e]) continue;
    const int row = static_cast<int>(e) / want.cols, col = static_cast<int>(e) % want.cols;
    out.mismatches.push_back({name, row, col, output_place(p, row, col), want.bits[e], got.bits[e],
                              f == Format::none ? -1 : ulp_distance(want.bits[e], got.bits[e], f), bits});
  }
}

// What the cycle model predicts a timed single-instruction kernel measures: the start read, the
// instruction, a v_readfirstlane of D, the end read (timing.md 5.3).
std::optional<double> predicted_timed_cycles(const ProgramRecord& p) {
  const Instruction* ins = find_builtin(p.instruction);
  if (!ins || ins->family == Family::load_tr) return std::nullopt;
  cycles::ProgramBuilder b(p.program);
  cycles::WaveBuilder& w = b.wave({0, 0, ins->wave});
  const auto a = w.alloc(ins->vgprs_a), bb = w.alloc(ins->vgprs_b), d = w.alloc(ins->vgprs_cd);
  w.timer();
  if (ins->family == Family::swmmac) w.swmmac(*ins, d, a, bb, w.alloc(1));
  else w.wmma(*ins, d, a, bb, d);
  w.valu({w.alloc(1)}, {d.slice(0)}, "v_readfirstlane_b32");
  w.timer();
  const cycles::Prediction pred = cycles::simulate(b.take());
  return static_cast<double>(pred.waves.at(0).timed_cycles());
}

std::optional<double> measured_cycles(const ProgramRecord& p) {
  if (!p.cycles || p.cycles->per_wave.empty()) return std::nullopt;
  double sum = 0;
  for (const WaveCycles& w : p.cycles->per_wave) sum += static_cast<double>(w.shader_cycles);
  return sum / static_cast<double>(p.cycles->per_wave.size());
}

}  // namespace

long DiffReport::mismatches() const {
  long n = 0;
  for (const ProgramDiff& p : programs) n += static_cast<long>(p.mismatches.size());
  return n;
}
long DiffReport::compared() const {
  long n = 0;
  for (const ProgramDiff& p : programs) n += p.compared;
  return n;
}
long DiffReport::errors() const {
  long n = 0;
  for (const ProgramDiff& p : programs) n += !p.error.empty();
  return n;
}

DiffReport diff_against_emulator(const RunFile& run, const Model* model) {
  DiffReport report;
  for (const ProgramRecord& p : run.programs) {
    ProgramDiff d;
    d.program = p.program;
    try {
      const Replay r = replay(p, model);
      d.model = r.model;
      d.hardware_qualified = r.hardware_qualified;
      d.caveats = r.caveats;
      for (const auto& [name, want] : p.outputs) {
        const auto it = r.outputs.find(name);
        if (it == r.outputs.end()) d.error = "the emulator computes no output " + name;
        else compare_matrices(p, name, want, it->second, d);
      }
      if (!d.mismatches.empty() && p.outputs.count("D")) d.explanations = explain_output(p, p.outputs.at("D"), model);
      if (p.outputs.empty()) d.error = "the run file holds no outputs for this program";
      if (p.mode == "timed") {
        d.measured_cycles = measured_cycles(p);
        d.predicted_cycles = predicted_timed_cycles(p);
      }
    } catch (const UserError& e) {
      d.error = e.what();
    }
    report.programs.push_back(std::move(d));
  }
  return report;
}

DiffReport diff_runs(const RunFile& expected, const RunFile& got) {
  DiffReport report;
  std::map<std::string, const ProgramRecord*> other;
  for (const ProgramRecord& p : got.programs) other[p.program] = &p;
  for (const ProgramRecord& p : expected.programs) {
    ProgramDiff d;
    d.program = p.program;
    const auto it = other.find(p.program);
    if (it == other.end()) {
      d.error = "absent from the second run file";
    } else {
      for (const auto& [name, want] : p.outputs) {
        const auto o = it->second->outputs.find(name);
        if (o == it->second->outputs.end()) d.error = "output " + name + " is absent from the second run file";
        else compare_matrices(p, name, want, o->second, d);
      }
      if (!d.mismatches.empty() && it->second->outputs.count("D")) {
        try {
          d.explanations = explain_output(p, it->second->outputs.at("D"));
        } catch (const UserError&) {  // inputs the emulator cannot replay: nothing to explain with
        }
      }
      d.measured_cycles = measured_cycles(p);
      d.predicted_cycles = measured_cycles(*it->second);
    }
    report.programs.push_back(std::move(d));
  }
  return report;
}

std::string text_report(const DiffReport& report, int max_lines) {
  std::string out;
  char buf[512];
  for (const ProgramDiff& p : report.programs) {
    std::string status = !p.error.empty() ? "NOT COMPARED: " + p.error
                         : p.mismatches.empty() ? "ok"
                                                : std::to_string(p.mismatches.size()) + " of " + std::to_string(p.compared) + " elements differ";
    std::snprintf(buf, sizeof buf, "%-56s %s", p.program.c_str(), status.c_str());
    out += buf;
    if (!p.model.empty()) out += "  [" + p.model + (p.hardware_qualified ? "" : ", not hardware-qualified") + "]";
    out += "\n";
    for (const std::string& c : p.caveats) out += "    note: " + c + "\n";
    for (const std::string& e : p.explanations) out += "    explained: " + e + "\n";
    int shown = 0;
    for (const ElementMismatch& m : p.mismatches) {
      if (shown++ == max_lines) {
        out += "    ... " + std::to_string(p.mismatches.size() - static_cast<std::size_t>(max_lines)) + " more\n";
        break;
      }
      const int hex = (m.bits + 3) / 4;
      std::string where = m.place.lane >= 0 ? "lane " + std::to_string(m.place.lane) + " v" + std::to_string(m.place.vgpr) + "[" +
                                                  std::to_string(m.place.bit_hi) + ":" + std::to_string(m.place.bit_lo) + "]"
                                            : "";
      std::snprintf(buf, sizeof buf, "    %s[%d][%d] %s: expected 0x%0*x, got 0x%0*x, %s\n", m.output.c_str(), m.row, m.col,
                    where.c_str(), hex, m.expected, hex, m.got,
                    m.ulps < 0 ? "NaN involved" : (std::to_string(m.ulps) + " ULP").c_str());
      out += buf;
    }
    if (p.measured_cycles && p.predicted_cycles && *p.predicted_cycles > 0) {
      std::snprintf(buf, sizeof buf, "    cycles: measured %.0f, predicted %.0f, ratio %.3f\n", *p.measured_cycles,
                    *p.predicted_cycles, *p.measured_cycles / *p.predicted_cycles);
      out += buf;
    }
  }
  std::snprintf(buf, sizeof buf, "%zu programs, %ld elements compared, %ld differ, %ld not compared\n", report.programs.size(),
                report.compared(), report.mismatches(), report.errors());
  return out + buf;
}

}  // namespace wmmasim::runfile
