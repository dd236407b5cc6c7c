// HIP's integer intrinsics with ROCm's signatures and results (ROCm clr
// hipamd/include/hip/amd_detail/amd_device_functions.h, 6.3), on the host. Every result is exact
// integer arithmetic, so these equal the GPU's bit for bit, including at 0 and all-ones inputs.
#pragma once

#include <cstdint>

inline unsigned int __popc(unsigned int x) { return static_cast<unsigned>(__builtin_popcount(x)); }
inline unsigned int __popcll(unsigned long long x) { return static_cast<unsigned>(__builtin_popcountll(x)); }
// Leading zeros; 32 (64) for zero, as __ockl_clz_u32/_u64.
inline int __clz(int x) { return x == 0 ? 32 : __builtin_clz(static_cast<unsigned>(x)); }
inline int __clzll(long long x) { return x == 0 ? 64 : __builtin_clzll(static_cast<unsigned long long>(x)); }
// Position of the lowest set bit, counted from 1; 0 for zero.
inline int __ffs(unsigned int x) { return x == 0 ? 0 : __builtin_ctz(x) + 1; }
inline int __ffs(int x) { return __ffs(static_cast<unsigned>(x)); }
inline int __ffsll(unsigned long long x) { return x == 0 ? 0 : __builtin_ctzll(x) + 1; }
inline int __ffsll(long long x) { return __ffsll(static_cast<unsigned long long>(x)); }
inline unsigned int __brev(unsigned int x) { return __builtin_bitreverse32(x); }
inline unsigned long long __brevll(unsigned long long x) { return __builtin_bitreverse64(x); }
// Index of the lowest set bit (AMD extension); -1 as unsigned for zero, as ROCm's.
inline unsigned int __lastbit_u32_u32(unsigned int x) { return x == 0 ? ~0u : static_cast<unsigned>(__builtin_ctz(x)); }
inline unsigned int __lastbit_u32_u64(unsigned long long x) { return x == 0 ? ~0u : static_cast<unsigned>(__builtin_ctzll(x)); }

// Bit fields (AMD extensions): offset and width are taken modulo the word size.
inline unsigned int __bitextract_u32(unsigned int src, unsigned int offset, unsigned int width) {
  offset &= 31;
  width &= 31;
  return width == 0 ? 0 : (src << (32 - offset - width)) >> (32 - width);
}
inline std::uint64_t __bitextract_u64(std::uint64_t src, unsigned int offset, unsigned int width) {
  const std::uint64_t o = offset & 63, w = width & 63;
  return w == 0 ? 0 : (src << (64 - o - w)) >> (64 - w);
}
inline unsigned int __bitinsert_u32(unsigned int dst, unsigned int src, unsigned int offset, unsigned int width) {
  offset &= 31;
  width &= 31;
  const unsigned mask = (1u << width) - 1;
  return (dst & ~(mask << offset)) | ((src & mask) << offset);
}
inline std::uint64_t __bitinsert_u64(std::uint64_t dst, std::uint64_t src, unsigned int offset, unsigned int width) {
  const std::uint64_t o = offset & 63, w = width & 63;
  const std::uint64_t mask = (1ull << w) - 1;
  return (dst & ~(mask << o)) | ((src & mask) << o);
}

// 24-bit multiplies: the low 24 bits of each operand (sign-extended for __mul24), low 32 bits of
// the product.
inline int __mul24(int x, int y) {
  const std::int64_t a = static_cast<std::int32_t>(static_cast<std::uint32_t>(x) << 8) >> 8;
  const std::int64_t b = static_cast<std::int32_t>(static_cast<std::uint32_t>(y) << 8) >> 8;
  return static_cast<int>(static_cast<std::uint32_t>(a * b));
}
inline int __umul24(unsigned int x, unsigned int y) {
  return static_cast<int>(static_cast<std::uint32_t>(static_cast<std::uint64_t>(x & 0xffffffu) * (y & 0xffffffu)));
}
// High halves of full products.
inline int __mulhi(int x, int y) { return static_cast<int>((static_cast<std::int64_t>(x) * y) >> 32); }
inline unsigned int __umulhi(unsigned int x, unsigned int y) {
  return static_cast<unsigned>((static_cast<std::uint64_t>(x) * y) >> 32);
}
inline long long __mul64hi(long long x, long long y) {
  return static_cast<long long>((static_cast<__int128>(x) * y) >> 64);
}
inline unsigned long long __umul64hi(unsigned long long x, unsigned long long y) {
  return static_cast<unsigned long long>((static_cast<unsigned __int128>(x) * y) >> 64);
}

// Byte i of the result is byte (s >> 4i) & 7 of the eight bytes y:x (x is bytes 0-3).
inline unsigned int __byte_perm(unsigned int x, unsigned int y, unsigned int s) {
  const std::uint64_t bytes = static_cast<std::uint64_t>(y) << 32 | x;
  unsigned int r = 0;
  for (int i = 0; i < 4; ++i) r |= static_cast<unsigned>((bytes >> (8 * ((s >> (4 * i)) & 7))) & 0xff) << (8 * i);
  return r;
}

// Funnel shifts of the 64-bit hi:lo: _l/_r take the shift modulo 32, _lc/_rc clamp it to 32.
inline unsigned int __funnelshift_l(unsigned int lo, unsigned int hi, unsigned int shift) {
  const unsigned s = shift & 31;
  return static_cast<unsigned>(((static_cast<std::uint64_t>(hi) << 32 | lo) << s) >> 32);
}
inline unsigned int __funnelshift_lc(unsigned int lo, unsigned int hi, unsigned int shift) {
  const unsigned s = shift >= 32 ? 32 : shift;
  return static_cast<unsigned>(((static_cast<std::uint64_t>(hi) << 32 | lo) << s) >> 32);
}
inline unsigned int __funnelshift_r(unsigned int lo, unsigned int hi, unsigned int shift) {
  return static_cast<unsigned>((static_cast<std::uint64_t>(hi) << 32 | lo) >> (shift & 31));
}
inline unsigned int __funnelshift_rc(unsigned int lo, unsigned int hi, unsigned int shift) {
  return shift >= 32 ? hi : static_cast<unsigned>((static_cast<std::uint64_t>(hi) << 32 | lo) >> shift);
}

// Averages without overflow (the sum is formed in 64 bits).
inline int __hadd(int x, int y) { return static_cast<int>((static_cast<long long>(x) + y) >> 1); }
inline int __rhadd(int x, int y) { return static_cast<int>((static_cast<long long>(x) + y + 1) >> 1); }
inline unsigned int __uhadd(unsigned int x, unsigned int y) {
  return static_cast<unsigned>((static_cast<unsigned long long>(x) + y) >> 1);
}
inline unsigned int __urhadd(unsigned int x, unsigned int y) {
  return static_cast<unsigned>((static_cast<unsigned long long>(x) + y + 1) >> 1);
}
// |x - y| + z, modulo 2^32.
inline unsigned int __sad(int x, int y, unsigned int z) {
  const unsigned d = x > y ? static_cast<unsigned>(x) - static_cast<unsigned>(y) : static_cast<unsigned>(y) - static_cast<unsigned>(x);
  return d + z;
}
inline unsigned int __usad(unsigned int x, unsigned int y, unsigned int z) { return (x > y ? x - y : y - x) + z; }
