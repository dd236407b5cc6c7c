// Exact cycle counts of the model under its default parameters (timing.md 4.1), worked out by hand
// in the comments. These test the model's arithmetic, not the hardware.
#include <gtest/gtest.h>

#include "test_programs.hpp"
#include "wmmasim/cycles/hardware.hpp"
#include "wmmasim/cycles/model.hpp"
#include "wmmasim/error.hpp"

namespace wmmasim::cycles {
namespace {

using testing::accumulation_chain;
using testing::independent_wmmas;
using testing::ins;

Cycle issue_gap(const WaveResult& w, std::size_t i) { return w.issues[i + 1].issue - w.issues[i].issue; }

TEST(Peak, TwoWavesOfIndependentF16WmmasReach512FlopPerClockPerSimd) {
  const Prediction p = simulate(independent_wmmas(ins("wmma_f32_16x16x16_f16_w32_gfx12"), 2, 64));
  const SimdResult& s = p.simd(0);
  EXPECT_EQ(s.wmma_first, 0);
  EXPECT_EQ(s.wmma_last_release, 128 * 16);  // 128 WMMAs back to back, 16 cycles each
  EXPECT_EQ(s.wmma_busy, 128 * 16);
  EXPECT_EQ(s.sustained_flop_per_clk(), 512.0);
  EXPECT_EQ(p.kernel_cycles, 128 * 16 + 8);  // + L_valu = P/2 for the last result
}

TEST(Peak, EightBitWmmasReach1024FlopPerClockPerSimd) {
  for (const char* name : {"wmma_f32_16x16x16_fp8_fp8_w32_gfx12", "wmma_f32_16x16x16_bf8_fp8_w32_gfx12",
                           "wmma_i32_16x16x16_iu8_w32_gfx12"}) {
    const Prediction p = simulate(independent_wmmas(ins(name), 2, 64));
    EXPECT_EQ(p.simd(0).wmma_last_release, 128 * 8) << name;
    EXPECT_EQ(p.simd(0).sustained_flop_per_clk(), 1024.0) << name;
  }
}

TEST(Peak, OneWaveWithOneAccumulatorIsAlreadyPortBoundWhenBaccIsZero) {
  const Prediction p = simulate(accumulation_chain(ins("wmma_f32_16x16x16_f16_w32_gfx12"), 64));
  EXPECT_EQ(p.simd(0).sustained_flop_per_clk(), 512.0);
}

TEST(Chain, EachDependentLinkCostsPPlusBacc) {
  Parameters params;
  for (int b_acc : {0, 3, 7}) {
    params.b_acc = b_acc;
    for (const char* name : {"wmma_f32_16x16x16_f16_w32_gfx12", "wmma_i32_16x16x16_iu8_w32_gfx12"}) {
      const Instruction& i = ins(name);
      const Prediction p = simulate(accumulation_chain(i, 16), params);
      const WaveResult& w = p.wave(0);
      for (std::size_t n = 0; n + 1 < w.issues.size(); ++n) EXPECT_EQ(issue_gap(w, n), i.issue_cycles + b_acc) << name;
      // Stalls are split between the port (first P cycles) and the chain (the b_acc bubble).
      EXPECT_EQ(w.stalls[size_t(StallCause::wmma_to_c)], 15 * b_acc);
    }
  }
}

TEST(Chain, SwmmacAccumulatesThroughItsDestination) {
  Parameters params;
  params.b_acc = 2;
  const Instruction& s = ins("swmmac_f32_16x16x32_f16_w32");
  ProgramBuilder b;
  WaveBuilder& w = b.wave();
  const VgprRange a = w.alloc(s.vgprs_a), bb = w.alloc(s.vgprs_b), idx = w.alloc(1), acc = w.alloc(s.vgprs_cd);
  w.swmmac(s, acc, a, bb, idx).swmmac(s, acc, a, bb, idx);
  EXPECT_EQ(issue_gap(simulate(b.take(), params).wave(0), 0), 16 + 2);
}

TEST(DToA, ALinkWithTheRequiredNopCostsPPlusLab) {
  // WMMA at t, v_nop at t+16 (port), next WMMA when A is ready: t + 16 + L_ab (= P/2 = 8).
  const Instruction& i = ins("wmma_f16_16x16x16_f16_w32_gfx12");
  ProgramBuilder b;
  WaveBuilder& w = b.wave();
  VgprRange x = w.alloc(4), y = w.alloc(4);
  const VgprRange bb = w.alloc(4), c = w.alloc(4);
  for (int n = 0; n < 4; ++n) {
    w.wmma(i, y, x, bb, c).nop();
    std::swap(x, y);
  }
  const Program prog = b.take();
  const WaveResult r = simulate(prog).wave(0);
  EXPECT_EQ(r.issues[2].issue - r.issues[0].issue, 24);
  EXPECT_EQ(r.issues[1].issue - r.issues[0].issue, 16);  // the v_nop waits only for the port
  Parameters fast;
  fast.l_ab = {0, 0.0};  // the link can never be shorter than P + 1: the v_nop takes a cycle
  EXPECT_EQ(simulate(prog, fast).wave(0).issues[2].issue, 17);
}

TEST(DToValu, AVaLuReadingDWaitsPPlusLvalu) {
  // timer at 0; WMMA at 8 (L_sgetreg); v_add at 8 + 16 + 8 = 32; its user at 32 + L_v = 37; timer at 38.
  const Instruction& i = ins("wmma_f32_16x16x16_f16_w32_gfx12");
  ProgramBuilder b;
  WaveBuilder& w = b.wave();
  const VgprRange a = w.alloc(4), bb = w.alloc(4), acc = w.alloc(8), t = w.alloc(1), s = w.alloc(1);
  w.timer().wmma(i, acc, a, bb, acc).valu({t}, {acc.slice(3)}, "v_add_f32").valu({s}, {t}).timer();
  const WaveResult r = simulate(b.take()).wave(0);
  EXPECT_EQ(r.issues[2].issue, 32);
  EXPECT_EQ(r.timed_cycles(), 38);
  EXPECT_EQ(r.stalls[size_t(StallCause::wmma_to_valu)], 8);
  EXPECT_EQ(r.stalls[size_t(StallCause::valu_result)], 4);
}

TEST(DToValu, OverwritingDWithAValuAlsoWaits) {
  const Instruction& i = ins("wmma_f32_16x16x16_fp8_fp8_w32_gfx12");
  ProgramBuilder b;
  WaveBuilder& w = b.wave();
  const VgprRange a = w.alloc(2), bb = w.alloc(2), acc = w.alloc(8);
  w.wmma(i, acc, a, bb, acc).valu({acc.slice(0)}, {}, "v_mov_b32");
  EXPECT_EQ(simulate(b.take()).wave(0).issues[1].issue, 8 + 4);
}

TEST(Valu, WmmaHoldsThePortSoValuBetweenWmmasAddsItsCycles) {
  // T5 shape: 2 accumulators, 4 independent v_fma after each WMMA: 16 + 4 cycles per WMMA.
  const Instruction& i = ins("wmma_f32_16x16x16_f16_w32_gfx12");
  auto program = [&] {
    ProgramBuilder b;
    WaveBuilder& w = b.wave();
    const VgprRange a = w.alloc(4), bb = w.alloc(4), acc0 = w.alloc(8), acc1 = w.alloc(8), f = w.alloc(4);
    for (int n = 0; n < 8; ++n) {
      const VgprRange acc = n % 2 ? acc1 : acc0;
      w.wmma(i, acc, a, bb, acc);
      for (std::uint16_t k = 0; k < 4; ++k) w.valu({f.slice(k)}, {f.slice(k)}, "v_fma_f32");
    }
    return b.take();
  }();
  const WaveResult plain = simulate(program).wave(0);
  EXPECT_EQ(plain.issues[5].issue - plain.issues[0].issue, 20);
  Parameters co;
  co.coexec = true;
  const WaveResult overlapped = simulate(program, co).wave(0);
  EXPECT_EQ(overlapped.issues[5].issue - overlapped.issues[0].issue, 16);
}

TEST(Valu, DependentValuWaitsLvUnlessOtherWavesFillTheGap) {
  // dep_stall(N) = max(0, L_v - (N - 1)) emerges from round robin: 2 waves -> 4-cycle gaps per wave.
  auto chain = [](int waves) {
    ProgramBuilder b;
    for (int n = 0; n < waves; ++n) {
      WaveBuilder& w = b.wave({.block = n});
      const VgprRange x = w.alloc(1);
      for (int k = 0; k < 4; ++k) w.valu({x}, {x}, "v_add_f32");
    }
    return b.take();
  };
  EXPECT_EQ(issue_gap(simulate(chain(1)).wave(0), 0), 5);
  EXPECT_EQ(issue_gap(simulate(chain(6)).wave(0), 0), 6);  // six waves take turns: the port is the limit
}

TEST(Wave64, K64ScalesTheOccupancy) {
  const Instruction& i = ins("wmma_f32_16x16x16_f16_w64_gfx12");
  EXPECT_EQ(simulate(independent_wmmas(i, 1, 8)).simd(0).wmma_last_release, 8 * 16);
  Parameters p;
  p.k64 = 2;
  EXPECT_EQ(simulate(independent_wmmas(i, 1, 8), p).simd(0).wmma_last_release, 8 * 32);
}

TEST(Wave64, AWave64BuiltinInAWave32TraceIsRejected) {
  ProgramBuilder b;
  WaveBuilder& w = b.wave({.wave_size = 32});
  const VgprRange r = w.alloc(8);
  w.wmma(ins("wmma_f32_16x16x16_f16_w64_gfx12"), r, r, r, r);
  EXPECT_THROW(simulate(b.take()), UserError);
}

TEST(Occupancy, WavesBeyondTheVgprBudgetWaitForASlot) {
  // 256 VGPRs per wave: 5 waves fit on a SIMD; the sixth starts when the first retires.
  ProgramBuilder b;
  for (int n = 0; n < 6; ++n) {
    WaveBuilder& w = b.wave({.block = n});
    w.trace().vgprs = 256;
    const VgprRange x = w.alloc(1);
    w.valu({x}, {x}, "v_add_f32");
  }
  const Prediction p = simulate(b.take());
  for (int n = 0; n < 5; ++n) EXPECT_EQ(p.wave(n).launch, 0);
  EXPECT_EQ(p.wave(5).launch, p.wave(0).end);
  EXPECT_EQ(waves_per_simd(256), 5);
}

TEST(Occupancy, ABlockThatCannotFitIsOneSentence) {
  ProgramBuilder b;
  for (int n = 0; n < 17; ++n) b.wave({.block = 0}).salu();
  try {
    simulate(b.take());
    FAIL();
  } catch (const UserError& e) {
    EXPECT_NE(std::string(e.what()).find("17 waves"), std::string::npos) << e.what();
  }
}

TEST(Barrier, WavesLeaveTogetherAfterTheLastArrival) {
  const Instruction& i = ins("wmma_f32_16x16x16_f16_w32_gfx12");
  ProgramBuilder b;
  WaveBuilder& busy = b.wave({.simd = 0, .block = 0});
  WaveBuilder& idle = b.wave({.simd = 1, .block = 0});
  const VgprRange a = busy.alloc(4), bb = busy.alloc(4), acc = busy.alloc(8);
  for (int n = 0; n < 4; ++n) busy.wmma(i, acc, a, bb, acc);
  busy.barrier().salu();
  idle.barrier().salu();
  const Prediction p = simulate(b.take());
  // The busy wave reaches the barrier at 48 + 1 (it issues one cycle after its last WMMA at 48).
  const Cycle release = 49 + 1 + 8;  // + barrier_latency
  EXPECT_EQ(p.wave(0).issues.back().issue, release);
  EXPECT_EQ(p.wave(1).issues.back().issue, release);
  EXPECT_EQ(p.wave(1).stalls[size_t(StallCause::barrier)], release - 1);
}

TEST(Barrier, AWaveThatNeverArrivesIsReported) {
  ProgramBuilder b;
  b.wave({.block = 0}).barrier().salu();
  b.wave({.block = 0}).salu();
  EXPECT_THROW(simulate(b.take()), UserError);
}

TEST(Memory, LdsDataArrivesAfterThePipeAndTheLatency) {
  // 512 bytes at 128 B/clk: 4 pipe cycles, then 31 cycles of latency.
  ProgramBuilder b;
  WaveBuilder& w = b.wave();
  const VgprRange x = w.alloc(4), y = w.alloc(1);
  w.lds_load(x, 512).valu({y}, {x.slice(0)}, "v_add_f32");
  const WaveResult r = simulate(b.take()).wave(0);
  EXPECT_EQ(r.issues[1].issue, 4 + 31);
  EXPECT_EQ(r.stalls[size_t(StallCause::lds_data)], 34);
}

}  // namespace
}  // namespace wmmasim::cycles
