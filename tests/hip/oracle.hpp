// Expected values for the HIP type tests, computed by the numerics library (its own rounding code,
// emulator/numerics/formats.cpp) from exact integer values: never by the headers under test.
#pragma once

#include <cstdint>
#include <cstring>
#include <utility>

#include "wmmasim/numerics/formats.hpp"

namespace wmmasim::hip_test {

template <class To, class From> To bits_of(const From& v) {
  static_assert(sizeof(To) == sizeof(From));
  To t;
  std::memcpy(&t, &v, sizeof t);
  return t;
}

enum class Mode { rn, rz, rd, ru };

// An exact value: (-1)^neg * mag * 2^lsb_exp with mag < 2^127.
struct Exact {
  bool neg = false;
  unsigned __int128 mag = 0;
  int lsb_exp = 0;
};

inline Exact exact_of(std::uint32_t bits, Format f) {
  const Decoded d = decode(bits, f);
  return {d.neg, d.sig, d.lsb_exp()};
}

inline int bit_length(unsigned __int128 m) {
  int n = 0;
  while (m) {
    m >>= 1;
    ++n;
  }
  return n;
}

// a + b exactly when their leading bits are within 63 places (at most 111 bits result for the
// inputs used here); otherwise the smaller one becomes a sticky unit 62 places below the larger
// one's leading bit, far below any rounding position of a 24-bit result, which keeps every
// rounding (and the exactness test) correct.
inline Exact exact_sum(Exact a, Exact b) {
  if (a.mag == 0) return b.mag == 0 ? Exact{a.neg && b.neg, 0, 0} : b;
  if (b.mag == 0) return a;
  const int lead_a = a.lsb_exp + bit_length(a.mag) - 1, lead_b = b.lsb_exp + bit_length(b.mag) - 1;
  if (lead_a < lead_b) std::swap(a, b);
  const int lead = lead_a > lead_b ? lead_a : lead_b;
  if (lead - (lead_a < lead_b ? lead_a : lead_b) >= 64) {
    const int lsb = lead - 62;
    const unsigned __int128 m = a.mag << (a.lsb_exp - lsb);
    return {a.neg, a.neg == b.neg ? m + 1 : m - 1, lsb};
  }
  const int lsb = a.lsb_exp < b.lsb_exp ? a.lsb_exp : b.lsb_exp;
  const unsigned __int128 ma = a.mag << (a.lsb_exp - lsb), mb = b.mag << (b.lsb_exp - lsb);
  if (a.neg == b.neg) return {a.neg, ma + mb, lsb};
  if (ma >= mb) return {a.neg, ma - mb, lsb};
  return {b.neg, mb - ma, lsb};
}

inline Exact exact_product(Exact a, Exact b) { return {a.neg != b.neg, a.mag * b.mag, a.lsb_exp + b.lsb_exp}; }

// Rounds an exact value to format f with IEEE semantics for each mode (overflow: rn -> inf,
// rz -> max finite, rd/ru -> inf on their side, max finite on the other). A zero result keeps
// the sign `zero_neg`.
inline std::uint32_t round_exact(Exact v, Format f, Mode mode, bool zero_neg = false) {
  const FloatFormat& ff = float_format(f);
  if (v.mag == 0) return zero_neg ? ff.sign_bit() : 0;
  // Fold to at most 61 significant bits (62 with the sticky bit), keeping a sticky bit (round_to_format's precondition).
  bool inexact_fold = false;
  while (v.mag >> 61) {
    inexact_fold |= (v.mag & 1) != 0;
    v.mag >>= 1;
    ++v.lsb_exp;
  }
  std::uint64_t mag = static_cast<std::uint64_t>(v.mag);
  if (inexact_fold) {
    mag <<= 1;  // room for the sticky bit below every kept bit
    mag |= 1;
    --v.lsb_exp;
  }
  if (mode == Mode::rn) return round_to_format(v.neg, mag, v.lsb_exp, ff, Overflow::to_infinity, Rounding::nearest_even);
  const std::uint32_t rz = round_to_format(v.neg, mag, v.lsb_exp, ff, Overflow::saturate, Rounding::toward_zero);
  if (mode == Mode::rz) return rz;
  // Directed: away from zero by one code when the value was not exact and the mode points away.
  const bool away = (mode == Mode::ru) != v.neg;
  if (!away) return rz;
  const Decoded back = decode(rz, ff);
  Exact e{back.neg, back.sig, back.lsb_exp()};
  const Exact diff = exact_sum(v, Exact{!e.neg, e.mag, e.lsb_exp});
  if (back.is_zero()) {
    // rz gave zero: the value is nonzero, so the result is the smallest subnormal.
    return (v.neg ? ff.sign_bit() : 0) | 1u;
  }
  return diff.mag == 0 ? rz : rz + 1;  // the next code up in magnitude (may become inf: correct)
}

inline bool f32_is_nan(std::uint32_t b) { return (b & 0x7fffffffu) > 0x7f800000u; }

}  // namespace wmmasim::hip_test
