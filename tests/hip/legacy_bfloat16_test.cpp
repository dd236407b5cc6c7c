// hip_bfloat16 (hip_bfloat16.h, the type rocWMMA calls bfloat16_t), used as library code uses it:
// explicit construction from float, implicit widening, round_to_bfloat16 with and without the
// truncate tag, float arithmetic rounded back. Expected values come from the numerics library's
// conversions (an independent implementation) or are bit patterns written out by hand.
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <sstream>
#include <type_traits>

#include "hip/hip_bfloat16.h"
#include "oracle.hpp"

namespace wmmasim::hip_test {
namespace {

hip_bfloat16 bf(std::uint16_t bits) {
  hip_bfloat16 b;
  b.data = bits;
  return b;
}

TEST(HipBfloat16, IsTheCLayoutStruct) {
  static_assert(std::is_trivial_v<hip_bfloat16> && std::is_standard_layout_v<hip_bfloat16>);
  static_assert(sizeof(hip_bfloat16) == 2 && alignof(hip_bfloat16) == 2);
  static_assert(!std::is_convertible_v<float, hip_bfloat16>, "the constructor from float is explicit");
  static_assert(std::is_convertible_v<hip_bfloat16, float>);
  static_assert(std::is_same_v<decltype(hip_bfloat16::data), __hip_uint16_t>);
}

TEST(HipBfloat16, EveryValueWidensExactly) {
  for (std::uint32_t b = 0; b < 0x10000; ++b)
    ASSERT_EQ(bits_of<std::uint32_t>(float(bf(static_cast<std::uint16_t>(b)))), widen_to_f32(b, Format::bf16)) << b;
}

TEST(HipBfloat16, ConstructorAndRoundToBfloat16RoundToNearestEven) {
  long n = 0;
  for (std::uint64_t b = 0; b < 0x100000000ull; b += 263) {
    const auto f = static_cast<std::uint32_t>(b);
    if (f32_is_nan(f)) continue;
    const std::uint32_t want = convert_from_f32(f, Format::bf16);
    ASSERT_EQ(hip_bfloat16(bits_of<float>(f)).data, want) << std::hex << f;
    ASSERT_EQ(hip_bfloat16::round_to_bfloat16(bits_of<float>(f)).data, want) << std::hex << f;
    hip_bfloat16 assigned;
    assigned = bits_of<float>(f);
    ASSERT_EQ(assigned.data, want) << std::hex << f;
    ++n;
  }
  EXPECT_GT(n, 16000000);
  // Ties, by hand: 1 + 2^-8 is halfway between 0x3f80 and 0x3f81 (to even: down); 1 + 3*2^-8 up.
  EXPECT_EQ(hip_bfloat16(1.00390625f).data, 0x3f80);
  EXPECT_EQ(hip_bfloat16(1.01171875f).data, 0x3f82);
  EXPECT_EQ(hip_bfloat16(3.4e38f).data, 0x7f80);  // above the largest bf16 by more than half an ulp: inf
}

TEST(HipBfloat16, TruncateKeepsTheTopHalf) {
  std::mt19937 rng(11);
  for (int i = 0; i < 1000000; ++i) {
    const std::uint32_t f = rng();
    if (f32_is_nan(f)) continue;
    ASSERT_EQ(hip_bfloat16(bits_of<float>(f), hip_bfloat16::truncate).data, f >> 16) << std::hex << f;
    ASSERT_EQ(hip_bfloat16::round_to_bfloat16(bits_of<float>(f), hip_bfloat16::truncate).data, f >> 16);
  }
  EXPECT_EQ(hip_bfloat16(1.01171875f, hip_bfloat16::truncate).data, 0x3f81);
  EXPECT_EQ(hip_bfloat16(-3.4e38f, hip_bfloat16::truncate).data, 0xff7f);
}

TEST(HipBfloat16, NanStaysNanInBothModes) {
  // ROCm's rule, written out: a NaN whose payload lies only in the dropped half gets the lowest bf16
  // payload bit; other NaNs keep their top half.
  EXPECT_EQ(hip_bfloat16(bits_of<float>(0x7f800001u)).data, 0x7f81);
  EXPECT_EQ(hip_bfloat16(bits_of<float>(0x7f800001u), hip_bfloat16::truncate).data, 0x7f81);
  EXPECT_EQ(hip_bfloat16(bits_of<float>(0xffc00000u)).data, 0xffc0);
  EXPECT_EQ(hip_bfloat16(bits_of<float>(0xffc0ffffu)).data, 0xffc1);
  EXPECT_EQ(hip_bfloat16(bits_of<float>(0x7fbfffffu), hip_bfloat16::truncate).data, 0x7fbf);
  EXPECT_EQ(hip_bfloat16(bits_of<float>(0x7f800000u)).data, 0x7f80);  // infinity is not a NaN
  EXPECT_TRUE(std::isnan(bf(0x7f81)) && std::isnan(bf(0xffc0)) && !std::isnan(bf(0x7f80)));
  EXPECT_TRUE(std::isinf(bf(0xff80)) && !std::isinf(bf(0x7f7f)));
  EXPECT_TRUE(std::iszero(bf(0x8000)) && std::iszero(bf(0)) && !std::iszero(bf(1)));
}

TEST(HipBfloat16, ArithmeticIsTheFloatOperationRounded) {
  std::mt19937 rng(5);
  for (int i = 0; i < 300000; ++i) {
    const auto a = static_cast<std::uint16_t>(rng()), b = static_cast<std::uint16_t>(rng());
    if ((a & 0x7fff) >= 0x7f80 || (b & 0x7fff) >= 0x7f80) continue;
    const Exact ea = exact_of(a, Format::bf16), eb = exact_of(b, Format::bf16);
    const bool na = a >> 15, nb = b >> 15;
    // One float rounding then one bf16 rounding is one rounding for + - * (24 >= 2*8+2).
    ASSERT_EQ((bf(a) + bf(b)).data, round_exact(exact_sum(ea, eb), Format::bf16, Mode::rn, na && nb));
    ASSERT_EQ((bf(a) - bf(b)).data, round_exact(exact_sum(ea, Exact{!eb.neg, eb.mag, eb.lsb_exp}), Format::bf16, Mode::rn, na && !nb));
    ASSERT_EQ((bf(a) * bf(b)).data, round_exact(exact_product(ea, eb), Format::bf16, Mode::rn, na != nb));
    hip_bfloat16 acc = bf(a);
    acc *= bf(b);
    ASSERT_EQ(acc.data, (bf(a) * bf(b)).data);
  }
}

TEST(HipBfloat16, OperatorsAsLibraryCodeUsesThem) {
  const hip_bfloat16 one(1.0f), two(2.0f), three(3.0f);
  EXPECT_EQ((-one).data, 0xbf80);
  EXPECT_EQ((+two).data, 0x4000);
  EXPECT_EQ((three / two).data, 0x3fc0);  // 1.5
  EXPECT_TRUE(one < two && two > one && one <= one && two >= one && one != two && one == hip_bfloat16(1.0f));
  hip_bfloat16 x = one;
  x += two;
  EXPECT_EQ(x.data, 0x4040);
  const hip_bfloat16 before = x++;
  EXPECT_EQ(before.data, 0x4040);
  EXPECT_EQ(x.data, 0x4080);  // 4
  --x;
  x -= one;
  x /= two;
  EXPECT_EQ(float(x), 1.0f);
  // A dot product the way rocWMMA's host reference computes it: accumulate in float.
  const hip_bfloat16 a[3] = {hip_bfloat16(0.5f), hip_bfloat16(-1.25f), hip_bfloat16(8.0f)};
  float sum = 0.0f;
  for (const hip_bfloat16& v : a) sum += static_cast<float>(v) * static_cast<float>(v);
  EXPECT_EQ(sum, 65.8125f);
  std::ostringstream s;
  s << hip_bfloat16(-2.5f);
  EXPECT_EQ(s.str(), "-2.5");
}

}  // namespace
}  // namespace wmmasim::hip_test
