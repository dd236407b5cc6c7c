// The worked examples of spec layouts.md section 8, produced there by the AMD Matrix Instruction
// Calculator, checked against the bit tables in both directions.
#include <gtest/gtest.h>

#include "wmmasim/layouts/lookup.hpp"
#include "wmmasim/layouts/operand_layout.hpp"

namespace wmmasim {
namespace {

struct Example {
  const char* mnemonic;
  Operand op;
  Element element;      // for SWMMAC A: column = dense k (converted to the slot below)
  Place w32, w64;       // lane -1: illegal for that wave size
  int key = 0;
};

// The spec writes SWMMAC A places as the whole 2-element slot; the element with s = 0 (the first
// kept value of the group) is the low half of that slot.
constexpr Place P(int lane, int vgpr, int hi, int lo) { return Place{lane, vgpr, lo, hi}; }

const Example kExamples[] = {
    {"v_wmma_f32_16x16x16_f16", Operand::a, {3, 9}, P(3, 2, 31, 16), P(35, 0, 31, 16)},
    {"v_wmma_f32_16x16x16_f16", Operand::b, {9, 3}, P(3, 2, 31, 16), P(35, 0, 31, 16)},
    {"v_wmma_f32_16x16x16_f16", Operand::a, {0, 4}, P(16, 0, 15, 0), P(16, 0, 15, 0)},
    {"v_wmma_f32_16x16x16_f16", Operand::a, {15, 15}, P(31, 3, 31, 16), P(63, 1, 31, 16)},
    {"v_wmma_f32_16x16x16_f16", Operand::d, {13, 5}, P(21, 5, 31, 0), P(53, 1, 31, 0)},
    {"v_wmma_f16_16x16x16_f16", Operand::d, {13, 5}, P(21, 2, 31, 16), P(53, 0, 31, 16)},
    {"v_wmma_f16_16x16x16_f16", Operand::c, {6, 2}, P(2, 3, 15, 0), P(34, 1, 15, 0)},
    {"v_wmma_i32_16x16x16_iu8", Operand::a, {3, 9}, P(19, 0, 15, 8), P(19, 0, 15, 8)},
    {"v_wmma_f32_16x16x16_fp8_bf8", Operand::b, {13, 7}, P(23, 1, 15, 8), P(55, 0, 15, 8)},
    {"v_wmma_i32_16x16x16_iu4", Operand::a, {3, 9}, P(19, 0, 7, 4), P(19, 0, 7, 4)},
    {"v_wmma_i32_16x16x32_iu4", Operand::a, {3, 20}, P(19, 0, 19, 16), P(19, 0, 19, 16)},
    {"v_wmma_i32_16x16x32_iu4", Operand::b, {9, 3}, P(3, 1, 7, 4), P(35, 0, 7, 4)},
    {"v_swmmac_f32_16x16x32_f16", Operand::a, {3, 20}, P(3, 3, 15, 0), P(35, 1, 15, 0)},
    {"v_swmmac_f32_16x16x32_f16", Operand::b, {20, 3}, P(3, 6, 15, 0), P(35, 2, 15, 0)},
    {"v_swmmac_f32_16x16x32_f16", Operand::index, {3, 20}, P(3, 0, 15, 12), P(35, 0, 7, 4), 0},
    {"v_swmmac_f32_16x16x32_f16", Operand::index, {3, 20}, P(3, 0, 31, 28), P(35, 0, 15, 12), 1},
    {"v_swmmac_f32_16x16x32_f16", Operand::index, {3, 20}, P(-1, 0, 0, 0), P(35, 0, 31, 28), 3},
    {"v_swmmac_i32_16x16x32_iu8", Operand::a, {3, 20}, P(19, 0, 23, 16), P(19, 0, 23, 16)},
    {"v_swmmac_i32_16x16x32_iu8", Operand::b, {20, 3}, P(19, 1, 7, 0), P(19, 1, 7, 0)},
    {"v_swmmac_i32_16x16x32_iu8", Operand::index, {3, 20}, P(19, 0, 7, 4), P(19, 0, 7, 4), 0},
    {"v_swmmac_i32_16x16x32_iu4", Operand::a, {3, 20}, P(19, 0, 11, 8), P(19, 0, 11, 8)},
    {"v_swmmac_i32_16x16x32_iu4", Operand::b, {20, 3}, P(19, 0, 19, 16), P(19, 0, 19, 16)},
    {"v_swmmac_i32_16x16x32_iu4", Operand::index, {3, 20}, P(19, 0, 7, 4), P(19, 0, 7, 4), 0},
    {"v_swmmac_i32_16x16x64_iu4", Operand::a, {3, 50}, P(19, 1, 3, 0), P(51, 0, 3, 0)},
    {"v_swmmac_i32_16x16x64_iu4", Operand::b, {50, 3}, P(19, 2, 11, 8), P(51, 0, 11, 8)},
    {"v_swmmac_i32_16x16x64_iu4", Operand::index, {3, 50}, P(19, 0, 19, 16), P(51, 0, 3, 0), 0},
};

TEST(WorkedExamples, PlacesAgreeWithTheCalculatorInBothDirections) {
  for (const Example& ex : kExamples) {
    for (int wave : {32, 64}) {
      const Place want = wave == 32 ? ex.w32 : ex.w64;
      const Instruction& ins = resolve_instruction(ex.mnemonic, wave);
      const LinearLayout l = operand_layout(ins, ex.op);
      Element e = ex.element;
      e.key = ex.key;
      // SWMMAC A/index are indexed by stored slot / dense group; the examples give dense k.
      if (ins.family == Family::swmmac && ex.op == Operand::a) e.col = 2 * (e.col / 4);
      if (ins.family == Family::swmmac && ex.op == Operand::index) e.col = e.col / 4;
      SCOPED_TRACE(std::string(ex.mnemonic) + " w" + std::to_string(wave) + " " +
                   std::string(operand_name(ex.op)) + "[" + std::to_string(ex.element.row) + "][" +
                   std::to_string(ex.element.col) + "] key " + std::to_string(ex.key));
      if (want.lane < 0) {
        EXPECT_FALSE(l.contains(e));
        continue;
      }
      EXPECT_EQ(l.first_place(e), want);
      Element back;
      ASSERT_TRUE(l.element_at(want.lane, want.vgpr, want.bit_lo, back));
      EXPECT_EQ(back, e);
    }
  }
}

// Inverse examples of section 8 (wave32 unless stated).
TEST(WorkedExamples, InverseExamples) {
  Element e;
  const LinearLayout a16 = operand_layout(resolve_instruction("v_wmma_f32_16x16x16_f16", 32), Operand::a);
  ASSERT_TRUE(a16.element_at(20, 3, 0, e));
  EXPECT_EQ(e, (Element{4, 14}));
  const LinearLayout d32 = operand_layout(resolve_instruction("v_wmma_f32_16x16x16_f16", 32), Operand::d);
  ASSERT_TRUE(d32.element_at(17, 6, 0, e));
  EXPECT_EQ(e, (Element{14, 1}));
  const LinearLayout d16 = operand_layout(resolve_instruction("v_wmma_f16_16x16x16_f16", 32), Operand::d);
  ASSERT_TRUE(d16.element_at(30, 1, 16, e));
  EXPECT_EQ(e, (Element{11, 14}));
  const LinearLayout d32w64 = operand_layout(resolve_instruction("v_wmma_f32_16x16x16_f16", 64), Operand::d);
  ASSERT_TRUE(d32w64.element_at(40, 2, 0, e));
  EXPECT_EQ(e, (Element{6, 8}));
}

// RJ's unit-test expectations quoted in spec 4.2 (wave64).
TEST(WorkedExamples, RocjitsuWave64Expectations) {
  const Instruction& f16 = resolve_instruction("v_wmma_f32_16x16x16_f16", 64);
  EXPECT_EQ(operand_layout(f16, Operand::a).first_place({3, 8}), (Place{35, 0, 0, 15}));
  const Instruction& i8 = resolve_instruction("v_wmma_i32_16x16x16_iu8", 64);
  EXPECT_EQ(operand_layout(i8, Operand::a).first_place({3, 15}), (Place{51, 0, 24, 31}));
  EXPECT_EQ(operand_layout(f16, Operand::d).first_place({13, 5}), (Place{53, 1, 0, 31}));
  const Instruction& h16 = resolve_instruction("v_wmma_f16_16x16x16_f16", 64);
  EXPECT_EQ(operand_layout(h16, Operand::d).first_place({13, 5}), (Place{53, 0, 16, 31}));
}

}  // namespace
}  // namespace wmmasim
