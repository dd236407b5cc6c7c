// __half conversions and arithmetic against the numerics library's rounding of exact values.
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <thread>
#include <vector>

#include "hip/hip_fp16.h"
#include "oracle.hpp"

namespace wmmasim::hip_test {
namespace {

__half h(std::uint16_t b) { return __ushort_as_half(b); }
std::uint16_t hb(__half x) { return __half_as_ushort(x); }
bool is_nan16(std::uint16_t b) { return (b & 0x7fff) > 0x7c00; }

TEST(HipFp16, LayoutIsRocms) {
  EXPECT_EQ(sizeof(__half), 2u);
  EXPECT_EQ(alignof(__half), 2u);
  EXPECT_EQ(sizeof(__half2), 4u);
  EXPECT_EQ(alignof(__half2), 4u);
  __half2 p(h(0x3c00), h(0x4000));
  std::uint32_t raw;
  std::memcpy(&raw, &p, 4);
  EXPECT_EQ(raw, 0x40003c00u);  // x in the low half
}

TEST(HipFp16, EveryHalfWidensExactly) {
  for (std::uint32_t b = 0; b < 0x10000; ++b) {
    const std::uint32_t got = bits_of<std::uint32_t>(__half2float(h(static_cast<std::uint16_t>(b))));
    ASSERT_EQ(got, widen_to_f32(b, Format::f16)) << std::hex << b;
  }
}

// Floats around every half: the half itself, the midpoints to its neighbours and one float ulp
// either side of each (ties and near-ties), plus a spread over all float bit patterns.
std::vector<std::uint32_t> float_sample() {
  std::vector<std::uint32_t> v;
  for (std::uint32_t b = 0; b < 0x7c00; ++b) {
    const std::uint32_t f = widen_to_f32(b, Format::f16);
    const std::uint32_t next = widen_to_f32(b + 1, Format::f16);  // 0x7c00 -> inf
    const float mid = (bits_of<float>(f) + bits_of<float>(next)) / 2;  // exact: halves fit in float
    const std::uint32_t m = bits_of<std::uint32_t>(mid);
    for (std::uint32_t x : {f, f + 1, m - 1, m, m + 1}) {
      v.push_back(x);
      v.push_back(x | 0x80000000u);
    }
  }
  for (std::uint64_t b = 0; b < 0x100000000ull; b += 4093) v.push_back(static_cast<std::uint32_t>(b));
  for (std::uint32_t x : {0x7f800000u, 0xff800000u, 0x7f7fffffu, 0x477ff000u, 0x477fefffu, 0x00000001u, 0x80000001u})
    v.push_back(x);
  return v;
}

TEST(HipFp16, FloatToHalfEveryRoundingMode) {
  long checked = 0;
  for (std::uint32_t fbits : float_sample()) {
    const float f = bits_of<float>(fbits);
    const __half rn = __float2half_rn(f), rz = __float2half_rz(f), rd = __float2half_rd(f), ru = __float2half_ru(f);
    if (f32_is_nan(fbits)) {
      EXPECT_TRUE(is_nan16(hb(rn)) && is_nan16(hb(rz)) && is_nan16(hb(rd)) && is_nan16(hb(ru)));
      continue;
    }
    if (std::isinf(f)) {
      EXPECT_EQ(hb(rn), f > 0 ? 0x7c00 : 0xfc00);
      continue;
    }
    const Exact e = exact_of(fbits, Format::f32);
    const bool neg = (fbits >> 31) != 0;
    ASSERT_EQ(hb(rn), round_exact(e, Format::f16, Mode::rn, neg)) << std::hex << fbits;
    ASSERT_EQ(hb(rz), round_exact(e, Format::f16, Mode::rz, neg)) << std::hex << fbits;
    ASSERT_EQ(hb(rd), round_exact(e, Format::f16, Mode::rd, neg)) << std::hex << fbits;
    ASSERT_EQ(hb(ru), round_exact(e, Format::f16, Mode::ru, neg)) << std::hex << fbits;
    ASSERT_EQ(hb(__float2half(f)), hb(rn));
    ASSERT_EQ(hb(__half(f)), hb(rn));  // the converting constructor rounds to nearest even too
    ++checked;
  }
  EXPECT_GT(checked, 1000000);
}

TEST(HipFp16, HandWrittenEdges) {
  EXPECT_EQ(hb(__float2half(65504.0f)), 0x7bff);
  EXPECT_EQ(hb(__float2half(65519.99f)), 0x7bff);
  EXPECT_EQ(hb(__float2half(65520.0f)), 0x7c00);  // the tie above max rounds to even = inf
  EXPECT_EQ(hb(__float2half_rz(1e9f)), 0x7bff);
  EXPECT_EQ(hb(__float2half_rd(1e9f)), 0x7bff);
  EXPECT_EQ(hb(__float2half_ru(-1e9f)), 0xfbff);
  EXPECT_EQ(hb(__float2half_rd(-1e9f)), 0xfc00);
  EXPECT_EQ(hb(__float2half(std::ldexp(1.0f, -25))), 0x0000);  // tie between 0 and 2^-24: even
  EXPECT_EQ(hb(__float2half(std::ldexp(1.5f, -25))), 0x0001);
  EXPECT_EQ(hb(__float2half_ru(std::ldexp(1.0f, -40))), 0x0001);
  EXPECT_EQ(hb(__float2half(-0.0f)), 0x8000);
  EXPECT_EQ(hb(__half(1.0 + std::ldexp(1.0, -11) + std::ldexp(1.0, -40))), 0x3c01);  // double: one rounding
}

TEST(HipFp16, IntegerConversionsAsRocm) {
  // ROCm 6.3 ignores the suffix: half -> int truncates, int -> half rounds to nearest even.
  EXPECT_EQ(__half2int_rn(__float2half(2.75f)), 2);
  EXPECT_EQ(__half2int_ru(__float2half(2.25f)), 2);
  EXPECT_EQ(__half2int_rd(__float2half(-2.25f)), -2);
  EXPECT_EQ(__half2short_rz(__float2half(65504.0f)), 32767);  // saturates like v_cvt
  EXPECT_EQ(__half2uint_rn(__float2half(-3.0f)), 0u);
  EXPECT_EQ(__half2ll_rn(h(0x7e00)), 0);  // NaN -> 0
  EXPECT_EQ(hb(__int2half_rz(2049)), 0x6800);  // 2048: nearest even, not toward zero
  EXPECT_EQ(hb(__int2half_rn(2051)), 0x6802);  // 2052
  EXPECT_EQ(hb(__uint2half_rn(70000u)), 0x7c00);
  EXPECT_EQ(hb(__ll2half_rn(-70000)), 0xfc00);
  EXPECT_EQ(__half_as_short(h(0x8001)), static_cast<short>(0x8001));
  EXPECT_EQ(hb(__short_as_half(-1)), 0xffff);
}

struct Random16 {
  std::mt19937 rng{12345};
  std::uint16_t operator()() {
    // Mostly finite values over all exponents, some specials.
    return static_cast<std::uint16_t>(rng());
  }
};

TEST(HipFp16, ArithmeticRoundsOnceLikeTheGpu) {
  Random16 r;
  int checked = 0;
  for (int i = 0; i < 300000; ++i) {
    const std::uint16_t a = r(), b = r(), c = r();
    if (is_nan16(a) || is_nan16(b) || is_nan16(c) || (a & 0x7fff) == 0x7c00 || (b & 0x7fff) == 0x7c00 ||
        (c & 0x7fff) == 0x7c00)
      continue;
    const Exact ea = exact_of(a, Format::f16), eb = exact_of(b, Format::f16), ec = exact_of(c, Format::f16);
    const bool na = a >> 15, nb = b >> 15;
    // Exact zero results: +0 unless both operands are -0 (sum) or the signs differ (product).
    ASSERT_EQ(hb(__hadd(h(a), h(b))), round_exact(exact_sum(ea, eb), Format::f16, Mode::rn, na && nb)) << a << " " << b;
    ASSERT_EQ(hb(h(a) - h(b)), round_exact(exact_sum(ea, Exact{!eb.neg, eb.mag, eb.lsb_exp}), Format::f16, Mode::rn, na && !nb));
    ASSERT_EQ(hb(__hmul(h(a), h(b))), round_exact(exact_product(ea, eb), Format::f16, Mode::rn, na != nb));
    const Exact p = exact_product(ea, eb);
    const bool pn = na != nb, cn = c >> 15;
    ASSERT_EQ(hb(__hfma(h(a), h(b), h(c))), round_exact(exact_sum(p, ec), Format::f16, Mode::rn, pn && cn))
        << std::hex << a << " " << b << " " << c;
    ++checked;
  }
  EXPECT_GT(checked, 270000);  // the rest had a NaN or inf operand
}

// Division and sqrt: the long double quotient (64-bit significand, then rounded to 11 bits: a
// harmless double rounding) through the numerics library.
std::uint32_t round_long_double(long double v) {
  if (v == 0) return std::signbit(v) ? 0x8000 : 0;
  int e;
  const long double fr = std::frexp(std::fabs(v), &e);
  const auto mag = static_cast<std::uint64_t>(std::ldexp(fr, 62));
  return round_to_format(v < 0, mag, e - 62, float_format(Format::f16));
}

TEST(HipFp16, DivisionAndSqrt) {
  Random16 r;
  for (int i = 0; i < 200000; ++i) {
    const std::uint16_t a = r(), b = r();
    if ((a & 0x7fff) >= 0x7c00 || (b & 0x7fff) >= 0x7c00 || (b & 0x7fff) == 0) continue;
    const long double q = static_cast<long double>(__half2float(h(a))) / __half2float(h(b));
    ASSERT_EQ(hb(__hdiv(h(a), h(b))), round_long_double(q)) << std::hex << a << " " << b;
    if (!(a >> 15)) ASSERT_EQ(hb(hsqrt(h(a))), round_long_double(std::sqrt(static_cast<long double>(__half2float(h(a))))));
  }
}

TEST(HipFp16, ComparisonsMaxMinAndSaturation) {
  const __half nan = h(0x7e00), one = h(0x3c00), two = h(0x4000), neg0 = h(0x8000), pos0 = h(0);
  EXPECT_FALSE(__heq(nan, nan));
  EXPECT_TRUE(__hequ(nan, one));
  EXPECT_TRUE(__hne(nan, one));  // as ROCm: x != y
  EXPECT_TRUE(__hlt(one, two) && __hgt(two, one) && __hle(one, one) && __hge(two, two));
  EXPECT_FALSE(__hlt(nan, two));
  EXPECT_TRUE(__hltu(nan, two));
  EXPECT_TRUE(__heq(neg0, pos0));
  EXPECT_EQ(hb(__hmax(nan, one)), 0x3c00);
  EXPECT_EQ(hb(__hmin(one, nan)), 0x3c00);
  EXPECT_TRUE(__hisnan(__hmax_nan(one, nan)));
  EXPECT_EQ(hb(__hmax(neg0, pos0)), 0x0000);
  EXPECT_EQ(hb(__hmin(pos0, neg0)), 0x8000);
  EXPECT_EQ(hb(__hadd_sat(one, two)), 0x3c00);
  EXPECT_EQ(hb(__hsub_sat(one, two)), 0x0000);
  EXPECT_EQ(hb(__hmul_sat(h(0x3800), h(0x3800))), 0x3400);  // 0.25 stays
  EXPECT_TRUE(__hisinf(h(0xfc00)));
  EXPECT_FALSE(__hisinf(nan));
  EXPECT_EQ(hb(__habs(h(0xbc00))), 0x3c00);
  EXPECT_EQ(hb(__hneg(pos0)), 0x8000);
  const __half2 c = __heq2(__halves2half2(one, nan), __halves2half2(one, nan));
  EXPECT_EQ(hb(c.x), 0x3c00);
  EXPECT_EQ(hb(c.y), 0x0000);
  EXPECT_FALSE(__hbeq2(__halves2half2(one, nan), __halves2half2(one, nan)));
}

TEST(HipFp16, OperatorsAndPairs) {
  __half a = 1.5f;
  a += __half(0.25f);
  a *= __half(2.0f);
  EXPECT_EQ(static_cast<float>(a), 3.5f);
  EXPECT_EQ(static_cast<float>(-a), -3.5f);
  EXPECT_TRUE(a > __half(3.0f) && a != __half(3.0f) && a == __half(3.5f));
  ++a;
  EXPECT_EQ(static_cast<float>(a), 4.5f);
  __half2 p = __floats2half2_rn(1.0f, 2.0f), q = __float2half2_rn(0.5f);
  p = __hfma2(p, q, p);
  const float2 f = __half22float2(p);
  EXPECT_EQ(f.x, 1.5f);
  EXPECT_EQ(f.y, 3.0f);
  EXPECT_EQ(__low2float(p), 1.5f);
  EXPECT_EQ(__high2float(__lowhigh2highlow(p)), 1.5f);
  EXPECT_EQ(static_cast<float>(__low2half(__highs2half2(p, q))), 3.0f);
  EXPECT_EQ(static_cast<int>(__half(7.9f)), 7);
  _Float16_2 native = p;  // the ext_vector view, as ROCm allows
  EXPECT_EQ(static_cast<float>(native.y), 3.0f);
}

TEST(HipFp16, PackedAtomicAddUnderThreads) {
  __half2 sum = __floats2half2_rn(0.0f, 0.0f);
  std::vector<std::thread> threads;
  for (int t = 0; t < 8; ++t)
    threads.emplace_back([&sum] {
      for (int k = 0; k < 256; ++k) unsafeAtomicAdd(&sum, __floats2half2_rn(1.0f, 0.5f));
    });
  for (auto& t : threads) t.join();
  EXPECT_EQ(__low2float(sum), 2048.0f);  // every partial sum is an exact half
  EXPECT_EQ(__high2float(sum), 1024.0f);
  half alias = __float2half(1.0f);  // ROCm's short names
  half2 alias2 = __half2half2(alias);
  EXPECT_EQ(__high2float(alias2), 1.0f);
}

}  // namespace
}  // namespace wmmasim::hip_test
