// The VALU dot-product builtins and the fp8/bf8 conversions. Float arithmetic is the numerics
// library's (wmmasim/numerics): V_DOT2_F32_F16/BF16 is its dot2_f32 (the gfx12 DOT4 step with one pair,
// hardware-qualified by the gfx1201 DOT2 captures, or the gfx11 DOT2 step), V_DOT4_F32_*8 its
// dot4_f32_fp8 (spec 7.2, [M]), the fp8 conversions its convert_from_f32 / widen_to_f32 /
// convert_from_f32_stochastic. Integer dots are exact sums, wrapped to 32 bits or, with clamp,
// saturated.
#pragma once

#include <cstdint>

#include "wmmasim/hip/detail/amdgcn_support.hpp"
#include "wmmasim/numerics/formats.hpp"
#include "wmmasim/numerics/numerics.hpp"

namespace wmmasim::hip::detail::amdgcn {

inline constexpr ::wmmasim::Arch kArch = kGfx12 ? ::wmmasim::Arch::rdna4 : ::wmmasim::Arch::rdna3;

// The VOP3P clamp bit on an f32 result: into [0, 1]; NaN gives 0 (DX10-style clamp, ROCm's default
// MODE on gfx11; gfx12 has no DX10_CLAMP bit, and clamped NaNs are not verified on hardware).
inline std::uint32_t clamp_unit(std::uint32_t f32) {
  const float v = bit_copy<float>(f32);
  if (!(v > 0.0f)) return 0;
  return v > 1.0f ? 0x3F800000u : f32;
}

inline float dot2_f32(::wmmasim::Format f, std::uint32_t a, std::uint32_t b, float c, bool clamp) {
  const std::uint32_t d = ::wmmasim::dot2_f32(kArch, f, a, b, bit_copy<std::uint32_t>(c));
  return bit_copy<float>(clamp ? clamp_unit(d) : d);
}

// V_DOT4_U32_U8 / V_DOT8_U32_U4 and V_DOT4_I32_IU8 / V_DOT8_I32_IU4 (each factor signed or not).
constexpr std::int64_t int_dot(std::uint32_t a, std::uint32_t b, int bits, bool a_signed, bool b_signed) {
  std::int64_t sum = 0;
  const std::uint32_t mask = (1u << bits) - 1;
  for (int e = 0; e < 32 / bits; ++e) {
    std::int64_t x = a >> (bits * e) & mask, y = b >> (bits * e) & mask;
    if (a_signed && (x >> (bits - 1))) x -= std::int64_t{1} << bits;
    if (b_signed && (y >> (bits - 1))) y -= std::int64_t{1} << bits;
    sum += x * y;
  }
  return sum;
}
constexpr unsigned udot(std::uint32_t a, std::uint32_t b, std::uint32_t c, int bits, bool clamp) {
  const std::int64_t s = int_dot(a, b, bits, false, false) + c;
  if (clamp && s > 0xFFFFFFFFll) return 0xFFFFFFFFu;
  return static_cast<unsigned>(s);
}
constexpr int sudot(bool a_signed, std::uint32_t a, bool b_signed, std::uint32_t b, std::int32_t c, int bits, bool clamp) {
  const std::int64_t s = int_dot(a, b, bits, a_signed, b_signed) + c;
  if (clamp) return s > INT32_MAX ? INT32_MAX : s < INT32_MIN ? INT32_MIN : static_cast<int>(s);
  return static_cast<int>(static_cast<std::uint32_t>(s));
}

}  // namespace wmmasim::hip::detail::amdgcn

template <class A, class B>
float __builtin_amdgcn_fdot2(const A& a, const B& b, float c, bool clamp)
    WMMASIM_AMDGCN_VECTOR_BYTES("__builtin_amdgcn_fdot2", A, 4) WMMASIM_AMDGCN_VECTOR_BYTES("__builtin_amdgcn_fdot2", B, 4)
        WMMASIM_AMDGCN_CONSTANT("__builtin_amdgcn_fdot2", clamp) {
  using namespace ::wmmasim::hip::detail::amdgcn;
  return dot2_f32(::wmmasim::Format::f16, argument_bits<std::uint32_t>(a), argument_bits<std::uint32_t>(b), c, clamp);
}
template <class A, class B>
float __builtin_amdgcn_fdot2_f32_bf16(const A& a, const B& b, float c, bool clamp)
    WMMASIM_AMDGCN_VECTOR_BYTES("__builtin_amdgcn_fdot2_f32_bf16", A, 4)
        WMMASIM_AMDGCN_VECTOR_BYTES("__builtin_amdgcn_fdot2_f32_bf16", B, 4)
            WMMASIM_AMDGCN_CONSTANT("__builtin_amdgcn_fdot2_f32_bf16", clamp) {
  using namespace ::wmmasim::hip::detail::amdgcn;
  return dot2_f32(::wmmasim::Format::bf16, argument_bits<std::uint32_t>(a), argument_bits<std::uint32_t>(b), c, clamp);
}

inline unsigned __builtin_amdgcn_udot4(unsigned a, unsigned b, unsigned c, bool clamp)
    WMMASIM_AMDGCN_CONSTANT("__builtin_amdgcn_udot4", clamp) {
  return ::wmmasim::hip::detail::amdgcn::udot(a, b, c, 8, clamp);
}
inline unsigned __builtin_amdgcn_udot8(unsigned a, unsigned b, unsigned c, bool clamp)
    WMMASIM_AMDGCN_CONSTANT("__builtin_amdgcn_udot8", clamp) {
  return ::wmmasim::hip::detail::amdgcn::udot(a, b, c, 4, clamp);
}
inline int __builtin_amdgcn_sudot4(bool a_signed, int a, bool b_signed, int b, int c, bool clamp)
    WMMASIM_AMDGCN_CONSTANT("__builtin_amdgcn_sudot4", a_signed) WMMASIM_AMDGCN_CONSTANT("__builtin_amdgcn_sudot4", b_signed)
        WMMASIM_AMDGCN_CONSTANT("__builtin_amdgcn_sudot4", clamp) {
  return ::wmmasim::hip::detail::amdgcn::sudot(a_signed, static_cast<std::uint32_t>(a), b_signed,
                                               static_cast<std::uint32_t>(b), c, 8, clamp);
}
inline int __builtin_amdgcn_sudot8(bool a_signed, int a, bool b_signed, int b, int c, bool clamp)
    WMMASIM_AMDGCN_CONSTANT("__builtin_amdgcn_sudot8", a_signed) WMMASIM_AMDGCN_CONSTANT("__builtin_amdgcn_sudot8", b_signed)
        WMMASIM_AMDGCN_CONSTANT("__builtin_amdgcn_sudot8", clamp) {
  return ::wmmasim::hip::detail::amdgcn::sudot(a_signed, static_cast<std::uint32_t>(a), b_signed,
                                               static_cast<std::uint32_t>(b), c, 4, clamp);
}

#if !defined(__GFX11__)
#define WMMASIM_AMDGCN_DOT4_FP8(a_fmt, b_fmt)                                                                     \
  inline float __builtin_amdgcn_dot4_f32_##a_fmt##_##b_fmt(unsigned a, unsigned b, float c) {                     \
    using namespace ::wmmasim::hip::detail::amdgcn;                                                               \
    return bit_copy<float>(::wmmasim::dot4_f32_fp8(::wmmasim::Format::a_fmt, ::wmmasim::Format::b_fmt, a, b,     \
                                                   bit_copy<std::uint32_t>(c)));                                  \
  }
WMMASIM_AMDGCN_DOT4_FP8(fp8, fp8)
WMMASIM_AMDGCN_DOT4_FP8(fp8, bf8)
WMMASIM_AMDGCN_DOT4_FP8(bf8, fp8)
WMMASIM_AMDGCN_DOT4_FP8(bf8, bf8)
#undef WMMASIM_AMDGCN_DOT4_FP8

// ---- fp8 / bf8 conversions (gfx12: V_CVT_F32_FP8, V_CVT_PK_*, V_CVT_SR_*) ----------------------------
// Byte and word selects are the builtins' (clang turns them into the instructions' reversed OPSEL
// bits); only their low bits select. Conversions to fp8 round to nearest even and overflow as the
// default MODE does (E4M3 to NaN, E5M2 to infinity), and keep the other bytes of `old`.

#define WMMASIM_AMDGCN_FP8_CONVERSIONS(fmt)                                                                        \
  inline float __builtin_amdgcn_cvt_f32_##fmt(int src, int byte_sel)                                              \
      WMMASIM_AMDGCN_CONSTANT("__builtin_amdgcn_cvt_f32_" #fmt, byte_sel) {                                       \
    using namespace ::wmmasim::hip::detail::amdgcn;                                                               \
    const std::uint32_t code = static_cast<std::uint32_t>(src) >> (8 * (byte_sel & 3)) & 0xFFu;                   \
    return bit_copy<float>(::wmmasim::widen_to_f32(code, ::wmmasim::Format::fmt));                                \
  }                                                                                                               \
  inline ::wmmasim::hip::detail::amdgcn::vec<float, 2> __builtin_amdgcn_cvt_pk_f32_##fmt(int src, bool word_sel)  \
      WMMASIM_AMDGCN_CONSTANT("__builtin_amdgcn_cvt_pk_f32_" #fmt, word_sel) {                                    \
    using namespace ::wmmasim::hip::detail::amdgcn;                                                               \
    const std::uint32_t word = static_cast<std::uint32_t>(src) >> (word_sel ? 16 : 0);                            \
    vec<float, 2> r;                                                                                              \
    r[0] = bit_copy<float>(::wmmasim::widen_to_f32(word & 0xFFu, ::wmmasim::Format::fmt));                        \
    r[1] = bit_copy<float>(::wmmasim::widen_to_f32(word >> 8 & 0xFFu, ::wmmasim::Format::fmt));                   \
    return r;                                                                                                     \
  }                                                                                                               \
  inline int __builtin_amdgcn_cvt_pk_##fmt##_f32(float lo, float hi, int old, bool word_sel)                      \
      WMMASIM_AMDGCN_CONSTANT("__builtin_amdgcn_cvt_pk_" #fmt "_f32", word_sel) {                                 \
    using namespace ::wmmasim::hip::detail::amdgcn;                                                               \
    const std::uint32_t pair = ::wmmasim::convert_from_f32(bit_copy<std::uint32_t>(lo), ::wmmasim::Format::fmt) | \
                               ::wmmasim::convert_from_f32(bit_copy<std::uint32_t>(hi), ::wmmasim::Format::fmt) << 8; \
    const int shift = word_sel ? 16 : 0;                                                                          \
    return static_cast<int>((static_cast<std::uint32_t>(old) & ~(0xFFFFu << shift)) | pair << shift);             \
  }                                                                                                               \
  inline int __builtin_amdgcn_cvt_sr_##fmt##_f32(float x, int random, int old, int byte_sel)                      \
      WMMASIM_AMDGCN_CONSTANT("__builtin_amdgcn_cvt_sr_" #fmt "_f32", byte_sel) {                                 \
    using namespace ::wmmasim::hip::detail::amdgcn;                                                               \
    const std::uint32_t code = ::wmmasim::convert_from_f32_stochastic(                                            \
        bit_copy<std::uint32_t>(x), static_cast<std::uint32_t>(random), ::wmmasim::Format::fmt);                  \
    const int shift = 8 * (byte_sel & 3);                                                                         \
    return static_cast<int>((static_cast<std::uint32_t>(old) & ~(0xFFu << shift)) | code << shift);               \
  }
WMMASIM_AMDGCN_FP8_CONVERSIONS(fp8)
WMMASIM_AMDGCN_FP8_CONVERSIONS(bf8)
#undef WMMASIM_AMDGCN_FP8_CONVERSIONS
#endif
