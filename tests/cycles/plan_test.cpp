#include <gtest/gtest.h>

#include <set>

#include "wmmasim/cycles/gemm.hpp"
#include "wmmasim/cycles/microbenchmarks.hpp"
#include "wmmasim/error.hpp"
#include "wmmasim/layouts/instruction_table.hpp"

namespace wmmasim::cycles {
namespace {

const Microbenchmark& named(const std::vector<Microbenchmark>& plan, const std::string& name) {
  for (const Microbenchmark& m : plan)
    if (m.name == name) return m;
  throw std::runtime_error("no benchmark " + name);
}

TEST(Plan, T1CoversEveryWave32MatrixInstructionWithEveryWaveAndAccumulatorCount) {
  std::size_t wave32 = 0;
  for (const Instruction& i : kInstructions) wave32 += i.family != Family::load_tr && i.wave == 32;
  EXPECT_EQ(microbenchmark_plan("T1").size(), wave32 * 4 * 4);
  EXPECT_EQ(microbenchmark_plan("t1").size(), wave32 * 4 * 4);  // ids are case-insensitive
}

TEST(Plan, NamesAreUniqueAndProgramsCarryThem) {
  std::set<std::string> names;
  for (const Microbenchmark& m : microbenchmark_plan()) {
    EXPECT_TRUE(names.insert(m.name).second) << m.name;
    EXPECT_EQ(m.program.name, m.name);
    EXPECT_FALSE(m.program.waves.empty());
  }
}

TEST(Plan, UnknownTestIsOneSentence) {
  try {
    microbenchmark_plan("T10");
    FAIL();
  } catch (const UserError& e) {
    EXPECT_NE(std::string(e.what()).find("expected one of T0, T1"), std::string::npos) << e.what();
  }
}

TEST(Plan, PredictionsOfTheDecidingShapes) {
  // T2: timer (8 cycles), 64 WMMAs 16 apart, v_add 24 after the last, readfirstlane 5 later, timer.
  const auto t2 = microbenchmark_plan("T2");
  const Microbenchmark& chain = named(t2, "T2 wmma_f32_16x16x16_f16_w32_gfx12 D->C chain");
  EXPECT_DOUBLE_EQ(metric_value(chain, simulate(chain.program)), (8 + 63 * 16 + 24 + 5 + 1) / 64.0);
  // T3: each D -> A link with its v_nop costs P + L_ab = 24.
  const auto t3 = microbenchmark_plan("T3");
  const Microbenchmark& d_to_a = t3.front();
  EXPECT_EQ(simulate(d_to_a.program).wave(0).timed_cycles(), 8 + 63 * 24 + 16 + 8 + 5 + 1);
  // T4: the v_add waits for D until 8 + 16 + 8 = 32 whatever the NOP count up to 8.
  const auto t4 = microbenchmark_plan("T4");
  for (int nops : {0, 4, 8, 9, 10}) {
    const Microbenchmark& m = named(t4, "T4 wmma_f32_16x16x16_f16_w32_gfx12 v_nop x" + std::to_string(nops) + " then VALU reads D");
    EXPECT_EQ(metric_value(m, simulate(m.program)), nops <= 8 ? 38 : 38 + nops - 8) << nops;
  }
  // T5: 16 + m cycles per WMMA without co-execution.
  const auto t5 = microbenchmark_plan("T5");
  const Microbenchmark& fma4 = named(t5, "T5 wmma_f32_16x16x16_f16_w32_gfx12 4 v_fma per WMMA");
  EXPECT_EQ(simulate(fma4.program).wave(0).timed_cycles(), 8 + 63 * 20 + 24 + 5 + 1);
  // T8: producer (8) + v_nop + SWMMAC waiting L_idx = 4 after the producer's P, then its own 8.
  const auto t8 = microbenchmark_plan("T8");
  const Microbenchmark& idx = named(t8, "T8 wmma_i32_16x16x16_iu8_w32_gfx12 D -> swmmac_i32_16x16x32_iu8_w32 index with v_nop");
  const WaveResult w = simulate(idx.program).wave(0);
  EXPECT_EQ(w.issues[4].issue - w.issues[1].issue, 8 + 4 + 8);
  // The v_nop avoids WH2; only the rocRoller warning for the closing v_add remains.
  for (const Hazard& h : simulate(idx.program).hazards) EXPECT_EQ(h.id, HazardId::rocroller) << h.message;
}

TEST(Plan, T1AtPeakIsPortBound) {
  const auto t1 = microbenchmark_plan("T1");
  const Microbenchmark& m = named(t1, "T1 wmma_f32_16x16x16_fp8_fp8_w32_gfx12 waves/simd=2 acc=4");
  const Prediction p = simulate(m.program);
  for (const SimdResult& s : p.simds) EXPECT_EQ(s.sustained_flop_per_clk(), 1024.0);
  EXPECT_EQ(p.simds.size(), 2u);
}

TEST(Gemm, TheHipBlasLtShapeIsComputeBoundButNotAtPeak) {
  GemmTileConfig c;
  c.k = 1024;
  const GemmPrediction g = predict_tiled_gemm(c);
  EXPECT_EQ(g.program.waves.size(), 16u);  // 4 blocks of 4 waves
  EXPECT_EQ(g.peak_flop_per_clk_per_cu, 1024.0);
  EXPECT_EQ(g.lds_bytes_per_block, 2 * 16 * 1024);
  EXPECT_EQ(g.resident_blocks, 2);
  EXPECT_EQ(g.prediction.ops(), 4ull * 128 * 128 * 1024 * 2);
  EXPECT_GT(g.fraction_of_peak(), 0.5);
  EXPECT_LT(g.fraction_of_peak(), 1.0);
}

TEST(Gemm, ConfigurationsThatDoNotTileAreOneSentence) {
  GemmTileConfig c;
  c.waves = 2;
  EXPECT_THROW(predict_tiled_gemm(c), UserError);
  c = {};
  c.k = 1000;
  EXPECT_THROW(predict_tiled_gemm(c), UserError);
  c = {};
  c.builtin = "swmmac_f32_16x16x32_f16_w32";
  EXPECT_THROW(predict_tiled_gemm(c), UserError);
}

}  // namespace
}  // namespace wmmasim::cycles
