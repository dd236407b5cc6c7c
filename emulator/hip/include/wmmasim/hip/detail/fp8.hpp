// HIP's FP8 types and conversions with ROCm's names (ROCm clr
// hipamd/include/hip/amd_detail/amd_hip_fp8.h, 6.3): the OCP types __hip_fp8_e4m3/__hip_fp8_e5m2
// (and x2/x4), the FNUZ types of CDNA3 (__hip_fp8_e4m3_fnuz, ...), __hip_cvt_* functions.
//
// ROCm converts in two ways, and a program built for gfx1201 uses both:
//  * host code (and double inputs everywhere) runs ROCm's software conversion (rocBLAS's
//    cast_to_f8/cast_from_f8): round to nearest even, but any magnitude above the largest finite
//    value overflows (even one that would round down to it); overflow and infinities give the
//    "signed inf" code (e4m3: NaN 0x7F, e5m2: inf 0x7C) or, saturating, the largest finite; NaN
//    gives S.1111111 in both OCP formats; fp8 -> float gives 0x7F800001 for NaN.
//  * device code on gfx12 (HIP_FP8_CVT_FAST_PATH) converts float with V_CVT_PK_FP8_F32 /
//    V_CVT_PK_BF8_F32 and back with V_CVT_F32_FP8/BF8: saturation is a clamp to +-max applied to
//    finite inputs before a round-to-nearest-even conversion whose overflow gives NaN (e4m3) or
//    inf (e5m2); infinities are not clamped; NaNs stay NaN with their sign (the numerics model of
//    spec 7.4, wmmasim/numerics/formats.hpp).
// Here the choice is made when the conversion runs: inside a kernel launched by the emulator the
// device rules apply (for gfx12; gfx11 device code converts in software, as ROCm's does), elsewhere
// the host rules. Every constructor of the types saturates
// (__HIP_SATFINITE), as in ROCm.
//
// Where ROCm 6.3 behaves oddly, these functions do the same, for the same bits: the device
// float2 -> fp8x2 conversion ignores the saturation request; __hip_fp8x4_* built from two pairs
// (low, high) stores `high` in the low 16 bits; fnuz NaN inputs to the saturating software
// conversion give the largest finite value.
// One ROCm behaviour is not reproduced: for magnitudes below about 2^-69 (e4m3) or 2^-77 (e5m2) its
// software conversion shifts a 64-bit value by 64 places or more (undefined in C++; x86 masks the
// count) and returns small nonzero codes; here such values round to +-0, as they should. Compared
// with ROCm 6.3's own conversion functions built for the host (outside this repository), every other
// float input tried (845 million, all interpretations and saturation modes) and every fp8 code
// (to float and to half) gives the same bits.
#pragma once

#include <cassert>
#include <climits>
#include <cstdint>

#include "wmmasim/hip/detail/bf16.hpp"
#include "wmmasim/hip/detail/float_rounding.hpp"
#include "wmmasim/hip/detail/fp16.hpp"
#include "wmmasim/hip/detail/qualifiers.hpp"
#include "wmmasim/hip/detail/vector_types.hpp"

// What ROCm 6.3 defines for the device compile of the target (host and device are one compile
// here; wmmasim-hipcc defines __GFX11__ or __GFX12__, and gfx1201 is the default target):
//   gfx12: conversion instructions (HIP_FP8_CVT_FAST_PATH), OCP formats only on the device;
//   gfx11: no fp8 instructions, so device code converts in software, and ROCm's header leaves both
//          format families on (its fallback branch, the same as for host code).
// rocWMMA reads HIP_FP8_TYPE_OCP/FNUZ to decide whether its fp8 types exist.
#if !defined(HIP_FP8_CVT_FAST_PATH)
#if defined(__GFX11__)
#define HIP_FP8_CVT_FAST_PATH 0
#define HIP_FP8_TYPE_OCP 1
#define HIP_FP8_TYPE_FNUZ 1
#else
#define HIP_FP8_CVT_FAST_PATH 1
#define HIP_FP8_TYPE_OCP 1
#define HIP_FP8_TYPE_FNUZ 0
#endif
#endif

enum __hip_fp8_interpretation_t {
  __HIP_E4M3 = 0,
  __HIP_E5M2 = 1,
  __HIP_E4M3_FNUZ = 2,
  __HIP_E5M2_FNUZ = 3,
};

enum __hip_saturation_t {
  __HIP_NOSAT = 0,
  __HIP_SATFINITE = 1,
};

typedef unsigned char __hip_fp8_storage_t;
typedef unsigned short int __hip_fp8x2_storage_t;
typedef unsigned int __hip_fp8x4_storage_t;

namespace wmmasim::simt {
bool in_kernel();  // wmmasim/simt/lane_context.hpp (C++20), declared here for C++17 programs
}  // namespace wmmasim::simt

namespace wmmasim::hip::detail {

struct Fp8Format {
  int we, wm;
  bool fnuz;
  constexpr int bias() const { return (1 << (we - 1)) - 1 + (fnuz ? 1 : 0); }
  constexpr NarrowFormat narrow() const { return {wm, 1 - bias()}; }
  // Largest finite magnitude code: e4m3 0x7E (448), e5m2 0x7B (57344), fnuz 0x7F (240 / 57344).
  constexpr std::uint32_t max_code() const { return fnuz ? 0x7f : we == 4 ? 0x7e : 0x7b; }
};

inline constexpr Fp8Format fp8_format(__hip_fp8_interpretation_t i) {
  switch (i) {
    case __HIP_E4M3: return {4, 3, false};
    case __HIP_E5M2: return {5, 2, false};
    case __HIP_E4M3_FNUZ: return {4, 3, true};
    case __HIP_E5M2_FNUZ: return {5, 2, true};
  }
  return {4, 3, false};
}

// True while a kernel lane launched by the emulator runs on this thread.
inline bool fp8_device_rules() { return HIP_FP8_CVT_FAST_PATH && wmmasim::simt::in_kernel(); }

// ROCm's software conversion (host code; double inputs in device code too).
inline std::uint8_t fp8_from_double_software(double x, __hip_fp8_interpretation_t interp, bool saturate) {
  const Fp8Format f = fp8_format(interp);
  const std::uint64_t bits = bit_copy<std::uint64_t>(x);
  const std::uint32_t sign = static_cast<std::uint32_t>(bits >> 63) << 7;
  const std::uint32_t max_code = f.max_code();
  std::uint32_t signed_inf, nan;
  if (f.fnuz) {
    signed_inf = saturate ? sign | max_code : 0x80;
    nan = 0x80;
  } else {
    signed_inf = sign | (saturate ? max_code : (f.we == 4 ? 0x7f : 0x7c));
    nan = sign | 0x7f;
  }
  const std::uint64_t mag = bits & 0x7fffffffffffffffull;
  if (mag >= 0x7ff0000000000000ull) {
    if (f.fnuz) return static_cast<std::uint8_t>(signed_inf);
    return static_cast<std::uint8_t>(mag == 0x7ff0000000000000ull ? signed_inf : nan);
  }
  if (bit_copy<double>(mag) > magnitude_value(max_code, f.narrow())) return static_cast<std::uint8_t>(signed_inf);
  const std::uint32_t code = round_magnitude(x, f.narrow(), RoundMode::nearest_even, sign != 0);
  if (code == 0) return static_cast<std::uint8_t>(f.fnuz ? 0 : sign);
  return static_cast<std::uint8_t>(sign | code);
}

// gfx12's V_CVT_PK_FP8_F32 / V_CVT_PK_BF8_F32 after ROCm's optional clamp (OCP formats only).
inline std::uint8_t fp8_from_float_hardware(float x, __hip_fp8_interpretation_t interp, bool saturate) {
  const Fp8Format f = fp8_format(interp);
  const std::uint32_t bits = bit_copy<std::uint32_t>(x);
  const std::uint32_t sign = (bits >> 31) << 7;
  const std::uint32_t mag = bits & 0x7fffffffu;
  const std::uint32_t max_code = f.max_code();
  if (mag > 0x7f800000u) {  // NaN: quiet, sign kept (e5m2 keeps the top payload bit)
    if (f.we == 4) return static_cast<std::uint8_t>(sign | 0x7f);
    return static_cast<std::uint8_t>(sign | 0x7e | ((mag >> 21) & 1));
  }
  const std::uint32_t overflow = sign | (f.we == 4 ? 0x7f : 0x7c);
  if (mag == 0x7f800000u) return static_cast<std::uint8_t>(overflow);
  std::uint32_t code = round_magnitude(x, f.narrow(), RoundMode::nearest_even, sign != 0);
  if (code > max_code) code = saturate ? max_code : 0x100;
  if (code == 0x100) return static_cast<std::uint8_t>(overflow);
  return static_cast<std::uint8_t>(sign | code);
}

inline std::uint8_t fp8_from_float(float x, __hip_fp8_interpretation_t interp, bool saturate) {
  const Fp8Format f = fp8_format(interp);
  if (!f.fnuz && fp8_device_rules()) return fp8_from_float_hardware(x, interp, saturate);
  return fp8_from_double_software(x, interp, saturate);
}

// ROCm's software widening (cast_from_f8), to double; exact for every finite code.
inline double fp8_to_double_software(std::uint8_t x, __hip_fp8_interpretation_t interp) {
  const Fp8Format f = fp8_format(interp);
  const double nan = bit_copy<double>(0x7ff0000000000001ull);
  if (x == 0) return 0.0;
  if (f.fnuz) {
    if (x == 0x80) return nan;
  } else {
    if (x == 0x80) return -0.0;
    if (f.we == 4 && (x & 0x7f) == 0x7f) return nan;
    if (f.we == 5 && (x & 0x7c) == 0x7c) {
      if ((x & 3) == 0) return (x & 0x80) ? -__builtin_inf() : __builtin_inf();
      return nan;
    }
  }
  const double v = magnitude_value(x & 0x7fu, f.narrow());
  return (x & 0x80) ? -v : v;
}
inline float fp8_to_float_software(std::uint8_t x, __hip_fp8_interpretation_t interp) {
  const double d = fp8_to_double_software(x, interp);
  if (d != d) return bit_copy<float>(0x7f800001u);  // ROCm's NaN constant, a signalling NaN
  return static_cast<float>(d);
}
// ROCm's software widening to half: NaN is 0x7C01; OCP e5m2 is the top byte of a half.
inline std::uint16_t fp8_to_half_software(std::uint8_t x, __hip_fp8_interpretation_t interp) {
  const Fp8Format f = fp8_format(interp);
  if (!f.fnuz && f.we == 5) return static_cast<std::uint16_t>(x << 8);
  const double d = fp8_to_double_software(x, interp);
  if (d != d) return 0x7c01;
  return f16_from_double(d);  // exact: every e4m3 value is a half
}

// gfx12's V_CVT_F32_FP8 / V_CVT_F32_BF8: exact; NaN stays NaN with its sign.
inline float fp8_to_float_hardware(std::uint8_t x, __hip_fp8_interpretation_t interp) {
  const Fp8Format f = fp8_format(interp);
  const std::uint32_t sign = static_cast<std::uint32_t>(x & 0x80) << 24;
  const std::uint32_t mag = x & 0x7fu;
  if (f.we == 4 && mag == 0x7f) return bit_copy<float>(sign | 0x7fc00000u);
  if (f.we == 5 && mag >= 0x7c) return bit_copy<float>(sign | 0x7f800000u | ((mag & 3u) << 21));
  const float v = static_cast<float>(magnitude_value(mag, f.narrow()));
  return sign ? -v : v;
}

inline float fp8_to_float(std::uint8_t x, __hip_fp8_interpretation_t interp) {
  if (!fp8_format(interp).fnuz && fp8_device_rules()) return fp8_to_float_hardware(x, interp);
  return fp8_to_float_software(x, interp);
}

// Integer conversions of the fp8 types: NaN gives 0; the value truncated, clamped for char/short.
inline bool fp8_is_nan(std::uint8_t x, __hip_fp8_interpretation_t interp) {
  const Fp8Format f = fp8_format(interp);
  if (f.fnuz) return x == 0x80;
  return f.we == 4 ? (x & 0x7f) == 0x7f : (x & 0x7f) > 0x7c;
}
template <class I> inline I fp8_to_integer(std::uint8_t x, __hip_fp8_interpretation_t interp) {
  if (fp8_is_nan(x, interp)) return 0;
  const float v = fp8_to_float(x, interp);
  if (v == __builtin_inff()) return std::numeric_limits<I>::max();  // e5m2 inf (C++: undefined)
  if (v == -__builtin_inff()) return std::numeric_limits<I>::min();
  const long long ll = static_cast<long long>(v);
  if constexpr (std::is_unsigned_v<I>) {
    if (v <= 0.0f || ll <= 0) return 0;
    if constexpr (sizeof(I) == 1) {
      if (ll >= UCHAR_MAX) return UCHAR_MAX;
    }
    return static_cast<I>(v);
  } else if constexpr (sizeof(I) <= 2) {
    if (ll <= std::numeric_limits<I>::min()) return std::numeric_limits<I>::min();
    if (ll >= std::numeric_limits<I>::max()) return std::numeric_limits<I>::max();
    return static_cast<I>(v);
  } else {
    return static_cast<I>(v);
  }
}

}  // namespace wmmasim::hip::detail

// ---- Conversion functions
inline __hip_fp8_storage_t __hip_cvt_float_to_fp8(const float f, const __hip_saturation_t sat,
                                                  const __hip_fp8_interpretation_t interp) {
  return wmmasim::hip::detail::fp8_from_float(f, interp, sat == __HIP_SATFINITE);
}
inline __hip_fp8x2_storage_t __hip_cvt_float2_to_fp8x2(const float2 f2, const __hip_saturation_t sat,
                                                       const __hip_fp8_interpretation_t interp) {
  // ROCm 6.3's device version clamps into a copy it then does not convert: no saturation there.
  const bool device = !wmmasim::hip::detail::fp8_format(interp).fnuz && wmmasim::hip::detail::fp8_device_rules();
  const bool saturate = sat == __HIP_SATFINITE && !device;
  const unsigned lo = wmmasim::hip::detail::fp8_from_float(f2.x, interp, saturate);
  const unsigned hi = wmmasim::hip::detail::fp8_from_float(f2.y, interp, saturate);
  return static_cast<__hip_fp8x2_storage_t>(hi << 8 | lo);
}
inline __hip_fp8_storage_t __hip_cvt_double_to_fp8(const double d, const __hip_saturation_t sat,
                                                   const __hip_fp8_interpretation_t interp) {
  return wmmasim::hip::detail::fp8_from_double_software(d, interp, sat == __HIP_SATFINITE);
}
inline __hip_fp8x2_storage_t __hip_cvt_double2_to_fp8x2(const double2 d2, const __hip_saturation_t sat,
                                                        const __hip_fp8_interpretation_t interp) {
  const unsigned lo = __hip_cvt_double_to_fp8(d2.x, sat, interp);
  const unsigned hi = __hip_cvt_double_to_fp8(d2.y, sat, interp);
  return static_cast<__hip_fp8x2_storage_t>(hi << 8 | lo);
}
inline __hip_fp8_storage_t __hip_cvt_bfloat16raw_to_fp8(const __hip_bfloat16_raw hr, const __hip_saturation_t sat,
                                                        const __hip_fp8_interpretation_t interp) {
  return __hip_cvt_float_to_fp8(static_cast<float>(__hip_bfloat16(hr)), sat, interp);
}
inline __hip_fp8x2_storage_t __hip_cvt_bfloat16raw2_to_fp8x2(const __hip_bfloat162_raw hr, const __hip_saturation_t sat,
                                                             const __hip_fp8_interpretation_t interp) {
  return __hip_cvt_float2_to_fp8x2(static_cast<float2>(__hip_bfloat162(hr)), sat, interp);
}
inline __half_raw __hip_cvt_fp8_to_halfraw(const __hip_fp8_storage_t x, const __hip_fp8_interpretation_t interp) {
  __half_raw r;
  r.x = wmmasim::hip::detail::fp8_to_half_software(x, interp);
  return r;
}
inline __half2_raw __hip_cvt_fp8x2_to_halfraw2(const __hip_fp8x2_storage_t x, const __hip_fp8_interpretation_t interp) {
  __half2_raw r;
  r.x = __hip_cvt_fp8_to_halfraw(static_cast<__hip_fp8_storage_t>(x & 0xff), interp);
  r.y = __hip_cvt_fp8_to_halfraw(static_cast<__hip_fp8_storage_t>(x >> 8), interp);
  return r;
}
inline __hip_fp8_storage_t __hip_cvt_halfraw_to_fp8(const __half_raw x, const __hip_saturation_t sat,
                                                    const __hip_fp8_interpretation_t interp) {
  return __hip_cvt_float_to_fp8(__half2float(__half(x)), sat, interp);
}
inline __hip_fp8x2_storage_t __hip_cvt_halfraw2_to_fp8x2(const __half2_raw x, const __hip_saturation_t sat,
                                                         const __hip_fp8_interpretation_t interp) {
  return __hip_cvt_float2_to_fp8x2(__half22float2(__half2(x)), sat, interp);
}

// ---- One fp8 value. Constructors saturate; conversions back as ROCm's (see the top of the file).
#define WMMASIM_FP8_SCALAR(Name, Interp)                                                                 \
  struct Name {                                                                                          \
    __hip_fp8_storage_t __x;                                                                             \
    static constexpr __hip_saturation_t __default_saturation = __HIP_SATFINITE;                          \
    static constexpr __hip_fp8_interpretation_t __default_interpret = Interp;                            \
    static constexpr unsigned int __we = wmmasim::hip::detail::fp8_format(Interp).we;                    \
    static constexpr unsigned int __wm = wmmasim::hip::detail::fp8_format(Interp).wm;                    \
                                                                                                         \
    Name(const long int v) : __x(from_float(static_cast<float>(v))) {}                                   \
    Name(const int v) : __x(from_float(static_cast<float>(v))) {}                                        \
    Name(const short int v) : __x(from_float(static_cast<float>(v))) {}                                  \
    Name(const unsigned long int v) : __x(from_float(static_cast<float>(v))) {}                          \
    Name(const unsigned int v) : __x(from_float(static_cast<float>(v))) {}                               \
    Name(const unsigned short int v) : __x(from_float(static_cast<float>(v))) {}                         \
    Name(const double f) : __x(__hip_cvt_double_to_fp8(f, __default_saturation, __default_interpret)) {} \
    Name(const float f) : __x(from_float(f)) {}                                                          \
    Name(const __hip_bfloat16 f) : __x(from_float(static_cast<float>(f))) {}                             \
    Name(const __half f)                                                                                 \
        : __x(__hip_cvt_halfraw_to_fp8(static_cast<__half_raw>(f), __default_saturation, __default_interpret)) {} \
    Name() = default;                                                                                    \
                                                                                                         \
    operator __half() const { return __half(__hip_cvt_fp8_to_halfraw(__x, __default_interpret)); }       \
    operator __hip_bfloat16() const { return __hip_bfloat16(static_cast<float>(*this)); }                \
    operator bool() const { return !(__x == 0 || __x == 0x80); }                                      \
    operator float() const { return wmmasim::hip::detail::fp8_to_float(__x, __default_interpret); }      \
    operator double() const { return wmmasim::hip::detail::fp8_to_double_software(__x, __default_interpret); } \
    operator char() const { return to_int<char>(); }                                                     \
    operator signed char() const { return to_int<signed char>(); }                                       \
    operator unsigned char() const { return to_int<unsigned char>(); }                                   \
    operator short int() const { return to_int<short>(); }                                               \
    operator unsigned short int() const { return to_int<unsigned short>(); }                             \
    operator int() const { return to_int<int>(); }                                                       \
    operator unsigned int() const { return to_int<unsigned int>(); }                                     \
    operator long int() const { return to_int<long>(); }                                                 \
    operator unsigned long int() const { return to_int<unsigned long>(); }                               \
    operator long long int() const { return to_int<long long>(); }                                       \
    operator unsigned long long int() const { return to_int<unsigned long long>(); }                     \
                                                                                                         \
   private:                                                                                              \
    static __hip_fp8_storage_t from_float(float f) {                                                     \
      return __hip_cvt_float_to_fp8(f, __default_saturation, __default_interpret);                       \
    }                                                                                                    \
    template <class I> I to_int() const { return wmmasim::hip::detail::fp8_to_integer<I>(__x, Interp); } \
  };

// ---- Two and four fp8 values (element 0 in the low byte).
#define WMMASIM_FP8_PAIR(Name, Interp)                                                                   \
  struct Name {                                                                                          \
    __hip_fp8x2_storage_t __x;                                                                           \
    static constexpr __hip_saturation_t __default_saturation = __HIP_SATFINITE;                          \
    static constexpr __hip_fp8_interpretation_t __default_interpret = Interp;                            \
    static constexpr unsigned int __we = wmmasim::hip::detail::fp8_format(Interp).we;                    \
    static constexpr unsigned int __wm = wmmasim::hip::detail::fp8_format(Interp).wm;                    \
    Name(const double2 v) : __x(__hip_cvt_double2_to_fp8x2(v, __default_saturation, __default_interpret)) {} \
    Name(const float2 v) : __x(__hip_cvt_float2_to_fp8x2(v, __default_saturation, __default_interpret)) {}  \
    Name(const __hip_bfloat162 v)                                                                        \
        : __x(__hip_cvt_bfloat16raw2_to_fp8x2(v, __default_saturation, __default_interpret)) {}          \
    Name(const __half2 v) : __x(__hip_cvt_halfraw2_to_fp8x2(v, __default_saturation, __default_interpret)) {} \
    Name() = default;                                                                                    \
    operator __half2() const { return __half2(__hip_cvt_fp8x2_to_halfraw2(__x, __default_interpret)); }  \
    operator float2() const {                                                                            \
      return float2(wmmasim::hip::detail::fp8_to_float(static_cast<__hip_fp8_storage_t>(__x & 0xff), Interp), \
                    wmmasim::hip::detail::fp8_to_float(static_cast<__hip_fp8_storage_t>(__x >> 8), Interp)); \
    }                                                                                                    \
  };

#define WMMASIM_FP8_QUAD(Name, Interp)                                                                   \
  struct Name {                                                                                          \
    __hip_fp8x4_storage_t __x;                                                                           \
    static constexpr __hip_saturation_t __default_saturation = __HIP_SATFINITE;                          \
    static constexpr __hip_fp8_interpretation_t __default_interpret = Interp;                            \
    static constexpr unsigned int __we = wmmasim::hip::detail::fp8_format(Interp).we;                    \
    static constexpr unsigned int __wm = wmmasim::hip::detail::fp8_format(Interp).wm;                    \
    Name(const double4 v)                                                                                \
        : __x(pack(__hip_cvt_double_to_fp8(v.x, __default_saturation, __default_interpret),              \
                   __hip_cvt_double_to_fp8(v.y, __default_saturation, __default_interpret),              \
                   __hip_cvt_double_to_fp8(v.z, __default_saturation, __default_interpret),              \
                   __hip_cvt_double_to_fp8(v.w, __default_saturation, __default_interpret))) {}          \
    Name(const float4 v)                                                                                 \
        : __x(pack(__hip_cvt_float_to_fp8(v.x, __default_saturation, __default_interpret),               \
                   __hip_cvt_float_to_fp8(v.y, __default_saturation, __default_interpret),               \
                   __hip_cvt_float_to_fp8(v.z, __default_saturation, __default_interpret),               \
                   __hip_cvt_float_to_fp8(v.w, __default_saturation, __default_interpret))) {}           \
    /* As ROCm 6.3: `high` lands in the low 16 bits. */                                                  \
    Name(const __hip_bfloat162 low, const __hip_bfloat162 high)                                          \
        : __x(static_cast<__hip_fp8x4_storage_t>(                                                        \
              __hip_cvt_bfloat16raw2_to_fp8x2(high, __default_saturation, __default_interpret) |         \
              static_cast<unsigned>(__hip_cvt_bfloat16raw2_to_fp8x2(low, __default_saturation, __default_interpret)) << 16)) {} \
    Name(const __half2 low, const __half2 high)                                                          \
        : __x(static_cast<__hip_fp8x4_storage_t>(                                                        \
              __hip_cvt_halfraw2_to_fp8x2(high, __default_saturation, __default_interpret) |             \
              static_cast<unsigned>(__hip_cvt_halfraw2_to_fp8x2(low, __default_saturation, __default_interpret)) << 16)) {} \
    Name() = default;                                                                                    \
    operator float4() const {                                                                            \
      return float4(element(0), element(1), element(2), element(3));                                     \
    }                                                                                                    \
                                                                                                         \
   private:                                                                                              \
    static __hip_fp8x4_storage_t pack(unsigned a, unsigned b, unsigned c, unsigned d) {                  \
      return a | b << 8 | c << 16 | d << 24;                                                             \
    }                                                                                                    \
    float element(int i) const {                                                                         \
      return wmmasim::hip::detail::fp8_to_float(static_cast<__hip_fp8_storage_t>(__x >> (8 * i)), Interp); \
    }                                                                                                    \
  };

WMMASIM_FP8_SCALAR(__hip_fp8_e4m3, __HIP_E4M3)
WMMASIM_FP8_SCALAR(__hip_fp8_e5m2, __HIP_E5M2)
WMMASIM_FP8_SCALAR(__hip_fp8_e4m3_fnuz, __HIP_E4M3_FNUZ)
WMMASIM_FP8_SCALAR(__hip_fp8_e5m2_fnuz, __HIP_E5M2_FNUZ)
WMMASIM_FP8_PAIR(__hip_fp8x2_e4m3, __HIP_E4M3)
WMMASIM_FP8_PAIR(__hip_fp8x2_e5m2, __HIP_E5M2)
WMMASIM_FP8_PAIR(__hip_fp8x2_e4m3_fnuz, __HIP_E4M3_FNUZ)
WMMASIM_FP8_PAIR(__hip_fp8x2_e5m2_fnuz, __HIP_E5M2_FNUZ)
WMMASIM_FP8_QUAD(__hip_fp8x4_e4m3, __HIP_E4M3)
WMMASIM_FP8_QUAD(__hip_fp8x4_e5m2, __HIP_E5M2)
WMMASIM_FP8_QUAD(__hip_fp8x4_e4m3_fnuz, __HIP_E4M3_FNUZ)
WMMASIM_FP8_QUAD(__hip_fp8x4_e5m2_fnuz, __HIP_E5M2_FNUZ)
#undef WMMASIM_FP8_SCALAR
#undef WMMASIM_FP8_PAIR
#undef WMMASIM_FP8_QUAD

static_assert(sizeof(__hip_fp8_e4m3) == 1 && sizeof(__hip_fp8x2_e4m3) == 2 && sizeof(__hip_fp8x4_e4m3) == 4);
