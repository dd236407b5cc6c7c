// Uses the installed headers and libraries: a layout query, a one-tile integer GEMM, and a run file
// written, read back and diffed against the emulator.
#include <cstdio>

#include "wmmasim/layouts/instruction_table.hpp"
#include "wmmasim/layouts/operand_layout.hpp"
#include "wmmasim/matrix/gemm.hpp"
#include "wmmasim/matrix/random.hpp"
#include "wmmasim/runfile/diff.hpp"
#include "wmmasim/runfile/run_file.hpp"

namespace {

wmmasim::runfile::Matrix to_run(const wmmasim::BitMatrix& m) {
  return {std::string(wmmasim::format_name(m.format)), m.rows, m.cols, 1, m.bits, ""};
}

}  // namespace

int main() {
  using namespace wmmasim;
  const Instruction& ins = *find_builtin("wmma_i32_16x16x16_iu8_w32_gfx12");
  const Place p = operand_layout(ins, Operand::a).first_place({3, 9});
  const BitMatrix a = random_matrix(16, 16, ins.a, 1, 0), b = random_matrix(16, 16, ins.b, 1, 1), c = random_matrix(16, 16, ins.cd, 1, 2);
  const BitMatrix d = gemm(ins, a, b, c);
  std::printf("A[3][9] lane %d v%d bits %d..%d; D has %zu elements\n", p.lane, p.vgpr, p.bit_lo, p.bit_hi, d.bits.size());

  // The GEMM as a run file's program, one element of D changed, through JSON and back.
  runfile::RunFile run;
  run.producer = {"emulator", "wmmasim consumer", std::nullopt};
  runfile::ProgramRecord r;
  r.program = std::string(ins.name);
  r.arch = "gfx1201";
  r.instruction = "__builtin_amdgcn_" + std::string(ins.name);
  r.mode = "values";
  r.inputs = {{"A", to_run(a)}, {"B", to_run(b)}, {"C", to_run(c)}};
  r.outputs = {{"D", to_run(d)}};
  r.outputs.at("D").bits[2 * 16 + 5] ^= 1;
  run.programs.push_back(r);
  const runfile::RunFile back = runfile::from_json(runfile::to_json(run), "the consumer's run file");
  const runfile::DiffReport report = runfile::diff_against_emulator(back);
  const auto& m = report.programs.at(0).mismatches;
  std::printf("run file: %ld of %ld elements differ", report.mismatches(), report.compared());
  if (!m.empty()) std::printf(", first D[%d][%d] lane %d v%d", m[0].row, m[0].col, m[0].place.lane, m[0].place.vgpr);
  std::printf("\n");

  const bool ok = p.lane == 19 && p.bit_lo == 8 && d.bits.size() == 256 && report.errors() == 0 &&
                  report.mismatches() == 1 && report.compared() == 256 && m[0].row == 2 && m[0].col == 5;
  if (ok) std::printf("consumer: layout, GEMM and run-file checks passed\n");
  return ok ? 0 : 1;
}
