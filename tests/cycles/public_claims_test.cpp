// What the cycle model predicts for two public throughput claims on a Radeon AI PRO R9700 (gfx1201):
// a COMPARISON with third-party claims (docs/cycles.md 9), not a calibration. The expected values
// are computed here from the instruction table's issue cycles, M, N, K and the model's default
// parameters, independently of the simulation; the claims and the card's public specification (64
// CUs, 2920 MHz boost; timing.md 7) only enter the printed comparison.
#include <gtest/gtest.h>

#include <cstdio>

#include "test_programs.hpp"
#include "wmmasim/cycles/model.hpp"

namespace wmmasim::cycles {
namespace {

using testing::ins;

// One wave on each of a CU's two SIMDs, each issuing `chains` dependent D -> C chains round robin
// (register-resident: no memory instruction), `links` deep.
Program four_chain_probe(const Instruction& i, int chains = 4, int links = 64) {
  ProgramBuilder p("register-resident chains");
  for (int simd = 0; simd < 2; ++simd) {
    WaveBuilder& w = p.wave({.simd = simd, .block = 0, .wave_size = i.wave});
    const VgprRange a = w.alloc(i.vgprs_a), b = w.alloc(i.vgprs_b);
    std::vector<VgprRange> acc;
    for (int c = 0; c < chains; ++c) acc.push_back(w.alloc(i.vgprs_cd));
    for (int n = 0; n < chains * links; ++n) w.wmma(i, acc[n % chains], a, b, acc[n % chains]);
  }
  return p.take();
}

constexpr double kR9700ComputeUnits = 64, kR9700BoostHz = 2.92e9;

// Ops per clock of one SIMD when its port is never idle: 2 M N K per instruction, one per P cycles.
double port_bound_ops_per_clock(const Instruction& i) { return 2.0 * i.m * i.n * i.k / i.issue_cycles; }

TEST(PublicClaims, Iu4K32FourDependentChainsRunPortBound) {
  const Instruction& iu4 = ins("wmma_i32_16x16x32_iu4_w32_gfx12");
  ASSERT_EQ(iu4.issue_cycles, 8);
  const Parameters defaults;
  // Four chains hide b_acc while b_acc <= 3 P: the defaults' b_acc = 0 leaves the port never idle.
  ASSERT_LE(defaults.b_acc, 3 * iu4.issue_cycles);
  const Prediction r = simulate(four_chain_probe(iu4), defaults);
  const double per_simd = port_bound_ops_per_clock(iu4);
  EXPECT_EQ(per_simd, 2048.0);
  for (int simd = 0; simd < 2; ++simd) EXPECT_EQ(r.simd(simd).sustained_flop_per_clk(), per_simd) << simd;
  const double tops = 2 * per_simd * kR9700ComputeUnits * kR9700BoostHz / 1e12;
  std::printf("IU4 16x16x32, 4 chains: model %.0f ops/clk/CU = %.1f TOPS at 64 CUs x 2920 MHz; claim 539.7 TOPS = %.3f of it "
              "(the model's rate at %.0f MHz)\n",
              2 * per_simd, tops, 539.7 / tops, 539.7e12 / (2 * per_simd * kR9700ComputeUnits) / 1e6);
}

TEST(PublicClaims, Iu4K32AgainstIu8Rates) {
  const Instruction& iu4 = ins("wmma_i32_16x16x32_iu4_w32_gfx12");
  const Instruction& iu8 = ins("wmma_i32_16x16x16_iu8_w32_gfx12");
  const Prediction r4 = simulate(four_chain_probe(iu4)), r8 = simulate(four_chain_probe(iu8));
  const double ops_ratio = r4.simd(0).sustained_flop_per_clk() / r8.simd(0).sustained_flop_per_clk();
  const double instruction_ratio = static_cast<double>(r8.simd(0).wmma_last_release - r8.simd(0).wmma_first) /
                                   static_cast<double>(r4.simd(0).wmma_last_release - r4.simd(0).wmma_first);
  // Same issue cycles (8), twice the K: twice the ops at the same instruction rate.
  EXPECT_EQ(ops_ratio, port_bound_ops_per_clock(iu4) / port_bound_ops_per_clock(iu8));
  EXPECT_EQ(ops_ratio, 2.0);
  EXPECT_EQ(instruction_ratio, static_cast<double>(iu8.issue_cycles) / iu4.issue_cycles);
  EXPECT_EQ(instruction_ratio, 1.0);
  std::printf("IU4-K32 / IU8: model ops-rate ratio %.3f, instruction-rate ratio %.3f; claims 2.069 and 2.054 "
              "(%.1f%% and %.1f%% above the ops ratio)\n",
              ops_ratio, instruction_ratio, (2.069 / ops_ratio - 1) * 100, (2.054 / ops_ratio - 1) * 100);
}

}  // namespace
}  // namespace wmmasim::cycles
