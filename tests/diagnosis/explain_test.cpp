// `wmmasim diff`'s catalogue search on whole matrices: a D made with a mistake (built here by
// transposing or permuting plainly, not with the catalogue's maps) is explained by that mistake.
#include <gtest/gtest.h>

#include "wmmasim/diagnosis/explain.hpp"
#include "wmmasim/layouts/instruction_table.hpp"
#include "wmmasim/matrix/random.hpp"
#include "wmmasim/runfile/diff.hpp"

namespace {

using namespace wmmasim;

bool has(const std::vector<diagnosis::Explanation>& e, const std::string& id, Operand op) {
  for (const auto& x : e)
    if (x.mistake == id && x.operand == op) return true;
  return false;
}

BitMatrix transposed(const BitMatrix& m) {
  BitMatrix t{m.cols, m.rows, m.format, std::vector<std::uint32_t>(m.bits.size())};
  for (int r = 0; r < m.rows; ++r)
    for (int c = 0; c < m.cols; ++c) t.at(c, r) = m.at(r, c);
  return t;
}

TEST(Explain, BTransposed) {
  const Instruction& ins = *find_builtin("wmma_f32_16x16x16_f16_w32_gfx12");
  const BitMatrix a = random_matrix(16, 16, ins.a, 7, 0), b = random_matrix(16, 16, ins.b, 7, 1), c = random_matrix(16, 16, ins.cd, 7, 2);
  const std::vector<diagnosis::Explanation> e = diagnosis::explain_d(ins, a, b, c, gemm(ins, a, transposed(b), c));
  ASSERT_TRUE(has(e, "b-transposed", Operand::b));
  EXPECT_EQ(e.front().sentence.rfind("D equals the product with B transposed", 0), 0u) << e.front().sentence;
  EXPECT_TRUE(diagnosis::explain_d(ins, a, b, c, gemm(ins, a, b, c)).empty() ||
              !has(diagnosis::explain_d(ins, a, b, c, gemm(ins, a, b, c)), "b-transposed", Operand::b));
}

TEST(Explain, DStoredWithInterleavedRows) {
  // RDNA3's D row map on RDNA4: the value of row v + 8g lands in row 2v + g (g = lane group).
  const Instruction& ins = *find_builtin("wmma_f32_16x16x16_f16_w32_gfx12");
  const BitMatrix a = random_matrix(32, 16, ins.a, 3, 0), b = random_matrix(16, 32, ins.b, 3, 1), c = random_matrix(32, 32, ins.cd, 3, 2);
  const BitMatrix d = gemm(ins, a, b, c);
  BitMatrix wrong = d;
  for (int t = 0; t < 32; t += 16)
    for (int v = 0; v < 8; ++v)
      for (int g = 0; g < 2; ++g)
        for (int col = 0; col < 32; ++col) wrong.at(t + 2 * v + g, col) = d.at(t + v + 8 * g, col);
  EXPECT_TRUE(has(diagnosis::explain_d(ins, a, b, c, wrong), "rdna3-layout-on-rdna4", Operand::d));
}

TEST(Explain, NothingExplainsAnUnrelatedD) {
  const Instruction& ins = *find_builtin("wmma_f32_16x16x16_f16_w32_gfx12");
  const BitMatrix a = random_matrix(16, 16, ins.a, 5, 0), b = random_matrix(16, 16, ins.b, 5, 1), c = random_matrix(16, 16, ins.cd, 5, 2);
  EXPECT_TRUE(diagnosis::explain_d(ins, a, b, c, random_matrix(16, 16, ins.cd, 9, 2)).empty());
}

// `wmmasim diff` on a run file whose D was computed with B transposed.
TEST(Explain, DiffReportNamesTheMistake) {
  const Instruction& ins = *find_builtin("wmma_f32_16x16x16_f16_w32_gfx12");
  const BitMatrix a = random_matrix(16, 32, ins.a, 11, 0), b = random_matrix(32, 16, ins.b, 11, 1), c = random_matrix(16, 16, ins.cd, 11, 2);
  // Tile by tile (K tiles of 16): each 16x16 block of B transposed in place.
  BitMatrix bt = b;
  for (int t = 0; t < 32; t += 16)
    for (int r = 0; r < 16; ++r)
      for (int col = 0; col < 16; ++col) bt.at(t + r, col) = b.at(t + col, r);
  auto to_run = [](const BitMatrix& m) { return runfile::Matrix{std::string(format_name(m.format)), m.rows, m.cols, 1, m.bits, ""}; };
  runfile::ProgramRecord p;
  p.program = "user_kernel";
  p.arch = "gfx1201";
  p.instruction = "__builtin_amdgcn_wmma_f32_16x16x16_f16_w32_gfx12";
  p.mode = "values";
  p.inputs = {{"A", to_run(a)}, {"B", to_run(b)}, {"C", to_run(c)}};
  p.outputs = {{"D", to_run(gemm(ins, a, bt, c))}};
  runfile::RunFile run;
  run.programs.push_back(p);
  const runfile::DiffReport report = runfile::diff_against_emulator(run);
  ASSERT_EQ(report.programs.size(), 1u);
  EXPECT_GT(report.mismatches(), 0);
  const std::string text = runfile::text_report(report);
  EXPECT_NE(text.find("explained: D equals the product with B transposed"), std::string::npos) << text;
}

}  // namespace
