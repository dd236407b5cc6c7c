// Integer intrinsics at their edge values (0, 1, all ones, sign bits) with hand-computed results.
#include <gtest/gtest.h>

#include <climits>

#include "wmmasim/hip/detail/integer_intrinsics.hpp"

namespace {

TEST(HipIntegerIntrinsics, BitCounts) {
  EXPECT_EQ(__popc(0u), 0u);
  EXPECT_EQ(__popc(~0u), 32u);
  EXPECT_EQ(__popcll(~0ull), 64u);
  EXPECT_EQ(__popcll(0x8000000000000001ull), 2u);
  EXPECT_EQ(__clz(0), 32);
  EXPECT_EQ(__clz(-1), 0);
  EXPECT_EQ(__clz(1), 31);
  EXPECT_EQ(__clzll(0), 64);
  EXPECT_EQ(__clzll(1), 63);
  EXPECT_EQ(__clzll(LLONG_MIN), 0);
  EXPECT_EQ(__ffs(0), 0);
  EXPECT_EQ(__ffs(1), 1);
  EXPECT_EQ(__ffs(INT_MIN), 32);
  EXPECT_EQ(__ffs(0x80000000u), 32);
  EXPECT_EQ(__ffsll(0ll), 0);
  EXPECT_EQ(__ffsll(1ull << 63), 64);
  EXPECT_EQ(__brev(1u), 0x80000000u);
  EXPECT_EQ(__brev(0x0000ffffu), 0xffff0000u);
  EXPECT_EQ(__brevll(1ull), 1ull << 63);
  EXPECT_EQ(__brevll(~0ull), ~0ull);
  EXPECT_EQ(__lastbit_u32_u32(0), ~0u);
  EXPECT_EQ(__lastbit_u32_u64(1ull << 40), 40u);
}

TEST(HipIntegerIntrinsics, Multiplies) {
  EXPECT_EQ(__mul24(0x00ffffff, 2), -2);          // 0xffffff is -1 in 24 bits
  EXPECT_EQ(__mul24(0x7fffff, 0x7fffff), static_cast<int>(0x3fffff000001ull & 0xffffffffu));
  EXPECT_EQ(__umul24(0xffffffffu, 2u), 0x1fffffe);  // high byte ignored
  EXPECT_EQ(__mulhi(INT_MIN, INT_MIN), 0x40000000);
  EXPECT_EQ(__mulhi(-1, 1), -1);
  EXPECT_EQ(__umulhi(0xffffffffu, 0xffffffffu), 0xfffffffeu);
  EXPECT_EQ(__mul64hi(LLONG_MIN, -1), 0);
  EXPECT_EQ(__mul64hi(-1, 1), -1);
  EXPECT_EQ(__umul64hi(~0ull, ~0ull), ~0ull - 1);
  EXPECT_EQ(__umul64hi(1ull << 32, 1ull << 32), 1ull);
}

TEST(HipIntegerIntrinsics, BytesShiftsAndAverages) {
  EXPECT_EQ(__byte_perm(0x33221100u, 0x77665544u, 0x3210u), 0x33221100u);
  EXPECT_EQ(__byte_perm(0x33221100u, 0x77665544u, 0x7654u), 0x77665544u);
  EXPECT_EQ(__byte_perm(0x33221100u, 0x77665544u, 0x0123u), 0x00112233u);
  EXPECT_EQ(__byte_perm(0x33221100u, 0x77665544u, 0xfedcu), 0x77665544u);  // selector bit 3 ignored
  EXPECT_EQ(__funnelshift_l(0x80000000u, 0x1u, 1), 0x3u);
  EXPECT_EQ(__funnelshift_l(0xffffffffu, 0u, 32), 0u);  // 32 & 31 = 0: hi
  EXPECT_EQ(__funnelshift_lc(0xffffffffu, 0u, 40), 0xffffffffu);  // clamped to 32: lo
  EXPECT_EQ(__funnelshift_r(0x1u, 0x1u, 1), 0x80000000u);
  EXPECT_EQ(__funnelshift_r(0x12345678u, 0x9abcdef0u, 32), 0x12345678u);
  EXPECT_EQ(__funnelshift_rc(0x12345678u, 0x9abcdef0u, 33), 0x9abcdef0u);
  EXPECT_EQ(__hadd(INT_MAX, INT_MAX), INT_MAX);
  EXPECT_EQ(__hadd(-1, 0), -1);
  EXPECT_EQ(__rhadd(-1, 0), 0);
  EXPECT_EQ(__uhadd(~0u, ~0u), ~0u);
  EXPECT_EQ(__urhadd(~0u, 0u), 0x80000000u);
  EXPECT_EQ(__sad(INT_MIN, INT_MAX, 0), 0xffffffffu);
  EXPECT_EQ(__sad(-5, 5, 1), 11u);
  EXPECT_EQ(__usad(0u, ~0u, 1u), 0u);  // wraps modulo 2^32
  EXPECT_EQ(__bitextract_u32(0xabcd1234u, 8, 8), 0x12u);
  EXPECT_EQ(__bitextract_u32(0xabcd1234u, 8, 0), 0u);
  EXPECT_EQ(__bitinsert_u32(0xffffffffu, 0u, 4, 8), 0xfffff00fu);
  EXPECT_EQ(__bitextract_u64(~0ull, 56, 8), 0xffull);
}

}  // namespace
