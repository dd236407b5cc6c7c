// The hw programs follow from the table: every type string fits its instruction, names and symbols
// are unique, load_tr addressings cover their tile, and register images convert both ways.
#include <gtest/gtest.h>

#include <cctype>
#include <set>

#include "wmmasim/hw/inputs.hpp"
#include "wmmasim/hw/programs.hpp"

namespace wmmasim::hw {
namespace {

TEST(BuiltinCall, EveryTypeStringFitsItsInstruction) {
  for (const Instruction& ins : kInstructions) {
    SCOPED_TRACE(std::string(ins.name));
    const auto call = builtin_call(ins);
    ASSERT_TRUE(call.has_value()) << ins.clang_type;
    const KernelAbi abi = kernel_abi(ins);
    if (ins.family == Family::load_tr) {
      ASSERT_EQ(call->params.size(), 1u);
      EXPECT_EQ(call->params[0].type.address_space, 1);
      EXPECT_EQ(call->result.value_bytes(), 4 * ins.vgprs_cd);
      continue;
    }
    EXPECT_EQ(call->result.value_bytes(), 4 * ins.vgprs_cd) << "result type vs VGPRs of D";
    for (const CallParam& p : call->params) {
      if (p.kind != CallParam::operand_param) continue;
      const InputBlock* b = abi.block(operand_name(p.op));
      ASSERT_NE(b, nullptr);
      if (p.op == Operand::index)  // clang 19: short (16 bits of the index VGPR)
        EXPECT_EQ(p.type.value_bytes(), 2);
      else
        EXPECT_EQ(p.type.value_bytes(), 4 * b->words_per_lane) << operand_name(p.op);
    }
  }
}

TEST(BuiltinCall, RejectsTypeStringsThatDoNotFit) {
  Instruction ins = *find_builtin("wmma_i32_16x16x16_iu8_w32_gfx12");
  ins.clang_type = "V8iV2iIbV2iV8iIb";  // one sign flag missing
  EXPECT_FALSE(builtin_call(ins).has_value());
  ins.clang_type = "V8iIbV2iIbV2iV8iIbV8i";  // an extra operand
  EXPECT_FALSE(builtin_call(ins).has_value());
  EXPECT_FALSE(parse_clang_type("V8q").has_value());
}

TEST(Programs, NamesAndSymbolsAreUniqueAndResolvable) {
  std::set<std::string> names, symbols;
  for (const Program& p : all_programs()) {
    EXPECT_TRUE(names.insert(p.name()).second) << p.name();
    EXPECT_TRUE(symbols.insert(p.symbol()).second) << p.symbol();
    for (char c : p.symbol()) EXPECT_TRUE(std::isalnum(static_cast<unsigned char>(c)) || c == '_') << p.symbol();
    const auto found = find_program(p.name());
    ASSERT_TRUE(found.has_value());
    EXPECT_EQ(found->symbol(), p.symbol());
  }
  EXPECT_TRUE(find_program("__builtin_amdgcn_wmma_f32_16x16x16_f16_w32_gfx12@timed").has_value());
  EXPECT_FALSE(find_program("wmma_f32_16x16x16_f16_w32_gfx12+clamp").has_value());
  EXPECT_EQ(closest_program_names("wmma_f32_16x16x16_f16_w32_gfx2").front(), "wmma_f32_16x16x16_f16_w32_gfx12");
}

TEST(Programs, EveryFlagCombinationHasAValuesProgramAndEachMatrixBuiltinATimedOne) {
  for (const Instruction& ins : kInstructions) {
    int values = 0, timed = 0, loads = 0;
    for (const Program& p : all_programs()) {
      if (p.ins != &ins) continue;
      values += p.mode == Mode::values && p.addressing == Addressing::none;
      timed += p.mode == Mode::timed;
      loads += p.addressing != Addressing::none;
    }
    if (ins.family == Family::load_tr) {
      EXPECT_EQ(loads, ins.wave == 64 ? 1 : format_bits(ins.cd) == 16 ? 3 : 2) << ins.name;
      continue;
    }
    EXPECT_EQ(values, 1 << flag_modifiers(ins).size()) << ins.name;
    EXPECT_EQ(timed, 1) << ins.name;
  }
  EXPECT_TRUE(find_program("wmma_i32_16x16x16_iu8_w32_gfx12+signed_a+signed_b+clamp").has_value());
  EXPECT_TRUE(find_program("wmma_f16_16x16x16_f16_tied_w32+opsel").has_value());
}

TEST(LoadTrAddressing, LanesFetchEveryTileElementExactlyOnce) {
  for (const Program& p : all_programs()) {
    if (p.addressing == Addressing::none) continue;
    SCOPED_TRACE(p.name());
    std::vector<int> hits(tile_elements(), 0);
    const int n = elements_per_lane(*p.ins);
    for (int lane = 0; lane < p.ins->wave; ++lane) {
      const int first = lane_element_offset(*p.ins, p.addressing, lane);
      ASSERT_GE(first, 0);
      ASSERT_LE(first + n, tile_elements());
      EXPECT_EQ(first / tile_cols(p.addressing), (first + n - 1) / tile_cols(p.addressing)) << "a lane's load stays in one row";
      for (int e = 0; e < n; ++e) ++hits[static_cast<std::size_t>(first + e)];
    }
    for (int h : hits) EXPECT_EQ(h, 1);
  }
}

// Spec 7.1: with the documented addressing lane tx reads B[tx/4][(tx%4)*8 ...]; lane 5 starts at row 1, column 8.
TEST(LoadTrAddressing, DocumentedAddressingMatchesTheSpec) {
  const Instruction& ins = *find_builtin("global_load_tr_b128_v8i16");
  EXPECT_EQ(lane_element_offset(ins, Addressing::documented_8x32, 5), 1 * 32 + 8);
  EXPECT_EQ(lane_element_offset(ins, Addressing::documented_8x32, 31), 7 * 32 + 24);
  // 7.2: lane s reads row 4*(s>>3) + (s&3), bytes 8*((s>>2)&1): lane 13 -> row 5, column 8.
  const Instruction& b64 = *find_builtin("global_load_tr_b64_v2i32");
  EXPECT_EQ(lane_element_offset(b64, Addressing::isa_b, 13), 5 * 16 + 8);
}

TEST(RegisterImage, EveryOperandConvertsBothWays) {
  for (const Program& p : all_programs()) {
    if (p.mode != Mode::values || p.addressing != Addressing::none) continue;
    const KernelAbi abi = kernel_abi(*p.ins);
    for (const InputBlock& b : abi.inputs) {
      SCOPED_TRACE(p.name() + " " + b.name);
      const LinearLayout l = block_layout(p, b.op);
      std::vector<std::uint32_t> elements(matrix_elements(l));
      for (std::size_t i = 0; i < elements.size(); ++i) elements[i] = static_cast<std::uint32_t>(i * 2654435761u) & element_mask(l);
      const auto words = words_from_matrix(l, abi.lanes, b.words_per_lane, elements);
      ASSERT_EQ(words.size(), b.words);
      EXPECT_EQ(matrix_from_words(l, abi.lanes, b.words_per_lane, words), elements);
    }
  }
}

}  // namespace
}  // namespace wmmasim::hw
