// Rounding a double to a narrow binary floating-point format, for the HIP f16/bf16/fp8 headers.
// One exact routine serves every format and rounding mode, so no conversion depends on how the
// host compiler lowers _Float16 or __bf16 casts (x86 may round double -> half through float).
// Every float is exactly a double, so float inputs are rounded once, as the GPU rounds them.
#pragma once

#include <cstdint>
#include <cstring>

namespace wmmasim::hip::detail {

enum class RoundMode : std::uint8_t { nearest_even, toward_zero, down, up };

template <class To, class From> inline To bit_copy(const From& from) {
  static_assert(sizeof(To) == sizeof(From));
  To to;
  std::memcpy(&to, &from, sizeof(To));
  return to;
}

// A narrow format without its special encodings: `frac_bits` fraction bits, minimum normal exponent
// `min_exp` (1 - bias). The magnitude code of a value is (biased exponent << frac_bits) | fraction.
struct NarrowFormat {
  int frac_bits;
  int min_exp;
};

// Rounds |value| (finite) onto the format's grid with unbounded exponent range above; returns the
// magnitude code, which exceeds the largest finite code when the rounded value overflows (callers
// decide what overflow gives). Subnormals are kept (gradual underflow). `negative` is the value's
// sign, which decides the direction of `down`/`up`.
inline std::uint32_t round_magnitude(double value, NarrowFormat f, RoundMode mode, bool negative) {
  const std::uint64_t bits = bit_copy<std::uint64_t>(value) & 0x7fffffffffffffffull;
  if (bits == 0) return 0;
  const int biased = static_cast<int>(bits >> 52);
  std::uint64_t sig = bits & 0xfffffffffffffull;
  int lsb_exp;   // exponent of sig's unit bit
  int top_exp;   // exponent of the leading bit
  if (biased == 0) {
    lsb_exp = -1074;
    top_exp = -1074 + 63 - __builtin_clzll(sig);
  } else {
    sig |= 1ull << 52;
    lsb_exp = biased - 1075;
    top_exp = biased - 1023;
  }
  if (top_exp > f.min_exp + 300) return 0xffffffffu;  // far beyond any narrow format
  const int quantum_exp = (top_exp < f.min_exp ? f.min_exp : top_exp) - f.frac_bits;
  const int shift = quantum_exp - lsb_exp;
  std::uint64_t units;  // the value in units of the quantum, rounded
  if (shift <= 0) {
    units = sig << -shift;  // exact: the value is on the grid
  } else {
    const bool all_below = shift > 63;
    units = all_below ? 0 : sig >> shift;
    const std::uint64_t rest = all_below ? sig : sig & ((1ull << shift) - 1);
    if (rest != 0) {
      bool away;
      switch (mode) {
        case RoundMode::nearest_even: {
          if (all_below) {
            away = false;  // below half a quantum (sig < 2^53 <= 2^63)
          } else {
            const std::uint64_t half = 1ull << (shift - 1);
            away = rest > half || (rest == half && (units & 1) != 0);
          }
          break;
        }
        case RoundMode::toward_zero: away = false; break;
        case RoundMode::down: away = negative; break;
        case RoundMode::up: away = !negative; break;
        default: away = false;
      }
      units += away ? 1 : 0;
    }
  }
  // Normal values: units is in [2^fb, 2^(fb+1)], and adding the binade offset gives the code
  // (a carry into the next binade lands on its exact code); subnormals: units is the code.
  const std::uint64_t offset =
      top_exp >= f.min_exp ? static_cast<std::uint64_t>(top_exp - f.min_exp) << f.frac_bits : 0;
  const std::uint64_t code = offset + units;
  return code > 0xfffffffeull ? 0xffffffffu : static_cast<std::uint32_t>(code);
}

// The exact value of a magnitude code (no specials), as a double.
inline double magnitude_value(std::uint32_t code, NarrowFormat f) {
  const std::uint32_t e = code >> f.frac_bits;
  const std::uint32_t m = code & ((1u << f.frac_bits) - 1);
  const double sig = e == 0 ? m : static_cast<double>(m | (1u << f.frac_bits));
  const int exp = (e == 0 ? f.min_exp : f.min_exp + static_cast<int>(e) - 1) - f.frac_bits;
  return __builtin_ldexp(sig, exp);
}

// IEEE-style narrow formats (f16, bf16): all-ones exponent is inf/NaN.
struct IeeeFormat {
  int exp_bits, frac_bits;
  constexpr int bias() const { return (1 << (exp_bits - 1)) - 1; }
  constexpr NarrowFormat narrow() const { return {frac_bits, 1 - bias()}; }
  constexpr std::uint32_t inf_code() const { return ((1u << exp_bits) - 1) << frac_bits; }
  constexpr std::uint32_t sign_bit() const { return 1u << (exp_bits + frac_bits); }
};
inline constexpr IeeeFormat kF16{5, 10};
inline constexpr IeeeFormat kBf16{8, 7};

// IEEE 754 rounding of a double to f16/bf16 bits, overflow as the mode says (nearest: inf;
// toward zero: max finite; down/up: inf on the side they go to). NaN gives the format's quiet NaN
// with the sign kept and the top payload bits.
inline std::uint16_t round_to_ieee(double value, IeeeFormat f, RoundMode mode) {
  const std::uint64_t bits = bit_copy<std::uint64_t>(value);
  const bool negative = (bits >> 63) != 0;
  const std::uint32_t sign = negative ? f.sign_bit() : 0;
  if ((bits & 0x7ff0000000000000ull) == 0x7ff0000000000000ull) {
    const std::uint64_t payload = bits & 0xfffffffffffffull;
    if (payload == 0) return static_cast<std::uint16_t>(sign | f.inf_code());
    const std::uint32_t top = static_cast<std::uint32_t>(payload >> (52 - f.frac_bits));
    return static_cast<std::uint16_t>(sign | f.inf_code() | top | (1u << (f.frac_bits - 1)));
  }
  const std::uint32_t code = round_magnitude(value, f.narrow(), mode, negative);
  if (code >= f.inf_code()) {
    const bool to_inf = mode == RoundMode::nearest_even || (mode == RoundMode::up && !negative) ||
                        (mode == RoundMode::down && negative);
    return static_cast<std::uint16_t>(sign | (to_inf ? f.inf_code() : f.inf_code() - 1));
  }
  return static_cast<std::uint16_t>(sign | code);
}

// Exact widening of f16/bf16 bits to double (NaN payload kept in the top fraction bits).
inline double widen_ieee(std::uint16_t h, IeeeFormat f) {
  const bool negative = (h & f.sign_bit()) != 0;
  const std::uint32_t mag = h & (f.sign_bit() - 1);
  double v;
  if (mag >= f.inf_code()) {
    const std::uint64_t payload = static_cast<std::uint64_t>(mag & ((1u << f.frac_bits) - 1)) << (52 - f.frac_bits);
    v = bit_copy<double>(0x7ff0000000000000ull | payload);
  } else {
    v = magnitude_value(mag, f.narrow());
  }
  return negative ? -v : v;
}

// Exact widening to float (every f16/bf16 value, NaN payloads included, fits in a float).
inline float widen_ieee_to_float(std::uint16_t h, IeeeFormat f) {
  const std::uint32_t sign = static_cast<std::uint32_t>(h & f.sign_bit()) << (31 - f.exp_bits - f.frac_bits);
  const std::uint32_t mag = h & (f.sign_bit() - 1);
  if (mag >= f.inf_code()) {
    const std::uint32_t payload = (mag & ((1u << f.frac_bits) - 1)) << (23 - f.frac_bits);
    return bit_copy<float>(sign | 0x7f800000u | payload);
  }
  const float v = static_cast<float>(magnitude_value(mag, f.narrow()));
  return bit_copy<float>(bit_copy<std::uint32_t>(v) | sign);
}

}  // namespace wmmasim::hip::detail
