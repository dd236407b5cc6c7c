// The vectors written out in docs/spec/numerics.md (3.5, 4, 5.1, 5.5, 6) and the API's contracts.
// Expected values are copied from the spec text, never computed by the library.
#include <gtest/gtest.h>

#include <map>
#include <vector>

#include "wmmasim/layouts/instruction_table.hpp"
#include "wmmasim/layouts/operand_layout.hpp"
#include "wmmasim/numerics/numerics.hpp"

namespace wmmasim {
namespace {

using Bits = std::vector<std::uint32_t>;

// A with every row equal to `row`, B with every column equal to `col`, C uniform.
Bits run_broadcast(const Instruction& ins, const Bits& row, const Bits& col, std::uint32_t c, Modifiers mods = {},
                   const Model* model = nullptr) {
  Bits a(16 * ins.k), b(ins.k * 16), cm(256, c), d(256);
  for (int i = 0; i < 16; ++i)
    for (int k = 0; k < ins.k; ++k) a[i * ins.k + k] = row[k];
  for (int k = 0; k < ins.k; ++k)
    for (int j = 0; j < 16; ++j) b[k * 16 + j] = col[k];
  compute_d(ins, a.data(), b.data(), cm.data(), nullptr, mods, model ? *model : default_model(ins), d.data());
  return d;
}

void expect_uniform(const Bits& d, std::uint32_t want, const std::string& what) {
  for (int e = 0; e < 256; ++e)
    ASSERT_EQ(d[e], want) << what << " D[" << e / 16 << "][" << e % 16 << "]" << std::hex << " got 0x" << d[e]
                          << " want 0x" << want;
}

constexpr std::uint32_t H4096 = 0x6C00, H1 = 0x3C00, HM1 = 0xBC00, H2M15 = 0x0200, HNAN = 0x7E00, HINF = 0x7C00,
                        HMINF = 0xFC00;

Bits k_vector(std::map<int, std::uint32_t> nonzero, std::uint32_t rest = 0) {
  Bits v(16, rest);
  for (auto [k, x] : nonzero) v[k] = x;
  return v;
}

TEST(SpecVectors, SingleRuleF16ToF32BothWaveSizes) {  // spec 3.5, model-derived table
  struct Row {
    Bits a, b;
    std::uint32_t c, d;
    const char* rule;
  };
  const std::vector<Row> rows = {
      {k_vector({{0, H4096}, {4, H1}, {8, H1}}), k_vector({{0, H4096}, {4, H1}, {8, H1}}), 0, 0x4b800000, "per-step RNE"},
      {k_vector({{0, H4096}, {1, H1}, {2, H1}}), k_vector({{0, H4096}, {1, H1}, {2, H1}}), 0, 0x4b800001, "one step exact"},
      {k_vector({{0, H4096}, {1, HM1}}), k_vector({{0, H4096}, {1, H2M15}}), 0, 0x4b7fffff, "floor at pair grid"},
      {k_vector({{0, H4096}, {2, HM1}}), k_vector({{0, H4096}, {2, H2M15}}), 0, 0x4b7fffff, "floor at global grid"},
      {k_vector({{0, H4096}, {4, HM1}}), k_vector({{0, H4096}, {4, H2M15}}), 0, 0x4b800000, "finer grid next step"},
      {k_vector({{3, HNAN}}), k_vector({{3, H1}}), 0x3f800000, 0xffc00a3d, "factor NaN"},
      {k_vector({{3, HINF}}), k_vector({{3, 0}}), 0x3f800000, 0xffc00000, "invalid"},
      {k_vector({{0, HNAN}, {8, HINF}}, H1), k_vector({{8, 0}}, H1), 0, 0xffc00000, "invalid outranks NaN acc"},
      {k_vector({{0, HINF}, {8, HNAN}}, H1), k_vector({{0, 0}}, H1), 0, 0xffc00a3d, "NaN code depends on step"},
      {k_vector({{0, HINF}, {8, HMINF}}, H1), k_vector({}, H1), 0, 0xffc00000, "+inf acc meets -inf"},
      {k_vector({}), k_vector({}), 0x80000000, 0x00000000, "exact zero is +0"},
  };
  for (int wave : {32, 64}) {
    const Instruction& ins = *find_mnemonic("v_wmma_f32_16x16x16_f16", wave);
    for (const Row& r : rows) expect_uniform(run_broadcast(ins, r.a, r.b, r.c), r.d, r.rule + std::string(" w") + std::to_string(wave));
  }
}

// The FP8/BF8 default (spec 7.5: steps K 0-7 and 8-15; in a step each quad, K 0-3 and 4-7, is floored
// onto its largest product grid and summed exactly, the two sums and C are floored onto the step grid
// G = max(product grids, max(-126, lead(C)) - 26), one RNE to f32), worked by hand. Product grids are
// x_a + x_b - 24 (in units of 2^grid, a product is sig_a * sig_b shifted to 24 fraction bits).
//  1. 256*256 at K0 and four products 1 * 2^-9 at K4-7, C = 0: G = -8 (the big product, 2^24 units);
//     the second quad sums exactly on its own grid to 2^-7 = 2 units of 2^-8, so D = 65536 + 2^-7 =
//     0x47800001 (one grid for all 8, fp8-dot8-hypothesis: each 2^-9 floors to 0, D = 0x47800000).
//  2. The same with the four small products -2^-9: the quad sum -2^-7 is -2 units exactly, D = 65536 -
//     2^-7 = 0x477FFFFE (one grid for all 8: each floors to -1 unit, D = 65536 - 2^-6 = 0x477FFFFC).
//  3. 1 * 1 at K0 and at K4, C = 2^24: one step holds C and both quads, G = max(-24, 24 - 26) = -2,
//     C + 2 = 2^24 + 2 is exact in f32: D = 0x4B800001 (steps of 4, fp8-dot4-hypothesis and its ISA
//     order: 2^24 + 1 rounds to even, 2^24, twice: D = 0x4B800000).
// The values are the same in FP8 and BF8 (each code below is exact in its format) and in both wave sizes.
TEST(SpecVectors, Fp8DefaultStepsOfTwoQuads) {
  struct Codes {
    std::uint32_t one, v256, tiny, minus_tiny;  // 1, 256, 2^-9, -2^-9
  };
  const Codes e4m3{0x38, 0x78, 0x01, 0x81}, e5m2{0x3C, 0x5C, 0x18, 0x98};
  int checked = 0;
  for (const Instruction& ins : kInstructions) {
    if (ins.family != Family::wmma || (ins.a != Format::fp8 && ins.a != Format::bf8)) continue;
    const Codes& ca = ins.a == Format::fp8 ? e4m3 : e5m2;
    const Codes& cb = ins.b == Format::fp8 ? e4m3 : e5m2;
    const std::string what = std::string(ins.name) + " ";
    const Bits big_and_quad = k_vector({{0, ca.v256}, {4, ca.one}, {5, ca.one}, {6, ca.one}, {7, ca.one}});
    const Bits tiny = k_vector({{0, cb.v256}, {4, cb.tiny}, {5, cb.tiny}, {6, cb.tiny}, {7, cb.tiny}});
    const Bits minus_tiny =
        k_vector({{0, cb.v256}, {4, cb.minus_tiny}, {5, cb.minus_tiny}, {6, cb.minus_tiny}, {7, cb.minus_tiny}});
    const Bits ones = k_vector({{0, ca.one}, {4, ca.one}}), ones_b = k_vector({{0, cb.one}, {4, cb.one}});
    expect_uniform(run_broadcast(ins, big_and_quad, tiny, 0), 0x47800001u, what + "a quad sums on its own grid");
    expect_uniform(run_broadcast(ins, big_and_quad, minus_tiny, 0), 0x477FFFFEu, what + "a negative quad floors once");
    expect_uniform(run_broadcast(ins, ones, ones_b, 0x4B800000u), 0x4B800001u, what + "C and both quads round once");
    // The same vectors tell the default from the other FP8 models, as worked out above.
    const Model* dot8 = find_model("fp8-dot8-hypothesis");
    expect_uniform(run_broadcast(ins, big_and_quad, tiny, 0, {}, dot8), 0x47800000u, what + "fp8-dot8: one grid");
    expect_uniform(run_broadcast(ins, big_and_quad, minus_tiny, 0, {}, dot8), 0x477FFFFCu, what + "fp8-dot8: floors");
    for (const char* four : {"fp8-dot4-hypothesis", "fp8-dot4-isa-order-hypothesis"})
      expect_uniform(run_broadcast(ins, ones, ones_b, 0x4B800000u, {}, find_model(four)), 0x4B800000u, what + four);
    ++checked;
  }
  EXPECT_EQ(checked, 8);  // 4 type pairs x 2 wave sizes
}

// FP8/BF8 SWMMAC by the same rule over stored slots (spec 8.2): with every index field (0, 1), stored
// slot 2G + s multiplies B row 4G + s; slots 0 and 4 (B rows 0 and 8) share the first step. Vector 3
// above: D_in = 2^24 plus 1 * 1 twice in one step is 2^24 + 2 = 0x4B800001 (swmmac-dot4-hypothesis,
// slots 0-3 and 4-7 in different steps: 0x4B800000).
TEST(SpecVectors, Fp8SwmmacDefaultStepsOfTwoQuads) {
  int checked = 0;
  for (const Instruction& ins : kInstructions) {
    if (ins.family != Family::swmmac || (ins.a != Format::fp8 && ins.a != Format::bf8)) continue;
    const std::uint32_t one_a = ins.a == Format::fp8 ? 0x38 : 0x3C, one_b = ins.b == Format::fp8 ? 0x38 : 0x3C;
    Bits a(16 * 16, 0), b(ins.k * 16, 0), d(256, 0x4B800000u);
    const std::vector<std::uint8_t> index(16 * ins.k / 4, 0b0100);  // idx0 = 0, idx1 = 1
    for (int i = 0; i < 16; ++i) a[i * 16 + 0] = a[i * 16 + 4] = one_a;
    for (int j = 0; j < 16; ++j) b[0 * 16 + j] = b[8 * 16 + j] = one_b;
    const Bits d_in = d;
    compute_d(ins, a.data(), b.data(), nullptr, index.data(), {}, default_model(ins), d.data());
    expect_uniform(d, 0x4B800001u, std::string(ins.name) + " C and both quads round once");
    d = d_in;
    compute_d(ins, a.data(), b.data(), nullptr, index.data(), {}, *find_model("swmmac-dot4-hypothesis"), d.data());
    expect_uniform(d, 0x4B800000u, std::string(ins.name) + " swmmac-dot4: steps of 4");
    ++checked;
  }
  EXPECT_EQ(checked, 8);
}

TEST(SpecVectors, WmmaHardwareVectorsInIsaOrder) {  // spec 3.5, hardware vectors rewritten in ISA K order
  struct V {
    const char* mnemonic;
    Bits a, b;
    std::uint32_t c, d;
  };
  const std::vector<V> vs = {
      {"v_wmma_f32_16x16x16_f16",
       {0xc6e1, 0xb1ea, 0xd31d, 0x2d4f, 0x4a45, 0xd1f1, 0x3362, 0xc244, 0x4a75, 0x443e, 0x5623, 0x4ec3, 0x57c7, 0xb82e, 0xcf34, 0x3660},
       {0xd36c, 0xc886, 0x2f3d, 0x30a3, 0xd070, 0xb2cb, 0x4759, 0xcf27, 0x4ed4, 0x3c97, 0xae37, 0xb63f, 0x35f0, 0x3a25, 0xb0d8, 0x405a},
       0xbf6ba3b9, 0x43dfc44a},
      {"v_wmma_f32_16x16x16_f16",
       {0xc6e1, 0xb1ea, 0xd31d, 0x2d4f, 0x4a75, 0x443e, 0x5623, 0x4ec3, 0x4a45, 0xd1f1, 0x3362, 0xc244, 0x57c7, 0xb82e, 0xcf34, 0x3660},
       {0xd36c, 0xc886, 0x2f3d, 0x30a3, 0x4ed4, 0x3c97, 0xae37, 0xb63f, 0xd070, 0xb2cb, 0x4759, 0xcf27, 0x35f0, 0x3a25, 0xb0d8, 0x405a},
       0xbf6ba3b9, 0x43dfc44b},
      {"v_wmma_f32_16x16x16_bf16",
       {0xbfaa, 0x3ed7, 0x3d5c, 0xbe3a, 0xc0f4, 0x4255, 0xc246, 0x40b2, 0x3d20, 0x40f9, 0xbee9, 0x42d9, 0x3eba, 0x3fb4, 0xbd8a, 0xbd6d},
       {0xc028, 0x417c, 0xc28c, 0x41e8, 0xbdf2, 0xc057, 0x428f, 0x4029, 0x3e28, 0xbce5, 0xc0c7, 0x3e6f, 0x40cc, 0x3cd8, 0x42a2, 0xbe64},
       0x3f4725a9, 0xc565bd8a},
      {"v_wmma_f32_16x16x16_bf16",
       {0xbfaa, 0x3ed7, 0x3d5c, 0xbe3a, 0x3d20, 0x40f9, 0xbee9, 0x42d9, 0xc0f4, 0x4255, 0xc246, 0x40b2, 0x3eba, 0x3fb4, 0xbd8a, 0xbd6d},
       {0xc028, 0x417c, 0xc28c, 0x41e8, 0x3e28, 0xbce5, 0xc0c7, 0x3e6f, 0xbdf2, 0xc057, 0x428f, 0x4029, 0x40cc, 0x3cd8, 0x42a2, 0xbe64},
       0x3f4725a9, 0xc565bd89},
  };
  for (int wave : {32, 64})
    for (const V& v : vs) expect_uniform(run_broadcast(*find_mnemonic(v.mnemonic, wave), v.a, v.b, v.c), v.d, v.mnemonic);
}

TEST(SpecVectors, Fp16OverflowModePerStep) {  // spec 4: the FP16_OVFL instance
  for (int wave : {32, 64}) {
    const Instruction& ins = *find_mnemonic("v_wmma_f16_16x16x16_f16", wave);
    const Bits a = k_vector({{0, 0x7BFF}, {2, 0x7BFF}, {4, 0xFBFF}}), b = k_vector({{0, 0x4000}, {2, 0x4000}, {4, H1}});
    Modifiers ovfl;
    ovfl.mode = kModeFp16Ovfl;
    expect_uniform(run_broadcast(ins, a, b, 0, ovfl), 0x0000, "with FP16_OVFL");
    expect_uniform(run_broadcast(ins, a, b, 0), 0x7C00, "without FP16_OVFL");
    Modifiers rtz;
    rtz.mode = 0x300;  // round bits do not turn the overflow into 0x7BFF (spec 9.3)
    expect_uniform(run_broadcast(ins, a, b, 0, rtz), 0x7C00, "MODE 0x300");
  }
}

TEST(SpecVectors, F16ModifierTable) {  // spec 5.1, captured modifier results
  struct M {
    std::uint8_t neg, neg_hi;
    std::uint32_t d;
  };
  const std::vector<M> ms = {{0, 0, 0x5530}, {1, 0, 0x5060}, {2, 0, 0x5060}, {3, 0, 0x5530},
                             {4, 0, 0x55D0}, {0, 1, 0xD1A0}, {0, 4, 0x55D0}, {4, 4, 0x5530}};
  Bits a(16), b(16);
  for (int k = 0; k < 16; ++k) a[k] = k % 2 ? 0x4000 : 0x3C00, b[k] = k % 2 ? 0x4400 : 0x4200;
  for (int wave : {32, 64})
    for (const M& m : ms) {
      Modifiers mods;
      mods.neg = m.neg;
      mods.neg_hi = m.neg_hi;
      expect_uniform(run_broadcast(*find_mnemonic("v_wmma_f16_16x16x16_f16", wave), a, b, 0xC500, mods), m.d,
                     "neg " + std::to_string(m.neg) + " neg_hi " + std::to_string(m.neg_hi));
    }
}

TEST(SpecVectors, InlineConstants) {  // spec 5.5
  EXPECT_EQ(inline_constant_bits(248, Format::f16), 0x3118u);
  EXPECT_EQ(inline_constant_bits(248, Format::bf16), 0x3E22u);
  EXPECT_EQ(inline_constant_bits(248, Format::f32), 0x3E22F983u);
  EXPECT_EQ(inline_constant_bits(129, Format::f32), 0x00000001u);  // the f32 subnormal 2^-149
  EXPECT_EQ(inline_constant_bits(129, Format::f16), 0x0001u);
  EXPECT_EQ(inline_constant_bits(193, Format::f16), 0xFFFFu);
  EXPECT_EQ(inline_constant_bits(208, Format::i32), 0xFFFFFFF0u);  // -16
  EXPECT_EQ(inline_constant_bits(242, Format::i32), 0x3F800000u);
  EXPECT_EQ(inline_constant_bits(247, Format::f16), 0xC400u);
  EXPECT_EQ(inline_constant_bits(192, Format::bf16), 0x0040u);
  EXPECT_THROW(inline_constant_bits(100, Format::f32), UserError);
  EXPECT_THROW(inline_constant_bits(239, Format::f16), UserError);
}

Bits run_int(const Instruction& ins, std::uint32_t a_val, std::uint32_t b_val, std::uint32_t c, Modifiers mods) {
  return run_broadcast(ins, Bits(ins.k, a_val), Bits(ins.k, b_val), c, mods);
}

TEST(SpecVectors, IntegerWrapAndClamp) {  // spec 6
  for (int wave : {32, 64}) {
    const Instruction& iu8 = *find_mnemonic("v_wmma_i32_16x16x16_iu8", wave);
    Modifiers plain, clamp, signed_ab, signed_clamp;
    clamp.clamp = true;
    signed_ab.neg = 3;
    signed_clamp.neg = 3;
    signed_clamp.clamp = true;
    expect_uniform(run_int(iu8, 1, 1, 0x7FFFFFFF, plain), 0x8000000F, "INT_MAX + 16 wraps");
    expect_uniform(run_int(iu8, 1, 1, 0x7FFFFFFF, clamp), 0x7FFFFFFF, "INT_MAX + 16 clamps");
    expect_uniform(run_int(iu8, 0xFF, 1, 0x80000000, signed_ab), 0x7FFFFFF0, "INT_MIN - 16 wraps");
    expect_uniform(run_int(iu8, 0xFF, 1, 0x80000000, signed_clamp), 0x80000000, "INT_MIN - 16 clamps");
    expect_uniform(run_int(iu8, 0xFF, 0xFF, 0, plain), 1040400, "16 * 255 * 255 unsigned");
    Modifiers a_signed;
    a_signed.neg = 1;
    expect_uniform(run_int(iu8, 0xFF, 0xFF, 0, a_signed), static_cast<std::uint32_t>(-16 * 255), "signed A, unsigned B");
    for (const char* m : {"v_wmma_i32_16x16x16_iu4", "v_wmma_i32_16x16x32_iu4"}) {
      const Instruction& iu4 = *find_mnemonic(m, wave);
      expect_uniform(run_int(iu4, 0x8, 0x8, 0, signed_ab), 64u * iu4.k, "iu4 -8 * -8");
      expect_uniform(run_int(iu4, 0x8, 0x8, 0, plain), 64u * iu4.k, "iu4 8 * 8");
      expect_uniform(run_int(iu4, 0x8, 0x1, 0, a_signed), static_cast<std::uint32_t>(-8 * iu4.k), "iu4 -8 * 1");
    }
  }
}

TEST(SpecVectors, SwmmacSelectsTheIndexedRows) {  // spec 8.1
  for (int wave : {32, 64}) {
    const Instruction& ins = *find_mnemonic("v_swmmac_i32_16x16x32_iu8", wave);
    // B row k holds k + 1 in every column; A keeps slot s of group G = 1. Index picks rows 4G+1 and 4G+3.
    Bits a(16 * 16, 1), b(32 * 16), d(256, 1000);
    for (int k = 0; k < 32; ++k)
      for (int j = 0; j < 16; ++j) b[k * 16 + j] = static_cast<std::uint32_t>(k + 1);
    std::vector<std::uint8_t> index(16 * 8, 1 | 3 << 2);
    compute_d(ins, a.data(), b.data(), nullptr, index.data(), {}, default_model(ins), d.data());
    int want = 1000;  // d_in is the accumulator
    for (int g = 0; g < 8; ++g) want += (4 * g + 2) + (4 * g + 4);
    expect_uniform(d, static_cast<std::uint32_t>(want), "selected rows");
  }
}

TEST(Api, ModelsAndDefaults) {
  for (const Instruction& ins : kInstructions) {
    if (ins.family == Family::load_tr) {
      EXPECT_THROW(default_model(ins), UserError);
      EXPECT_TRUE(models_for(ins).empty());
      continue;
    }
    const Model& m = default_model(ins);
    std::string want;
    if (ins.integer_inputs()) want = "exact-int";
    else if (ins.arch == Arch::rdna3) want = "gfx11-dot2";
    else if (ins.a == Format::fp8 || ins.a == Format::bf8) want = "fp8-dot8-quads-hypothesis";  // spec 7.5, 8.2
    else if (ins.family == Family::swmmac) want = "swmmac-dot4-hypothesis";
    else want = "gfx12-dot4";
    EXPECT_EQ(m.name, want) << ins.name;
    EXPECT_NO_THROW(check_model_applies(m, ins));
    // A probe calibration keeps the first surviving model in inventory order (docs/hw.md): on RDNA4,
    // where every builtin is probed, that is the default.
    if (ins.arch == Arch::rdna4) {
      EXPECT_EQ(models_for(ins).front(), &m) << ins.name;
    }
    if (!m.hardware_qualified && m.kind != ModelKind::gfx11_dot2) {
      EXPECT_NE(m.name.find("hypothesis"), std::string_view::npos) << m.name;
    }
  }
  EXPECT_EQ(find_model("no-such-model"), nullptr);
  ASSERT_NE(find_model("fp8-dot8-hypothesis"), nullptr);
  EXPECT_THROW(check_model_applies(*find_model("gfx12-dot4"), *find_builtin("wmma_i32_16x16x16_iu8_w32_gfx12")), UserError);
  EXPECT_THROW(check_model_applies(*find_model("gfx11-dot2"), *find_builtin("wmma_f32_16x16x16_f16_w32_gfx12")), UserError);
}

TEST(Api, ModifierChecks) {
  const Instruction& fp8 = *find_builtin("wmma_f32_16x16x16_fp8_fp8_w32_gfx12");
  const Instruction& iu8 = *find_builtin("wmma_i32_16x16x16_iu8_w32_gfx12");
  const Instruction& f16 = *find_builtin("wmma_f32_16x16x16_f16_w32_gfx12");
  const Instruction& sw = *find_builtin("swmmac_f32_16x16x32_f16_w64");
  Modifiers m;
  m.neg = 1;
  EXPECT_THROW(check_modifiers(fp8, m), UserError);  // spec 5.4: no A/B NEG on FP8
  EXPECT_NO_THROW(check_modifiers(iu8, m));
  m = {};
  m.neg = 4;
  EXPECT_NO_THROW(check_modifiers(fp8, m));
  EXPECT_THROW(check_modifiers(iu8, m), UserError);
  EXPECT_THROW(check_modifiers(sw, m), UserError);  // SWMMAC has no C
  m = {};
  m.clamp = true;
  EXPECT_THROW(check_modifiers(f16, m), UserError);
  EXPECT_NO_THROW(check_modifiers(iu8, m));
  m = {};
  m.index_key = 3;
  EXPECT_NO_THROW(check_modifiers(sw, m));
  m.index_key = 4;
  EXPECT_THROW(check_modifiers(sw, m), UserError);
  EXPECT_THROW(check_modifiers(f16, m), UserError);
  m = {};
  m.neg_hi = 8;
  EXPECT_THROW(check_modifiers(f16, m), UserError);
  // The FP8 C NEG/ABS result carries the unverified tag (spec 5.4).
  Modifiers c_neg;
  c_neg.neg_hi = 4;
  bool tagged = false;
  for (const auto& s : result_caveats(fp8, c_neg, default_model(fp8))) tagged |= s.find("5.4") != std::string::npos;
  EXPECT_TRUE(tagged);
}

// The library applies NEG to even and NEG_HI to odd K (SWMMAC A: slots); that must be where the
// operand layouts put bits [15:0] and [31:16].
TEST(Api, NegHalvesAgreeWithLayouts) {
  for (const Instruction& ins : kInstructions) {
    if (ins.family == Family::load_tr || format_bits(ins.a) != 16) continue;
    for (Operand op : {Operand::a, Operand::b}) {
      const LinearLayout l = operand_layout(ins, op);
      for (int r = 0; r < l.rows(); ++r)
        for (int c = 0; c < l.cols(); ++c) {
          const int k = op == Operand::a ? c : r;
          EXPECT_EQ(l.first_place(Element{r, c}).bit_lo >= 16, k % 2 == 1) << ins.name << " " << operand_name(op);
        }
    }
  }
}

// Spec 3.2: the wave32 register-slot steps are lane i {v0, v1}, lane i+16 {v0, v1}, lane i {v2, v3},
// lane i+16 {v2, v3}; in ISA K labels they must be K 4s..4s+3, which is what the library uses.
TEST(Api, StepOrderIsTheRegisterSlotOrder) {
  const Instruction& ins = *find_mnemonic("v_wmma_f32_16x16x16_f16", 32);
  const LinearLayout l = operand_layout(ins, Operand::a);
  for (int s = 0; s < 4; ++s)
    for (int v = 0; v < 2; ++v)
      for (int bit : {0, 16}) {
        Element e;
        ASSERT_TRUE(l.element_at(16 * (s & 1), 2 * (s >> 1) + v, bit, e));
        EXPECT_EQ(e.col / 4, s);
      }
}

TEST(Api, OutputMayAliasC) {
  const Instruction& ins = *find_builtin("wmma_f32_16x16x16_f16_w32_gfx12");
  Bits a(256), b(256), c(256);
  for (int e = 0; e < 256; ++e) a[e] = 0x3C00 + e, b[e] = 0x4000 - e, c[e] = 0x3F800000u + 977u * e;
  Bits separate(256), aliased = c;
  compute_d(ins, a.data(), b.data(), c.data(), nullptr, {}, default_model(ins), separate.data());
  compute_d(ins, a.data(), b.data(), aliased.data(), nullptr, {}, default_model(ins), aliased.data());
  EXPECT_EQ(separate, aliased);
}

// ---- summation order (the explanation the layout explorer shows), as the spec writes it ----------

using Steps = std::vector<std::vector<int>>;

Steps runs(std::initializer_list<int> starts, int length) {
  Steps s;
  for (int start : starts) {
    s.emplace_back();
    for (int p = 0; p < length; ++p) s.back().push_back(start + p);
  }
  return s;
}

TEST(SummationOrder, FollowsTheSpecStepOrders) {
  const Instruction& f16 = *find_builtin("wmma_f32_16x16x16_f16_w32_gfx12");
  const SummationOrder dot4 = summation_order(f16, default_model(f16));  // spec 3.2: K 4s..4s+3, pairs
  EXPECT_EQ(dot4.steps, runs({0, 4, 8, 12}, 4));
  EXPECT_EQ(dot4.group_size, 2);
  const Instruction& fp8 = *find_builtin("wmma_f32_16x16x16_fp8_bf8_w64_gfx12");
  const SummationOrder quads = summation_order(fp8, default_model(fp8));  // spec 7.5: K 0-7, 8-15, quads
  EXPECT_EQ(quads.steps, runs({0, 8}, 8));
  EXPECT_EQ(quads.group_size, 4);
  const SummationOrder a = summation_order(fp8, *find_model("fp8-dot4-hypothesis"));  // spec 7.3 (a)
  EXPECT_EQ(a.steps, runs({0, 8, 4, 12}, 4));
  EXPECT_EQ(a.group_size, 4);
  EXPECT_EQ(summation_order(fp8, *find_model("fp8-dot4-isa-order-hypothesis")).steps, runs({0, 4, 8, 12}, 4));
  EXPECT_EQ(summation_order(fp8, *find_model("fp8-dot8-hypothesis")).steps, runs({0, 8}, 8));
  const Instruction& rdna3 = *find_builtin("wmma_f16_16x16x16_f16_w64");
  const SummationOrder dot2 = summation_order(rdna3, default_model(rdna3));  // spec 11: pairs (0,1), (2,3), ...
  EXPECT_EQ(dot2.steps, runs({0, 2, 4, 6, 8, 10, 12, 14}, 2));
  const Instruction& sparse = *find_builtin("swmmac_f32_16x16x32_bf16_w32");  // spec 8.2: stored slots 4s..4s+3
  EXPECT_EQ(summation_order(sparse, default_model(sparse)).steps, runs({0, 4, 8, 12}, 4));
  const Instruction& sparse8 = *find_builtin("swmmac_f32_16x16x32_fp8_fp8_w32");  // 7.5 over stored slots
  EXPECT_EQ(summation_order(sparse8, default_model(sparse8)).steps, runs({0, 8}, 8));
  EXPECT_EQ(summation_order(sparse8, *find_model("swmmac-dot4-hypothesis")).steps, runs({0, 8, 4, 12}, 4));  // 8.2
  const Instruction& iu8 = *find_builtin("wmma_i32_16x16x16_iu8_w32_gfx12");  // spec 6: one exact sum
  EXPECT_TRUE(summation_order(iu8, default_model(iu8)).steps.empty());
  EXPECT_EQ(summation_order(f16, *find_model("fp32-fma-chain")).steps.size(), 16u);
  EXPECT_THROW(summation_order(iu8, *find_model("gfx12-dot4")), UserError);
}

}  // namespace
}  // namespace wmmasim
