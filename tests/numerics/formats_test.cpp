// Number formats (spec numerics.md 2) and conversions (7.4) against the spec table and the exact
// reference.
#include <gtest/gtest.h>

#include <random>

#include "reference/reference.hpp"
#include "wmmasim/numerics/formats.hpp"

namespace wmmasim {
namespace {

bool is_f32_nan(std::uint32_t b) { return (b & 0x7F800000u) == 0x7F800000u && (b & 0x7FFFFFu) != 0; }

TEST(Formats, SpecTableRows) {  // spec 2 table
  const Decoded e4m3_max = decode(0x7E, Format::fp8);
  EXPECT_EQ(e4m3_max.cls, FloatClass::finite);
  EXPECT_EQ(e4m3_max.sig, 14u);  // 1.75 * 2^8 = 448 = 14 * 2^5
  EXPECT_EQ(e4m3_max.lsb_exp(), 5);
  EXPECT_TRUE(decode(0x7F, Format::fp8).is_nan());
  EXPECT_TRUE(decode(0xFF, Format::fp8).is_nan());
  EXPECT_EQ(decode(0x78, Format::fp8).cls, FloatClass::finite);  // E=15, F=0 is a number (256)
  EXPECT_TRUE(decode(0x80, Format::fp8).is_zero());
  EXPECT_TRUE(decode(0x80, Format::fp8).neg);
  EXPECT_EQ(widen_to_f32(0x01, Format::fp8), 0x3B000000u);  // 2^-9
  EXPECT_EQ(widen_to_f32(0x08, Format::fp8), 0x3C800000u);  // 2^-6
  EXPECT_EQ(widen_to_f32(0x7B, Format::bf8), 0x47600000u);  // 57344
  EXPECT_EQ(widen_to_f32(0x01, Format::bf8), 0x37800000u);  // 2^-16
  EXPECT_TRUE(decode(0x7C, Format::bf8).is_inf());
  EXPECT_TRUE(decode(0x7D, Format::bf8).is_nan());
  EXPECT_EQ(widen_to_f32(0x7BFF, Format::f16), 0x477FE000u);  // 65504
  EXPECT_EQ(widen_to_f32(0x0001, Format::f16), 0x33800000u);  // 2^-24
  EXPECT_EQ(widen_to_f32(0x0001, Format::bf16), 0x00000001u << 16);
  EXPECT_EQ(extend_integer(0x8, Format::iu4, true), -8);
  EXPECT_EQ(extend_integer(0x8, Format::iu4, false), 8);
  EXPECT_EQ(extend_integer(0x80, Format::iu8, true), -128);
  EXPECT_EQ(extend_integer(0xFF, Format::iu8, false), 255);
}

TEST(Formats, WideningEveryCodeIsExact) {
  for (Format f : {Format::f16, Format::bf16, Format::fp8, Format::bf8}) {
    const std::uint32_t codes = 1u << format_bits(f);
    for (std::uint32_t bits = 0; bits < codes; ++bits) {
      bool neg;
      std::uint64_t mag;
      int exp;
      const std::uint32_t got = widen_to_f32(bits, f);
      if (!reference::exact_value(bits, f, neg, mag, exp)) {
        if (decode(bits, f).is_nan()) EXPECT_TRUE(is_f32_nan(got)) << format_name(f) << " " << bits;
        else EXPECT_EQ(got & 0x7FFFFFFFu, 0x7F800000u) << format_name(f) << " " << bits;
        continue;
      }
      ASSERT_EQ(got, reference::round_to(Format::f32, neg, mag, exp)) << format_name(f) << " code " << bits;
    }
  }
}

TEST(Formats, ConversionsFromF32AgainstReference) {
  std::mt19937 rng(1234);
  int checked = 0;
  for (int n = 0; n < 200000; ++n) {
    // Exponents concentrated where the narrow formats round, overflow and underflow.
    std::uint32_t bits = rng();
    if (n % 4 != 0) bits = (bits & 0x807FFFFFu) | (100u + rng() % 60) << 23;
    for (Format f : {Format::f16, Format::bf16, Format::fp8, Format::bf8})
      for (bool saturate : {false, true}) {
        const std::uint32_t got = convert_from_f32(bits, f, saturate ? Overflow::saturate : Overflow::to_infinity);
        bool neg;
        std::uint64_t mag;
        int exp;
        if (!reference::exact_value(bits, Format::f32, neg, mag, exp)) continue;
        ASSERT_EQ(got, reference::round_to(f, neg, mag, exp, saturate))
            << format_name(f) << std::hex << " from 0x" << bits << (saturate ? " saturating" : "");
        ++checked;
      }
  }
  EXPECT_GT(checked, 1000000);
}

TEST(Formats, ConversionOverflowAndSpecials) {  // spec 7.4, OFP8
  EXPECT_EQ(convert_from_f32(0x43E00000u, Format::fp8), 0x7Eu);  // 448
  EXPECT_EQ(convert_from_f32(0x43E80000u, Format::fp8), 0x7Eu);  // 464: tie to even -> 448
  EXPECT_EQ(convert_from_f32(0x43F00000u, Format::fp8), 0x7Fu);  // 480: overflow -> NaN
  EXPECT_EQ(convert_from_f32(0x43F00000u, Format::fp8, Overflow::saturate), 0x7Eu);
  EXPECT_EQ(convert_from_f32(0xFF800000u, Format::fp8), 0xFFu);  // -inf: NaN non-saturating
  EXPECT_EQ(convert_from_f32(0xFF800000u, Format::fp8, Overflow::saturate), 0xFEu);
  EXPECT_EQ(convert_from_f32(0x4E6E6B28u, Format::bf8), 0x7Cu);  // 1e9 -> inf
  EXPECT_EQ(convert_from_f32(0x4E6E6B28u, Format::bf8, Overflow::saturate), 0x7Bu);
  EXPECT_EQ(convert_from_f32(0x477FF000u, Format::f16), 0x7C00u);  // 65520 -> inf
  EXPECT_EQ(convert_from_f32(0x477FEFFFu, Format::f16), 0x7BFFu);
  EXPECT_EQ(convert_from_f32(0x7FC00000u, Format::fp8) & 0x7Fu, 0x7Fu);
}

TEST(Formats, StochasticRounding) {  // spec 7.4: S1[31:12] added to the f32 bits, then truncated
  // 1.0625 lies halfway between E4M3 1.0 (0x38) and 1.125 (0x39): the carry decides.
  EXPECT_EQ(convert_from_f32_stochastic(0x3F880000u, 0x7FFFF000u, Format::fp8), 0x38u);
  EXPECT_EQ(convert_from_f32_stochastic(0x3F880000u, 0x80000000u, Format::fp8), 0x39u);
  EXPECT_EQ(convert_from_f32_stochastic(0xBF880000u, 0x80000000u, Format::fp8), 0xB9u);
  EXPECT_EQ(convert_from_f32_stochastic(0x3F800000u, 0xFFFFF000u, Format::fp8), 0x38u);  // exact stays
  std::mt19937 rng(99);
  for (int n = 0; n < 20000; ++n) {
    const std::uint32_t x = (rng() & 0x807FFFFFu) | (115u + rng() % 20) << 23;
    for (Format f : {Format::fp8, Format::bf8}) {
      const std::uint32_t down = convert_from_f32_stochastic(x, 0, f), any = convert_from_f32_stochastic(x, rng(), f);
      bool neg;
      std::uint64_t mag;
      int exp;
      reference::exact_value(x, Format::f32, neg, mag, exp);
      const std::uint32_t nearest = reference::round_to(f, neg, mag, exp, true);
      EXPECT_TRUE(nearest == down || nearest == down + 1) << std::hex << x;  // truncation is one of the neighbours
      EXPECT_TRUE(any == down || any == down + 1) << std::hex << x;
    }
  }
}

}  // namespace
}  // namespace wmmasim
