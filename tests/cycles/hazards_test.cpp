#include <gtest/gtest.h>

#include "test_programs.hpp"
#include "wmmasim/cycles/model.hpp"
#include "wmmasim/error.hpp"

namespace wmmasim::cycles {
namespace {

using testing::ins;

// f16-output WMMA whose D feeds the next WMMA's A, with `between` run in between.
Program d_to_a(void (*between)(WaveBuilder&)) {
  const Instruction& i = ins("wmma_f16_16x16x16_f16_w32_gfx12");
  ProgramBuilder p("d_to_a");
  WaveBuilder& w = p.wave();
  const VgprRange d = w.alloc(4), a = w.alloc(4), b = w.alloc(4), c = w.alloc(4), d2 = w.alloc(4);
  w.wmma(i, d, a, b, c);
  between(w);
  w.wmma(i, d2, d, b, c);
  return p.take();
}

TEST(WH1, DFeedingANextWmmaWithoutValuIsReportedWithItsSourceLine) {
  const auto h = check_hazards(d_to_a([](WaveBuilder&) {}), false);
  ASSERT_EQ(h.size(), 1u);
  EXPECT_EQ(h[0].id, HazardId::wh1);
  EXPECT_EQ(h[0].severity, Severity::warning);
  EXPECT_EQ(h[0].index, 1u);
  EXPECT_EQ(h[0].producer_index, 0u);
  EXPECT_NE(std::string(h[0].where.file).find("hazards_test.cpp"), std::string::npos);
  EXPECT_NE(h[0].message.find("v[0:3] as A"), std::string::npos) << h[0].message;
  EXPECT_NE(h[0].message.find("insert v_nop"), std::string::npos) << h[0].message;
}

TEST(WH1, OneValuOrNopBetweenExpiresTheHazard) {
  EXPECT_TRUE(check_hazards(d_to_a([](WaveBuilder& w) { w.nop(); }), true).empty());
  EXPECT_TRUE(check_hazards(d_to_a([](WaveBuilder& w) { w.valu({w.alloc(1)}, {}, "v_mov_b32"); }), true).empty());
}

TEST(WH1, NonValuInstructionsBetweenDoNotExpireIt) {
  const auto h = check_hazards(d_to_a([](WaveBuilder& w) { w.salu().lds_load(w.alloc(4), 512); }), false);
  ASSERT_EQ(h.size(), 1u);
  EXPECT_EQ(h[0].id, HazardId::wh1);
}

TEST(WH1, FeedingCIsNoHazard) {
  const Instruction& i = ins("wmma_f32_16x16x16_f16_w32_gfx12");
  ProgramBuilder p;
  WaveBuilder& w = p.wave();
  const VgprRange a = w.alloc(4), b = w.alloc(4), acc = w.alloc(8);
  w.wmma(i, acc, a, b, acc).wmma(i, acc, a, b, acc);
  EXPECT_TRUE(check_hazards(p.take(), true).empty());
}

TEST(WH1, StrictModeMakesItAnError) {
  const Program prog = d_to_a([](WaveBuilder&) {});
  const auto h = check_hazards(prog, true);
  ASSERT_EQ(h.size(), 1u);
  EXPECT_EQ(h[0].severity, Severity::error);
  EXPECT_THROW(simulate(prog, {}, {.strict = true}), UserError);
  EXPECT_EQ(simulate(prog).hazards.size(), 1u);  // permissive: timed, and reported
}

TEST(WH2, DFeedingASwmmacIndexIsReported) {
  const Instruction& producer = ins("wmma_i32_16x16x16_iu8_w32_gfx12");
  const Instruction& s = ins("swmmac_i32_16x16x32_iu8_w32");
  auto program = [&](bool nop) {
    ProgramBuilder p;
    WaveBuilder& w = p.wave();
    const VgprRange a = w.alloc(2), b = w.alloc(2), d = w.alloc(8), sa = w.alloc(2), sb = w.alloc(4), acc = w.alloc(8);
    w.wmma(producer, d, a, b, d);
    if (nop) w.nop();
    w.swmmac(s, acc, sa, sb, d.slice(5));
    return p.take();
  };
  const auto h = check_hazards(program(false), false);
  ASSERT_EQ(h.size(), 1u);
  EXPECT_EQ(h[0].id, HazardId::wh2);
  EXPECT_NE(h[0].message.find("v9 as the sparse index"), std::string::npos) << h[0].message;
  EXPECT_TRUE(check_hazards(program(true), true).empty());
}

// The rules of LLVM's GCNHazardRecognizer::fixWMMAHazards (docs/cycles.md 3), case by case: which
// operand of the second instruction overlapping the first one's D is a hazard on gfx12, and that one
// v_nop ends it.
TEST(LlvmWmmaHazards, BOverlappingTheLastDIsWH1) {
  const Instruction& i = ins("wmma_f32_16x16x16_f16_w32_gfx12");
  ProgramBuilder p;
  WaveBuilder& w = p.wave();
  const VgprRange a = w.alloc(4), b = w.alloc(4), d = w.alloc(8), d2 = w.alloc(8);
  w.wmma(i, d, a, b, d).wmma(i, d2, a, d.slice(4, 4), d2);
  const auto h = check_hazards(p.take(), false);
  ASSERT_EQ(h.size(), 1u);
  EXPECT_EQ(h[0].id, HazardId::wh1);
  EXPECT_NE(h[0].message.find("as B"), std::string::npos) << h[0].message;
  EXPECT_NE(h[0].message.find("one is enough"), std::string::npos) << h[0].message;
}

TEST(LlvmWmmaHazards, ASwmmacIndexOverlappingTheLastSwmmacDIsWH2UntilOneNop) {
  const Instruction& s = ins("swmmac_i32_16x16x32_iu8_w32");
  auto program = [&](int nops) {
    ProgramBuilder p;
    WaveBuilder& w = p.wave();
    const VgprRange a = w.alloc(2), b = w.alloc(4), d = w.alloc(8), acc = w.alloc(8), idx = w.alloc(1);
    w.swmmac(s, d, a, b, idx);
    for (int n = 0; n < nops; ++n) w.nop();
    w.swmmac(s, acc, a, b, d.slice(0));  // the index is the first D register: a partial overlap
    return p.take();
  };
  const auto h = check_hazards(program(0), false);
  ASSERT_EQ(h.size(), 1u);
  EXPECT_EQ(h[0].id, HazardId::wh2);
  EXPECT_TRUE(check_hazards(program(1), true).empty());
}

TEST(LlvmWmmaHazards, ASaluBetweenDoesNotEndWH2) {
  const Instruction& wmma = ins("wmma_i32_16x16x16_iu8_w32_gfx12");
  const Instruction& s = ins("swmmac_i32_16x16x32_iu8_w32");
  ProgramBuilder p;
  WaveBuilder& w = p.wave();
  const VgprRange a = w.alloc(2), b = w.alloc(2), d = w.alloc(8), sb = w.alloc(4), acc = w.alloc(8);
  w.wmma(wmma, d, a, b, d).salu().swmmac(s, acc, a, sb, d.slice(3));
  const auto h = check_hazards(p.take(), false);
  ASSERT_EQ(h.size(), 1u);
  EXPECT_EQ(h[0].id, HazardId::wh2);
}

// gfx12: C, and a SWMMAC's accumulator, may overlap the previous D (the hardware stalls).
TEST(LlvmWmmaHazards, COrASwmmacAccumulatorOverlappingTheLastDIsNoHazard) {
  const Instruction& dense = ins("wmma_i32_16x16x16_iu8_w32_gfx12");
  const Instruction& s = ins("swmmac_i32_16x16x32_iu8_w32");
  {
    ProgramBuilder p;  // WMMA D -> SWMMAC accumulator
    WaveBuilder& w = p.wave();
    const VgprRange a = w.alloc(2), b = w.alloc(2), d = w.alloc(8), sb = w.alloc(4), idx = w.alloc(1);
    w.wmma(dense, d, a, b, d).swmmac(s, d, a, sb, idx);
    EXPECT_TRUE(check_hazards(p.take(), true).empty());
  }
  {
    ProgramBuilder p;  // SWMMAC D -> WMMA C, partly
    WaveBuilder& w = p.wave();
    const VgprRange a = w.alloc(2), b = w.alloc(2), d = w.alloc(8), sb = w.alloc(4), idx = w.alloc(1), d2 = w.alloc(8);
    w.swmmac(s, d, a, sb, idx).wmma(dense, d2, a, b, VgprRange{static_cast<std::uint16_t>(d.first + 4), 8});
    EXPECT_TRUE(check_hazards(p.take(), true).empty());
  }
}

TEST(RocRoller, ValuTouchingDSoonAfterAWmmaIsAWarningNamingTheRule) {
  const Instruction& f16 = ins("wmma_f32_16x16x16_f16_w32_gfx12");  // 16-pass: 8 instructions
  const Instruction& fp8 = ins("wmma_f32_16x16x16_fp8_fp8_w32_gfx12");  // 8-pass: 4
  auto program = [&](const Instruction& i, int nops) {
    ProgramBuilder p;
    WaveBuilder& w = p.wave();
    const VgprRange a = w.alloc(i.vgprs_a), b = w.alloc(i.vgprs_b), acc = w.alloc(8), t = w.alloc(1);
    w.wmma(i, acc, a, b, acc);
    for (int n = 0; n < nops; ++n) w.nop();
    w.valu({t}, {acc.slice(2)}, "v_add_f32");
    return p.take();
  };
  for (int nops = 0; nops <= 10; ++nops) {
    const auto h16 = check_hazards(program(f16, nops), true);
    const auto h8 = check_hazards(program(fp8, nops), true);
    EXPECT_EQ(h16.size(), nops < 8 ? 1u : 0u) << nops;
    EXPECT_EQ(h8.size(), nops < 4 ? 1u : 0u) << nops;
    for (const Hazard& h : h16) {
      EXPECT_EQ(h.id, HazardId::rocroller);
      EXPECT_EQ(h.severity, Severity::warning);  // even in strict mode
      EXPECT_NE(h.message.find("rocRoller rule pads 8"), std::string::npos) << h.message;
    }
  }
}

TEST(RocRoller, AValuWritingDCountsToo) {
  const Instruction& i = ins("wmma_f32_16x16x16_fp8_fp8_w32_gfx12");
  ProgramBuilder p;
  WaveBuilder& w = p.wave();
  const VgprRange a = w.alloc(2), b = w.alloc(2), acc = w.alloc(8);
  w.wmma(i, acc, a, b, acc).valu({acc.slice(7)}, {}, "v_mov_b32");
  const auto h = check_hazards(p.take(), false);
  ASSERT_EQ(h.size(), 1u);
  EXPECT_NE(h[0].message.find("writes v11"), std::string::npos) << h[0].message;
}

}  // namespace
}  // namespace wmmasim::cycles
