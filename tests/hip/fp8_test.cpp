// FP8 conversions: every code of every format, and float inputs over a large sample, under ROCm's
// host (software) rules and gfx12's device rules. Expected values come from the numerics library
// (OCP formats, the spec 7.4 conversion model) or from the format definitions written out here
// (FNUZ); the ROCm behaviours named in fp8.hpp are pinned by hand-written cases.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "hip/hip_fp8.h"
#include "oracle.hpp"
#include "wmmasim/simt/launch.hpp"

namespace wmmasim::hip_test {
namespace {

using wmmasim::hip::detail::fp8_from_double_software;
using wmmasim::hip::detail::fp8_from_float_hardware;

// Runs `body` as the only lane of a one-thread launch, so that the device rules apply.
template <class F> void in_kernel(F body) { wmmasim::simt::launch("fp8_test", wmmasim::simt::dim3{1}, wmmasim::simt::dim3{1}, body); }

Format numerics_format(__hip_fp8_interpretation_t i) { return i == __HIP_E4M3 ? Format::fp8 : Format::bf8; }

std::vector<std::uint32_t> float_sample() {
  std::vector<std::uint32_t> v;
  // Every fp8 value, the midpoints between neighbours, and one float ulp around them, both signs.
  for (Format f : {Format::fp8, Format::bf8}) {
    for (std::uint32_t c = 0; c < 0x7f; ++c) {
      const float a = bits_of<float>(widen_to_f32(c, f));
      const float b = bits_of<float>(widen_to_f32(c + 1, f));
      if (std::isnan(a) || std::isnan(b) || std::isinf(a)) continue;
      const std::uint32_t m = bits_of<std::uint32_t>((a + b) / 2);
      for (std::uint32_t x : {bits_of<std::uint32_t>(a), m - 1, m, m + 1}) {
        v.push_back(x);
        v.push_back(x | 0x80000000u);
      }
    }
  }
  for (float x : {448.0f, 449.0f, 464.0f, 465.0f, 480.0f, 57344.0f, 57345.0f, 61439.0f, 61440.0f, 1e30f})
    for (float s : {1.0f, -1.0f}) v.push_back(bits_of<std::uint32_t>(x * s));
  for (std::uint64_t b = 0; b < 0x100000000ull; b += 16381) v.push_back(static_cast<std::uint32_t>(b));
  for (std::uint32_t x : {0x7f800000u, 0xff800000u, 0x7fc00000u, 0xffc00000u, 0x7f800001u, 0xffa00000u}) v.push_back(x);
  return v;
}

// gfx12: clamp finite inputs when saturating, then V_CVT_PK_FP8/BF8_F32 (numerics model).
std::uint32_t expected_device(std::uint32_t fbits, __hip_fp8_interpretation_t i, bool sat) {
  const Format f = numerics_format(i);
  const bool finite = (fbits & 0x7f800000u) != 0x7f800000u;
  return convert_from_f32(fbits, f, sat && finite ? Overflow::saturate : Overflow::to_infinity);
}

// ROCm's software conversion: NaN -> S.1111111; inf or anything above max -> "signed inf"
// (e4m3 0x7F, e5m2 0x7C) or max finite when saturating; otherwise round to nearest even.
std::uint32_t expected_host(std::uint32_t fbits, __hip_fp8_interpretation_t i, bool sat) {
  const Format f = numerics_format(i);
  const std::uint32_t sign = fbits >> 31 << 7;
  const float max = i == __HIP_E4M3 ? 448.0f : 57344.0f;
  if (f32_is_nan(fbits)) return sign | 0x7f;
  if (std::fabs(bits_of<float>(fbits)) > max) return sign | (sat ? (i == __HIP_E4M3 ? 0x7e : 0x7b) : (i == __HIP_E4M3 ? 0x7f : 0x7c));
  return convert_from_f32(fbits, f);
}

TEST(HipFp8, FloatToOcpFp8HostAndDeviceRules) {
  const std::vector<std::uint32_t> sample = float_sample();
  EXPECT_GT(sample.size(), 264000u);
  for (auto i : {__HIP_E4M3, __HIP_E5M2}) {
    for (bool sat : {false, true}) {
      for (std::uint32_t fb : sample) {
        const float x = bits_of<float>(fb);
        ASSERT_EQ(fp8_from_double_software(x, i, sat), expected_host(fb, i, sat)) << std::hex << fb << " " << i << sat;
        ASSERT_EQ(fp8_from_float_hardware(x, i, sat), expected_device(fb, i, sat)) << std::hex << fb << " " << i << sat;
        // Host code uses the software rules through the public function.
        ASSERT_EQ(__hip_cvt_float_to_fp8(x, sat ? __HIP_SATFINITE : __HIP_NOSAT, i), expected_host(fb, i, sat));
      }
    }
  }
}

TEST(HipFp8, KernelsUseTheDeviceRules) {
  std::uint8_t e4m3_449 = 0, e4m3_inf_sat = 0, e5m2_nan = 0, x2_sat = 0;
  std::uint32_t widened_nan = 0;
  __hip_fp8_e4m3 nan_code;
  nan_code.__x = 0xff;
  in_kernel([&] {
    e4m3_449 = __hip_cvt_float_to_fp8(449.0f, __HIP_NOSAT, __HIP_E4M3);         // rounds down to 448
    e4m3_inf_sat = __hip_cvt_float_to_fp8(INFINITY, __HIP_SATFINITE, __HIP_E4M3);  // inf is not clamped
    e5m2_nan = __hip_cvt_float_to_fp8(-NAN, __HIP_NOSAT, __HIP_E5M2);
    x2_sat = static_cast<std::uint8_t>(__hip_cvt_float2_to_fp8x2(make_float2(1000.0f, 1.0f), __HIP_SATFINITE, __HIP_E4M3));
    widened_nan = bits_of<std::uint32_t>(static_cast<float>(nan_code));
  });
  EXPECT_EQ(e4m3_449, 0x7e);
  EXPECT_EQ(e4m3_inf_sat, 0x7f);
  EXPECT_EQ(e5m2_nan, 0xfe);
  EXPECT_EQ(x2_sat, 0x7f);  // ROCm 6.3's device float2 conversion does not saturate
  EXPECT_EQ(widened_nan, 0xffc00000u);  // V_CVT_F32_FP8: a quiet NaN with the sign
  EXPECT_EQ(bits_of<std::uint32_t>(static_cast<float>(nan_code)), 0x7f800001u);  // host: ROCm's constant
  // The same calls in host code.
  EXPECT_EQ(__hip_cvt_float_to_fp8(449.0f, __HIP_NOSAT, __HIP_E4M3), 0x7f);
  EXPECT_EQ(__hip_cvt_float_to_fp8(INFINITY, __HIP_SATFINITE, __HIP_E4M3), 0x7e);
  EXPECT_EQ(__hip_cvt_float_to_fp8(-NAN, __HIP_NOSAT, __HIP_E5M2), 0xff);
  EXPECT_EQ(__hip_cvt_float2_to_fp8x2(make_float2(1000.0f, 1.0f), __HIP_SATFINITE, __HIP_E4M3) & 0xff, 0x7e);
}

TEST(HipFp8, EveryOcpCodeWidens) {
  for (auto i : {__HIP_E4M3, __HIP_E5M2}) {
    const Format f = numerics_format(i);
    for (std::uint32_t c = 0; c < 256; ++c) {
      const std::uint32_t want = widen_to_f32(c, f);
      const auto code = static_cast<__hip_fp8_storage_t>(c);
      // Host: ROCm's software widening; NaN is the constant 0x7F800001.
      const std::uint32_t host = bits_of<std::uint32_t>(wmmasim::hip::detail::fp8_to_float_software(code, i));
      ASSERT_EQ(host, f32_is_nan(want) ? 0x7f800001u : want) << c;
      ASSERT_EQ(bits_of<std::uint32_t>(wmmasim::hip::detail::fp8_to_float_hardware(code, i)), want) << c;
      // To half: exact (the numerics value narrowed, which is exact for every fp8 value).
      const std::uint16_t half = __hip_cvt_fp8_to_halfraw(code, i).x;
      if (f32_is_nan(want)) {
        ASSERT_EQ(half, i == __HIP_E4M3 ? 0x7c01 : c << 8) << c;
      } else {
        ASSERT_EQ(half, convert_from_f32(want, Format::f16)) << c;
      }
    }
  }
}

// FNUZ formats (bias 8 / 16, 0x80 is the only NaN, no -0, no inf), decoded from their definition.
double fnuz_value(std::uint32_t c, int we, int wm) {
  const int bias = (1 << (we - 1));
  const int e = static_cast<int>((c & 0x7f) >> wm), m = static_cast<int>(c & ((1u << wm) - 1));
  const double mag = e == 0 ? std::ldexp(m, 1 - bias - wm) : std::ldexp((1 << wm) + m, e - bias - wm);
  return (c & 0x80) ? -mag : mag;
}

TEST(HipFp8, FnuzFormats) {
  for (auto [i, we, wm] : {std::tuple{__HIP_E4M3_FNUZ, 4, 3}, std::tuple{__HIP_E5M2_FNUZ, 5, 2}}) {
    for (std::uint32_t c = 0; c < 256; ++c) {
      const float got = wmmasim::hip::detail::fp8_to_float(static_cast<std::uint8_t>(c), i);
      if (c == 0x80) {
        ASSERT_TRUE(std::isnan(got));
        continue;
      }
      const double v = fnuz_value(c, we, wm);
      ASSERT_EQ(got, static_cast<float>(v)) << c;
      // Every value converts back to its own code, from float and from double.
      ASSERT_EQ(__hip_cvt_float_to_fp8(static_cast<float>(v), __HIP_NOSAT, i), c == 0 ? 0 : c);
      ASSERT_EQ(__hip_cvt_double_to_fp8(v, __HIP_SATFINITE, i), c);
    }
    EXPECT_EQ(__hip_cvt_float_to_fp8(-0.0f, __HIP_NOSAT, i), 0);  // no negative zero
    EXPECT_EQ(__hip_cvt_float_to_fp8(1e9f, __HIP_NOSAT, i), 0x80);
    EXPECT_EQ(__hip_cvt_float_to_fp8(-1e9f, __HIP_SATFINITE, i), 0xff);
    EXPECT_EQ(__hip_cvt_float_to_fp8(NAN, __HIP_SATFINITE, i), 0x7f);  // as ROCm's software path
  }
  EXPECT_EQ(__hip_fp8_e4m3_fnuz(240.0f).__x, 0x7f);
  EXPECT_EQ(__hip_fp8_e4m3_fnuz(1.0f).__x, 0x40);
}

TEST(HipFp8, TypesSaturateByDefault) {
  EXPECT_EQ(__hip_fp8_e4m3(1000.0f).__x, 0x7e);
  EXPECT_EQ(__hip_fp8_e4m3(-1000.0).__x, 0xfe);
  EXPECT_EQ(__hip_fp8_e4m3(449).__x, 0x7e);
  EXPECT_EQ(__hip_fp8_e5m2(1e6f).__x, 0x7b);
  EXPECT_EQ(__hip_fp8_e4m3(__float2half(1.5f)).__x, 0x3c);
  EXPECT_EQ(__hip_fp8_e4m3(__float2bfloat16(-2.0f)).__x, 0xc0);
  EXPECT_EQ(__hip_fp8_e4m3(NAN).__x, 0x7f);
  EXPECT_EQ(static_cast<float>(__hip_fp8_e5m2(-3.0f)), -3.0f);
  EXPECT_EQ(static_cast<double>(__hip_fp8_e4m3(0.3f)), 0.3125);
  EXPECT_EQ(static_cast<int>(__hip_fp8_e4m3(-7.9f)), -8);  // -7.9 rounds to -8 in e4m3, then truncates
  EXPECT_EQ(static_cast<unsigned char>(__hip_fp8_e4m3(300.0f)), 255);
  EXPECT_EQ(static_cast<signed char>(__hip_fp8_e4m3(-300.0f)), -128);
  EXPECT_EQ(static_cast<unsigned>(__hip_fp8_e4m3(-3.0f)), 0u);
  EXPECT_FALSE(static_cast<bool>(__hip_fp8_e4m3(-0.0f)));
  EXPECT_EQ(__half_as_ushort(static_cast<__half>(__hip_fp8_e4m3(0.5f))), 0x3800);
  EXPECT_EQ(static_cast<float>(static_cast<__hip_bfloat16>(__hip_fp8_e5m2(0.75f))), 0.75f);
}

TEST(HipFp8, PairsAndQuadsPackElementZeroLow) {
  const __hip_fp8x2_e4m3 p(make_float2(1.0f, -2.0f));
  EXPECT_EQ(p.__x, 0xc038);
  const float2 back = p;
  EXPECT_EQ(back.x, 1.0f);
  EXPECT_EQ(back.y, -2.0f);
  const __hip_fp8x4_e4m3 q(make_float4(1.0f, 2.0f, 3.0f, 4.0f));
  EXPECT_EQ(q.__x, 0x48444038u);
  const float4 f = q;
  EXPECT_EQ(f.w, 4.0f);
  // ROCm 6.3: the (low, high) pair constructor puts `high` in the low 16 bits.
  const __hip_fp8x4_e4m3 r(__floats2half2_rn(1.0f, 2.0f), __floats2half2_rn(3.0f, 4.0f));
  EXPECT_EQ(r.__x, 0x40384844u);
  const __hip_fp8x2_e5m2 h(__floats2half2_rn(0.5f, 1e6f));
  EXPECT_EQ(h.__x, 0x7b38);
  const __half2 hh = __hip_fp8x2_e5m2(make_float2(0.5f, -1.0f));
  EXPECT_EQ(__half_as_ushort(hh.y), 0xbc00);
  EXPECT_EQ(__hip_cvt_double2_to_fp8x2(make_double2(1.0, 2.0), __HIP_NOSAT, __HIP_E5M2), 0x403c);
}

}  // namespace
}  // namespace wmmasim::hip_test
