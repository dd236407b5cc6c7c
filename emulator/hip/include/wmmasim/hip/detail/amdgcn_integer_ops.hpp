// The per-lane integer builtins: byte permute, funnel shifts, bit-field extracts, byte averages and
// sums of absolute differences. Each is the RDNA4 ISA guide's pseudocode for its instruction (the
// same on RDNA3) on exact integers, so the bits are the GPU's.
#pragma once

#include <cstdint>

#include "wmmasim/hip/detail/amdgcn_support.hpp"

namespace wmmasim::hip::detail::amdgcn {

// V_PERM_B32: result byte k = BYTE_PERMUTE({S0, S1}, S2 byte k), where S1 is bytes 0-3 of the pair
// and S0 bytes 4-7; selectors 8-11 replicate the sign bit of bytes 1, 3, 5, 7; 12 gives 0x00 and
// 13 and above 0xFF.
constexpr std::uint32_t byte_permute(std::uint64_t data, std::uint32_t sel) {
  if (sel >= 13) return 0xFF;
  if (sel == 12) return 0x00;
  if (sel >= 8) return (data >> (8 * (2 * (sel - 8) + 1) + 7) & 1) ? 0xFF : 0x00;
  return static_cast<std::uint32_t>(data >> (8 * sel) & 0xFF);
}

constexpr std::uint32_t absdiff(std::uint32_t x, std::uint32_t y) { return x > y ? x - y : y - x; }

constexpr std::uint32_t sad_u8(std::uint32_t a, std::uint32_t b, std::uint32_t acc) {
  for (int k = 0; k < 4; ++k) acc += absdiff(a >> (8 * k) & 0xFF, b >> (8 * k) & 0xFF);
  return acc;
}
// V_MSAD_U8: bytes of the reference (S1) equal to 0 are masked out.
constexpr std::uint32_t msad_u8(std::uint32_t a, std::uint32_t b, std::uint32_t acc) {
  for (int k = 0; k < 4; ++k)
    if ((b >> (8 * k) & 0xFF) != 0) acc += absdiff(a >> (8 * k) & 0xFF, b >> (8 * k) & 0xFF);
  return acc;
}

}  // namespace wmmasim::hip::detail::amdgcn

inline unsigned __builtin_amdgcn_perm(unsigned s0, unsigned s1, unsigned sel) {
  const std::uint64_t data = std::uint64_t{s0} << 32 | s1;
  std::uint32_t d = 0;
  for (int k = 0; k < 4; ++k) d |= ::wmmasim::hip::detail::amdgcn::byte_permute(data, sel >> (8 * k) & 0xFF) << (8 * k);
  return d;
}

// V_ALIGNBIT_B32 / V_ALIGNBYTE_B32: the low 32 bits of {S0, S1} >> S2[4:0] (bits) or S2[1:0] (bytes).
inline unsigned __builtin_amdgcn_alignbit(unsigned s0, unsigned s1, unsigned s2) {
  return static_cast<unsigned>((std::uint64_t{s0} << 32 | s1) >> (s2 & 31));
}
inline unsigned __builtin_amdgcn_alignbyte(unsigned s0, unsigned s1, unsigned s2) {
  return static_cast<unsigned>((std::uint64_t{s0} << 32 | s1) >> (8 * (s2 & 3)));
}

// V_BFE_U32 / V_BFE_I32: S2[4:0] bits from bit S1[4:0] (width 0 gives 0; the signed form extends
// from the field's top bit). clang declares both with unsigned operands and result.
inline unsigned __builtin_amdgcn_ubfe(unsigned s0, unsigned offset, unsigned width) {
  const unsigned w = width & 31;
  return (s0 >> (offset & 31)) & ((1u << w) - 1u);
}
inline unsigned __builtin_amdgcn_sbfe(unsigned s0, unsigned offset, unsigned width) {
  const unsigned w = width & 31;
  if (w == 0) return 0;
  const unsigned field = (static_cast<unsigned>(static_cast<int>(s0) >> (offset & 31))) & ((1u << w) - 1u);
  const unsigned sign = 1u << (w - 1);
  return (field ^ sign) - sign;
}

// V_LERP_U8: per byte (S0 + S1 + rounding bit S2[8k]) >> 1.
inline unsigned __builtin_amdgcn_lerp(unsigned s0, unsigned s1, unsigned s2) {
  unsigned d = 0;
  for (int k = 0; k < 4; ++k)
    d += (((s0 >> (8 * k) & 0xFF) + (s1 >> (8 * k) & 0xFF) + (s2 >> (8 * k) & 1)) >> 1) << (8 * k);
  return d;
}

inline unsigned __builtin_amdgcn_sad_u8(unsigned s0, unsigned s1, unsigned s2) {
  return ::wmmasim::hip::detail::amdgcn::sad_u8(s0, s1, s2);
}
inline unsigned __builtin_amdgcn_msad_u8(unsigned s0, unsigned s1, unsigned s2) {
  return ::wmmasim::hip::detail::amdgcn::msad_u8(s0, s1, s2);
}
inline unsigned __builtin_amdgcn_sad_hi_u8(unsigned s0, unsigned s1, unsigned s2) {
  return (::wmmasim::hip::detail::amdgcn::sad_u8(s0, s1, 0) << 16) + s2;
}
inline unsigned __builtin_amdgcn_sad_u16(unsigned s0, unsigned s1, unsigned s2) {
  using ::wmmasim::hip::detail::amdgcn::absdiff;
  return s2 + absdiff(s0 & 0xFFFF, s1 & 0xFFFF) + absdiff(s0 >> 16, s1 >> 16);
}

// V_QSAD_PK_U16_U8 / V_MQSAD_PK_U16_U8 / V_MQSAD_U32_U8: the (masked) SAD of the reference S1
// against the four byte-aligned 32-bit windows S0[31:0], S0[39:8], S0[47:16], S0[55:24], each added
// to its own lane of S2 (16-bit lanes truncate the sum, 32-bit lanes do not).
inline unsigned long __builtin_amdgcn_qsad_pk_u16_u8(unsigned long s0, unsigned s1, unsigned long s2) {
  unsigned long d = 0;
  for (int k = 0; k < 4; ++k) {
    const auto window = static_cast<std::uint32_t>(s0 >> (8 * k));
    const auto acc = static_cast<std::uint32_t>(s2 >> (16 * k) & 0xFFFF);
    d |= static_cast<unsigned long>(::wmmasim::hip::detail::amdgcn::sad_u8(window, s1, acc) & 0xFFFF) << (16 * k);
  }
  return d;
}
inline unsigned long __builtin_amdgcn_mqsad_pk_u16_u8(unsigned long s0, unsigned s1, unsigned long s2) {
  unsigned long d = 0;
  for (int k = 0; k < 4; ++k) {
    const auto window = static_cast<std::uint32_t>(s0 >> (8 * k));
    const auto acc = static_cast<std::uint32_t>(s2 >> (16 * k) & 0xFFFF);
    d |= static_cast<unsigned long>(::wmmasim::hip::detail::amdgcn::msad_u8(window, s1, acc) & 0xFFFF) << (16 * k);
  }
  return d;
}
inline ::wmmasim::hip::detail::amdgcn::vec<unsigned, 4> __builtin_amdgcn_mqsad_u32_u8(
    unsigned long s0, unsigned s1, ::wmmasim::hip::detail::amdgcn::vec<unsigned, 4> s2) {
  ::wmmasim::hip::detail::amdgcn::vec<unsigned, 4> d;
  for (int k = 0; k < 4; ++k)
    d[k] = ::wmmasim::hip::detail::amdgcn::msad_u8(static_cast<std::uint32_t>(s0 >> (8 * k)), s1, s2[k]);
  return d;
}
