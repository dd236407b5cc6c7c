// __hip_bfloat16 and __hip_bfloat162 with ROCm's API (ROCm clr
// hipamd/include/hip/amd_detail/amd_hip_bf16.h, 6.3). ROCm computes every bf16 operation in float
// and rounds the float result to bf16 (round to nearest even), on the host and on the GPU alike;
// so do these functions, which therefore give the GPU's bits: + - * / are correctly rounded that
// way (24 >= 2*8+2), __hfma is a float fma rounded again, as ROCm's __ocml_fma_f32 path is.
#pragma once

#include <cstdint>

#include "wmmasim/hip/detail/float_rounding.hpp"
#include "wmmasim/hip/detail/qualifiers.hpp"
#include "wmmasim/hip/detail/vector_types.hpp"

namespace wmmasim::hip::detail {
// Round to nearest even on the float's bits, as ROCm's float_2_bfloatraw: a NaN keeps its sign and
// top payload bits, with the lowest bf16 payload bit set if any dropped bit was (so it stays NaN).
inline std::uint16_t bf16_from_float(float f) {
  std::uint32_t u = bit_copy<std::uint32_t>(f);
  if ((u & 0x7f800000u) != 0x7f800000u)
    u += 0x7fffu + ((u >> 16) & 1u);
  else if ((u & 0xffffu) != 0)
    u |= 0x10000u;
  return static_cast<std::uint16_t>(u >> 16);
}
inline float bf16_to_float(std::uint16_t b) { return bit_copy<float>(static_cast<std::uint32_t>(b) << 16); }
// Double -> bf16 rounded once (ROCm rounds to float with round-to-odd first, which is the same).
inline std::uint16_t bf16_from_double(double d) {
  if (d != d) return bf16_from_float(static_cast<float>(d));
  return round_to_ieee(d, kBf16, RoundMode::nearest_even);
}
}  // namespace wmmasim::hip::detail

#define HIPRT_ONE_BF16 __ushort_as_bfloat16((unsigned short)0x3F80U)
#define HIPRT_ZERO_BF16 __ushort_as_bfloat16((unsigned short)0x0000U)
#define HIPRT_INF_BF16 __ushort_as_bfloat16((unsigned short)0x7F80U)
#define HIPRT_MAX_NORMAL_BF16 __ushort_as_bfloat16((unsigned short)0x7F7FU)
#define HIPRT_MIN_DENORM_BF16 __ushort_as_bfloat16((unsigned short)0x0001U)
#define HIPRT_NAN_BF16 __ushort_as_bfloat16((unsigned short)0x7FFFU)
#define HIPRT_NEG_ZERO_BF16 __ushort_as_bfloat16((unsigned short)0x8000U)

typedef struct __attribute__((aligned(2))) {
  unsigned short x;
} __hip_bfloat16_raw;

typedef struct __attribute__((aligned(4))) {
  unsigned short x;
  unsigned short y;
} __hip_bfloat162_raw;

struct __attribute__((aligned(2))) __hip_bfloat16 {
 protected:
  unsigned short __x;

 public:
  // Constructors as ROCm's: ints and doubles are rounded once; shorts go through float (exact).
  __hip_bfloat16(unsigned int v) : __x(wmmasim::hip::detail::bf16_from_double(static_cast<double>(v))) {}
  __hip_bfloat16(int v) : __x(wmmasim::hip::detail::bf16_from_double(static_cast<double>(v))) {}
  __hip_bfloat16(unsigned short v) : __x(wmmasim::hip::detail::bf16_from_float(static_cast<float>(v))) {}
  __hip_bfloat16(short v) : __x(wmmasim::hip::detail::bf16_from_float(static_cast<float>(v))) {}
  __hip_bfloat16(const double v) : __x(wmmasim::hip::detail::bf16_from_double(v)) {}
  __hip_bfloat16(const float v) : __x(wmmasim::hip::detail::bf16_from_float(v)) {}
  __hip_bfloat16(const __hip_bfloat16_raw& r) : __x(r.x) {}
  __hip_bfloat16() = default;

  operator __hip_bfloat16_raw() const { return __hip_bfloat16_raw{__x}; }
  operator __hip_bfloat16_raw() const volatile { return __hip_bfloat16_raw{__x}; }
  operator bool() const { return (__x & 0x7fff) != 0; }
  operator float() const { return wmmasim::hip::detail::bf16_to_float(__x); }
  // Integer conversions are C++ conversions of the float value, as in ROCm.
  operator char() const { return static_cast<char>(float(*this)); }
  operator int() const { return static_cast<int>(float(*this)); }
  operator long() const { return static_cast<long>(float(*this)); }
  operator long long() const { return static_cast<long long>(float(*this)); }
  operator short() const { return static_cast<short>(float(*this)); }
  operator signed char() const { return static_cast<signed char>(float(*this)); }
  operator unsigned char() const { return static_cast<unsigned char>(float(*this)); }
  operator unsigned int() const { return static_cast<unsigned int>(float(*this)); }
  operator unsigned long() const { return static_cast<unsigned long>(float(*this)); }
  operator unsigned long long() const { return static_cast<unsigned long long>(float(*this)); }
  operator unsigned short() const { return static_cast<unsigned short>(float(*this)); }

  // ROCm's assignments all go through float, so int and double values round twice (unlike the
  // constructors); kept so for the same bits.
  __hip_bfloat16& operator=(unsigned int v) { return set_float(static_cast<float>(v)); }
  __hip_bfloat16& operator=(int v) { return set_float(static_cast<float>(v)); }
  __hip_bfloat16& operator=(unsigned short v) { return set_float(static_cast<float>(v)); }
  __hip_bfloat16& operator=(short v) { return set_float(static_cast<float>(v)); }
  __hip_bfloat16& operator=(const double v) { return set_float(static_cast<float>(v)); }
  __hip_bfloat16& operator=(const float v) { return set_float(v); }
  __hip_bfloat16& operator=(const __hip_bfloat16_raw& r) {
    __x = r.x;
    return *this;
  }
  volatile __hip_bfloat16& operator=(const __hip_bfloat16_raw& r) volatile {
    __x = r.x;
    return *this;
  }

 private:
  __hip_bfloat16& set_float(float v) {
    __x = wmmasim::hip::detail::bf16_from_float(v);
    return *this;
  }
};

struct __attribute__((aligned(4))) __hip_bfloat162 {
  __hip_bfloat16 x;
  __hip_bfloat16 y;

  __hip_bfloat162(const __hip_bfloat162_raw& r) : x(__hip_bfloat16_raw{r.x}), y(__hip_bfloat16_raw{r.y}) {}
  __hip_bfloat162(const __hip_bfloat162& v) = default;
  __hip_bfloat162(const __hip_bfloat16& a, const __hip_bfloat16& b) : x(a), y(b) {}
  __hip_bfloat162() = default;
  operator __hip_bfloat162_raw() const {
    const __hip_bfloat16_raw l = x, r = y;
    return __hip_bfloat162_raw{l.x, r.x};
  }
  operator float2() const { return float2(static_cast<float>(x), static_cast<float>(y)); }
  __hip_bfloat162& operator=(const __hip_bfloat162_raw& r) {
    x = __hip_bfloat16(__hip_bfloat16_raw{r.x});
    y = __hip_bfloat16(__hip_bfloat16_raw{r.y});
    return *this;
  }
  __hip_bfloat162& operator=(const __hip_bfloat162& v) = default;
};

static_assert(sizeof(__hip_bfloat16) == 2 && alignof(__hip_bfloat16) == 2);
static_assert(sizeof(__hip_bfloat162) == 4 && alignof(__hip_bfloat162) == 4);

// ---- Conversions and bit casts
inline float __bfloat162float(__hip_bfloat16 a) { return static_cast<float>(a); }
inline __hip_bfloat16 __float2bfloat16(float f) { return __hip_bfloat16(f); }
inline __hip_bfloat16 __double2bfloat16(const double d) { return __hip_bfloat16(d); }
inline float2 __bfloat1622float2(const __hip_bfloat162 a) { return static_cast<float2>(a); }
inline __hip_bfloat162 __bfloat162bfloat162(const __hip_bfloat16 a) { return __hip_bfloat162(a, a); }
inline __hip_bfloat162 __float22bfloat162_rn(const float2 a) {
  return __hip_bfloat162(__float2bfloat16(a.x), __float2bfloat16(a.y));
}
inline __hip_bfloat162 __halves2bfloat162(const __hip_bfloat16 a, const __hip_bfloat16 b) { return __hip_bfloat162(a, b); }
inline __hip_bfloat16 __high2bfloat16(const __hip_bfloat162 a) { return a.y; }
inline __hip_bfloat162 __high2bfloat162(const __hip_bfloat162 a) { return __hip_bfloat162(a.y, a.y); }
inline float __high2float(const __hip_bfloat162 a) { return static_cast<float>(a.y); }
inline __hip_bfloat162 __highs2bfloat162(const __hip_bfloat162 a, const __hip_bfloat162 b) { return __hip_bfloat162(a.y, b.y); }
inline __hip_bfloat16 __low2bfloat16(const __hip_bfloat162 a) { return a.x; }
inline __hip_bfloat162 __low2bfloat162(const __hip_bfloat162 a) { return __hip_bfloat162(a.x, a.x); }
inline float __low2float(const __hip_bfloat162 a) { return static_cast<float>(a.x); }
inline __hip_bfloat162 __lowhigh2highlow(const __hip_bfloat162 a) { return __hip_bfloat162(a.y, a.x); }
inline __hip_bfloat162 __lows2bfloat162(const __hip_bfloat162 a, const __hip_bfloat162 b) { return __hip_bfloat162(a.x, b.x); }
inline short int __bfloat16_as_short(const __hip_bfloat16 h) { return static_cast<short>(static_cast<__hip_bfloat16_raw>(h).x); }
inline unsigned short int __bfloat16_as_ushort(const __hip_bfloat16 h) { return static_cast<__hip_bfloat16_raw>(h).x; }
inline __hip_bfloat16 __short_as_bfloat16(const short int a) { return __hip_bfloat16(__hip_bfloat16_raw{static_cast<unsigned short>(a)}); }
inline __hip_bfloat16 __ushort_as_bfloat16(const unsigned short int a) { return __hip_bfloat16(__hip_bfloat16_raw{a}); }

// ---- Arithmetic (float, then rounded to bf16)
inline __hip_bfloat16 __hadd(const __hip_bfloat16 a, const __hip_bfloat16 b) { return __float2bfloat16(__bfloat162float(a) + __bfloat162float(b)); }
inline __hip_bfloat16 __hsub(const __hip_bfloat16 a, const __hip_bfloat16 b) { return __float2bfloat16(__bfloat162float(a) - __bfloat162float(b)); }
inline __hip_bfloat16 __hmul(const __hip_bfloat16 a, const __hip_bfloat16 b) { return __float2bfloat16(__bfloat162float(a) * __bfloat162float(b)); }
inline __hip_bfloat16 __hdiv(const __hip_bfloat16 a, const __hip_bfloat16 b) { return __float2bfloat16(__bfloat162float(a) / __bfloat162float(b)); }
inline __hip_bfloat16 __hfma(const __hip_bfloat16 a, const __hip_bfloat16 b, const __hip_bfloat16 c) {
  return __float2bfloat16(__builtin_fmaf(__bfloat162float(a), __bfloat162float(b), __bfloat162float(c)));
}
inline __hip_bfloat16 __hneg(const __hip_bfloat16 a) { return __ushort_as_bfloat16(__bfloat16_as_ushort(a) ^ 0x8000); }
inline __hip_bfloat16 __habs(const __hip_bfloat16 a) { return __ushort_as_bfloat16(__bfloat16_as_ushort(a) & 0x7fff); }
inline __hip_bfloat162 __hadd2(const __hip_bfloat162 a, const __hip_bfloat162 b) { return __hip_bfloat162(__hadd(a.x, b.x), __hadd(a.y, b.y)); }
inline __hip_bfloat162 __hsub2(const __hip_bfloat162 a, const __hip_bfloat162 b) { return __hip_bfloat162(__hsub(a.x, b.x), __hsub(a.y, b.y)); }
inline __hip_bfloat162 __hmul2(const __hip_bfloat162 a, const __hip_bfloat162 b) { return __hip_bfloat162(__hmul(a.x, b.x), __hmul(a.y, b.y)); }
inline __hip_bfloat162 __h2div(const __hip_bfloat162 a, const __hip_bfloat162 b) { return __hip_bfloat162(__hdiv(a.x, b.x), __hdiv(a.y, b.y)); }
inline __hip_bfloat162 __hfma2(const __hip_bfloat162 a, const __hip_bfloat162 b, const __hip_bfloat162 c) {
  return __hip_bfloat162(__hfma(a.x, b.x, c.x), __hfma(a.y, b.y, c.y));
}
inline __hip_bfloat162 __hneg2(const __hip_bfloat162 a) { return __hip_bfloat162(__hneg(a.x), __hneg(a.y)); }
inline __hip_bfloat162 __habs2(const __hip_bfloat162 a) { return __hip_bfloat162(__habs(a.x), __habs(a.y)); }

inline __hip_bfloat16 operator+(const __hip_bfloat16& l) { return l; }
inline __hip_bfloat16 operator-(const __hip_bfloat16& l) { return __hneg(l); }
inline __hip_bfloat16 operator+(const __hip_bfloat16& l, const __hip_bfloat16& r) { return __hadd(l, r); }
inline __hip_bfloat16 operator-(const __hip_bfloat16& l, const __hip_bfloat16& r) { return __hsub(l, r); }
inline __hip_bfloat16 operator*(const __hip_bfloat16& l, const __hip_bfloat16& r) { return __hmul(l, r); }
inline __hip_bfloat16 operator/(const __hip_bfloat16& l, const __hip_bfloat16& r) { return __hdiv(l, r); }
inline __hip_bfloat16& operator+=(__hip_bfloat16& l, const __hip_bfloat16& r) { return l = __hadd(l, r); }
inline __hip_bfloat16& operator-=(__hip_bfloat16& l, const __hip_bfloat16& r) { return l = __hsub(l, r); }
inline __hip_bfloat16& operator*=(__hip_bfloat16& l, const __hip_bfloat16& r) { return l = __hmul(l, r); }
inline __hip_bfloat16& operator/=(__hip_bfloat16& l, const __hip_bfloat16& r) { return l = __hdiv(l, r); }
inline __hip_bfloat16& operator++(__hip_bfloat16& l) { return l = __hadd(l, HIPRT_ONE_BF16); }
inline __hip_bfloat16& operator--(__hip_bfloat16& l) { return l = __hsub(l, HIPRT_ONE_BF16); }
inline __hip_bfloat16 operator++(__hip_bfloat16& l, const int) {
  const __hip_bfloat16 t = l;
  ++l;
  return t;
}
inline __hip_bfloat16 operator--(__hip_bfloat16& l, const int) {
  const __hip_bfloat16 t = l;
  --l;
  return t;
}
inline __hip_bfloat162 operator+(const __hip_bfloat162& l) { return l; }
inline __hip_bfloat162 operator-(const __hip_bfloat162& l) { return __hneg2(l); }
inline __hip_bfloat162 operator+(const __hip_bfloat162& l, const __hip_bfloat162& r) { return __hadd2(l, r); }
inline __hip_bfloat162 operator-(const __hip_bfloat162& l, const __hip_bfloat162& r) { return __hsub2(l, r); }
inline __hip_bfloat162 operator*(const __hip_bfloat162& l, const __hip_bfloat162& r) { return __hmul2(l, r); }
inline __hip_bfloat162 operator/(const __hip_bfloat162& l, const __hip_bfloat162& r) { return __h2div(l, r); }
inline __hip_bfloat162& operator+=(__hip_bfloat162& l, const __hip_bfloat162& r) { return l = __hadd2(l, r); }
inline __hip_bfloat162& operator-=(__hip_bfloat162& l, const __hip_bfloat162& r) { return l = __hsub2(l, r); }
inline __hip_bfloat162& operator*=(__hip_bfloat162& l, const __hip_bfloat162& r) { return l = __hmul2(l, r); }
inline __hip_bfloat162& operator/=(__hip_bfloat162& l, const __hip_bfloat162& r) { return l = __h2div(l, r); }
inline __hip_bfloat162& operator++(__hip_bfloat162& l) { return l = __hadd2(l, __bfloat162bfloat162(HIPRT_ONE_BF16)); }
inline __hip_bfloat162& operator--(__hip_bfloat162& l) { return l = __hsub2(l, __bfloat162bfloat162(HIPRT_ONE_BF16)); }
inline __hip_bfloat162 operator++(__hip_bfloat162& l, const int) {
  const __hip_bfloat162 t = l;
  ++l;
  return t;
}
inline __hip_bfloat162 operator--(__hip_bfloat162& l, const int) {
  const __hip_bfloat162 t = l;
  --l;
  return t;
}

// ---- Comparisons (on the float values; u = unordered or ...)
inline bool __heq(const __hip_bfloat16 a, const __hip_bfloat16 b) { return __bfloat162float(a) == __bfloat162float(b); }
inline bool __hequ(const __hip_bfloat16 a, const __hip_bfloat16 b) { return !(__bfloat162float(a) < __bfloat162float(b)) && !(__bfloat162float(a) > __bfloat162float(b)); }
inline bool __hgt(const __hip_bfloat16 a, const __hip_bfloat16 b) { return __bfloat162float(a) > __bfloat162float(b); }
inline bool __hgtu(const __hip_bfloat16 a, const __hip_bfloat16 b) { return !(__bfloat162float(a) <= __bfloat162float(b)); }
inline bool __hge(const __hip_bfloat16 a, const __hip_bfloat16 b) { return __bfloat162float(a) >= __bfloat162float(b); }
inline bool __hgeu(const __hip_bfloat16 a, const __hip_bfloat16 b) { return !(__bfloat162float(a) < __bfloat162float(b)); }
inline bool __hne(const __hip_bfloat16 a, const __hip_bfloat16 b) { return __bfloat162float(a) != __bfloat162float(b); }
inline bool __hneu(const __hip_bfloat16 a, const __hip_bfloat16 b) { return !(__bfloat162float(a) == __bfloat162float(b)); }
inline bool __hlt(const __hip_bfloat16 a, const __hip_bfloat16 b) { return __bfloat162float(a) < __bfloat162float(b); }
inline bool __hltu(const __hip_bfloat16 a, const __hip_bfloat16 b) { return !(__bfloat162float(a) >= __bfloat162float(b)); }
inline bool __hle(const __hip_bfloat16 a, const __hip_bfloat16 b) { return __bfloat162float(a) <= __bfloat162float(b); }
inline bool __hleu(const __hip_bfloat16 a, const __hip_bfloat16 b) { return !(__bfloat162float(a) > __bfloat162float(b)); }
inline int __hisinf(const __hip_bfloat16 a) { return (__bfloat16_as_ushort(a) & 0x7fff) == 0x7f80; }
inline bool __hisnan(const __hip_bfloat16 a) { return (__bfloat16_as_ushort(a) & 0x7fff) > 0x7f80; }
// maxNum/minNum on the float values (a NaN operand gives the other one).
inline __hip_bfloat16 __hmax(const __hip_bfloat16 a, const __hip_bfloat16 b) { return __float2bfloat16(__builtin_fmaxf(__bfloat162float(a), __bfloat162float(b))); }
inline __hip_bfloat16 __hmin(const __hip_bfloat16 a, const __hip_bfloat16 b) { return __float2bfloat16(__builtin_fminf(__bfloat162float(a), __bfloat162float(b))); }

#define WMMASIM_BF162_BOOL(name, one)                                                   \
  inline bool name(const __hip_bfloat162 a, const __hip_bfloat162 b) { return one(a.x, b.x) && one(a.y, b.y); }
WMMASIM_BF162_BOOL(__hbeq2, __heq)
WMMASIM_BF162_BOOL(__hbequ2, __hequ)
WMMASIM_BF162_BOOL(__hbge2, __hge)
WMMASIM_BF162_BOOL(__hbgeu2, __hgeu)
WMMASIM_BF162_BOOL(__hbgt2, __hgt)
WMMASIM_BF162_BOOL(__hbgtu2, __hgtu)
WMMASIM_BF162_BOOL(__hble2, __hle)
WMMASIM_BF162_BOOL(__hbleu2, __hleu)
WMMASIM_BF162_BOOL(__hblt2, __hlt)
WMMASIM_BF162_BOOL(__hbltu2, __hltu)
WMMASIM_BF162_BOOL(__hbne2, __hne)
WMMASIM_BF162_BOOL(__hbneu2, __hneu)
#undef WMMASIM_BF162_BOOL
// Lane-wise forms give 1.0 or 0.0 per lane.
#define WMMASIM_BF162_LANES(name, one)                                                                 \
  inline __hip_bfloat162 name(const __hip_bfloat162 a, const __hip_bfloat162 b) {                      \
    return __hip_bfloat162(one(a.x, b.x) ? HIPRT_ONE_BF16 : HIPRT_ZERO_BF16, one(a.y, b.y) ? HIPRT_ONE_BF16 : HIPRT_ZERO_BF16); \
  }
WMMASIM_BF162_LANES(__heq2, __heq)
WMMASIM_BF162_LANES(__hge2, __hge)
WMMASIM_BF162_LANES(__hgt2, __hgt)
WMMASIM_BF162_LANES(__hle2, __hle)
WMMASIM_BF162_LANES(__hlt2, __hlt)
WMMASIM_BF162_LANES(__hne2, __hne)
#undef WMMASIM_BF162_LANES
inline __hip_bfloat162 __hisnan2(const __hip_bfloat162 a) {
  return __hip_bfloat162(__hisnan(a.x) ? HIPRT_ONE_BF16 : HIPRT_ZERO_BF16, __hisnan(a.y) ? HIPRT_ONE_BF16 : HIPRT_ZERO_BF16);
}
inline __hip_bfloat162 __hmax2(const __hip_bfloat162 a, const __hip_bfloat162 b) { return __hip_bfloat162(__hmax(a.x, b.x), __hmax(a.y, b.y)); }
inline __hip_bfloat162 __hmin2(const __hip_bfloat162 a, const __hip_bfloat162 b) { return __hip_bfloat162(__hmin(a.x, b.x), __hmin(a.y, b.y)); }

inline bool operator==(const __hip_bfloat16& l, const __hip_bfloat16& r) { return __heq(l, r); }
inline bool operator!=(const __hip_bfloat16& l, const __hip_bfloat16& r) { return __hne(l, r); }
inline bool operator<(const __hip_bfloat16& l, const __hip_bfloat16& r) { return __hlt(l, r); }
inline bool operator<=(const __hip_bfloat16& l, const __hip_bfloat16& r) { return __hle(l, r); }
inline bool operator>(const __hip_bfloat16& l, const __hip_bfloat16& r) { return __hgt(l, r); }
inline bool operator>=(const __hip_bfloat16& l, const __hip_bfloat16& r) { return __hge(l, r); }
inline bool operator==(const __hip_bfloat162& l, const __hip_bfloat162& r) { return __hbeq2(l, r); }
inline bool operator!=(const __hip_bfloat162& l, const __hip_bfloat162& r) { return __hbne2(l, r); }
inline bool operator<(const __hip_bfloat162& l, const __hip_bfloat162& r) { return __hblt2(l, r); }
inline bool operator<=(const __hip_bfloat162& l, const __hip_bfloat162& r) { return __hble2(l, r); }
inline bool operator>(const __hip_bfloat162& l, const __hip_bfloat162& r) { return __hbgt2(l, r); }
inline bool operator>=(const __hip_bfloat162& l, const __hip_bfloat162& r) { return __hbge2(l, r); }

// ---- Math: the float function, rounded to bf16 (ROCm: __ocml_*_f32 then __float2bfloat16). The
// host libm's float functions may differ from ocml's in the last float bit, which only rarely
// survives the rounding to bf16 (docs/hip-on-cpu.md).
#define WMMASIM_BF16_MATH(name, expr)                                                                     \
  inline __hip_bfloat16 h##name(const __hip_bfloat16 h) {                                                 \
    const float v = __bfloat162float(h);                                                                  \
    return __float2bfloat16(expr);                                                                        \
  }                                                                                                       \
  inline __hip_bfloat162 h2##name(const __hip_bfloat162 h) { return __hip_bfloat162(h##name(h.x), h##name(h.y)); }
WMMASIM_BF16_MATH(ceil, __builtin_ceilf(v))
WMMASIM_BF16_MATH(cos, __builtin_cosf(v))
WMMASIM_BF16_MATH(exp, __builtin_expf(v))
WMMASIM_BF16_MATH(exp10, __builtin_exp10f(v))
WMMASIM_BF16_MATH(exp2, __builtin_exp2f(v))
WMMASIM_BF16_MATH(floor, __builtin_floorf(v))
WMMASIM_BF16_MATH(log, __builtin_logf(v))
WMMASIM_BF16_MATH(log10, __builtin_log10f(v))
WMMASIM_BF16_MATH(log2, __builtin_log2f(v))
WMMASIM_BF16_MATH(rcp, 1.0f / v)
WMMASIM_BF16_MATH(rint, __builtin_rintf(v))
WMMASIM_BF16_MATH(rsqrt, 1.0f / __builtin_sqrtf(v))
WMMASIM_BF16_MATH(sin, __builtin_sinf(v))
WMMASIM_BF16_MATH(sqrt, __builtin_sqrtf(v))
WMMASIM_BF16_MATH(trunc, __builtin_truncf(v))
#undef WMMASIM_BF16_MATH

// Packed atomic add (ROCm: a compare-and-swap loop): each half rounded once, as __hadd2.
inline __hip_bfloat162 unsafeAtomicAdd(__hip_bfloat162* address, __hip_bfloat162 value) {
  unsigned int* word = reinterpret_cast<unsigned int*>(address);
  unsigned int old_bits = __atomic_load_n(word, __ATOMIC_RELAXED);
  for (;;) {
    const __hip_bfloat162 old = wmmasim::hip::detail::bit_copy<__hip_bfloat162>(old_bits);
    const unsigned int new_bits = wmmasim::hip::detail::bit_copy<unsigned int>(__hadd2(old, value));
    if (__atomic_compare_exchange_n(word, &old_bits, new_bits, true, __ATOMIC_RELAXED, __ATOMIC_RELAXED)) return old;
  }
}
