// Number formats on raw bits (spec numerics.md section 2): exact decoding, exact widening, rounding
// from an exact value, conversions from f32 (spec 7.4), integer element extension (spec 2, 6).
#pragma once

#include <cstdint>

#include "wmmasim/layouts/format.hpp"

namespace wmmasim {

// One binary floating-point format: sign on top, then `exp_bits`, then `frac_bits` (spec 2 table).
struct FloatFormat {
  Format format;
  int bits, exp_bits, frac_bits, bias;
  bool has_inf;            // E4M3 (FN) has none
  bool nan_only_all_ones;  // E4M3: only S.1111.111 is NaN; other E=max codes are normal numbers
  std::uint32_t max_finite;  // magnitude bits of the largest finite value

  constexpr std::uint32_t sign_bit() const { return 1u << (bits - 1); }
  constexpr std::uint32_t exp_max() const { return (1u << exp_bits) - 1; }
  constexpr std::uint32_t frac_mask() const { return (1u << frac_bits) - 1; }
  constexpr std::uint32_t inf_bits() const { return exp_max() << frac_bits; }
  constexpr std::uint32_t canonical_nan() const {  // positive quiet NaN
    return nan_only_all_ones ? (sign_bit() - 1) : inf_bits() | 1u << (frac_bits - 1);
  }
  constexpr int min_normal_exp() const { return 1 - bias; }
};

// Throws nothing; returns the f32 description for non-float formats (callers check first).
const FloatFormat& float_format(Format f);

enum class FloatClass : std::uint8_t { zero, finite, inf, nan };

// {neg, nan, inf, significand, alignment exponent} of spec 2: value = (-1)^neg * sig * 2^(x - fb).
// Subnormals use the minimum normal exponent for x, so x is the exponent of the significand's
// hidden-bit position, never of the actual leading bit.
struct Decoded {
  bool neg = false;
  FloatClass cls = FloatClass::zero;
  std::uint32_t sig = 0;
  int x = 0;
  int fb = 0;
  constexpr bool is_nan() const { return cls == FloatClass::nan; }
  constexpr bool is_inf() const { return cls == FloatClass::inf; }
  constexpr bool is_zero() const { return cls == FloatClass::zero; }
  constexpr int lsb_exp() const { return x - fb; }  // exponent of the significand's unit bit
};

Decoded decode(std::uint32_t bits, const FloatFormat& f);
inline Decoded decode(std::uint32_t bits, Format f) { return decode(bits, float_format(f)); }

// Exact widening of any 8/16-bit float (and f32 itself) to f32 bits. NaNs keep sign and the top
// payload bits (bf16/f16 NaN payloads are shifted up; E4M3 NaN becomes the f32 quiet NaN).
std::uint32_t widen_to_f32(std::uint32_t bits, Format f);

// What happens to a finite value whose rounded magnitude exceeds the largest finite number.
enum class Overflow : std::uint8_t {
  to_infinity,  // IEEE: +-inf (E4M3, which has no inf: NaN)
  saturate,     // +-max finite
};

enum class Rounding : std::uint8_t { nearest_even, toward_zero };

// Rounds (-1)^neg * mag * 2^lsb_exp to `f` (gradual underflow, no flushing). `mag` may be 0.
// Precondition for exact RNE: if the value has more than 62 significant bits, the caller folds the
// discarded bits into bit 0 of `mag` as a sticky bit.
std::uint32_t round_to_format(bool neg, std::uint64_t mag, int lsb_exp, const FloatFormat& f,
                              Overflow overflow = Overflow::to_infinity,
                              Rounding rounding = Rounding::nearest_even);

// Conversions from f32 bits (spec 7.4): RNE, with the OFP8 non-saturating default (overflow gives
// inf, or NaN for E4M3) or saturation to the largest finite value (MODE.FP16_OVFL-style clamp).
// Infinite inputs stay infinite (E4M3: NaN non-saturating, max finite saturating). NaN inputs give
// a quiet NaN with the sign kept.
std::uint32_t convert_from_f32(std::uint32_t f32_bits, Format to, Overflow overflow = Overflow::to_infinity);

// Distance between two values of format `f` in units in its last place (integers, and the raw b8/b16
// formats: the absolute difference of the signed values); -1 when a NaN is involved. +0 and -0 are 0 apart.
long long ulp_distance(std::uint32_t x, std::uint32_t y, Format f);

// V_CVT_SR_FP8_F32 / V_CVT_SR_BF8_F32 (spec 7.4): S1[31:12] is added to the f32 magnitude bits as an
// integer (carries run into the exponent; 32-bit wrap-around), then the value is converted by
// truncation, so the added random bits decide the rounding direction. Interpretation documented
// in docs/eval-format.md; not checked against hardware.
std::uint32_t convert_from_f32_stochastic(std::uint32_t f32_bits, std::uint32_t random_bits, Format to,
                                          Overflow overflow = Overflow::to_infinity);

// Integer elements (spec 2, "Integers"): iu8 = byte, iu4 = nibble, sign- or zero-extended.
constexpr std::int32_t extend_integer(std::uint32_t bits, Format f, bool is_signed) {
  const int width = f == Format::iu4 ? 4 : f == Format::iu8 ? 8 : 32;
  if (width == 32) return static_cast<std::int32_t>(bits);
  const std::uint32_t mask = (1u << width) - 1;
  const std::uint32_t v = bits & mask;
  if (is_signed && (v >> (width - 1)) != 0) return static_cast<std::int32_t>(v) - (1 << width);
  return static_cast<std::int32_t>(v);
}

}  // namespace wmmasim
