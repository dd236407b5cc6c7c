// __half and __half2 with ROCm's API (ROCm clr hipamd/include/hip/amd_detail/amd_hip_fp16.h, 6.3),
// for host C++ compiled by clang (_Float16 and ext_vector_type are needed).
//
// Arithmetic rounds once to f16, as the GPU's f16 instructions do: operands are widened exactly to
// double; + - * are then exact, / and sqrt are rounded to 53 bits first, which cannot change an
// 11-bit round-to-nearest result (53 >= 2*11+2, Figueroa's double-rounding bound). fma is computed
// as a double fma: when that rounding is inexact, either the product is below 2^-31 of the addend,
// so the result is within 2^-52 relative of an f16 value and cannot sit on a rounding midpoint, or
// the result overflows f16 either way. Rounding to f16 is done by float_rounding.hpp, never by the
// host compiler's casts.
//
// What ROCm 6.3 itself does, and so what these functions do too (docs/hip-on-cpu.md):
// integer conversions ignore their rounding suffix (half -> int truncates, int -> half rounds to
// nearest even); float -> half with _rz/_rd/_ru honours it (the device functions' behaviour).
#pragma once

#include <cstdint>
#include <limits>
#include <type_traits>

#include "wmmasim/hip/detail/float_rounding.hpp"
#include "wmmasim/hip/detail/qualifiers.hpp"
#include "wmmasim/hip/detail/vector_types.hpp"

typedef _Float16 _Float16_2 __attribute__((ext_vector_type(2)));

// As ROCm's amd_hip_fp16.h does: _Float16 counts as a floating-point type, so __half converts to
// and from it implicitly (WMMA code assigns __half elements into _Float16 vectors) and templates
// that dispatch on std::is_floating_point treat it as ROCm programs expect. libstdc++ 12 does not.
#if !defined(__STDCPP_FLOAT16_T__)
namespace std {
template <> struct is_floating_point<_Float16> : std::true_type {};
}  // namespace std
#endif

struct __half_raw {
  union {
    _Float16 data;
    unsigned short x;
  };
};

struct __half2_raw {
  union {
    struct {
      __half_raw x;
      __half_raw y;
    };
    _Float16_2 data;
  };
};

namespace wmmasim::hip::detail {
inline unsigned short f16_from_double(double v, RoundMode m = RoundMode::nearest_even) {
  return round_to_ieee(v, kF16, m);
}
inline double f16_to_double(unsigned short h) { return widen_ieee(h, kF16); }
inline float f16_to_float(unsigned short h) { return widen_ieee_to_float(h, kF16); }
inline _Float16 f16_value(unsigned short h) { return bit_copy<_Float16>(h); }
inline unsigned short f16_bits(_Float16 v) { return bit_copy<unsigned short>(v); }

// Float -> integer as the GPU's conversion instructions do it: truncation, NaN -> 0, saturation
// at the type's limits (C++ leaves out-of-range conversions undefined).
template <class I> inline I saturating_trunc(double v) {
  if (v != v) return 0;
  if (v <= static_cast<double>(std::numeric_limits<I>::min())) return std::numeric_limits<I>::min();
  if (v >= static_cast<double>(std::numeric_limits<I>::max())) return std::numeric_limits<I>::max();
  return static_cast<I>(v);
}

// The arithmetic behind __half's operators and __hadd & co. (defined below). No function of this
// header uses the operators or the conversions, which a program may remove with
// __HIP_NO_HALF_OPERATORS__ and __HIP_NO_HALF_CONVERSIONS__.
}  // namespace wmmasim::hip::detail
struct __half;
struct __half2;
namespace wmmasim::hip::detail {
__half half_add(const __half& a, const __half& b);
__half half_sub(const __half& a, const __half& b);
__half half_mul(const __half& a, const __half& b);
__half half_div(const __half& a, const __half& b);
__half half_neg(const __half& a);
__half2 half2_map(const __half2& a, const __half2& b, __half (*f)(const __half&, const __half&));
}  // namespace wmmasim::hip::detail

struct __half {
 protected:
  union {
    _Float16 data;
    unsigned short __x;
  };
  static __half from_bits(unsigned short b) {
    __half h;
    h.__x = b;
    return h;
  }

 public:
  __half() = default;
  __half(const __half_raw& r) : data{r.data} {}
#if !defined(__HIP_NO_HALF_CONVERSIONS__)
  __half(_Float16 v) : data{v} {}
  template <class T, std::enable_if_t<std::is_floating_point_v<T>>* = nullptr>
  __half(T v) : __x{wmmasim::hip::detail::f16_from_double(static_cast<double>(v))} {}
  template <class T, std::enable_if_t<std::is_integral_v<T>>* = nullptr>
  __half(T v) : __x{wmmasim::hip::detail::f16_from_double(static_cast<double>(v))} {}
#endif
  __half(const __half&) = default;
  __half(__half&&) = default;
  ~__half() = default;

  __half& operator=(const __half&) = default;
  __half& operator=(__half&&) = default;
  __half& operator=(const __half_raw& r) {
    data = r.data;
    return *this;
  }
  volatile __half& operator=(const __half_raw& r) volatile {
    __x = r.x;
    return *this;
  }
#if !defined(__HIP_NO_HALF_CONVERSIONS__)
  template <class T, std::enable_if_t<std::is_arithmetic_v<T>>* = nullptr> __half& operator=(T v) {
    return *this = __half(v);
  }
#endif

  operator __half_raw() const {
    __half_raw r;
    r.x = __x;
    return r;
  }
  operator __half_raw() const volatile {
    __half_raw r;
    r.x = __x;
    return r;
  }
#if !defined(__HIP_NO_HALF_CONVERSIONS__)
  template <class T, std::enable_if_t<std::is_floating_point_v<T>>* = nullptr> operator T() const {
    return static_cast<T>(wmmasim::hip::detail::f16_to_double(__x));
  }
  template <class T, std::enable_if_t<std::is_integral_v<T>>* = nullptr> operator T() const {
    if constexpr (std::is_same_v<T, bool>)
      return (__x & 0x7fff) != 0;
    else
      return wmmasim::hip::detail::saturating_trunc<T>(wmmasim::hip::detail::f16_to_double(__x));
  }
#endif

#if !defined(__HIP_NO_HALF_OPERATORS__)
  // ROCm's operators are device functions, so a program defines its own for host code (rocWMMA
  // does, in its namespace). Host and device code are one compile here: each operator is a template
  // with nothing to deduce, so that a program's own non-template operator with the same parameters
  // is the better match rather than an ambiguous one (C++ [over.match.best]: a non-template wins a tie).
  template <typename = void> __half& operator+=(const __half& y) { return *this = wmmasim::hip::detail::half_add(*this, y); }
  template <typename = void> __half& operator-=(const __half& y) { return *this = wmmasim::hip::detail::half_sub(*this, y); }
  template <typename = void> __half& operator*=(const __half& y) { return *this = wmmasim::hip::detail::half_mul(*this, y); }
  template <typename = void> __half& operator/=(const __half& y) { return *this = wmmasim::hip::detail::half_div(*this, y); }
  template <typename = void> __half& operator++() { return *this = wmmasim::hip::detail::half_add(*this, from_bits(0x3c00)); }
  template <typename = void> __half operator++(int) {
    __half t{*this};
    *this = wmmasim::hip::detail::half_add(*this, from_bits(0x3c00));
    return t;
  }
  template <typename = void> __half& operator--() { return *this = wmmasim::hip::detail::half_sub(*this, from_bits(0x3c00)); }
  template <typename = void> __half operator--(int) {
    __half t{*this};
    *this = wmmasim::hip::detail::half_sub(*this, from_bits(0x3c00));
    return t;
  }
  template <typename = void> __half operator+() const { return *this; }
  template <typename = void> __half operator-() const { return from_bits(static_cast<unsigned short>(__x ^ 0x8000)); }

  template <typename = void> friend __half operator+(const __half& a, const __half& b) { return wmmasim::hip::detail::half_add(a, b); }
  template <typename = void> friend __half operator-(const __half& a, const __half& b) { return wmmasim::hip::detail::half_sub(a, b); }
  template <typename = void> friend __half operator*(const __half& a, const __half& b) { return wmmasim::hip::detail::half_mul(a, b); }
  template <typename = void> friend __half operator/(const __half& a, const __half& b) { return wmmasim::hip::detail::half_div(a, b); }
  template <typename = void> friend bool operator==(const __half& a, const __half& b) { return a.wide() == b.wide(); }
  template <typename = void> friend bool operator!=(const __half& a, const __half& b) { return !(a.wide() == b.wide()); }
  template <typename = void> friend bool operator<(const __half& a, const __half& b) { return a.wide() < b.wide(); }
  template <typename = void> friend bool operator>(const __half& a, const __half& b) { return b.wide() < a.wide(); }
  template <typename = void> friend bool operator<=(const __half& a, const __half& b) { return !(b.wide() < a.wide()); }
  template <typename = void> friend bool operator>=(const __half& a, const __half& b) { return !(a.wide() < b.wide()); }
#endif

  // Not in ROCm: the exact value, for the functions below.
  double wide() const { return wmmasim::hip::detail::f16_to_double(__x); }
};

struct __half2 {
  union {
    struct {
      __half x;
      __half y;
    };
    _Float16_2 data;
  };

  __half2() = default;
  __half2(const __half2_raw& r) : data{r.data} {}
  __half2(_Float16_2 v) : data{v} {}
  __half2(const __half& a, const __half& b)
      : data{static_cast<__half_raw>(a).data, static_cast<__half_raw>(b).data} {}
  __half2(const __half2&) = default;
  __half2(__half2&&) = default;
  ~__half2() = default;
  __half2& operator=(const __half2&) = default;
  __half2& operator=(__half2&&) = default;
  __half2& operator=(const __half2_raw& r) {
    data = r.data;
    return *this;
  }

  operator _Float16_2() const { return data; }
  operator __half2_raw() const {
    __half2_raw r;
    r.data = data;
    return r;
  }

#if !defined(__HIP_NO_HALF_OPERATORS__)
  // Templates for the reason given at __half's operators.
  template <typename = void> __half2& operator+=(const __half2& o) { return *this = wmmasim::hip::detail::half2_map(*this, o, wmmasim::hip::detail::half_add); }
  template <typename = void> __half2& operator-=(const __half2& o) { return *this = wmmasim::hip::detail::half2_map(*this, o, wmmasim::hip::detail::half_sub); }
  template <typename = void> __half2& operator*=(const __half2& o) { return *this = wmmasim::hip::detail::half2_map(*this, o, wmmasim::hip::detail::half_mul); }
  template <typename = void> __half2& operator/=(const __half2& o) { return *this = wmmasim::hip::detail::half2_map(*this, o, wmmasim::hip::detail::half_div); }
  template <typename = void> __half2& operator++() { return *this = wmmasim::hip::detail::half2_map(*this, one(), wmmasim::hip::detail::half_add); }
  template <typename = void> __half2 operator++(int) {
    __half2 t{*this};
    *this = wmmasim::hip::detail::half2_map(*this, one(), wmmasim::hip::detail::half_add);
    return t;
  }
  template <typename = void> __half2& operator--() { return *this = wmmasim::hip::detail::half2_map(*this, one(), wmmasim::hip::detail::half_sub); }
  template <typename = void> __half2 operator--(int) {
    __half2 t{*this};
    *this = wmmasim::hip::detail::half2_map(*this, one(), wmmasim::hip::detail::half_sub);
    return t;
  }
  template <typename = void> __half2 operator+() const { return *this; }
  template <typename = void> __half2 operator-() const { return __half2(wmmasim::hip::detail::half_neg(x), wmmasim::hip::detail::half_neg(y)); }
  template <typename = void> friend __half2 operator+(const __half2& a, const __half2& b) { return wmmasim::hip::detail::half2_map(a, b, wmmasim::hip::detail::half_add); }
  template <typename = void> friend __half2 operator-(const __half2& a, const __half2& b) { return wmmasim::hip::detail::half2_map(a, b, wmmasim::hip::detail::half_sub); }
  template <typename = void> friend __half2 operator*(const __half2& a, const __half2& b) { return wmmasim::hip::detail::half2_map(a, b, wmmasim::hip::detail::half_mul); }
  template <typename = void> friend __half2 operator/(const __half2& a, const __half2& b) { return wmmasim::hip::detail::half2_map(a, b, wmmasim::hip::detail::half_div); }
  // As ROCm: true only when both lanes compare true.
  template <typename = void> friend bool operator==(const __half2& a, const __half2& b) { return a.x.wide() == b.x.wide() && a.y.wide() == b.y.wide(); }
  template <typename = void> friend bool operator!=(const __half2& a, const __half2& b) { return !(a.x.wide() == b.x.wide() && a.y.wide() == b.y.wide()); }
  template <typename = void> friend bool operator<(const __half2& a, const __half2& b) { return a.x.wide() < b.x.wide() && a.y.wide() < b.y.wide(); }
  template <typename = void> friend bool operator>(const __half2& a, const __half2& b) { return b.x.wide() < a.x.wide() && b.y.wide() < a.y.wide(); }
  template <typename = void> friend bool operator<=(const __half2& a, const __half2& b) { return !(b.x.wide() < a.x.wide() && b.y.wide() < a.y.wide()); }
  template <typename = void> friend bool operator>=(const __half2& a, const __half2& b) { return !(a.x.wide() < b.x.wide() && a.y.wide() < b.y.wide()); }

 private:
  static __half2 one() { return __half2(_Float16_2{1, 1}); }
#endif
};

static_assert(sizeof(__half) == 2 && alignof(__half) == 2);
static_assert(sizeof(__half2) == 4 && alignof(__half2) == 4);
static_assert(sizeof(__half_raw) == 2 && sizeof(__half2_raw) == 4);

namespace wmmasim::hip::detail {
inline __half half_from_bits(unsigned short b) {
  __half_raw r;
  r.x = b;
  return __half(r);
}
inline unsigned short half_bits(__half h) { return static_cast<__half_raw>(h).x; }
inline double half_wide(__half h) { return f16_to_double(half_bits(h)); }
inline __half half_round(double v, RoundMode m = RoundMode::nearest_even) {
  return half_from_bits(f16_from_double(v, m));
}
inline bool half_isnan(__half h) { return (half_bits(h) & 0x7fff) > 0x7c00; }
inline __half half_add(const __half& a, const __half& b) { return half_round(half_wide(a) + half_wide(b)); }
inline __half half_sub(const __half& a, const __half& b) { return half_round(half_wide(a) - half_wide(b)); }
inline __half half_mul(const __half& a, const __half& b) { return half_round(half_wide(a) * half_wide(b)); }
inline __half half_div(const __half& a, const __half& b) { return half_round(half_wide(a) / half_wide(b)); }
inline __half half_neg(const __half& a) { return half_from_bits(static_cast<unsigned short>(half_bits(a) ^ 0x8000)); }
inline __half2 half2_map(const __half2& a, const __half2& b, __half (*f)(const __half&, const __half&)) {
  return __half2(f(a.x, b.x), f(a.y, b.y));
}
// 1 or 0 for the lane-wise comparisons.
inline __half half_truth(bool b) { return half_from_bits(b ? 0x3c00 : 0); }
}  // namespace wmmasim::hip::detail

// ---- Bit casts and construction
inline short __half_as_short(__half h) { return static_cast<short>(wmmasim::hip::detail::half_bits(h)); }
inline unsigned short __half_as_ushort(__half h) { return wmmasim::hip::detail::half_bits(h); }
inline __half __short_as_half(short x) { return wmmasim::hip::detail::half_from_bits(static_cast<unsigned short>(x)); }
inline __half __ushort_as_half(unsigned short x) { return wmmasim::hip::detail::half_from_bits(x); }

inline __half2 __halves2half2(__half x, __half y) { return __half2(x, y); }
inline __half2 __half2half2(__half x) { return __half2(x, x); }
inline __half __low2half(__half2 x) { return x.x; }
inline __half __high2half(__half2 x) { return x.y; }
inline __half2 __low2half2(__half2 x) { return __half2(x.x, x.x); }
inline __half2 __high2half2(__half2 x) { return __half2(x.y, x.y); }
inline __half2 __lows2half2(__half2 x, __half2 y) { return __half2(x.x, y.x); }
inline __half2 __highs2half2(__half2 x, __half2 y) { return __half2(x.y, y.y); }
inline __half2 __lowhigh2highlow(__half2 x) { return __half2(x.y, x.x); }

// ---- float <-> half
inline __half __float2half(float x) { return wmmasim::hip::detail::half_round(x); }
inline __half __float2half_rn(float x) { return wmmasim::hip::detail::half_round(x); }
inline __half __float2half_rz(float x) { return wmmasim::hip::detail::half_round(x, wmmasim::hip::detail::RoundMode::toward_zero); }
inline __half __float2half_rd(float x) { return wmmasim::hip::detail::half_round(x, wmmasim::hip::detail::RoundMode::down); }
inline __half __float2half_ru(float x) { return wmmasim::hip::detail::half_round(x, wmmasim::hip::detail::RoundMode::up); }
inline __half2 __float2half2_rn(float x) { return __half2(__float2half_rn(x), __float2half_rn(x)); }
inline __half2 __floats2half2_rn(float x, float y) { return __half2(__float2half_rn(x), __float2half_rn(y)); }
inline __half2 __float22half2_rn(float2 x) { return __floats2half2_rn(x.x, x.y); }
inline float __half2float(__half x) { return wmmasim::hip::detail::f16_to_float(wmmasim::hip::detail::half_bits(x)); }
inline float __low2float(__half2 x) { return __half2float(x.x); }
inline float __high2float(__half2 x) { return __half2float(x.y); }
inline float2 __half22float2(__half2 x) { return make_float2(__half2float(x.x), __half2float(x.y)); }

// ---- Integer conversions: the suffix is ignored, as in ROCm (see the top of this file).
#define WMMASIM_HALF_INT_CONVERSIONS(name, T)                                                                  \
  inline T __half2##name##_rn(__half x) { return wmmasim::hip::detail::saturating_trunc<T>(wmmasim::hip::detail::half_wide(x)); } \
  inline T __half2##name##_rz(__half x) { return wmmasim::hip::detail::saturating_trunc<T>(wmmasim::hip::detail::half_wide(x)); } \
  inline T __half2##name##_rd(__half x) { return wmmasim::hip::detail::saturating_trunc<T>(wmmasim::hip::detail::half_wide(x)); } \
  inline T __half2##name##_ru(__half x) { return wmmasim::hip::detail::saturating_trunc<T>(wmmasim::hip::detail::half_wide(x)); } \
  inline __half __##name##2half_rn(T x) { return wmmasim::hip::detail::half_round(static_cast<double>(x)); }    \
  inline __half __##name##2half_rz(T x) { return wmmasim::hip::detail::half_round(static_cast<double>(x)); }    \
  inline __half __##name##2half_rd(T x) { return wmmasim::hip::detail::half_round(static_cast<double>(x)); }    \
  inline __half __##name##2half_ru(T x) { return wmmasim::hip::detail::half_round(static_cast<double>(x)); }
WMMASIM_HALF_INT_CONVERSIONS(int, int)
WMMASIM_HALF_INT_CONVERSIONS(uint, unsigned int)
WMMASIM_HALF_INT_CONVERSIONS(short, short)
WMMASIM_HALF_INT_CONVERSIONS(ushort, unsigned short)
WMMASIM_HALF_INT_CONVERSIONS(ll, long long)
WMMASIM_HALF_INT_CONVERSIONS(ull, unsigned long long)
#undef WMMASIM_HALF_INT_CONVERSIONS

// ---- Loads (no cache hints on the CPU)
inline __half __ldg(const __half* p) { return *p; }
inline __half __ldcg(const __half* p) { return *p; }
inline __half __ldca(const __half* p) { return *p; }
inline __half __ldcs(const __half* p) { return *p; }
inline __half2 __ldg(const __half2* p) { return *p; }
inline __half2 __ldcg(const __half2* p) { return *p; }
inline __half2 __ldca(const __half2* p) { return *p; }
inline __half2 __ldcs(const __half2* p) { return *p; }

// ---- Comparisons (ordered unless the name ends in u; NaN compares unordered)
inline bool __heq(__half a, __half b) { return a.wide() == b.wide(); }
inline bool __hne(__half a, __half b) { return a.wide() != b.wide(); }  // as ROCm: true for NaN
inline bool __hle(__half a, __half b) { return a.wide() <= b.wide(); }
inline bool __hge(__half a, __half b) { return a.wide() >= b.wide(); }
inline bool __hlt(__half a, __half b) { return a.wide() < b.wide(); }
inline bool __hgt(__half a, __half b) { return a.wide() > b.wide(); }
inline bool __hequ(__half a, __half b) { return !(a.wide() < b.wide()) && !(a.wide() > b.wide()); }
inline bool __hneu(__half a, __half b) { return !(a.wide() == b.wide()); }
inline bool __hleu(__half a, __half b) { return !(a.wide() > b.wide()); }
inline bool __hgeu(__half a, __half b) { return !(a.wide() < b.wide()); }
inline bool __hltu(__half a, __half b) { return !(a.wide() >= b.wide()); }
inline bool __hgtu(__half a, __half b) { return !(a.wide() <= b.wide()); }

// Lane-wise comparisons give 1.0 or 0.0 per lane; the __hb forms are true when both lanes are.
#define WMMASIM_HALF2_COMPARE(name)                                                                  \
  inline __half2 name##2(__half2 a, __half2 b) {                                                     \
    return __half2(wmmasim::hip::detail::half_truth(name(a.x, b.x)), wmmasim::hip::detail::half_truth(name(a.y, b.y)));      \
  }
WMMASIM_HALF2_COMPARE(__heq)
WMMASIM_HALF2_COMPARE(__hne)
WMMASIM_HALF2_COMPARE(__hle)
WMMASIM_HALF2_COMPARE(__hge)
WMMASIM_HALF2_COMPARE(__hlt)
WMMASIM_HALF2_COMPARE(__hgt)
WMMASIM_HALF2_COMPARE(__hequ)
WMMASIM_HALF2_COMPARE(__hneu)
WMMASIM_HALF2_COMPARE(__hleu)
WMMASIM_HALF2_COMPARE(__hgeu)
WMMASIM_HALF2_COMPARE(__hltu)
WMMASIM_HALF2_COMPARE(__hgtu)
#undef WMMASIM_HALF2_COMPARE
inline bool __hbeq2(__half2 a, __half2 b) { return __heq(a.x, b.x) && __heq(a.y, b.y); }
inline bool __hbne2(__half2 a, __half2 b) { return __hne(a.x, b.x) && __hne(a.y, b.y); }
inline bool __hble2(__half2 a, __half2 b) { return __hle(a.x, b.x) && __hle(a.y, b.y); }
inline bool __hbge2(__half2 a, __half2 b) { return __hge(a.x, b.x) && __hge(a.y, b.y); }
inline bool __hblt2(__half2 a, __half2 b) { return __hlt(a.x, b.x) && __hlt(a.y, b.y); }
inline bool __hbgt2(__half2 a, __half2 b) { return __hgt(a.x, b.x) && __hgt(a.y, b.y); }
// ROCm 6.3 defines the unordered __hb*u2 forms as the ordered ones; kept so for the same results.
inline bool __hbequ2(__half2 a, __half2 b) { return __hbeq2(a, b); }
inline bool __hbneu2(__half2 a, __half2 b) { return __hbne2(a, b); }
inline bool __hbleu2(__half2 a, __half2 b) { return __hble2(a, b); }
inline bool __hbgeu2(__half2 a, __half2 b) { return __hbge2(a, b); }
inline bool __hbltu2(__half2 a, __half2 b) { return __hblt2(a, b); }
inline bool __hbgtu2(__half2 a, __half2 b) { return __hbgt2(a, b); }

inline bool __hisnan(__half a) { return wmmasim::hip::detail::half_isnan(a); }
inline bool __hisinf(__half a) { return (wmmasim::hip::detail::half_bits(a) & 0x7fff) == 0x7c00; }
inline __half2 __hisnan2(__half2 a) { return __half2(wmmasim::hip::detail::half_truth(__hisnan(a.x)), wmmasim::hip::detail::half_truth(__hisnan(a.y))); }
inline __half2 __hisinf2(__half2 a) { return __half2(wmmasim::hip::detail::half_truth(__hisinf(a.x)), wmmasim::hip::detail::half_truth(__hisinf(a.y))); }

// IEEE maxNum/minNum (the GPU's v_max_f16/v_min_f16): a NaN operand gives the other operand;
// -0 orders below +0 here (the hardware's choice for signed zeros is not verified).
inline __half __hmax(__half a, __half b) {
  if (__hisnan(a)) return b;
  if (__hisnan(b)) return a;
  if (a.wide() == b.wide()) return (wmmasim::hip::detail::half_bits(a) & 0x8000) ? b : a;
  return a.wide() > b.wide() ? a : b;
}
inline __half __hmin(__half a, __half b) {
  if (__hisnan(a)) return b;
  if (__hisnan(b)) return a;
  if (a.wide() == b.wide()) return (wmmasim::hip::detail::half_bits(a) & 0x8000) ? a : b;
  return a.wide() < b.wide() ? a : b;
}
inline __half __hmax_nan(__half a, __half b) { return __hisnan(a) ? a : __hisnan(b) ? b : __hmax(a, b); }
inline __half __hmin_nan(__half a, __half b) { return __hisnan(a) ? a : __hisnan(b) ? b : __hmin(a, b); }
inline __half2 __hmax2(__half2 a, __half2 b) { return __half2(__hmax(a.x, b.x), __hmax(a.y, b.y)); }
inline __half2 __hmin2(__half2 a, __half2 b) { return __half2(__hmin(a.x, b.x), __hmin(a.y, b.y)); }
inline __half2 __hmax2_nan(__half2 a, __half2 b) { return __half2(__hmax_nan(a.x, b.x), __hmax_nan(a.y, b.y)); }
inline __half2 __hmin2_nan(__half2 a, __half2 b) { return __half2(__hmin_nan(a.x, b.x), __hmin_nan(a.y, b.y)); }

// ---- Arithmetic
// _sat clamps to [0, 1] as ROCm's __clamp_01 does: NaN passes through unchanged.
inline __half __clamp_01(__half x) {
  if (x.wide() < 0.0) return wmmasim::hip::detail::half_from_bits(0);
  if (x.wide() > 1.0) return wmmasim::hip::detail::half_from_bits(0x3c00);
  return x;
}
inline __half __hadd(__half a, __half b) { return wmmasim::hip::detail::half_add(a, b); }
inline __half __hsub(__half a, __half b) { return wmmasim::hip::detail::half_sub(a, b); }
inline __half __hmul(__half a, __half b) { return wmmasim::hip::detail::half_mul(a, b); }
inline __half __hdiv(__half a, __half b) { return wmmasim::hip::detail::half_div(a, b); }
inline __half __hfma(__half a, __half b, __half c) {
  return wmmasim::hip::detail::half_round(__builtin_fma(a.wide(), b.wide(), c.wide()));
}
inline __half __hneg(__half a) { return wmmasim::hip::detail::half_neg(a); }
inline __half __habs(__half a) { return wmmasim::hip::detail::half_from_bits(wmmasim::hip::detail::half_bits(a) & 0x7fff); }
inline __half __hadd_sat(__half a, __half b) { return __clamp_01(__hadd(a, b)); }
inline __half __hsub_sat(__half a, __half b) { return __clamp_01(__hsub(a, b)); }
inline __half __hmul_sat(__half a, __half b) { return __clamp_01(__hmul(a, b)); }
inline __half __hfma_sat(__half a, __half b, __half c) { return __clamp_01(__hfma(a, b, c)); }

inline __half2 __hadd2(__half2 a, __half2 b) { return wmmasim::hip::detail::half2_map(a, b, wmmasim::hip::detail::half_add); }
inline __half2 __hsub2(__half2 a, __half2 b) { return wmmasim::hip::detail::half2_map(a, b, wmmasim::hip::detail::half_sub); }
inline __half2 __hmul2(__half2 a, __half2 b) { return wmmasim::hip::detail::half2_map(a, b, wmmasim::hip::detail::half_mul); }
inline __half2 __h2div(__half2 a, __half2 b) { return wmmasim::hip::detail::half2_map(a, b, wmmasim::hip::detail::half_div); }
inline __half2 __hfma2(__half2 a, __half2 b, __half2 c) { return __half2(__hfma(a.x, b.x, c.x), __hfma(a.y, b.y, c.y)); }
inline __half2 __hneg2(__half2 a) { return __half2(wmmasim::hip::detail::half_neg(a.x), wmmasim::hip::detail::half_neg(a.y)); }
inline __half2 __habs2(__half2 a) { return __half2(__habs(a.x), __habs(a.y)); }
inline __half2 __hadd2_sat(__half2 a, __half2 b) { return __half2(__hadd_sat(a.x, b.x), __hadd_sat(a.y, b.y)); }
inline __half2 __hsub2_sat(__half2 a, __half2 b) { return __half2(__hsub_sat(a.x, b.x), __hsub_sat(a.y, b.y)); }
inline __half2 __hmul2_sat(__half2 a, __half2 b) { return __half2(__hmul_sat(a.x, b.x), __hmul_sat(a.y, b.y)); }
inline __half2 __hfma2_sat(__half2 a, __half2 b, __half2 c) {
  return __half2(__hfma_sat(a.x, b.x, c.x), __hfma_sat(a.y, b.y, c.y));
}

// ---- Math. Exactly rounded where the operation is (sqrt, rcp, rounding to integers); the
// transcendental ones are the host libm's value rounded to f16, which may differ from the GPU's
// __ocml_*_f16 in the last bit (docs/hip-on-cpu.md).
namespace wmmasim::hip::detail {
template <class F> inline __half half_math(__half x, F f) { return half_round(f(half_wide(x))); }
}  // namespace wmmasim::hip::detail
inline __half hsqrt(__half x) { return wmmasim::hip::detail::half_math(x, [](double v) { return __builtin_sqrt(v); }); }
inline __half hrsqrt(__half x) { return wmmasim::hip::detail::half_math(x, [](double v) { return 1.0 / __builtin_sqrt(v); }); }
inline __half hrcp(__half x) { return wmmasim::hip::detail::half_math(x, [](double v) { return 1.0 / v; }); }
inline __half hceil(__half x) { return wmmasim::hip::detail::half_math(x, [](double v) { return __builtin_ceil(v); }); }
inline __half hfloor(__half x) { return wmmasim::hip::detail::half_math(x, [](double v) { return __builtin_floor(v); }); }
inline __half htrunc(__half x) { return wmmasim::hip::detail::half_math(x, [](double v) { return __builtin_trunc(v); }); }
inline __half hrint(__half x) { return wmmasim::hip::detail::half_math(x, [](double v) { return __builtin_nearbyint(v); }); }
inline __half hexp(__half x) { return wmmasim::hip::detail::half_math(x, [](double v) { return __builtin_exp(v); }); }
inline __half hexp2(__half x) { return wmmasim::hip::detail::half_math(x, [](double v) { return __builtin_exp2(v); }); }
inline __half hexp10(__half x) { return wmmasim::hip::detail::half_math(x, [](double v) { return __builtin_pow(10.0, v); }); }
inline __half hlog(__half x) { return wmmasim::hip::detail::half_math(x, [](double v) { return __builtin_log(v); }); }
inline __half hlog2(__half x) { return wmmasim::hip::detail::half_math(x, [](double v) { return __builtin_log2(v); }); }
inline __half hlog10(__half x) { return wmmasim::hip::detail::half_math(x, [](double v) { return __builtin_log10(v); }); }
inline __half hsin(__half x) { return wmmasim::hip::detail::half_math(x, [](double v) { return __builtin_sin(v); }); }
inline __half hcos(__half x) { return wmmasim::hip::detail::half_math(x, [](double v) { return __builtin_cos(v); }); }
#define WMMASIM_HALF2_MATH(name) \
  inline __half2 h2##name(__half2 x) { return __half2(h##name(x.x), h##name(x.y)); }
WMMASIM_HALF2_MATH(sqrt)
WMMASIM_HALF2_MATH(rsqrt)
WMMASIM_HALF2_MATH(rcp)
WMMASIM_HALF2_MATH(ceil)
WMMASIM_HALF2_MATH(floor)
WMMASIM_HALF2_MATH(trunc)
WMMASIM_HALF2_MATH(rint)
WMMASIM_HALF2_MATH(exp)
WMMASIM_HALF2_MATH(exp2)
WMMASIM_HALF2_MATH(exp10)
WMMASIM_HALF2_MATH(log)
WMMASIM_HALF2_MATH(log2)
WMMASIM_HALF2_MATH(log10)
WMMASIM_HALF2_MATH(sin)
WMMASIM_HALF2_MATH(cos)
#undef WMMASIM_HALF2_MATH

#if !defined(HIP_NO_HALF)
using half = __half;
using half2 = __half2;
#endif

// Packed atomic add (ROCm: global_atomic_pk_add_f16 or a compare-and-swap loop): both halves are
// added with one rounding each, as __hadd2 does; the old pair is returned.
inline __half2 unsafeAtomicAdd(__half2* address, __half2 value) {
  unsigned int* word = reinterpret_cast<unsigned int*>(address);
  unsigned int old_bits = __atomic_load_n(word, __ATOMIC_RELAXED);
  for (;;) {
    const __half2 old = wmmasim::hip::detail::bit_copy<__half2>(old_bits);
    const unsigned int new_bits = wmmasim::hip::detail::bit_copy<unsigned int>(__hadd2(old, value));
    if (__atomic_compare_exchange_n(word, &old_bits, new_bits, true, __ATOMIC_RELAXED, __ATOMIC_RELAXED)) return old;
  }
}
