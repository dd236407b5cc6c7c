// Device math: explicitly rounded operations against the numerics library's rounding of the exact
// result; conversions and bit casts at their edges; the fast intrinsics' documented algorithm.
#include <gtest/gtest.h>

#include <climits>
#include <limits>
#include <random>

#include "oracle.hpp"
#include "wmmasim/hip/detail/device_math.hpp"

namespace wmmasim::hip_test {
namespace {

std::uint32_t fb(float x) { return bits_of<std::uint32_t>(x); }

float random_float(std::mt19937& rng) {
  // Finite floats over the whole exponent range, often close together so that sums cancel.
  auto b = static_cast<std::uint32_t>(rng());
  if ((b & 0x7f800000u) == 0x7f800000u) b &= 0xbfffffffu;
  return bits_of<float>(b);
}

TEST(HipDeviceMath, DirectedAddSubMulFmaAreExact) {
  std::mt19937 rng(99);
  for (int i = 0; i < 400000; ++i) {
    float a = random_float(rng), b = random_float(rng), c = random_float(rng);
    if (i % 3 == 0) b = bits_of<float>(fb(a) ^ 0x80000000u) * (1.0f + std::ldexp(1.0f, -20));  // cancellation
    if (i % 5 == 0) c = bits_of<float>((fb(a) & 0xff800000u) | (static_cast<std::uint32_t>(rng()) & 0x807fffffu));
    const Exact ea = exact_of(fb(a), Format::f32), eb = exact_of(fb(b), Format::f32), ec = exact_of(fb(c), Format::f32);
    const Exact sum = exact_sum(ea, eb), prod = exact_product(ea, eb), fma = exact_sum(prod, ec);
    const bool an = std::signbit(a), bn = std::signbit(b), cn = std::signbit(c);
    for (Mode m : {Mode::rn, Mode::rz, Mode::rd, Mode::ru}) {
      float add, mul, fm;
      switch (m) {
        case Mode::rn: add = __fadd_rn(a, b), mul = __fmul_rn(a, b), fm = __fmaf_rn(a, b, c); break;
        case Mode::rz: add = __fadd_rz(a, b), mul = __fmul_rz(a, b), fm = __fmaf_rz(a, b, c); break;
        case Mode::rd: add = __fadd_rd(a, b), mul = __fmul_rd(a, b), fm = __fmaf_rd(a, b, c); break;
        default: add = __fadd_ru(a, b), mul = __fmul_ru(a, b), fm = __fmaf_ru(a, b, c); break;
      }
      // Exact zeros: IEEE gives -0 for a sum of two -0 (or any exact zero sum when rounding down).
      const bool zero_sum_neg = (an && bn) || (m == Mode::rd && an != bn);
      ASSERT_EQ(fb(add), round_exact(sum, Format::f32, m, zero_sum_neg)) << a << " " << b << " " << int(m);
      ASSERT_EQ(fb(mul), round_exact(prod, Format::f32, m, an != bn)) << a << " " << b;
      const bool pn = an != bn;
      const bool zero_fma_neg = (pn && cn) || (m == Mode::rd && pn != cn);
      ASSERT_EQ(fb(fm), round_exact(fma, Format::f32, m, zero_fma_neg)) << a << " " << b << " " << c << " " << int(m);
    }
  }
}

TEST(HipDeviceMath, DirectedDivisionAndSqrtBracketTheExactValue) {
  std::mt19937 rng(5);
  for (int i = 0; i < 200000; ++i) {
    const float a = std::fabs(random_float(rng)), b = std::fabs(random_float(rng));
    if (b == 0 || a == 0) continue;
    const float d = __fdiv_rd(a, b), u = __fdiv_ru(a, b), n = __fdiv_rn(a, b), z = __fdiv_rz(a, b);
    const long double q = static_cast<long double>(a) / b;  // 64-bit significand: enough to order
    if (std::isinf(u) || d == 0) continue;  // overflow/underflow edges are covered elsewhere
    ASSERT_LE(static_cast<long double>(d), q);
    ASSERT_GE(static_cast<long double>(u), q);
    ASSERT_TRUE(d == u || std::nextafter(d, INFINITY) == u);
    ASSERT_EQ(z, d);  // positive operands
    ASSERT_EQ(n, a / b);
    const float sd = __fsqrt_rd(a), su = __fsqrt_ru(a);
    const long double s = std::sqrt(static_cast<long double>(a));
    ASSERT_LE(static_cast<long double>(sd), s);
    ASSERT_GE(static_cast<long double>(su), s);
    ASSERT_TRUE(sd == su || std::nextafter(sd, INFINITY) == su);
    ASSERT_EQ(__fsqrt_rn(a), std::sqrt(a));
  }
  EXPECT_EQ(__fdiv_rz(1.0f, 3.0f), 0x1.555554p-2f);
  EXPECT_EQ(__fdiv_ru(1.0f, 3.0f), 0x1.555556p-2f);
  EXPECT_EQ(__frcp_rd(3.0f), 0x1.555554p-2f);
  EXPECT_EQ(__fmul_rz(3.4e38f, 10.0f), 0x1.fffffep127f);
  EXPECT_TRUE(std::isinf(__fmul_rn(3.4e38f, 10.0f)));
  EXPECT_EQ(__fadd_rd(1.0f, -1.0f), -0.0f);
  EXPECT_TRUE(std::signbit(__fadd_rd(1.0f, -1.0f)));
}

// Directed double results bracket the exact value, which __float128 holds for these operands
// (products of doubles, sums with exponents less than 60 apart, 64-bit integers).
template <class Exact, class Down, class Up, class Zero, class Near>
void expect_bracket(Exact exact, Down rd, Up ru, Zero rz, Near rn) {
  const double d = rd, u = ru;
  ASSERT_LE(static_cast<__float128>(d), exact);
  ASSERT_GE(static_cast<__float128>(u), exact);
  ASSERT_TRUE(d == u ? static_cast<__float128>(d) == exact : std::nextafter(d, INFINITY) == u);
  ASSERT_EQ(rz, exact < 0 ? u : d);
  (void)rn;
}

TEST(HipDeviceMath, DirectedDoubleAddMulAndIntegerConversions) {
  std::mt19937_64 rng(3);
  for (int i = 0; i < 200000; ++i) {
    const auto exponent = [&] { return static_cast<int>(rng() % 120) - 60; };
    const double a = std::ldexp(static_cast<double>(rng() >> 11) * (rng() & 1 ? 1 : -1), exponent() - 53);
    const double b = std::ldexp(static_cast<double>(rng() >> 11) * (rng() & 1 ? 1 : -1), exponent() - 53);
    if (a == 0 || b == 0) continue;
    const __float128 sum = static_cast<__float128>(a) + static_cast<__float128>(b);
    const __float128 prod = static_cast<__float128>(a) * static_cast<__float128>(b);
    if (sum != 0) expect_bracket(sum, __dadd_rd(a, b), __dadd_ru(a, b), __dadd_rz(a, b), a + b);
    expect_bracket(prod, __dmul_rd(a, b), __dmul_ru(a, b), __dmul_rz(a, b), a * b);
    const auto n = static_cast<long long>(rng());
    const auto un = static_cast<unsigned long long>(rng());
    expect_bracket(static_cast<__float128>(n), __ll2double_rd(n), __ll2double_ru(n), __ll2double_rz(n), 0);
    expect_bracket(static_cast<__float128>(un), __ull2double_rd(un), __ull2double_ru(un), __ull2double_rz(un), 0);
    // To float: the numerics library rounds the exact integer.
    const Exact en{n < 0, static_cast<unsigned __int128>(n < 0 ? -static_cast<unsigned long long>(n) : static_cast<unsigned long long>(n)), 0};
    ASSERT_EQ(fb(__ll2float_rd(n)), round_exact(en, Format::f32, Mode::rd));
    ASSERT_EQ(fb(__ll2float_ru(n)), round_exact(en, Format::f32, Mode::ru));
    ASSERT_EQ(fb(__ll2float_rz(n)), round_exact(en, Format::f32, Mode::rz));
    ASSERT_EQ(fb(__ull2float_ru(un)), round_exact(Exact{false, un, 0}, Format::f32, Mode::ru));
    const auto i32 = static_cast<int>(rng());
    const Exact ei{i32 < 0, static_cast<unsigned __int128>(i32 < 0 ? -static_cast<long long>(i32) : i32), 0};
    ASSERT_EQ(fb(__int2float_rd(i32)), round_exact(ei, Format::f32, Mode::rd));
    ASSERT_EQ(fb(__uint2float_ru(static_cast<unsigned>(i32))), round_exact(Exact{false, static_cast<unsigned>(i32), 0}, Format::f32, Mode::ru));
  }
  // Overflow and exact zeros.
  EXPECT_EQ(__dmul_rz(1e300, 1e10), std::numeric_limits<double>::max());
  EXPECT_TRUE(std::isinf(__dmul_ru(1e300, 1e10)));
  EXPECT_EQ(__dadd_rd(1.0, -1.0), 0.0);
  EXPECT_TRUE(std::signbit(__dadd_rd(1.0, -1.0)));
  EXPECT_EQ(__dmul_ru(std::ldexp(1.0, -600), std::ldexp(1.0, -600)), std::numeric_limits<double>::denorm_min());
  EXPECT_EQ(__dmul_rd(std::ldexp(1.0, -600), std::ldexp(1.0, -600)), 0.0);
  EXPECT_EQ(__dmul_rd(-std::ldexp(1.0, -600), std::ldexp(1.0, -600)), -std::numeric_limits<double>::denorm_min());
  const double tiny = std::ldexp(1.0, -537), tiny15 = std::ldexp(1.5, -537);  // product 1.5 * 2^-1074
  EXPECT_EQ(__dmul_rd(tiny, tiny15), std::ldexp(1.0, -1074));
  EXPECT_EQ(__dmul_ru(tiny, tiny15), std::ldexp(1.0, -1073));
  EXPECT_EQ(__dmul_rz(-tiny, tiny15), -std::ldexp(1.0, -1074));
  EXPECT_EQ(__ull2double_rz(~0ull), 0x1.fffffffffffffp63);
  EXPECT_EQ(__ull2double_rn(~0ull), 0x1p64);
}

TEST(HipDeviceMath, ConversionsSaturateLikeTheHardware) {
  EXPECT_EQ(__float2int_rn(2.5f), 2);
  EXPECT_EQ(__float2int_rn(3.5f), 4);
  EXPECT_EQ(__float2int_rz(-2.7f), -2);
  EXPECT_EQ(__float2int_rd(-2.1f), -3);
  EXPECT_EQ(__float2int_ru(2.1f), 3);
  EXPECT_EQ(__float2int_rn(3e9f), INT_MAX);
  EXPECT_EQ(__float2int_rn(-3e9f), INT_MIN);
  EXPECT_EQ(__float2int_rn(NAN), 0);
  EXPECT_EQ(__float2uint_rn(-1.0f), 0u);
  EXPECT_EQ(__float2uint_ru(5e9f), UINT_MAX);
  EXPECT_EQ(__float2ll_rd(-0.5f), -1);
  EXPECT_EQ(__double2int_rn(-2.5), -2);
  EXPECT_EQ(__double2float_rz(1.0 + std::ldexp(1.0, -30)), 1.0f);
  EXPECT_EQ(__double2float_ru(1.0 + std::ldexp(1.0, -30)), 1.0f + std::ldexp(1.0f, -23));
  EXPECT_EQ(__float_as_int(-0.0f), INT_MIN);
  EXPECT_EQ(__float_as_uint(1.0f), 0x3f800000u);
  EXPECT_EQ(__int_as_float(0x40000000), 2.0f);
  EXPECT_EQ(__uint_as_float(0xff800000u), -INFINITY);
  EXPECT_EQ(__double_as_longlong(1.0), 0x3ff0000000000000ll);
  EXPECT_EQ(__longlong_as_double(0x4000000000000000ll), 2.0);
  EXPECT_EQ(__double2hiint(1.0), 0x3ff00000);
  EXPECT_EQ(__double2loint(__hiloint2double(1, -1)), -1);
}

TEST(HipDeviceMath, FastIntrinsicsFollowTheGpuAlgorithm) {
  // __expf scales by log2(e) in float first, as v_exp_f32 is fed on the GPU.
  for (float x : {-10.0f, -1.0f, 0.0f, 0.5f, 1.0f, 20.0f, 88.0f}) {
    EXPECT_EQ(__expf(x), exp2f(x * 1.44269504088896340736f));
    EXPECT_NEAR(__expf(x) / expf(x), 1.0f, 2e-5f);
  }
  EXPECT_EQ(__logf(1.0f), 0.0f);
  EXPECT_NEAR(__logf(10.0f), logf(10.0f), 1e-6f);
  EXPECT_EQ(__log2f(8.0f), 3.0f);
  EXPECT_NEAR(__powf(2.0f, 10.0f), 1024.0f, 1e-3f);
  EXPECT_EQ(__saturatef(NAN), 0.0f);
  EXPECT_EQ(__saturatef(2.0f), 1.0f);
  EXPECT_EQ(__saturatef(-0.5f), 0.0f);
  EXPECT_EQ(__saturatef(0.25f), 0.25f);
  EXPECT_EQ(rsqrtf(4.0f), 0.5f);
  EXPECT_EQ(__frsqrt_rn(0.25f), 2.0f);
  EXPECT_EQ(__fdividef(1.0f, 4.0f), 0.25f);
  float s, c;
  __sincosf(0.0f, &s, &c);
  EXPECT_EQ(s, 0.0f);
  EXPECT_EQ(c, 1.0f);
  EXPECT_EQ(sinpif(1.0f), 0.0f);  // exact at integers, unlike sinf(pi * x)
}

// How far x is from the exact inverse, in ulps of x: the long double residual of erf (or erfc,
// where that is the well-conditioned one) divided by the derivative.
double erfinv_error_ulps(double x, double y) {
  const long double pi = 3.14159265358979323846264338327950288L;
  const long double slope = 2 / std::sqrt(pi) * std::exp(-static_cast<long double>(x) * x);
  const long double residual = std::fabs(y) <= 0.5 ? std::erf(static_cast<long double>(x)) - y
                                                   : -(std::erfc(std::fabs(static_cast<long double>(x))) - (1.0L - std::fabs(y)));
  const double ulp = std::nextafter(std::fabs(x), INFINITY) - std::fabs(x);
  return static_cast<double>(std::fabs(residual / slope)) / ulp;
}
double erfcinv_error_ulps(double x, double z) {
  const long double pi = 3.14159265358979323846264338327950288L;
  const long double slope = 2 / std::sqrt(pi) * std::exp(-static_cast<long double>(x) * x);
  const long double residual = std::erfc(static_cast<long double>(x)) - z;
  const double ulp = std::nextafter(std::fabs(x), INFINITY) - std::fabs(x);
  return static_cast<double>(std::fabs(residual / slope)) / ulp;
}

TEST(HipDeviceMath, InverseErrorFunctionsWithinTwoUlps) {
  std::mt19937_64 rng(11);
  for (int i = 0; i < 20000; ++i) {
    const double y = std::ldexp(static_cast<double>(rng() >> 11), -53) * 2 - 1;  // (-1, 1)
    if (y == 0) continue;
    ASSERT_LE(erfinv_error_ulps(erfinv(y), y), 2.0) << y;
    const double z = std::ldexp(static_cast<double>(rng() >> 11), -53) * (i % 2 ? 2.0 : std::ldexp(1.0, -static_cast<int>(rng() % 900)));
    if (z <= 0 || z >= 2) continue;
    ASSERT_LE(erfcinv_error_ulps(erfcinv(z), z), 2.0) << z;
  }
  EXPECT_NEAR(normcdfinv(0.975), 1.959963984540054, 1e-14);  // the familiar 97.5% quantile
  EXPECT_NEAR(normcdff(1.959963984540054f), 0.975f, 1e-7f);
  EXPECT_NEAR(erfcx(1.0), 0.42758357615580700, 1e-16);  // e * erfc(1)
  // The asymptotic series above x = 100 continues the long double formula below it.
  EXPECT_NEAR(erfcx(std::nextafter(100.0, 0.0)) / erfcx(100.0), 1.0, 1e-13);
  EXPECT_TRUE(std::isinf(erfinv(1.0)));
  EXPECT_TRUE(std::isnan(erfinvf(1.5f)));
  EXPECT_TRUE(std::signbit(erfinv(-0.0)));
  EXPECT_EQ(sinpi(1e15 + 0.5), 1.0);  // exact argument reduction
  EXPECT_EQ(cospi(0.5), 0.0);
  EXPECT_EQ(sinpi(-3.0), 0.0);
  EXPECT_EQ(cospi(-3.0), -1.0);
  EXPECT_EQ(sinpif(0.25f), static_cast<float>(std::sqrt(0.5L)));
  EXPECT_NEAR(sinpi(1.0 / 3), std::sqrt(3.0) / 2, 1e-16);
  EXPECT_NEAR(norm3df(3, 4, 12), 13.0f, 0.0f);
  EXPECT_NEAR(rhypot(3, 4), 0.2, 1e-17);
  EXPECT_EQ(powif(2.0f, -3), 0.125f);
  const float v[4] = {1, 2, 2, 4};
  EXPECT_EQ(normf(4, v), 5.0f);
  EXPECT_EQ(rnormf(4, v), 0.2f);
}

TEST(HipDeviceMath, MinMaxOverloads) {
  EXPECT_EQ(min(3, -4), -4);
  EXPECT_EQ(max(3u, 4u), 4u);
  EXPECT_EQ(min(-1, 2u), 2u);  // as ROCm: the int converts to unsigned
  EXPECT_EQ(max(1ll << 40, 5ll), 1ll << 40);
  EXPECT_EQ(min(1.5f, NAN), 1.5f);
  EXPECT_EQ(max(-0.5, 0.25), 0.25);
  EXPECT_EQ(min(~0ull, 1ull), 1ull);
}

}  // namespace
}  // namespace wmmasim::hip_test
