// The per-lane floating-point builtins. Two kinds:
//  * exact ones, the GPU's bits: class, frexp_mant/exp, ldexp, fract, fmed3, the cube-map helpers and
//    cvt_pkrtz (RDNA4 ISA pseudocode; where the pseudocode leaves a case open, LLVM's constant folding
//    of the intrinsic, which is what a GPU build computes for constant arguments);
//  * approximations on the GPU (rcp, rsq, sqrt, sin, cos, exp2, log): V_RCP_F32 and friends are
//    within about 1 ulp of the true value (the f64 forms are starting points for Newton steps and
//    coarser), so no bit-exact model exists. Here they are the correctly rounded (or libm) value of the
//    ISA's formula: the GPU's low bits can differ (docs/hip-on-cpu.md says so in the table).
// f16 results are rounded by the HIP headers' exact rounding (float_rounding.hpp), never by a host cast.
#pragma once

#include <cmath>
#include <cstdint>
#include <limits>

#include "wmmasim/hip/detail/amdgcn_support.hpp"
#include "wmmasim/hip/detail/float_rounding.hpp"

namespace wmmasim::hip::detail::amdgcn {

inline _Float16 to_f16(double v, RoundMode mode = RoundMode::nearest_even) {
  return bit_copy<_Float16>(round_to_ieee(v, kF16, mode));
}
inline double from_f16(_Float16 h) { return widen_ieee(bit_copy<std::uint16_t>(h), kF16); }

// V_CMP_CLASS: bit 0 signalling NaN, 1 quiet NaN, 2 -inf, 3 -normal, 4 -subnormal, 5 -0, 6 +0,
// 7 +subnormal, 8 +normal, 9 +inf.
template <int ExpBits, int FracBits> constexpr bool float_class(std::uint64_t bits, int mask) {
  const std::uint64_t frac = bits & ((std::uint64_t{1} << FracBits) - 1);
  const std::uint64_t exp = bits >> FracBits & ((std::uint64_t{1} << ExpBits) - 1);
  const bool neg = (bits >> (ExpBits + FracBits) & 1) != 0;
  const std::uint64_t exp_max = (std::uint64_t{1} << ExpBits) - 1;
  int bit;
  if (exp == exp_max && frac != 0) bit = (frac >> (FracBits - 1) & 1) ? 1 : 0;
  else if (exp == exp_max) bit = neg ? 2 : 9;
  else if (exp != 0) bit = neg ? 3 : 8;
  else if (frac != 0) bit = neg ? 4 : 7;
  else bit = neg ? 5 : 6;
  return (mask >> bit & 1) != 0;
}

// V_FRACT: x - floor(x), at most the largest value below 1 (so fract(-tiny) is not 1.0); NaN and
// infinities give NaN (LLVM folds the intrinsic so).
template <class T> T fract(T x) {
  const T f = x - std::floor(x);
  const T almost_one = std::nextafter(T(1), T(0));
  if (std::isnan(f)) return std::numeric_limits<T>::quiet_NaN();
  return f < almost_one ? f : almost_one;
}

// V_MED3_NUM (gfx12) / V_MED3 (gfx11): with a NaN operand the minimum of the others (NaN if all are
// NaN); otherwise the median, found as the ISA does (max3, then the max of the other two), with
// -0 below +0 in the max.
template <class T> T max_num(T a, T b) {
  if (a == b) return std::signbit(a) ? b : a;
  return a > b ? a : b;
}
template <class T> T fmed3(T a, T b, T c) {
  if (std::isnan(a) || std::isnan(b) || std::isnan(c)) {
    T m = std::numeric_limits<T>::quiet_NaN();
    for (T v : {a, b, c})
      if (!std::isnan(v) && (std::isnan(m) || v < m || (v == m && std::signbit(v)))) m = v;
    return m;
  }
  const T max3 = max_num(max_num(a, b), c);
  if (max3 == a) return max_num(b, c);
  if (max3 == b) return max_num(a, c);
  return max_num(a, b);
}

// V_CUBE*: the major axis is z if |z| >= |x| and |z| >= |y|, else y if |y| >= |x|, else x.
enum class CubeAxis { x, y, z };
inline CubeAxis cube_axis(float x, float y, float z) {
  if (std::fabs(z) >= std::fabs(x) && std::fabs(z) >= std::fabs(y)) return CubeAxis::z;
  if (std::fabs(y) >= std::fabs(x)) return CubeAxis::y;
  return CubeAxis::x;
}

}  // namespace wmmasim::hip::detail::amdgcn

// ---- exact ----------------------------------------------------------------------------------------

inline bool __builtin_amdgcn_classf(float x, int mask) {
  return ::wmmasim::hip::detail::amdgcn::float_class<8, 23>(::wmmasim::hip::detail::amdgcn::bit_copy<std::uint32_t>(x), mask);
}
inline bool __builtin_amdgcn_class(double x, int mask) {
  return ::wmmasim::hip::detail::amdgcn::float_class<11, 52>(::wmmasim::hip::detail::amdgcn::bit_copy<std::uint64_t>(x), mask);
}
inline bool __builtin_amdgcn_classh(_Float16 x, int mask) {
  return ::wmmasim::hip::detail::amdgcn::float_class<5, 10>(::wmmasim::hip::detail::amdgcn::bit_copy<std::uint16_t>(x), mask);
}

// V_FREXP_MANT / V_FREXP_EXP: x = mant * 2^exp with |mant| in [0.5, 1) (subnormals normalised);
// infinities and NaN keep their value and give exponent 0, as does 0.
inline float __builtin_amdgcn_frexp_mantf(float x) {
  int e;
  return std::isfinite(x) ? std::frexp(x, &e) : x;
}
inline double __builtin_amdgcn_frexp_mant(double x) {
  int e;
  return std::isfinite(x) ? std::frexp(x, &e) : x;
}
inline _Float16 __builtin_amdgcn_frexp_manth(_Float16 x) {
  using namespace ::wmmasim::hip::detail::amdgcn;
  int e;
  const double v = from_f16(x);
  return std::isfinite(v) ? to_f16(std::frexp(v, &e)) : x;
}
inline int __builtin_amdgcn_frexp_expf(float x) {
  int e = 0;
  if (std::isfinite(x)) (void)std::frexp(x, &e);
  return e;
}
inline int __builtin_amdgcn_frexp_exp(double x) {
  int e = 0;
  if (std::isfinite(x)) (void)std::frexp(x, &e);
  return e;
}
inline short __builtin_amdgcn_frexp_exph(_Float16 x) {
  int e = 0;
  const double v = ::wmmasim::hip::detail::amdgcn::from_f16(x);
  if (std::isfinite(v)) (void)std::frexp(v, &e);
  return static_cast<short>(e);
}

// V_LDEXP: x * 2^n rounded once (to nearest even, subnormals kept).
inline float __builtin_amdgcn_ldexpf(float x, int n) { return std::ldexp(x, n); }
inline double __builtin_amdgcn_ldexp(double x, int n) { return std::ldexp(x, n); }
inline _Float16 __builtin_amdgcn_ldexph(_Float16 x, int n) {
  using namespace ::wmmasim::hip::detail::amdgcn;
  // Beyond +-100 every f16 result is already 0 or inf; the clamp keeps the double exact.
  return to_f16(std::ldexp(from_f16(x), n < -100 ? -100 : n > 100 ? 100 : n));
}

inline float __builtin_amdgcn_fractf(float x) { return ::wmmasim::hip::detail::amdgcn::fract(x); }
inline double __builtin_amdgcn_fract(double x) { return ::wmmasim::hip::detail::amdgcn::fract(x); }
inline _Float16 __builtin_amdgcn_fracth(_Float16 x) {
  using namespace ::wmmasim::hip::detail::amdgcn;
  // f16 - floor(f16) is exact in double; the minimum keeps the result below 1.
  const double v = from_f16(x);
  if (!std::isfinite(v)) return bit_copy<_Float16>(std::uint16_t{0x7E00});
  const double f = v - std::floor(v);
  const _Float16 r = to_f16(f);
  const _Float16 almost_one = bit_copy<_Float16>(std::uint16_t{0x3BFF});
  return from_f16(r) < from_f16(almost_one) ? r : almost_one;
}

inline float __builtin_amdgcn_fmed3f(float a, float b, float c) { return ::wmmasim::hip::detail::amdgcn::fmed3(a, b, c); }
inline _Float16 __builtin_amdgcn_fmed3h(_Float16 a, _Float16 b, _Float16 c) {
  using namespace ::wmmasim::hip::detail::amdgcn;
  return to_f16(fmed3(from_f16(a), from_f16(b), from_f16(c)));
}

inline float __builtin_amdgcn_cubeid(float x, float y, float z) {
  using namespace ::wmmasim::hip::detail::amdgcn;
  switch (cube_axis(x, y, z)) {
    case CubeAxis::z: return z < 0 ? 5.0f : 4.0f;
    case CubeAxis::y: return y < 0 ? 3.0f : 2.0f;
    default: return x < 0 ? 1.0f : 0.0f;
  }
}
inline float __builtin_amdgcn_cubesc(float x, float y, float z) {
  using namespace ::wmmasim::hip::detail::amdgcn;
  switch (cube_axis(x, y, z)) {
    case CubeAxis::z: return z < 0 ? -x : x;
    case CubeAxis::y: return x;
    default: return x < 0 ? z : -z;
  }
}
inline float __builtin_amdgcn_cubetc(float x, float y, float z) {
  using namespace ::wmmasim::hip::detail::amdgcn;
  switch (cube_axis(x, y, z)) {
    case CubeAxis::y: return y < 0 ? -z : z;
    default: return -y;
  }
}
inline float __builtin_amdgcn_cubema(float x, float y, float z) {
  using namespace ::wmmasim::hip::detail::amdgcn;
  switch (cube_axis(x, y, z)) {
    case CubeAxis::z: return z * 2.0f;
    case CubeAxis::y: return y * 2.0f;
    default: return x * 2.0f;
  }
}

// V_CVT_PK_RTZ_F16_F32: both halves rounded toward zero whatever MODE says.
inline ::wmmasim::hip::detail::amdgcn::ext<_Float16, 2> __builtin_amdgcn_cvt_pkrtz(float lo, float hi) {
  using namespace ::wmmasim::hip::detail::amdgcn;
  ext<_Float16, 2> r;
  r[0] = to_f16(lo, ::wmmasim::hip::detail::RoundMode::toward_zero);
  r[1] = to_f16(hi, ::wmmasim::hip::detail::RoundMode::toward_zero);
  return r;
}

// ---- approximations on the GPU ----------------------------------------------------------------------

inline float __builtin_amdgcn_rcpf(float x) { return 1.0f / x; }
inline float __builtin_amdgcn_rsqf(float x) { return static_cast<float>(1.0 / std::sqrt(static_cast<double>(x))); }
inline float __builtin_amdgcn_sqrtf(float x) { return std::sqrt(x); }
// V_SIN_F32 / V_COS_F32 take the angle in turns: sin(2 pi x).
inline float __builtin_amdgcn_sinf(float x) { return static_cast<float>(std::sin(static_cast<double>(x) * 6.283185307179586)); }
inline float __builtin_amdgcn_cosf(float x) { return static_cast<float>(std::cos(static_cast<double>(x) * 6.283185307179586)); }
inline float __builtin_amdgcn_exp2f(float x) { return std::exp2(x); }
inline float __builtin_amdgcn_logf(float x) { return std::log2(x); }  // V_LOG_F32 is log2
inline double __builtin_amdgcn_rcp(double x) { return 1.0 / x; }
inline double __builtin_amdgcn_rsq(double x) { return 1.0 / std::sqrt(x); }
inline double __builtin_amdgcn_sqrt(double x) { return std::sqrt(x); }

#define WMMASIM_AMDGCN_F16_APPROX(name, expr)                                      \
  inline _Float16 __builtin_amdgcn_##name(_Float16 h) {                            \
    const double x = ::wmmasim::hip::detail::amdgcn::from_f16(h);                  \
    return ::wmmasim::hip::detail::amdgcn::to_f16(expr);                           \
  }
WMMASIM_AMDGCN_F16_APPROX(rcph, 1.0 / x)
WMMASIM_AMDGCN_F16_APPROX(rsqh, 1.0 / std::sqrt(x))
WMMASIM_AMDGCN_F16_APPROX(sqrth, std::sqrt(x))
WMMASIM_AMDGCN_F16_APPROX(sinh, std::sin(x * 6.283185307179586))
WMMASIM_AMDGCN_F16_APPROX(cosh, std::cos(x * 6.283185307179586))
#undef WMMASIM_AMDGCN_F16_APPROX
