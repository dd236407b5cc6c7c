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
#include <type_traits>

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

// Directed rounding of a double result whose exact value is hi + lo (hi = RN, lo its exact error,
// both from an error-free transformation): the neighbour of hi on the side of lo when the mode
// points there. RN overflow (hi infinite, operands finite) gives the largest finite value where
// the mode does not round outward.
inline double round_double_exact(double hi, double lo, bool overflowed, RoundMode mode) {
  if (overflowed) {
    const bool outward = mode == RoundMode::nearest_even || (mode == RoundMode::up && hi > 0) ||
                         (mode == RoundMode::down && hi < 0);
    return outward ? hi : std::copysign(std::numeric_limits<double>::max(), hi);
  }
  if (lo == 0 || mode == RoundMode::nearest_even) return hi;
  switch (mode) {
    case RoundMode::toward_zero: return (lo > 0) == (hi > 0) ? hi : std::nextafter(hi, 0.0);
    case RoundMode::down: return lo < 0 ? std::nextafter(hi, -HUGE_VAL) : hi;
    case RoundMode::up: return lo > 0 ? std::nextafter(hi, HUGE_VAL) : hi;
    default: return hi;
  }
}
inline double dadd_mode(double a, double b, RoundMode m) {
  double s, e;
  two_sum(a, b, s, e);
  if (s == 0 && e == 0 && std::isfinite(a) && std::isfinite(b))
    return (m == RoundMode::down ? (std::signbit(a) || std::signbit(b)) : (std::signbit(a) && std::signbit(b))) ? -0.0 : 0.0;
  return round_double_exact(s, e, std::isinf(s) && std::isfinite(a) && std::isfinite(b), m);
}
// The product of two doubles with directed rounding: the exact product is a 106-bit integer
// times a power of two, compared with the round-to-nearest product to find the side it lies on.
inline double dmul_mode(double a, double b, RoundMode m) {
  const double p = a * b;
  if (!std::isfinite(a) || !std::isfinite(b) || a == 0 || b == 0) return p;
  const bool overflowed = std::isinf(p);
  int side = 0;  // sign of |exact| - |p|
  if (!overflowed) {
    int ea, eb, er;
    const auto sa = static_cast<std::uint64_t>(std::ldexp(std::frexp(std::fabs(a), &ea), 53));
    const auto sb = static_cast<std::uint64_t>(std::ldexp(std::frexp(std::fabs(b), &eb), 53));
    const unsigned __int128 exact = static_cast<unsigned __int128>(sa) * sb;  // times 2^(ea+eb-106)
    if (p == 0) {
      side = 1;
    } else {
      const auto r = static_cast<std::uint64_t>(std::ldexp(std::frexp(std::fabs(p), &er), 53));  // |p| = r*2^(er-53)
      const int shift = (er - 53) - (ea + eb - 106);  // |p| is within a factor 2 of the product: 51..54
      const unsigned __int128 rounded = static_cast<unsigned __int128>(r) << shift;
      side = exact > rounded ? 1 : exact < rounded ? -1 : 0;
    }
  }
  const double lo = side == 0 ? 0.0 : ((p < 0 || (p == 0 && std::signbit(a) != std::signbit(b))) ? -side : side);
  return round_double_exact(p, lo, overflowed, m);
}

// Float -> integer as V_CVT_I32_F32 / V_CVT_U32_F32: NaN -> 0, saturation at the limits.
template <class I> inline I float_to_int_saturating(double v) {
  if (std::isnan(v)) return 0;
  if (v <= static_cast<double>(std::numeric_limits<I>::min())) return std::numeric_limits<I>::min();
  if (v >= static_cast<double>(std::numeric_limits<I>::max())) return std::numeric_limits<I>::max();
  return static_cast<I>(v);
}

}  // namespace wmmasim::hip::detail

namespace wmmasim::hip::detail {
// sin(pi x) or cos(pi x): x is reduced exactly to f + q/2 with |f| <= 1/4, so multiples of 1/2
// give exact zeros and ones, and the long double sine/cosine of pi f is rounded once.
inline double sin_cos_pi(double x, bool cosine) {
  if (!std::isfinite(x)) return std::numeric_limits<double>::quiet_NaN();
  const double r = std::fmod(x, 2.0);                       // exact, in (-2, 2)
  const double q = std::nearbyint(2 * r);                   // -4 .. 4
  const long double f = static_cast<long double>(r) - q / 2;  // exact
  const long double pi = 3.14159265358979323846264338327950288L;
  const long double sf = std::sin(pi * f), cf = std::cos(pi * f);
  const int k = (static_cast<int>(q) + (cosine ? 1 : 0)) & 3;  // cos(t) = sin(t + pi/2)
  const long double v = k == 0 ? sf : k == 1 ? cf : k == 2 ? -sf : -cf;
  if (v == 0) return cosine ? 0.0 : std::copysign(0.0, x);
  return static_cast<double>(v);
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
inline float sinpif(float x) { return static_cast<float>(wmmasim::hip::detail::sin_cos_pi(x, false)); }
inline float cospif(float x) { return static_cast<float>(wmmasim::hip::detail::sin_cos_pi(x, true)); }
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

// ---- Directed double arithmetic (exact: add/sub by an error-free sum, mul by the exact product).
// The directed double division, square root, reciprocal and fma are not provided: using one fails
// to compile with its name.
#define WMMASIM_DROUNDED(suffix, mode)                                                                         \
  inline double __dadd_##suffix(double a, double b) { return wmmasim::hip::detail::dadd_mode(a, b, mode); }     \
  inline double __dsub_##suffix(double a, double b) { return wmmasim::hip::detail::dadd_mode(a, -b, mode); }    \
  inline double __dmul_##suffix(double a, double b) { return wmmasim::hip::detail::dmul_mode(a, b, mode); }
WMMASIM_DROUNDED(rz, wmmasim::hip::detail::RoundMode::toward_zero)
WMMASIM_DROUNDED(rd, wmmasim::hip::detail::RoundMode::down)
WMMASIM_DROUNDED(ru, wmmasim::hip::detail::RoundMode::up)
#undef WMMASIM_DROUNDED

// ---- Integer -> float/double with every rounding mode (exact: the integer is split into two parts
// that are each exact in double, and their error-free sum is rounded once).
namespace wmmasim::hip::detail {
template <class I> inline void split_integer(I x, double& s, double& e) {
  if constexpr (sizeof(I) <= 4) {
    s = static_cast<double>(x);
    e = 0;
  } else {
    // x = high * 2^32 + low, low in [0, 2^32): both parts are exact doubles.
    const auto bits = static_cast<unsigned long long>(x);
    const long long high = std::is_signed_v<I> ? static_cast<long long>(x) >> 32 : static_cast<long long>(bits >> 32);
    const double hi = static_cast<double>(high) * 4294967296.0;
    const double lo = static_cast<double>(static_cast<std::uint32_t>(bits & 0xffffffffu));
    two_sum(hi, lo, s, e);
  }
}
template <class I> inline float int_to_float(I x, RoundMode m) {
  double s, e;
  split_integer(x, s, e);
  return round_float_exact(s, e, m);
}
template <class I> inline double int_to_double(I x, RoundMode m) {
  double s, e;
  split_integer(x, s, e);
  return round_double_exact(s, e, false, m);
}
}  // namespace wmmasim::hip::detail
#define WMMASIM_INT_TO_FP(name, I)                                                                                   \
  inline float __##name##2float_rz(I x) { return wmmasim::hip::detail::int_to_float(x, wmmasim::hip::detail::RoundMode::toward_zero); } \
  inline float __##name##2float_rd(I x) { return wmmasim::hip::detail::int_to_float(x, wmmasim::hip::detail::RoundMode::down); }        \
  inline float __##name##2float_ru(I x) { return wmmasim::hip::detail::int_to_float(x, wmmasim::hip::detail::RoundMode::up); }
WMMASIM_INT_TO_FP(int, int)
WMMASIM_INT_TO_FP(uint, unsigned int)
WMMASIM_INT_TO_FP(ll, long long)
WMMASIM_INT_TO_FP(ull, unsigned long long)
#undef WMMASIM_INT_TO_FP
#define WMMASIM_LL_TO_DOUBLE(name, I)                                                                                \
  inline double __##name##2double_rn(I x) { return static_cast<double>(x); }                                         \
  inline double __##name##2double_rz(I x) { return wmmasim::hip::detail::int_to_double(x, wmmasim::hip::detail::RoundMode::toward_zero); } \
  inline double __##name##2double_rd(I x) { return wmmasim::hip::detail::int_to_double(x, wmmasim::hip::detail::RoundMode::down); }        \
  inline double __##name##2double_ru(I x) { return wmmasim::hip::detail::int_to_double(x, wmmasim::hip::detail::RoundMode::up); }
WMMASIM_LL_TO_DOUBLE(ll, long long)
WMMASIM_LL_TO_DOUBLE(ull, unsigned long long)
#undef WMMASIM_LL_TO_DOUBLE
inline double __uint2double_rn(unsigned int x) { return x; }

// ---- More of HIP's math library (clang's __clang_hip_math.h names), from the host's double or
// long double functions rounded to the result type: within an ulp or so, like ocml's, but not
// bit-identical to them.
inline double sinpi(double x) { return wmmasim::hip::detail::sin_cos_pi(x, false); }
inline double cospi(double x) { return wmmasim::hip::detail::sin_cos_pi(x, true); }
inline void sincospi(double x, double* s, double* c) {
  *s = sinpi(x);
  *c = cospi(x);
}
inline double rcbrt(double x) { return 1.0 / std::cbrt(x); }
inline float rhypotf(float x, float y) { return static_cast<float>(1.0 / std::hypot(static_cast<double>(x), static_cast<double>(y))); }
inline double rhypot(double x, double y) { return static_cast<double>(1.0L / std::hypot(static_cast<long double>(x), static_cast<long double>(y))); }
inline float norm3df(float a, float b, float c) { return static_cast<float>(std::sqrt(static_cast<double>(a) * a + static_cast<double>(b) * b + static_cast<double>(c) * c)); }
inline float norm4df(float a, float b, float c, float d) {
  return static_cast<float>(std::sqrt(static_cast<double>(a) * a + static_cast<double>(b) * b + static_cast<double>(c) * c + static_cast<double>(d) * d));
}
inline float rnorm3df(float a, float b, float c) { return static_cast<float>(1.0 / std::sqrt(static_cast<double>(a) * a + static_cast<double>(b) * b + static_cast<double>(c) * c)); }
inline float rnorm4df(float a, float b, float c, float d) {
  return static_cast<float>(1.0 / std::sqrt(static_cast<double>(a) * a + static_cast<double>(b) * b + static_cast<double>(c) * c + static_cast<double>(d) * d));
}
inline double norm3d(double a, double b, double c) { return static_cast<double>(std::sqrt(static_cast<long double>(a) * a + static_cast<long double>(b) * b + static_cast<long double>(c) * c)); }
inline double norm4d(double a, double b, double c, double d) {
  return static_cast<double>(std::sqrt(static_cast<long double>(a) * a + static_cast<long double>(b) * b + static_cast<long double>(c) * c + static_cast<long double>(d) * d));
}
inline double rnorm3d(double a, double b, double c) { return static_cast<double>(1.0L / std::sqrt(static_cast<long double>(a) * a + static_cast<long double>(b) * b + static_cast<long double>(c) * c)); }
inline double rnorm4d(double a, double b, double c, double d) {
  return static_cast<double>(1.0L / std::sqrt(static_cast<long double>(a) * a + static_cast<long double>(b) * b + static_cast<long double>(c) * c + static_cast<long double>(d) * d));
}
inline float normf(int dim, const float* a) {
  double s = 0;
  for (int i = 0; i < dim; ++i) s += static_cast<double>(a[i]) * a[i];
  return static_cast<float>(std::sqrt(s));
}
inline float rnormf(int dim, const float* a) {
  double s = 0;
  for (int i = 0; i < dim; ++i) s += static_cast<double>(a[i]) * a[i];
  return static_cast<float>(1.0 / std::sqrt(s));
}
inline double norm(int dim, const double* a) {
  long double s = 0;
  for (int i = 0; i < dim; ++i) s += static_cast<long double>(a[i]) * a[i];
  return static_cast<double>(std::sqrt(s));
}
inline double rnorm(int dim, const double* a) {
  long double s = 0;
  for (int i = 0; i < dim; ++i) s += static_cast<long double>(a[i]) * a[i];
  return static_cast<double>(1.0L / std::sqrt(s));
}
inline float normcdff(float x) { return static_cast<float>(0.5 * std::erfc(-static_cast<double>(x) / std::sqrt(2.0))); }
inline double normcdf(double x) { return static_cast<double>(0.5L * std::erfc(-static_cast<long double>(x) / std::sqrt(2.0L))); }
inline float powif(float x, int y) { return static_cast<float>(std::pow(static_cast<double>(x), y)); }
inline double powi(double x, int y) { return static_cast<double>(std::pow(static_cast<long double>(x), y)); }
inline float cyl_bessel_i0f(float x) { return static_cast<float>(std::cyl_bessel_i(0.0, static_cast<double>(std::fabs(x)))); }
inline float cyl_bessel_i1f(float x) { return static_cast<float>(std::copysign(std::cyl_bessel_i(1.0, static_cast<double>(std::fabs(x))), static_cast<double>(x))); }
namespace wmmasim::hip::detail {
// Inverse error functions by Newton's method in long double on erf / log(erfc), from Winitzki's
// closed-form estimate; the complement 1 - y is exact for y in [0.5, 1] (Sterbenz).
inline long double erfc_inverse(long double z) {  // z in (0, 2)
  if (z > 1) return -erfc_inverse(2 - z);
  const long double a = 0.147L, pi = 3.14159265358979323846264338327950288L;
  const long double ln = std::log(z * (2 - z));  // log(1 - y^2), accurate for small z
  const long double t = 2 / (pi * a) + ln / 2;
  long double x = std::sqrt(std::sqrt(t * t - ln / a) - t);
  // Newton on log(erfc(x)) - log(z), which is nearly quadratic in x: fast from any start.
  const long double log_z = std::log(z);
  for (int i = 0; i < 40; ++i) {
    const long double e = std::erfc(x);
    const long double step = (std::log(e) - log_z) / (-2 / std::sqrt(pi) * std::exp(-x * x) / e);
    x -= step;
    if (std::fabs(step) <= 1e-19L * std::fabs(x)) break;
  }
  return x;
}
}  // namespace wmmasim::hip::detail
inline double erfcinv(double z) {
  if (std::isnan(z) || z < 0 || z > 2) return std::numeric_limits<double>::quiet_NaN();
  if (z == 0) return HUGE_VAL;
  if (z == 2) return -HUGE_VAL;
  return static_cast<double>(wmmasim::hip::detail::erfc_inverse(z));
}
inline double erfinv(double y) {
  if (std::isnan(y) || y < -1 || y > 1) return std::numeric_limits<double>::quiet_NaN();
  if (y == 0) return y;  // keeps -0
  if (std::fabs(y) > 0.5) return std::copysign(erfcinv(1.0 - std::fabs(y)), y);  // 1 - |y| is exact
  // |y| <= 0.5: Newton on erf itself, from the first term of its series.
  const long double pi = 3.14159265358979323846264338327950288L;
  long double x = static_cast<long double>(y) * std::sqrt(pi) / 2;
  for (int i = 0; i < 6; ++i) x -= (std::erf(x) - y) / (2 / std::sqrt(pi) * std::exp(-x * x));
  return static_cast<double>(x);
}
inline float erfcinvf(float z) { return static_cast<float>(erfcinv(z)); }
inline float erfinvf(float y) { return static_cast<float>(erfinv(y)); }
inline double normcdfinv(double p) { return -1.41421356237309504880 * erfcinv(2 * p); }
inline float normcdfinvf(float p) { return static_cast<float>(normcdfinv(p)); }
// exp(x^2) * erfc(x): in long double up to x = 100, then the asymptotic series (relative error of
// its first omitted term below 1e-13 there).
inline double erfcx(double x) {
  if (x < 100) return static_cast<double>(std::exp(static_cast<long double>(x) * x) * std::erfc(static_cast<long double>(x)));
  const double r = 1.0 / (x * x);
  return (1.0 - 0.5 * r + 0.75 * r * r - 1.875 * r * r * r) / (x * 1.77245385090551602730);
}
inline float erfcxf(float x) { return static_cast<float>(erfcx(x)); }

inline double cyl_bessel_i0(double x) { return std::cyl_bessel_i(0.0, std::fabs(x)); }
inline double cyl_bessel_i1(double x) { return std::copysign(std::cyl_bessel_i(1.0, std::fabs(x)), x); }
