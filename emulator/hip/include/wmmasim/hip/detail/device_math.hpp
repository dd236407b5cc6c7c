// HIP's device math (ROCm clr hipamd/include/hip/amd_detail/amd_math_functions.h and ROCm's
// math_functions), on the host. The C names (expf, sqrtf, fmaxf, ...) are the host libm's, which
// <cmath> brings in: correctly rounded where IEEE requires it (sqrt, fma, fmax, ...), within an
// ulp or so elsewhere, as ocml is; the two are not bit-identical for transcendental functions.
// The intrinsics below follow the GPU's algorithm where it is a cheap approximation:
//  * __expf(x) = exp2f(x * log2(e)), __logf(x) = log2f(x) * ln(2), __powf(x, y) = exp2f(y * log2f(x))
//    round the scaling step as the GPU does; the host's exp2f/log2f stand in for v_exp_f32 and
//    v_log_f32, which are approximations (~1 ulp): results may differ from the GPU's in low bits.
//  * __sinf, __cosf, __tanf, rsqrtf, __fdividef are the host's accurate functions; the GPU uses
//    v_sin_f32/v_cos_f32 (argument scaled by 1/(2 pi)), v_rsq_f32 and v_rcp_f32, whose results
//    can differ by a few ulps (and __fdividef by more for huge denominators).
//  * Explicitly rounded operations (__fadd_rz, __fmul_ru, __fdiv_rd, __fsqrt_rn, __fmaf_rz, ...)
//    are exact: the result in double plus its exact error decides the direction of the rounding.
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>

#include "wmmasim/hip/detail/float_rounding.hpp"

namespace wmmasim::hip::detail {

inline constexpr IeeeFormat kF32{8, 23};

// Rounds the exact value hi + lo (hi = RN(hi + lo) in double, lo its error, or only its sign) to
// float with `mode`: an inexact hi is first replaced by the value rounded to odd (truncated toward
// zero, last bit set), which rounds to 24 bits in every mode as the exact value does (53 >= 24+2).
inline float round_float_exact(double hi, double lo, RoundMode mode) {
  if (lo != 0 && std::isfinite(hi) && hi != 0) {
    const bool beyond = (lo > 0) == (hi > 0);  // the exact value lies farther from zero than hi
    const double truncated = beyond ? hi : std::nextafter(hi, 0.0);
    hi = bit_copy<double>(bit_copy<std::uint64_t>(truncated) | 1u);
  }
  const std::uint64_t bits = bit_copy<std::uint64_t>(hi);
  const bool negative = (bits >> 63) != 0;
  if (std::isnan(hi)) return static_cast<float>(hi);
  if (std::isinf(hi)) return static_cast<float>(hi);
  const std::uint32_t code = round_magnitude(hi, kF32.narrow(), mode, negative);
  std::uint32_t out;
  if (code >= 0x7f800000u) {
    const bool to_inf = mode == RoundMode::nearest_even || (mode == RoundMode::up && !negative) ||
                        (mode == RoundMode::down && negative);
    out = to_inf ? 0x7f800000u : 0x7f7fffffu;
  } else {
    out = code;
  }
  return bit_copy<float>(out | (negative ? 0x80000000u : 0u));
}
// Exact sum of two doubles as (sum, error) (Knuth's TwoSum).
inline void two_sum(double a, double b, double& s, double& e) {
  s = a + b;
  const double bb = s - a;
  e = (a - (s - bb)) + (b - bb);
  if (!std::isfinite(s)) e = 0;
}
// IEEE's sign of an exact zero sum: -0 when rounding down unless both addends are +0, otherwise
// -0 only when both are negative (zero or not).
inline float zero_sum(bool a_neg, bool b_neg, RoundMode m) {
  const bool neg = m == RoundMode::down ? (a_neg || b_neg) : (a_neg && b_neg);
  return neg ? -0.0f : 0.0f;
}
inline float fadd_mode(float a, float b, RoundMode m) {
  double s, e;
  two_sum(a, b, s, e);
  if (s == 0 && e == 0) return zero_sum(std::signbit(a), std::signbit(b), m);
  return round_float_exact(s, e, m);
}
inline float fmul_mode(float a, float b, RoundMode m) {
  return round_float_exact(static_cast<double>(a) * b, 0.0, m);  // exact in double
}
inline float fdiv_mode(float a, float b, RoundMode m) {
  const double q = static_cast<double>(a) / b;
  if (!std::isfinite(q) || q == 0) return round_float_exact(q, 0.0, m);
  const double r = std::fma(-q, static_cast<double>(b), static_cast<double>(a));  // exact remainder
  return round_float_exact(q, (r == 0) ? 0.0 : ((r > 0) == (b > 0) ? 1.0 : -1.0), m);
}
inline float fsqrt_mode(float a, RoundMode m) {
  const double s = std::sqrt(static_cast<double>(a));
  if (!std::isfinite(s) || s == 0) return round_float_exact(s, 0.0, m);
  const double r = std::fma(-s, s, static_cast<double>(a));  // exact: a - s*s
  return round_float_exact(s, r == 0 ? 0.0 : (r > 0 ? 1.0 : -1.0), m);
}
inline float fma_mode(float a, float b, float c, RoundMode m) {
  const double p = static_cast<double>(a) * b;  // exact in double
  double s, e;
  two_sum(p, c, s, e);
  if (s == 0 && e == 0) return zero_sum(std::signbit(p), std::signbit(c), m);
  return round_float_exact(s, e, m);
}

// Float -> integer as V_CVT_I32_F32 / V_CVT_U32_F32: NaN -> 0, saturation at the limits.
template <class I> inline I float_to_int_saturating(double v) {
  if (std::isnan(v)) return 0;
  if (v <= static_cast<double>(std::numeric_limits<I>::min())) return std::numeric_limits<I>::min();
  if (v >= static_cast<double>(std::numeric_limits<I>::max())) return std::numeric_limits<I>::max();
  return static_cast<I>(v);
}

}  // namespace wmmasim::hip::detail

// ---- Fast intrinsics (see the top of the file for how they differ from the GPU)
inline float __expf(float x) { return exp2f(x * 1.44269504088896340736f); }
inline float __exp10f(float x) { return exp2f(x * 3.32192809488736234787f); }
inline float __logf(float x) { return log2f(x) * 0.693147180559945309417f; }
inline float __log2f(float x) { return log2f(x); }
inline float __log10f(float x) { return log2f(x) * 0.301029995663981195214f; }
inline float __powf(float x, float y) { return exp2f(y * log2f(x)); }
inline float __sinf(float x) { return sinf(x); }
inline float __cosf(float x) { return cosf(x); }
inline float __tanf(float x) { return tanf(x); }
inline void __sincosf(float x, float* s, float* c) {
  *s = sinf(x);
  *c = cosf(x);
}
inline float __fdividef(float x, float y) { return x / y; }
inline float fdividef(float x, float y) { return x / y; }
inline float __saturatef(float x) { return x > 1.0f ? 1.0f : x > 0.0f ? x : 0.0f; }  // NaN -> 0
inline float rsqrtf(float x) { return 1.0f / sqrtf(x); }
inline double rsqrt(double x) { return 1.0 / sqrt(x); }
inline void sincosf(float x, float* s, float* c) {
  *s = sinf(x);
  *c = cosf(x);
}
inline void sincos(double x, double* s, double* c) {
  *s = sin(x);
  *c = cos(x);
}
inline float sinpif(float x) { return static_cast<float>(sin(3.14159265358979323846 * static_cast<double>(x))); }
inline float cospif(float x) { return static_cast<float>(cos(3.14159265358979323846 * static_cast<double>(x))); }
inline void sincospif(float x, float* s, float* c) {
  *s = sinpif(x);
  *c = cospif(x);
}
inline float rcbrtf(float x) { return 1.0f / cbrtf(x); }
inline float exp10f(float x) { return static_cast<float>(pow(10.0, static_cast<double>(x))); }

// ---- Explicitly rounded arithmetic (exact)
#define WMMASIM_ROUNDED(suffix, mode)                                                                                   \
  inline float __fadd_##suffix(float a, float b) { return wmmasim::hip::detail::fadd_mode(a, b, mode); }               \
  inline float __fsub_##suffix(float a, float b) { return wmmasim::hip::detail::fadd_mode(a, -b, mode); }              \
  inline float __fmul_##suffix(float a, float b) { return wmmasim::hip::detail::fmul_mode(a, b, mode); }               \
  inline float __fdiv_##suffix(float a, float b) { return wmmasim::hip::detail::fdiv_mode(a, b, mode); }               \
  inline float __frcp_##suffix(float a) { return wmmasim::hip::detail::fdiv_mode(1.0f, a, mode); }                     \
  inline float __fsqrt_##suffix(float a) { return wmmasim::hip::detail::fsqrt_mode(a, mode); }                         \
  inline float __fmaf_##suffix(float a, float b, float c) { return wmmasim::hip::detail::fma_mode(a, b, c, mode); }
WMMASIM_ROUNDED(rn, wmmasim::hip::detail::RoundMode::nearest_even)
WMMASIM_ROUNDED(rz, wmmasim::hip::detail::RoundMode::toward_zero)
WMMASIM_ROUNDED(rd, wmmasim::hip::detail::RoundMode::down)
WMMASIM_ROUNDED(ru, wmmasim::hip::detail::RoundMode::up)
#undef WMMASIM_ROUNDED
// 1/sqrt(x) rounded from double: correct unless the double result lies within 2^-50 (relative)
// of a float rounding boundary.
inline float __frsqrt_rn(float x) { return static_cast<float>(1.0 / sqrt(static_cast<double>(x))); }
inline double __dadd_rn(double a, double b) { return a + b; }
inline double __dsub_rn(double a, double b) { return a - b; }
inline double __dmul_rn(double a, double b) { return a * b; }
inline double __ddiv_rn(double a, double b) { return a / b; }
inline double __drcp_rn(double a) { return 1.0 / a; }
inline double __dsqrt_rn(double a) { return sqrt(a); }
inline double __fma_rn(double a, double b, double c) { return fma(a, b, c); }

// ---- Conversions
#define WMMASIM_FLOAT_TO_INT(name, I)                                                                                      \
  inline I __float2##name##_rn(float x) { return wmmasim::hip::detail::float_to_int_saturating<I>(nearbyint(static_cast<double>(x))); } \
  inline I __float2##name##_rz(float x) { return wmmasim::hip::detail::float_to_int_saturating<I>(trunc(static_cast<double>(x))); }     \
  inline I __float2##name##_rd(float x) { return wmmasim::hip::detail::float_to_int_saturating<I>(floor(static_cast<double>(x))); }     \
  inline I __float2##name##_ru(float x) { return wmmasim::hip::detail::float_to_int_saturating<I>(ceil(static_cast<double>(x))); }      \
  inline I __double2##name##_rn(double x) { return wmmasim::hip::detail::float_to_int_saturating<I>(nearbyint(x)); }                   \
  inline I __double2##name##_rz(double x) { return wmmasim::hip::detail::float_to_int_saturating<I>(trunc(x)); }                       \
  inline I __double2##name##_rd(double x) { return wmmasim::hip::detail::float_to_int_saturating<I>(floor(x)); }                       \
  inline I __double2##name##_ru(double x) { return wmmasim::hip::detail::float_to_int_saturating<I>(ceil(x)); }
WMMASIM_FLOAT_TO_INT(int, int)
WMMASIM_FLOAT_TO_INT(uint, unsigned int)
WMMASIM_FLOAT_TO_INT(ll, long long)
WMMASIM_FLOAT_TO_INT(ull, unsigned long long)
#undef WMMASIM_FLOAT_TO_INT
inline float __int2float_rn(int x) { return static_cast<float>(x); }
inline float __uint2float_rn(unsigned int x) { return static_cast<float>(x); }
inline float __ll2float_rn(long long x) { return static_cast<float>(x); }
inline float __ull2float_rn(unsigned long long x) { return static_cast<float>(x); }
inline double __int2double_rn(int x) { return x; }
inline float __double2float_rn(double x) { return static_cast<float>(x); }
inline float __double2float_rz(double x) { return wmmasim::hip::detail::round_float_exact(x, 0.0, wmmasim::hip::detail::RoundMode::toward_zero); }
inline float __double2float_rd(double x) { return wmmasim::hip::detail::round_float_exact(x, 0.0, wmmasim::hip::detail::RoundMode::down); }
inline float __double2float_ru(double x) { return wmmasim::hip::detail::round_float_exact(x, 0.0, wmmasim::hip::detail::RoundMode::up); }

// ---- Bit casts
inline int __float_as_int(float x) { return wmmasim::hip::detail::bit_copy<int>(x); }
inline unsigned int __float_as_uint(float x) { return wmmasim::hip::detail::bit_copy<unsigned int>(x); }
inline float __int_as_float(int x) { return wmmasim::hip::detail::bit_copy<float>(x); }
inline float __uint_as_float(unsigned int x) { return wmmasim::hip::detail::bit_copy<float>(x); }
inline long long __double_as_longlong(double x) { return wmmasim::hip::detail::bit_copy<long long>(x); }
inline double __longlong_as_double(long long x) { return wmmasim::hip::detail::bit_copy<double>(x); }
inline int __double2hiint(double x) { return static_cast<int>(wmmasim::hip::detail::bit_copy<std::uint64_t>(x) >> 32); }
inline int __double2loint(double x) { return static_cast<int>(wmmasim::hip::detail::bit_copy<std::uint64_t>(x)); }
inline double __hiloint2double(int hi, int lo) {
  return wmmasim::hip::detail::bit_copy<double>(static_cast<std::uint64_t>(static_cast<std::uint32_t>(hi)) << 32 |
                                                static_cast<std::uint32_t>(lo));
}

// ---- min/max overloads (global, as ROCm declares them for device and host code)
inline int min(int a, int b) { return a < b ? a : b; }
inline int max(int a, int b) { return a > b ? a : b; }
inline unsigned int min(unsigned int a, unsigned int b) { return a < b ? a : b; }
inline unsigned int max(unsigned int a, unsigned int b) { return a > b ? a : b; }
inline unsigned int min(int a, unsigned int b) { return min(static_cast<unsigned>(a), b); }
inline unsigned int max(int a, unsigned int b) { return max(static_cast<unsigned>(a), b); }
inline unsigned int min(unsigned int a, int b) { return min(a, static_cast<unsigned>(b)); }
inline unsigned int max(unsigned int a, int b) { return max(a, static_cast<unsigned>(b)); }
inline long min(long a, long b) { return a < b ? a : b; }
inline long max(long a, long b) { return a > b ? a : b; }
inline unsigned long min(unsigned long a, unsigned long b) { return a < b ? a : b; }
inline unsigned long max(unsigned long a, unsigned long b) { return a > b ? a : b; }
inline long long min(long long a, long long b) { return a < b ? a : b; }
inline long long max(long long a, long long b) { return a > b ? a : b; }
inline unsigned long long min(unsigned long long a, unsigned long long b) { return a < b ? a : b; }
inline unsigned long long max(unsigned long long a, unsigned long long b) { return a > b ? a : b; }
inline float min(float a, float b) { return fminf(a, b); }
inline float max(float a, float b) { return fmaxf(a, b); }
inline double min(double a, double b) { return fmin(a, b); }
inline double max(double a, double b) { return fmax(a, b); }
