// Spec numerics.md section 2 (formats) and 7.4 (conversions).
#include "wmmasim/numerics/formats.hpp"

#include <cstdlib>

#include <bit>

namespace wmmasim {

namespace {
constexpr FloatFormat kF32{Format::f32, 32, 8, 23, 127, true, false, 0x7F7FFFFFu};
constexpr FloatFormat kF16{Format::f16, 16, 5, 10, 15, true, false, 0x7BFFu};
constexpr FloatFormat kBF16{Format::bf16, 16, 8, 7, 127, true, false, 0x7F7Fu};
constexpr FloatFormat kFP8{Format::fp8, 8, 4, 3, 7, false, true, 0x7Eu};  // OCP E4M3 FN, max 448
constexpr FloatFormat kBF8{Format::bf8, 8, 5, 2, 15, true, false, 0x7Bu};  // OCP E5M2, max 57344

std::uint32_t overflow_bits(bool neg, const FloatFormat& f, Overflow overflow) {
  const std::uint32_t sign = neg ? f.sign_bit() : 0u;
  if (overflow == Overflow::saturate) return sign | f.max_finite;
  return sign | (f.has_inf ? f.inf_bits() : f.canonical_nan());
}
}  // namespace

const FloatFormat& float_format(Format f) {
  switch (f) {
    case Format::f16: return kF16;
    case Format::bf16: return kBF16;
    case Format::fp8: return kFP8;
    case Format::bf8: return kBF8;
    default: return kF32;
  }
}

Decoded decode(std::uint32_t bits, const FloatFormat& f) {
  Decoded d;
  const std::uint32_t e = bits >> f.frac_bits & f.exp_max();
  const std::uint32_t frac = bits & f.frac_mask();
  d.neg = (bits & f.sign_bit()) != 0;
  d.fb = f.frac_bits;
  d.x = static_cast<int>(e == 0 ? 1 : e) - f.bias;
  d.sig = e != 0 ? (1u << f.frac_bits) | frac : frac;
  if (e == f.exp_max()) {
    if (f.nan_only_all_ones) {
      if (frac == f.frac_mask()) d.cls = FloatClass::nan;
    } else {
      d.cls = frac != 0 ? FloatClass::nan : FloatClass::inf;
    }
    if (d.cls != FloatClass::zero) return d;
  }
  d.cls = d.sig == 0 ? FloatClass::zero : FloatClass::finite;
  return d;
}

std::uint32_t round_to_format(bool neg, std::uint64_t mag, int lsb_exp, const FloatFormat& f,
                              Overflow overflow, Rounding rounding) {
  const std::uint32_t sign = neg ? f.sign_bit() : 0u;
  if (mag == 0) return sign;
  const int width = std::bit_width(mag);
  const int lead = lsb_exp + width - 1;
  const int emin = f.min_normal_exp();
  // The result's unit bit: frac_bits below the leading bit, but never below the subnormal grid.
  int target_lsb = (lead < emin ? emin : lead) - f.frac_bits;
  const int shift = target_lsb - lsb_exp;
  std::uint64_t q;
  if (shift <= 0) {
    q = mag << -shift;  // exact: the value has fewer bits than the format keeps
  } else if (shift >= 64) {
    q = 0;  // the whole value lies below half a unit (mag < 2^63)
  } else {
    q = mag >> shift;
    const std::uint64_t rem = mag & ((std::uint64_t{1} << shift) - 1);
    const std::uint64_t half = std::uint64_t{1} << (shift - 1);
    if (rounding == Rounding::nearest_even && (rem > half || (rem == half && (q & 1u)))) ++q;
  }
  if (q >> (f.frac_bits + 1)) {  // rounding carried into a new leading bit
    q >>= 1;
    ++target_lsb;
  }
  std::uint32_t out;
  if (q >> f.frac_bits) {
    const int biased = target_lsb + f.frac_bits + f.bias;
    if (biased >= static_cast<int>(f.exp_max()) + (f.nan_only_all_ones ? 1 : 0))
      return overflow_bits(neg, f, overflow);
    out = static_cast<std::uint32_t>(biased) << f.frac_bits | (static_cast<std::uint32_t>(q) & f.frac_mask());
  } else {
    out = static_cast<std::uint32_t>(q);  // subnormal (or zero after underflow)
  }
  if (out > f.max_finite) return overflow_bits(neg, f, overflow);  // E4M3: S.1111.111 is not a number
  return sign | out;
}

std::uint32_t widen_to_f32(std::uint32_t bits, Format from) {
  if (from == Format::f32) return bits;
  const FloatFormat& f = float_format(from);
  const Decoded d = decode(bits, f);
  const std::uint32_t sign = d.neg ? 0x80000000u : 0u;
  switch (d.cls) {
    case FloatClass::nan:
      if (f.nan_only_all_ones) return sign | 0x7FC00000u;
      return sign | 0x7F800000u | (bits & f.frac_mask()) << (23 - f.frac_bits);
    case FloatClass::inf: return sign | 0x7F800000u;
    case FloatClass::zero: return sign;
    case FloatClass::finite: break;
  }
  return round_to_format(d.neg, d.sig, d.lsb_exp(), kF32);  // exact: every format fits in f32
}

namespace {
std::uint32_t convert_special(const Decoded& d, std::uint32_t f32_bits, const FloatFormat& f, Overflow overflow) {
  const std::uint32_t sign = d.neg ? f.sign_bit() : 0u;
  if (d.is_nan()) {
    if (f.nan_only_all_ones) return sign | f.canonical_nan();
    const std::uint32_t payload = (f32_bits & 0x7FFFFFu) >> (23 - f.frac_bits);
    return sign | f.inf_bits() | payload | 1u << (f.frac_bits - 1);
  }
  if (f.has_inf) return sign | f.inf_bits();
  return overflow_bits(d.neg, f, overflow);
}
}  // namespace

std::uint32_t convert_from_f32(std::uint32_t f32_bits, Format to, Overflow overflow) {
  const FloatFormat& f = float_format(to);
  const Decoded d = decode(f32_bits, kF32);
  if (d.is_nan() || d.is_inf()) return convert_special(d, f32_bits, f, overflow);
  return round_to_format(d.neg, d.sig, d.lsb_exp(), f, overflow);
}

std::uint32_t convert_from_f32_stochastic(std::uint32_t f32_bits, std::uint32_t random_bits, Format to,
                                          Overflow overflow) {
  const FloatFormat& f = float_format(to);
  const Decoded d = decode(f32_bits, kF32);
  if (d.is_nan() || d.is_inf()) return convert_special(d, f32_bits, f, overflow);
  const std::uint32_t sum = f32_bits + (random_bits >> 12);  // 32-bit wrap-around, spec 7.4
  const Decoded s = decode(sum, kF32);
  if (s.is_nan() || s.is_inf()) return overflow_bits(d.neg, f, overflow);  // the carry left f32's range
  return round_to_format(s.neg, s.sig, s.lsb_exp(), f, overflow, Rounding::toward_zero);
}

long long ulp_distance(std::uint32_t x, std::uint32_t y, Format f) {
  const int n = format_bits(f);
  if (!is_float_format(f)) {
    const auto signed_value = [n](std::uint32_t v) {
      return n == 32 ? static_cast<long long>(static_cast<std::int32_t>(v))
                     : static_cast<long long>((v ^ (1u << (n - 1))) & ((1u << n) - 1)) - (1ll << (n - 1));
    };
    return std::llabs(signed_value(x) - signed_value(y));
  }
  if (decode(x, f).is_nan() || decode(y, f).is_nan()) return -1;
  const std::uint32_t sign = 1u << (n - 1);
  const auto ordered = [sign](std::uint32_t v) {
    return (v & sign) ? -static_cast<long long>(v & (sign - 1)) : static_cast<long long>(v & (sign - 1));
  };
  return std::llabs(ordered(x) - ordered(y));
}

}  // namespace wmmasim
