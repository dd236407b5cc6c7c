// Cross-checks of the instruction table against the independent facts it was written from.
#include <gtest/gtest.h>

#include <map>
#include <random>
#include <set>
#include <string>

#include "wmmasim/error.hpp"
#include "wmmasim/layouts/lookup.hpp"
#include "wmmasim/layouts/operand_layout.hpp"

namespace wmmasim {
namespace {

// A parsed clang builtin type string (spec layouts.md 2.3): per parameter, its size in bits.
struct ClangType {
  std::string spelling;
  int bits;
};
std::vector<ClangType> parse_clang_types(std::string_view s) {
  std::vector<ClangType> out;
  std::size_t i = 0;
  while (i < s.size()) {
    const std::size_t start = i;
    int count = 1;
    if (s[i] == 'I') ++i;  // integer constant expression
    if (s[i] == 'V') {
      ++i;
      count = 0;
      while (std::isdigit(static_cast<unsigned char>(s[i]))) count = count * 10 + (s[i++] - '0');
    }
    int elem = 0;
    switch (s[i++]) {
      case 'f': case 'i': elem = 32; break;
      case 'h': case 'x': case 's': case 'y': elem = 16; break;
      case 'b': elem = 1; break;
      default: ADD_FAILURE() << "unexpected type letter in " << s;
    }
    int bits = count * elem;
    if (i + 1 < s.size() + 1 && s.substr(i, 2) == "*1") { i += 2; bits = 64; }  // global pointer
    out.push_back({std::string(s.substr(start, i - start)), bits});
  }
  return out;
}

int vgprs_for(int bits) { return (bits + 31) / 32; }

TEST(InstructionTable, HasEveryBuiltinOfTheSpec) {
  std::map<std::string, int> count;
  for (const Instruction& i : kInstructions)
    count[std::string(arch_name(i.arch)) + "/" + std::string(family_name(i.family)) + "/w" + std::to_string(i.wave)]++;
  EXPECT_EQ(count["gfx12/wmma/w32"], 11);
  EXPECT_EQ(count["gfx12/wmma/w64"], 11);
  EXPECT_EQ(count["gfx12/swmmac/w32"], 11);
  EXPECT_EQ(count["gfx12/swmmac/w64"], 11);
  EXPECT_EQ(count["gfx11/wmma/w32"], 8);
  EXPECT_EQ(count["gfx11/wmma/w64"], 8);
  EXPECT_EQ(count["gfx12/load_tr/w32"], 4);
  EXPECT_EQ(count["gfx12/load_tr/w64"], 4);
  std::set<std::string_view> names;
  for (const Instruction& i : kInstructions) EXPECT_TRUE(names.insert(i.name).second) << i.name;
}

// The builtin's parameter and result vectors occupy exactly the table's VGPR counts.
TEST(InstructionTable, VgprCountsAgreeWithClangTypes) {
  for (const Instruction& ins : kInstructions) {
    SCOPED_TRACE(std::string(ins.name) + " " + std::string(ins.clang_type));
    const auto t = parse_clang_types(ins.clang_type);
    ASSERT_FALSE(t.empty());
    EXPECT_EQ(vgprs_for(t[0].bits), ins.vgprs_cd) << "result";
    std::vector<ClangType> data;  // drop the constant bools (sign flags, clamp, opsel)
    for (std::size_t p = 1; p < t.size(); ++p)
      if (t[p].spelling.find('b') == std::string::npos) data.push_back(t[p]);
    if (ins.family == Family::load_tr) {
      ASSERT_EQ(data.size(), 1u);
      EXPECT_EQ(data[0].bits, 64) << "a global pointer";
      continue;
    }
    ASSERT_EQ(data.size(), ins.family == Family::swmmac ? 4u : 3u);
    EXPECT_EQ(vgprs_for(data[0].bits), ins.vgprs_a) << "A";
    EXPECT_EQ(vgprs_for(data[1].bits), ins.vgprs_b) << "B";
    EXPECT_EQ(vgprs_for(data[2].bits), ins.vgprs_cd) << "C";
    if (ins.family == Family::swmmac) {
      EXPECT_EQ(vgprs_for(data[3].bits), 1) << "index";
    }
    // The A and B vectors hold exactly the operand's elements (RDNA3: one lane group's copy).
    const int groups = ins.arch == Arch::rdna3 ? ins.wave / 16 : 1;
    const int a_elems = ins.family == Family::swmmac ? ins.m * ins.k / 2 : ins.m * ins.k;
    const bool lower_lanes_only = ins.arch == Arch::rdna4 && ins.wave == 64 && ins.a == Format::iu4 &&
                                  (ins.family == Family::wmma ? ins.k == 16 : ins.k == 32);
    const int lanes_used = lower_lanes_only ? 32 : ins.wave;
    EXPECT_EQ(data[0].bits * lanes_used, a_elems * format_bits(ins.a) * groups);
    const bool b_lower_lanes_only = ins.arch == Arch::rdna4 && ins.wave == 64 && ins.b == Format::iu4 &&
                                    ins.family == Family::wmma && ins.k == 16;
    EXPECT_EQ(data[1].bits * (b_lower_lanes_only ? 32 : ins.wave),
              ins.k * ins.n * format_bits(ins.b) * groups);
  }
}

// Issue cycles and ops (spec layouts.md 2.1, timing.md 2): RDNA4 16 cycles for 16-bit inputs and 8
// otherwise; RDNA3 32, iu4 16; ops = 2*M*N*K.
TEST(InstructionTable, CyclesAndOps) {
  for (const Instruction& ins : kInstructions) {
    if (ins.family == Family::load_tr) continue;
    SCOPED_TRACE(std::string(ins.name));
    if (ins.arch == Arch::rdna4) EXPECT_EQ(ins.issue_cycles, format_bits(ins.a) == 16 ? 16 : 8);
    else EXPECT_EQ(ins.issue_cycles, ins.a == Format::iu4 ? 16 : 32);
    EXPECT_EQ(ins.ops(), 2u * 16 * 16 * ins.k);
  }
  EXPECT_EQ(find_builtin("swmmac_i32_16x16x64_iu4_w32")->ops(), 32768u);
}

// Index sets (spec 5.1): wave32 2 (1 for iu4 K=64), wave64 4 (2 for iu4).
TEST(InstructionTable, SparseIndexSets) {
  for (const Instruction& ins : kInstructions) {
    if (ins.family != Family::swmmac) { EXPECT_EQ(ins.index_sets(), 0); continue; }
    int want = ins.wave == 32 ? 2 : 4;
    if (ins.a == Format::iu4) want = ins.wave == 32 ? (ins.k == 64 ? 1 : 2) : 2;
    EXPECT_EQ(ins.index_sets(), want) << ins.name;
  }
}

// Legal modifiers (spec layouts.md 2.2).
TEST(InstructionTable, ModifierRules) {
  const auto mods = [](const char* n) { return find_builtin(n)->allowed_modifiers(); };
  EXPECT_TRUE(mods("wmma_f32_16x16x16_f16_w32_gfx12") & kNegHiB);
  EXPECT_TRUE(mods("wmma_f32_16x16x16_f16_w32_gfx12") & kAbsC);
  EXPECT_FALSE(mods("wmma_f32_16x16x16_f16_w32_gfx12") & (kClamp | kOpselD | kIndexKey));
  EXPECT_FALSE(mods("wmma_f32_16x16x16_fp8_bf8_w32_gfx12") & (kNegLoA | kNegHiB));
  EXPECT_TRUE(mods("wmma_f32_16x16x16_fp8_bf8_w32_gfx12") & kCModifiersUnverified);
  EXPECT_TRUE(mods("wmma_i32_16x16x16_iu8_w32_gfx12") & kClamp);
  EXPECT_FALSE(mods("wmma_i32_16x16x16_iu8_w32_gfx12") & (kNegC | kNegHiA));
  EXPECT_FALSE(mods("swmmac_f32_16x16x32_f16_w32") & (kNegC | kAbsC | kInlineC));
  EXPECT_TRUE(mods("swmmac_f32_16x16x32_f16_w32") & kNegLoA);
  EXPECT_TRUE(mods("wmma_f16_16x16x16_f16_w32") & kOpselD);
  EXPECT_FALSE(mods("wmma_f16_16x16x16_f16_w32_gfx12") & kOpselD);
}

TEST(Lookup, NamesMnemonicsAndSuggestions) {
  EXPECT_EQ(resolve_instruction("__builtin_amdgcn_wmma_f32_16x16x16_f16_w32_gfx12").wave, 32);
  EXPECT_EQ(resolve_instruction("wmma_f32_16x16x16_f16_w64_gfx12").wave, 64);
  EXPECT_EQ(resolve_instruction("v_wmma_i32_16x16x32_iu4", 64).name, "wmma_i32_16x16x32_iu4_w64_gfx12");
  EXPECT_EQ(resolve_instruction("V_SWMMAC_F32_16X16X32_F16", 32).name, "swmmac_f32_16x16x32_f16_w32");
  EXPECT_EQ(resolve_instruction("v_wmma_f32_16x16x16_f16", 32, Arch::rdna3).name, "wmma_f32_16x16x16_f16_w32");
  try {
    resolve_instruction("__builtin_amdgcn_wmma_f32_16x16x16_f16_w32_gfx21");
    FAIL() << "no error";
  } catch (const UserError& e) {
    EXPECT_NE(std::string(e.what()).find("__builtin_amdgcn_wmma_f32_16x16x16_f16_w32_gfx12"), std::string::npos) << e.what();
    EXPECT_EQ(e.exit_code, 2);
  }
  EXPECT_THROW(resolve_instruction("v_wmma_i32_16x16x32_iu4", 32, Arch::rdna3), UserError);
  EXPECT_THROW(resolve_operand(*find_builtin("swmmac_f32_16x16x32_f16_w32"), "C"), UserError);
  EXPECT_EQ(resolve_operand(*find_builtin("swmmac_f32_16x16x32_f16_w32"), "index"), Operand::index);
}

// Spec 3.2: a library that writes A and B with the contiguous labelling gets the same dense product.
// Simulated here with exact integers: registers filled through the contig16 layout, the hardware
// multiplying register slots as the ISA labels them.
TEST(Labelling, Contig16GivesTheSameDenseProduct) {
  std::mt19937 rng(7);
  for (int wave : {32, 64}) {
    const Instruction& ins = resolve_instruction("v_wmma_f32_16x16x16_f16", wave);
    const LinearLayout isa_a = operand_layout(ins, Operand::a), isa_b = operand_layout(ins, Operand::b);
    const LinearLayout lib_a = operand_layout(ins, Operand::a, {0, Labelling::contig16});
    const LinearLayout lib_b = operand_layout(ins, Operand::b, {0, Labelling::contig16});
    long A[16][16], B[16][16];
    for (auto& r : A) for (long& x : r) x = static_cast<long>(rng() % 201) - 100;
    for (auto& r : B) for (long& x : r) x = static_cast<long>(rng() % 201) - 100;
    std::map<std::tuple<int, int, int>, long> ra, rb;  // register images
    for (int i = 0; i < 16; ++i)
      for (int k = 0; k < 16; ++k) {
        const Place pa = lib_a.first_place({i, k}), pb = lib_b.first_place({k, i});
        ra[{pa.lane, pa.vgpr, pa.bit_lo}] = A[i][k];
        rb[{pb.lane, pb.vgpr, pb.bit_lo}] = B[k][i];
      }
    bool some_k_moved = false;
    for (int i = 0; i < 16; ++i)
      for (int j = 0; j < 16; ++j) {
        long hw = 0, math = 0;
        for (int k = 0; k < 16; ++k) {
          const Place pa = isa_a.first_place({i, k}), pb = isa_b.first_place({k, j});
          hw += ra.at({pa.lane, pa.vgpr, pa.bit_lo}) * rb.at({pb.lane, pb.vgpr, pb.bit_lo});
          math += A[i][k] * B[k][j];
          some_k_moved |= !(pa == lib_a.first_place({i, k}));
        }
        EXPECT_EQ(hw, math);
      }
    EXPECT_EQ(some_k_moved, wave == 32) << "contig16 differs from the ISA labelling only in wave32";
  }
}

}  // namespace
}  // namespace wmmasim
