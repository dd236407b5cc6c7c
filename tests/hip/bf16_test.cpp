// __hip_bfloat16 against the numerics library: exact widening, round-to-nearest-even narrowing
// and once-rounded arithmetic; ROCm's NaN and assignment rules written out by hand.
#include <gtest/gtest.h>

#include <random>

#include "hip/hip_bf16.h"
#include "oracle.hpp"

namespace wmmasim::hip_test {
namespace {

__hip_bfloat16 bf(std::uint16_t b) { return __ushort_as_bfloat16(b); }
std::uint16_t bb(__hip_bfloat16 x) { return __bfloat16_as_ushort(x); }

TEST(HipBf16, LayoutAndEveryValueWidens) {
  EXPECT_EQ(sizeof(__hip_bfloat16), 2u);
  EXPECT_EQ(alignof(__hip_bfloat162), 4u);
  for (std::uint32_t b = 0; b < 0x10000; ++b)
    ASSERT_EQ(bits_of<std::uint32_t>(__bfloat162float(bf(static_cast<std::uint16_t>(b)))), widen_to_f32(b, Format::bf16));
}

TEST(HipBf16, FloatToBf16RoundsToNearestEven) {
  long n = 0;
  for (std::uint64_t b = 0; b < 0x100000000ull; b += 257) {
    const auto fbits = static_cast<std::uint32_t>(b);
    if (f32_is_nan(fbits)) continue;
    ASSERT_EQ(bb(__float2bfloat16(bits_of<float>(fbits))), convert_from_f32(fbits, Format::bf16)) << std::hex << fbits;
    ++n;
  }
  EXPECT_GT(n, 16000000);
}

TEST(HipBf16, RocmNanAndDoubleRules) {
  EXPECT_EQ(bb(__float2bfloat16(bits_of<float>(0x7f800001u))), 0x7f81);  // a dropped payload bit stays visible
  EXPECT_EQ(bb(__float2bfloat16(bits_of<float>(0xffc00000u))), 0xffc0);
  // Constructor from double: one rounding. 1 + 2^-8 + 2^-30 rounds up; through float it would tie.
  const double d = 1.0 + std::ldexp(1.0, -8) + std::ldexp(1.0, -30);
  EXPECT_EQ(bb(__hip_bfloat16(d)), 0x3f81);
  EXPECT_EQ(bb(__double2bfloat16(d)), 0x3f81);
  __hip_bfloat16 x;
  x = d;  // ROCm's assignment goes through float: 1 + 2^-8 exactly, a tie to even
  EXPECT_EQ(bb(x), 0x3f80);
  EXPECT_EQ(bb(__hip_bfloat16(16777217)), 0x4b80);  // int constructor: one rounding
}

TEST(HipBf16, ArithmeticIsFloatThenRounded) {
  std::mt19937 rng(7);
  for (int i = 0; i < 300000; ++i) {
    const std::uint16_t a = static_cast<std::uint16_t>(rng()), b = static_cast<std::uint16_t>(rng());
    if ((a & 0x7fff) >= 0x7f80 || (b & 0x7fff) >= 0x7f80) continue;
    const Exact ea = exact_of(a, Format::bf16), eb = exact_of(b, Format::bf16);
    const bool na = a >> 15, nb = b >> 15;
    // Float rounding first then bf16 rounding equals one rounding for + - * (24 >= 2*8+2).
    ASSERT_EQ(bb(bf(a) + bf(b)), round_exact(exact_sum(ea, eb), Format::bf16, Mode::rn, na && nb));
    ASSERT_EQ(bb(__hmul(bf(a), bf(b))), round_exact(exact_product(ea, eb), Format::bf16, Mode::rn, na != nb));
    ASSERT_EQ(bb(__hsub(bf(a), bf(b))),
              round_exact(exact_sum(ea, Exact{!eb.neg, eb.mag, eb.lsb_exp}), Format::bf16, Mode::rn, na && !nb));
  }
}

TEST(HipBf16, ComparisonsOperatorsAndPairs) {
  const __hip_bfloat16 one = 1.0f, two = 2.0f, nan = bf(0x7fc0);
  EXPECT_TRUE(one < two && two > one && one <= one && one != two && one == bf(0x3f80));
  EXPECT_FALSE(__heq(nan, nan));
  EXPECT_TRUE(__hequ(nan, one));
  EXPECT_TRUE(__hisnan(nan));
  EXPECT_TRUE(__hisinf(bf(0xff80)));
  EXPECT_EQ(bb(__hmax(nan, two)), 0x4000);
  EXPECT_EQ(bb(-one), 0xbf80);
  __hip_bfloat16 x = one;
  x += two;
  x++;
  EXPECT_EQ(static_cast<float>(x), 4.0f);
  __hip_bfloat162 p(one, two);
  p = __hfma2(p, p, p);
  const float2 f = __bfloat1622float2(p);
  EXPECT_EQ(f.x, 2.0f);
  EXPECT_EQ(f.y, 6.0f);
  EXPECT_EQ(bb(__low2bfloat16(__lowhigh2highlow(p))), bb(__float2bfloat16(6.0f)));
  EXPECT_EQ(bb(__heq2(p, p).y), 0x3f80);
  EXPECT_TRUE(__hbeq2(p, p));
  EXPECT_EQ(static_cast<int>(__hip_bfloat16(-7.5f)), -7);
  EXPECT_EQ(bb(hsqrt(__hip_bfloat16(4.0f))), 0x4000);
}

}  // namespace
}  // namespace wmmasim::hip_test
