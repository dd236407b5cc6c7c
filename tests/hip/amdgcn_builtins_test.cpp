// The per-lane __builtin_amdgcn_* builtins (integer, float, dot, fp8 conversion, atomics) against
// values worked out by hand from the RDNA4 ISA guide's pseudocode, exact integer arithmetic, and the
// gfx1201 V_DOT2 hardware captures (tests/data/fixtures). Compiled as a gfx12 wave32 program;
// amdgcn_gfx11_builtins_test.cpp replays the gfx1100 captures. The cross-lane builtins are wave
// collectives and are tested by whole programs (tests/hip/programs/builtins_*.hip).
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <limits>
#include <string>

#include <nlohmann/json.hpp>

#include "hip/hip_fp8.h"
#include "wmmasim/hip/detail/amdgcn_atomics.hpp"
#include "wmmasim/hip/detail/amdgcn_dot.hpp"
#include "wmmasim/hip/detail/amdgcn_float_ops.hpp"
#include "wmmasim/hip/detail/amdgcn_integer_ops.hpp"

namespace {

typedef _Float16 half2 __attribute__((ext_vector_type(2)));
typedef short short2 __attribute__((ext_vector_type(2)));

template <class T> std::uint32_t bits32(T v) { return std::bit_cast<std::uint32_t>(v); }
float f32(std::uint32_t b) { return std::bit_cast<float>(b); }
_Float16 f16(std::uint16_t b) { return std::bit_cast<_Float16>(b); }
std::uint16_t bits16(_Float16 h) { return std::bit_cast<std::uint16_t>(h); }

TEST(AmdgcnIntegerBuiltins, PermSelectsBytesOfTheSourcePair) {
  // Selectors 0-3 pick bytes of src1, 4-7 of src0.
  EXPECT_EQ(__builtin_amdgcn_perm(0x11223344u, 0x55667788u, 0x07060504u), 0x11223344u);
  EXPECT_EQ(__builtin_amdgcn_perm(0x11223344u, 0x55667788u, 0x00010203u), 0x88776655u);
  // rocWMMA's blend of the low halves: bytes b0 b1 a0 a1.
  EXPECT_EQ(__builtin_amdgcn_perm(0xAABBCCDDu, 0x11223344u, 0x05040100u), 0xCCDD3344u);
  // 12 gives 0x00, 13 and above 0xFF.
  EXPECT_EQ(__builtin_amdgcn_perm(0x11223344u, 0x55667788u, 0x0C0C0C0Cu), 0x00000000u);
  EXPECT_EQ(__builtin_amdgcn_perm(0x11223344u, 0x55667788u, 0x0D0E0F10u), 0xFFFFFFFFu);
  EXPECT_EQ(__builtin_amdgcn_perm(0x11223344u, 0x55667788u, 0xFF0D0C04u), 0xFFFF0044u);
  // 8-11 replicate the sign bit of bytes 1, 3, 5, 7 of {src0, src1}.
  EXPECT_EQ(__builtin_amdgcn_perm(0x80000000u, 0x00008000u, 0x0B0A0908u), 0xFF0000FFu);
  EXPECT_EQ(__builtin_amdgcn_perm(0x00008000u, 0x80000000u, 0x0B0A0908u), 0x00FFFF00u);
}

TEST(AmdgcnIntegerBuiltins, AlignAndBitFields) {
  EXPECT_EQ(__builtin_amdgcn_alignbit(0x12345678u, 0x9ABCDEF0u, 8), 0x789ABCDEu);
  EXPECT_EQ(__builtin_amdgcn_alignbit(0x12345678u, 0x9ABCDEF0u, 40), 0x789ABCDEu);  // only S2[4:0]
  EXPECT_EQ(__builtin_amdgcn_alignbit(0x12345678u, 0x9ABCDEF0u, 0), 0x9ABCDEF0u);
  EXPECT_EQ(__builtin_amdgcn_alignbyte(0x12345678u, 0x9ABCDEF0u, 3), 0x3456789Au);
  EXPECT_EQ(__builtin_amdgcn_alignbyte(0x12345678u, 0x9ABCDEF0u, 7), 0x3456789Au);  // only S2[1:0]
  EXPECT_EQ(__builtin_amdgcn_ubfe(0xF0F0F0F0u, 4, 8), 0x0Fu);
  EXPECT_EQ(__builtin_amdgcn_ubfe(0xF0F0F0F0u, 36, 40), 0x0Fu);  // offset and width mod 32
  EXPECT_EQ(__builtin_amdgcn_ubfe(0xF0F0F0F0u, 4, 0), 0u);
  EXPECT_EQ(__builtin_amdgcn_sbfe(0x000000F0u, 4, 4), 0xFFFFFFFFu);  // field 0xF sign-extended: -1
  EXPECT_EQ(__builtin_amdgcn_sbfe(0x00000070u, 4, 4), 0x7u);
  EXPECT_EQ(__builtin_amdgcn_sbfe(0x80000000u, 28, 4), 0xFFFFFFF8u);
  EXPECT_EQ(__builtin_amdgcn_sbfe(0xFFFFFFFFu, 3, 0), 0u);
}

TEST(AmdgcnIntegerBuiltins, ByteAveragesAndSumsOfAbsoluteDifferences) {
  // Per byte (a + b + rounding bit) >> 1: (2+4+1)/2 = 3, (1+3+0)/2 = 2, (255+255)/2 = 255, 0.
  EXPECT_EQ(__builtin_amdgcn_lerp(0x00FF0102u, 0x00FF0304u, 0x00000001u), 0x00FF0203u);
  EXPECT_EQ(__builtin_amdgcn_sad_u8(0x01020304u, 0x04030201u, 10), 18u);  // 3+1+1+3 + 10
  EXPECT_EQ(__builtin_amdgcn_sad_hi_u8(0x01020304u, 0x04030201u, 5), (8u << 16) + 5);
  EXPECT_EQ(__builtin_amdgcn_sad_u16(0x00010005u, 0x00030002u, 1), 6u);  // 3 + 2 + 1
  // Reference bytes of 0 are masked out: 3 + 1 + (masked) + 3.
  EXPECT_EQ(__builtin_amdgcn_msad_u8(0x01020304u, 0x04000201u, 0), 7u);
  // Four byte-aligned windows of src0 against the reference: 0, 4, 8 and 12, each with its 16-bit lane.
  const unsigned long s0 = 0x0807060504030201ul;
  EXPECT_EQ(__builtin_amdgcn_qsad_pk_u16_u8(s0, 0x04030201u, 0), 12ul << 48 | 8ul << 32 | 4ul << 16);
  EXPECT_EQ(__builtin_amdgcn_qsad_pk_u16_u8(s0, 0x04030201u, 0xFFFF000100020003ul), 0x000B000900060003ul);
  EXPECT_EQ(__builtin_amdgcn_mqsad_pk_u16_u8(s0, 0x04000201u, 0), 9ul << 48 | 6ul << 32 | 3ul << 16 | 0ul);
  const auto q = __builtin_amdgcn_mqsad_u32_u8(s0, 0x04000201u, wmmasim::hip::detail::amdgcn::vec<unsigned, 4>{1, 2, 3, 0xFFFFFFF0u});
  EXPECT_EQ(q[0], 1u);
  EXPECT_EQ(q[1], 5u);
  EXPECT_EQ(q[2], 9u);
  EXPECT_EQ(q[3], 0xFFFFFFF0u + 9u);  // 32-bit lanes do not truncate the sum at 16 bits
}

TEST(AmdgcnDotBuiltins, IntegerDotsAreExactAndClampSaturates) {
  EXPECT_EQ(__builtin_amdgcn_udot4(0x01020304u, 0x05060708u, 10, false), 80u);  // 1*5+2*6+3*7+4*8 + 10
  EXPECT_EQ(__builtin_amdgcn_udot4(0xFFFFFFFFu, 0xFFFFFFFFu, 0xFFFFFFFFu, true), 0xFFFFFFFFu);
  EXPECT_EQ(__builtin_amdgcn_udot4(0xFFFFFFFFu, 0xFFFFFFFFu, 0xFFFFFFFFu, false), 260099u);  // 4*255^2 - 1
  EXPECT_EQ(__builtin_amdgcn_udot8(0x11111111u, 0x22222222u, 0, false), 16u);
  EXPECT_EQ(__builtin_amdgcn_udot8(0xFFFFFFFFu, 0xFFFFFFFFu, 0xFFFFFFFFu, true), 0xFFFFFFFFu);
  EXPECT_EQ(__builtin_amdgcn_sudot4(true, 0xFF, false, 0xFF, 0, false), -255);  // -1 * 255
  EXPECT_EQ(__builtin_amdgcn_sudot4(false, 0xFF, false, 0xFF, 0, false), 65025);
  EXPECT_EQ(__builtin_amdgcn_sudot4(true, static_cast<int>(0x80808080u), true, static_cast<int>(0x80808080u), 0, false), 65536);
  EXPECT_EQ(__builtin_amdgcn_sudot4(true, 0x7F7F7F7F, true, 0x7F7F7F7F, INT32_MAX, true), INT32_MAX);
  EXPECT_EQ(__builtin_amdgcn_sudot4(true, 0x7F7F7F7F, true, 0x7F7F7F7F, INT32_MAX, false), INT32_MIN + 64515);
  EXPECT_EQ(__builtin_amdgcn_sudot4(true, static_cast<int>(0x80808080u), false, 0x7F7F7F7F, INT32_MIN, true), INT32_MIN);
  EXPECT_EQ(__builtin_amdgcn_sudot8(true, -1, false, 0x11111111, 0, false), -8);  // eight -1 * 1
  EXPECT_EQ(__builtin_amdgcn_sudot8(true, -1, true, -1, 5, false), 13);
}

// The gfx1201 V_DOT2_F32_F16 / _BF16 captures with default modifiers, through the builtins.
TEST(AmdgcnDotBuiltins, Fdot2ReproducesTheGfx1201Captures) {
  std::ifstream in(std::string(WMMASIM_TEST_DATA) + "/fixtures/gfx1201_dot2.jsonl");
  ASSERT_TRUE(in) << "no gfx1201_dot2.jsonl";
  int replayed = 0;
  for (std::string line; std::getline(in, line);) {
    const auto r = nlohmann::json::parse(line);
    const auto& m = r.at("modifiers");
    if (m.at("neg") != nlohmann::json::array({0, 0, 0}) || m.at("neg_hi") != nlohmann::json::array({0, 0, 0}) ||
        m.at("opsel") != nlohmann::json::array({0, 0, 0}) || m.at("clamp") != 0)
      continue;
    const auto word = [&](const char* k) { return static_cast<std::uint32_t>(std::stoul(r.at(k).get<std::string>(), nullptr, 16)); };
    const std::uint32_t a = word("src0"), b = word("src1"), c = word("src2"), d = word("d");
    const bool bf16 = r.at("types").at("a") == "bf16";
    const float got = bf16 ? __builtin_amdgcn_fdot2_f32_bf16(std::bit_cast<short2>(a), std::bit_cast<short2>(b), f32(c), false)
                           : __builtin_amdgcn_fdot2(std::bit_cast<half2>(a), std::bit_cast<half2>(b), f32(c), false);
    EXPECT_EQ(bits32(got), d) << r.at("id");
    ++replayed;
  }
  EXPECT_EQ(replayed, 121);
}

TEST(AmdgcnDotBuiltins, Fdot2ClampsToTheUnitInterval) {
  const half2 one = {1.0f16, 1.0f16}, minus = {-1.0f16, -1.0f16}, quarter = {0.25f16, 0.25f16};
  EXPECT_EQ(__builtin_amdgcn_fdot2(one, one, 0.0f, true), 1.0f);      // 2 clamps to 1
  EXPECT_EQ(__builtin_amdgcn_fdot2(one, minus, 0.0f, true), 0.0f);    // -2 clamps to 0
  EXPECT_EQ(__builtin_amdgcn_fdot2(one, quarter, 0.0f, true), 0.5f);  // inside: unchanged
  EXPECT_EQ(__builtin_amdgcn_fdot2(one, one, 0.0f, false), 2.0f);
  EXPECT_EQ(bits32(__builtin_amdgcn_fdot2(one, one, std::numeric_limits<float>::quiet_NaN(), true)), 0u);
}

TEST(AmdgcnDotBuiltins, Dot4Fp8SumsFourExactProducts) {
  // fp8 (E4M3) 1.0 = 0x38, 2.0 = 0x40; bf8 (E5M2) 1.0 = 0x3C, 2.0 = 0x40, 0.5 = 0x38.
  EXPECT_EQ(__builtin_amdgcn_dot4_f32_fp8_fp8(0x38383838u, 0x40404040u, 0.5f), 8.5f);
  EXPECT_EQ(__builtin_amdgcn_dot4_f32_bf8_bf8(0x3C3C3C3Cu, 0x38404040u, 0.0f), 6.5f);
  EXPECT_EQ(__builtin_amdgcn_dot4_f32_fp8_bf8(0x00000038u, 0x0000003Cu, 1.0f), 2.0f);
  EXPECT_EQ(__builtin_amdgcn_dot4_f32_bf8_fp8(0xBC000000u, 0x40000000u, 0.0f), -2.0f);
  // A NaN factor gives the factor-NaN code (spec numerics.md 7.2): E4M3 NaN is 0x7F.
  EXPECT_EQ(bits32(__builtin_amdgcn_dot4_f32_fp8_fp8(0x0000007Fu, 0x00000038u, 0.0f)), 0xFFC00A3Du);
  // inf * 0 in bf8 (0x7C is +inf) is invalid: also the factor-NaN code for the 8-bit DOT4.
  EXPECT_EQ(bits32(__builtin_amdgcn_dot4_f32_bf8_bf8(0x0000007Cu, 0x00000000u, 0.0f)), 0xFFC00A3Du);
}

TEST(AmdgcnFp8Builtins, WideningSelectsBytes) {
  const int src = static_cast<int>(0x7FB84038u);  // bytes: 1.0, 2.0, -1.0, NaN (E4M3)
  EXPECT_EQ(__builtin_amdgcn_cvt_f32_fp8(src, 0), 1.0f);
  EXPECT_EQ(__builtin_amdgcn_cvt_f32_fp8(src, 1), 2.0f);
  EXPECT_EQ(__builtin_amdgcn_cvt_f32_fp8(src, 2), -1.0f);
  EXPECT_TRUE(std::isnan(__builtin_amdgcn_cvt_f32_fp8(src, 3)));
  // E5M2: 0x3C = 1.0, 0x7C = +inf, 0x01 = 2^-16 (smallest subnormal), 0x84 = -2^-14.
  const int b = static_cast<int>(0x84017C3Cu);
  EXPECT_EQ(__builtin_amdgcn_cvt_f32_bf8(b, 0), 1.0f);
  EXPECT_EQ(__builtin_amdgcn_cvt_f32_bf8(b, 1), std::numeric_limits<float>::infinity());
  EXPECT_EQ(__builtin_amdgcn_cvt_f32_bf8(b, 2), std::ldexp(1.0f, -16));
  EXPECT_EQ(__builtin_amdgcn_cvt_f32_bf8(b, 3), -std::ldexp(1.0f, -14));
  const auto lo = __builtin_amdgcn_cvt_pk_f32_fp8(src, false), hi = __builtin_amdgcn_cvt_pk_f32_fp8(src, true);
  EXPECT_EQ(lo[0], 1.0f);
  EXPECT_EQ(lo[1], 2.0f);
  EXPECT_EQ(hi[0], -1.0f);
  EXPECT_TRUE(std::isnan(hi[1]));
  const auto bhi = __builtin_amdgcn_cvt_pk_f32_bf8(b, true);
  EXPECT_EQ(bhi[0], std::ldexp(1.0f, -16));
  EXPECT_EQ(bhi[1], -std::ldexp(1.0f, -14));
}

TEST(AmdgcnFp8Builtins, NarrowingRoundsToNearestEvenAndKeepsTheOtherHalf) {
  const int old = 0x12345678;
  EXPECT_EQ(static_cast<unsigned>(__builtin_amdgcn_cvt_pk_fp8_f32(1.0f, -2.0f, old, false)), 0x1234C038u);
  EXPECT_EQ(static_cast<unsigned>(__builtin_amdgcn_cvt_pk_fp8_f32(1.0f, -2.0f, old, true)), 0xC0385678u);
  // 1.0625 lies halfway between 1.0 (0x38) and 1.125 (0x39): even is 0x38; 1.1875 between 0x39 and
  // 0x3A: even is 0x3A.
  EXPECT_EQ(__builtin_amdgcn_cvt_pk_fp8_f32(1.0625f, 1.1875f, 0, false) & 0xFFFF, 0x3A38);
  // Past the largest E4M3 (448) the default MODE gives NaN; E5M2 overflows to infinity.
  EXPECT_EQ(__builtin_amdgcn_cvt_pk_fp8_f32(1000.0f, -1000.0f, 0, false) & 0xFFFF, 0xFF7F);
  EXPECT_EQ(__builtin_amdgcn_cvt_pk_bf8_f32(1.0e6f, 1.0f, 0, false) & 0xFFFF, 0x3C7C);
  // Stochastic rounding: random bits below the kept ones decide the direction (S1[31:12] added).
  EXPECT_EQ(static_cast<unsigned>(__builtin_amdgcn_cvt_sr_fp8_f32(1.1875f, 0, old, 0)), 0x12345639u);
  EXPECT_EQ(static_cast<unsigned>(__builtin_amdgcn_cvt_sr_fp8_f32(1.1875f, static_cast<int>(0xFFFFF000u), old, 2)),
            0x123A5678u);
  EXPECT_EQ(static_cast<unsigned>(__builtin_amdgcn_cvt_sr_bf8_f32(1.0f, 0, 0, 3)), 0x3C000000u);
}

// hip_fp8.h models the same gfx12 instructions for device code, separately (its own rounding code):
// the two must agree on every fp8 code and on a spread of 4.3 million floats (every 997th bit pattern,
// NaNs, infinities, subnormals and overflow included).
TEST(AmdgcnFp8Builtins, AgreeWithHipFp8sDeviceRules) {
  using wmmasim::hip::detail::fp8_from_float_hardware;
  using wmmasim::hip::detail::fp8_to_float_hardware;
  for (int code = 0; code < 256; ++code) {
    const float e4m3 = __builtin_amdgcn_cvt_f32_fp8(code, 0), e5m2 = __builtin_amdgcn_cvt_f32_bf8(code, 0);
    const float h4 = fp8_to_float_hardware(static_cast<std::uint8_t>(code), __HIP_E4M3);
    const float h5 = fp8_to_float_hardware(static_cast<std::uint8_t>(code), __HIP_E5M2);
    EXPECT_TRUE(bits32(e4m3) == bits32(h4) || (std::isnan(e4m3) && std::isnan(h4))) << code;
    EXPECT_TRUE(bits32(e5m2) == bits32(h5) || (std::isnan(e5m2) && std::isnan(h5))) << code;
  }
  long differences = 0;
  for (std::uint64_t i = 0; i < (std::uint64_t{1} << 32); i += 997) {
    const float x = f32(static_cast<std::uint32_t>(i));
    differences += (__builtin_amdgcn_cvt_pk_fp8_f32(x, 0.0f, 0, false) & 0xFF) != fp8_from_float_hardware(x, __HIP_E4M3, false);
    differences += (__builtin_amdgcn_cvt_pk_bf8_f32(x, 0.0f, 0, false) & 0xFF) != fp8_from_float_hardware(x, __HIP_E5M2, false);
  }
  EXPECT_EQ(differences, 0);
}

TEST(AmdgcnFloatBuiltins, ClassBits) {
  const float qnan = std::numeric_limits<float>::quiet_NaN(), snan = f32(0x7F800001u);
  EXPECT_TRUE(__builtin_amdgcn_classf(snan, 1 << 0));
  EXPECT_FALSE(__builtin_amdgcn_classf(snan, 1 << 1));
  EXPECT_TRUE(__builtin_amdgcn_classf(qnan, 1 << 1));
  EXPECT_TRUE(__builtin_amdgcn_classf(-std::numeric_limits<float>::infinity(), 1 << 2));
  EXPECT_TRUE(__builtin_amdgcn_classf(-1.0f, 1 << 3));
  EXPECT_TRUE(__builtin_amdgcn_classf(-1e-40f, 1 << 4));
  EXPECT_TRUE(__builtin_amdgcn_classf(-0.0f, 1 << 5));
  EXPECT_FALSE(__builtin_amdgcn_classf(-0.0f, 1 << 6));
  EXPECT_TRUE(__builtin_amdgcn_classf(0.0f, 1 << 6));
  EXPECT_TRUE(__builtin_amdgcn_classf(1e-40f, 1 << 7));
  EXPECT_TRUE(__builtin_amdgcn_classf(2.0f, 1 << 8));
  EXPECT_TRUE(__builtin_amdgcn_classf(std::numeric_limits<float>::infinity(), 1 << 9));
  EXPECT_TRUE(__builtin_amdgcn_class(5e-324, 1 << 7));
  EXPECT_TRUE(__builtin_amdgcn_classh(f16(0x8001), 1 << 4));  // negative subnormal half
  EXPECT_TRUE(__builtin_amdgcn_classh(f16(0x7E00), 1 << 1));  // quiet NaN half
}

TEST(AmdgcnFloatBuiltins, FrexpLdexpFract) {
  EXPECT_EQ(__builtin_amdgcn_frexp_mantf(8.0f), 0.5f);
  EXPECT_EQ(__builtin_amdgcn_frexp_expf(8.0f), 4);
  EXPECT_EQ(__builtin_amdgcn_frexp_mantf(-3.0f), -0.75f);
  EXPECT_EQ(__builtin_amdgcn_frexp_mantf(std::ldexp(1.0f, -140)), 0.5f);  // subnormal, normalised
  EXPECT_EQ(__builtin_amdgcn_frexp_expf(std::ldexp(1.0f, -140)), -139);
  EXPECT_EQ(__builtin_amdgcn_frexp_expf(std::numeric_limits<float>::infinity()), 0);
  EXPECT_EQ(__builtin_amdgcn_frexp_mantf(std::numeric_limits<float>::infinity()), std::numeric_limits<float>::infinity());
  EXPECT_EQ(__builtin_amdgcn_frexp_exp(0.0), 0);
  EXPECT_EQ(__builtin_amdgcn_frexp_exph(f16(0x0001)), -23);  // 2^-24 = 0.5 * 2^-23
  EXPECT_EQ(bits16(__builtin_amdgcn_frexp_manth(f16(0x4500))), 0x3900u);  // 5 = 0.625 * 2^3
  // 1.5 * 2^-149 lies halfway between 2^-149 and 2^-148: even is 2^-148.
  EXPECT_EQ(__builtin_amdgcn_ldexpf(1.5f, -149), std::ldexp(1.0f, -148));
  EXPECT_EQ(__builtin_amdgcn_ldexpf(1.0f, 128), std::numeric_limits<float>::infinity());
  EXPECT_EQ(__builtin_amdgcn_ldexp(1.5, -1074), std::ldexp(1.0, -1073));  // 1.5 units halfway: even is 2
  EXPECT_EQ(bits16(__builtin_amdgcn_ldexph(f16(0x3C00), -25)), 0x0000u);  // half of 2^-24: even is 0
  EXPECT_EQ(bits16(__builtin_amdgcn_ldexph(f16(0x3E00), -25)), 0x0001u);  // 0.75 * 2^-24 rounds up
  EXPECT_EQ(bits16(__builtin_amdgcn_ldexph(f16(0x3C00), 1000)), 0x7C00u);
  EXPECT_EQ(__builtin_amdgcn_fractf(2.75f), 0.75f);
  EXPECT_EQ(__builtin_amdgcn_fractf(-0.25f), 0.75f);
  EXPECT_EQ(bits32(__builtin_amdgcn_fractf(-1e-30f)), 0x3F7FFFFFu);  // the largest float below 1
  EXPECT_TRUE(std::isnan(__builtin_amdgcn_fractf(std::numeric_limits<float>::infinity())));
  EXPECT_EQ(__builtin_amdgcn_fract(-1e-300), std::nextafter(1.0, 0.0));
  EXPECT_EQ(bits16(__builtin_amdgcn_fracth(f16(0x4100))), 0x3800u);  // 2.5 -> 0.5
  EXPECT_EQ(bits16(__builtin_amdgcn_fracth(f16(0x8001))), 0x3BFFu);  // -2^-24 -> the largest half below 1
}

TEST(AmdgcnFloatBuiltins, Med3CubeAndPackRtz) {
  EXPECT_EQ(__builtin_amdgcn_fmed3f(1.0f, 3.0f, 2.0f), 2.0f);
  EXPECT_EQ(__builtin_amdgcn_fmed3f(5.0f, -1.0f, 3.0f), 3.0f);
  EXPECT_EQ(__builtin_amdgcn_fmed3f(std::nanf(""), 1.0f, 5.0f), 1.0f);  // a NaN operand: min of the rest
  EXPECT_EQ(__builtin_amdgcn_fmed3f(7.0f, std::nanf(""), std::nanf("")), 7.0f);
  EXPECT_TRUE(std::isnan(__builtin_amdgcn_fmed3f(std::nanf(""), std::nanf(""), std::nanf(""))));
  EXPECT_EQ(bits16(__builtin_amdgcn_fmed3h(f16(0x3C00), f16(0x4000), f16(0x3800))), 0x3C00u);  // med(1, 2, 0.5)
  EXPECT_EQ(__builtin_amdgcn_cubeid(0.0f, 0.0f, -3.0f), 5.0f);
  EXPECT_EQ(__builtin_amdgcn_cubeid(2.0f, -2.0f, 1.0f), 3.0f);  // |y| >= |x| chooses y when equal
  EXPECT_EQ(__builtin_amdgcn_cubeid(-4.0f, 1.0f, 1.0f), 1.0f);
  EXPECT_EQ(__builtin_amdgcn_cubema(1.0f, -4.0f, 2.0f), -8.0f);
  EXPECT_EQ(__builtin_amdgcn_cubesc(-3.0f, 1.0f, 1.5f), 1.5f);  // x major, x < 0: sc = z
  EXPECT_EQ(__builtin_amdgcn_cubesc(0.5f, 1.0f, -3.0f), -0.5f); // z major, z < 0: sc = -x
  EXPECT_EQ(__builtin_amdgcn_cubetc(1.0f, 5.0f, 2.0f), 2.0f);   // y major, y > 0: tc = z
  EXPECT_EQ(__builtin_amdgcn_cubetc(1.0f, 0.5f, 3.0f), -0.5f);  // z major: tc = -y
  const auto h = __builtin_amdgcn_cvt_pkrtz(f32(0x3F800FFFu), 65520.0f);  // just above 1; above max half
  EXPECT_EQ(bits16(h[0]), 0x3C00u);  // toward zero: 1.0, where nearest would give 1.0 too...
  EXPECT_EQ(bits16(h[1]), 0x7BFFu);  // ...and 65504, where nearest gives inf
  const auto g = __builtin_amdgcn_cvt_pkrtz(f32(0x3F801FFFu), -1.0e-8f);  // 1 + (2^-10 - 2^-23)
  EXPECT_EQ(bits16(g[0]), 0x3C00u);  // nearest would be 0x3C01
  EXPECT_EQ(bits16(g[1]), 0x8000u);  // -tiny toward zero: -0
}

TEST(AmdgcnFloatBuiltins, ApproximatedInstructionsGiveTheExactValueOfTheirFormula) {
  EXPECT_EQ(__builtin_amdgcn_rcpf(4.0f), 0.25f);
  EXPECT_EQ(__builtin_amdgcn_rsqf(16.0f), 0.25f);
  EXPECT_EQ(__builtin_amdgcn_sqrtf(2.25f), 1.5f);
  EXPECT_EQ(__builtin_amdgcn_sinf(0.25f), 1.0f);  // the angle is in turns: sin(pi / 2)
  EXPECT_EQ(__builtin_amdgcn_cosf(0.5f), -1.0f);
  EXPECT_EQ(__builtin_amdgcn_exp2f(3.0f), 8.0f);
  EXPECT_EQ(__builtin_amdgcn_logf(8.0f), 3.0f);  // log2
  EXPECT_EQ(__builtin_amdgcn_rcp(0.5), 2.0);
  EXPECT_EQ(bits16(__builtin_amdgcn_rcph(f16(0x4400))), 0x3400u);  // 1/4
  EXPECT_EQ(bits16(__builtin_amdgcn_sinh(f16(0x3400))), 0x3C00u);   // sin(2 pi / 4)
  EXPECT_EQ(__builtin_amdgcn_rcpf(0.0f), std::numeric_limits<float>::infinity());
  EXPECT_TRUE(std::isnan(__builtin_amdgcn_rsqf(-1.0f)));
}

TEST(AmdgcnAtomicBuiltins, WrappingIncrementAndDecrement) {
  unsigned x = 0;
  unsigned seen[7];
  for (unsigned& s : seen) s = __builtin_amdgcn_atomic_inc32(&x, 3u, __ATOMIC_RELAXED, "agent");
  // old >= 3 wraps to 0: 0 1 2 3 0 1 2, leaving 3.
  EXPECT_EQ(seen[3], 3u);
  EXPECT_EQ(seen[4], 0u);
  EXPECT_EQ(x, 3u);
  unsigned long y = 1;
  EXPECT_EQ(__builtin_amdgcn_atomic_dec64(&y, 5ul, __ATOMIC_SEQ_CST, ""), 1ul);
  EXPECT_EQ(__builtin_amdgcn_atomic_dec64(&y, 5ul, __ATOMIC_SEQ_CST, ""), 0ul);  // 0 becomes the limit
  EXPECT_EQ(y, 5ul);
  unsigned long z = 9;  // above the limit: becomes the limit
  (void)__builtin_amdgcn_atomic_dec64(&z, 5ul, __ATOMIC_SEQ_CST, "");
  EXPECT_EQ(z, 5ul);
}

TEST(AmdgcnAtomicBuiltins, FloatAddsRoundOncePerAdd) {
  float f = 1.0f;
  EXPECT_EQ(__builtin_amdgcn_global_atomic_fadd_f32(&f, 0.5f), 1.0f);
  EXPECT_EQ(__builtin_amdgcn_ds_atomic_fadd_f32((__attribute__((address_space(3))) float*)&f, 0.25f), 1.5f);
  EXPECT_EQ(f, 1.75f);
  EXPECT_EQ(__builtin_amdgcn_ds_fmaxf((__attribute__((address_space(3))) float*)&f, 3.0f, 0, 0, false), 1.75f);
  EXPECT_EQ(f, 3.0f);
  EXPECT_EQ(__builtin_amdgcn_ds_fminf((__attribute__((address_space(3))) float*)&f, std::nanf(""), 0, 0, false), 3.0f);
  EXPECT_EQ(f, 3.0f);  // a NaN loses to a number
  // Packed halves: 1.0 + 2^-11 ties to even (1.0); 1.0 + 2^-10 is exact (0x3C01).
  half2 h = {1.0f16, 1.0f16};
  const half2 add = {f16(0x1000), f16(0x1400)};  // 2^-11, 2^-10
  (void)__builtin_amdgcn_global_atomic_fadd_v2f16(&h, add);
  EXPECT_EQ(bits16(h[0]), 0x3C00u);
  EXPECT_EQ(bits16(h[1]), 0x3C01u);
  // bf16: 1.0 + 2^-8 ties to even (1.0); 1.0 + 2^-7 is the next value (0x3F81).
  short2 b = {0x3F80, 0x3F80};
  const short2 badd = {0x3B80, 0x3C00};
  (void)__builtin_amdgcn_ds_atomic_fadd_v2bf16((__attribute__((address_space(3))) short2*)&b, badd);
  EXPECT_EQ(static_cast<unsigned short>(b[0]), 0x3F80u);
  EXPECT_EQ(static_cast<unsigned short>(b[1]), 0x3F81u);
}

}  // namespace
