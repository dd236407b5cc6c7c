// Random operands that reach the corners of the rules: subnormals, signed zeros, infinities, NaNs,
// exact cancellation, values near overflow, accumulators below the alignment grid.
#pragma once

#include <cstdint>
#include <random>
#include <vector>

#include "wmmasim/layouts/instruction.hpp"
#include "wmmasim/numerics/numerics.hpp"

namespace wmmasim::test {

struct RandomCase {
  std::vector<std::uint32_t> a, b, c, d_in;
  std::vector<std::uint8_t> index;
  Modifiers mods;
};

class OperandGenerator {
 public:
  explicit OperandGenerator(std::uint64_t seed) : rng_(seed) {}

  RandomCase next(const Instruction& ins) {
    RandomCase rc;
    const bool sparse = ins.family == Family::swmmac;
    const int a_cols = sparse ? ins.k / 2 : ins.k;
    window_ = 1 + pick(8);
    regime_ = pick(100);  // < 15: exponents near the bottom of the range, >= 85: near the top
    specials_ = pick(10) < 4 ? 1 + pick(20) : 0;  // per mille, for 40% of the cases
    for (int e = 0; e < 16 * a_cols; ++e) rc.a.push_back(element(ins.a));
    for (int e = 0; e < ins.k * 16; ++e) rc.b.push_back(element(ins.b));
    if (pick(10) < 3) cancel_pairs(ins, a_cols, rc);
    std::vector<std::uint32_t>& acc = sparse ? rc.d_in : rc.c;
    const bool tiny_acc = pick(10) < 2;
    for (int e = 0; e < 256; ++e) acc.push_back(tiny_acc ? tiny(ins.cd) : element(ins.cd));
    if (sparse) {
      rc.c.assign(256, 0);
      for (int e = 0; e < 16 * ins.k / 4; ++e) rc.index.push_back(static_cast<std::uint8_t>(pick(16)));
    } else {
      rc.d_in.assign(256, 0);
    }
    rc.mods = modifiers(ins);
    return rc;
  }

  std::uint32_t pick(std::uint32_t n) { return static_cast<std::uint32_t>(rng_() % n); }

 private:
  std::uint32_t element(Format f) {
    if (f == Format::iu8) return pick(256);
    if (f == Format::iu4) return pick(16);
    if (f == Format::i32) {
      const std::uint32_t r = pick(8);
      if (r == 0) return 0x7FFFFFFFu - pick(1u << 20);  // near INT_MAX: wrap / clamp
      if (r == 1) return 0x80000000u + pick(1u << 20);  // near INT_MIN
      return static_cast<std::uint32_t>(rng_());
    }
    const int bits = format_bits(f);
    const int exp_bits = f == Format::f32 ? 8 : f == Format::f16 ? 5 : f == Format::bf16 ? 8 : f == Format::fp8 ? 4 : 5;
    const int frac_bits = bits - 1 - exp_bits;
    const int bias = (1 << (exp_bits - 1)) - 1;
    const std::uint32_t sign = pick(2) ? 1u << (bits - 1) : 0u;
    const std::uint32_t frac = static_cast<std::uint32_t>(rng_()) & ((1u << frac_bits) - 1);
    const std::uint32_t e_max = (1u << exp_bits) - 1;
    if (specials_ && pick(1000) < specials_) {
      switch (pick(3)) {
        case 0: return sign | e_max << frac_bits;                          // inf (E4M3: a normal number)
        case 1: return sign | e_max << frac_bits | ((1u << frac_bits) - 1);  // NaN in every format
        default: return sign | e_max << frac_bits | (frac | 1u);           // NaN (E4M3: normal or NaN)
      }
    }
    const std::uint32_t r = pick(100);
    if (r < 5) return sign;                                            // +-0
    if (r < 15) return sign | frac;                                    // subnormal (or zero)
    if (r < 20) return sign | (e_max - 1 - pick(3)) << frac_bits | frac;  // near overflow
    if (r < 28) return sign | static_cast<std::uint32_t>(bias) << frac_bits;  // +-1: cancellation
    if (r < 33) return static_cast<std::uint32_t>(rng_()) & ((bits == 32 ? 0u : 1u << bits) - 1);  // any code
    const int center = regime_ < 15 ? static_cast<int>(window_) : regime_ >= 85 ? static_cast<int>(e_max) - 1 - static_cast<int>(window_) : bias;
    const int e = center + static_cast<int>(pick(2 * window_ + 1)) - static_cast<int>(window_);
    const int clamped = e < 1 ? 1 : e > static_cast<int>(e_max) - 1 ? static_cast<int>(e_max) - 1 : e;
    return sign | static_cast<std::uint32_t>(clamped) << frac_bits | frac;
  }

  // Accumulators whose magnitude lies below the product grid (spec 3.3 (5) negative-C rules).
  std::uint32_t tiny(Format f) {
    if (is_integer_format(f)) return element(f);
    const std::uint32_t r = pick(4);
    const int bits = format_bits(f);
    const std::uint32_t sign = pick(2) ? 1u << (bits - 1) : 0u;
    if (f == Format::f32) {
      if (r == 0) return sign | pick(1u << 23);                          // f32 subnormal
      return sign | (100u + pick(40)) << 23 | pick(1u << 23);            // 2^-27 .. 2^-88
    }
    if (f == Format::f16) return sign | (r == 0 ? pick(1u << 10) : (1u + pick(6)) << 10 | pick(1u << 10));
    return sign | (90u + pick(30)) << 7 | pick(128);                    // bf16
  }

  // Exact cancellation: A[i][k+1] = -A[i][k] and B[k+1][j] = B[k][j] for random k.
  void cancel_pairs(const Instruction& ins, int a_cols, RandomCase& rc) {
    if (ins.family == Family::swmmac || is_integer_format(ins.a)) return;
    const std::uint32_t sign_a = 1u << (format_bits(ins.a) - 1);
    for (int k = 0; k + 1 < a_cols; k += 2) {
      if (pick(2)) continue;
      for (int i = 0; i < 16; ++i) rc.a[i * a_cols + k + 1] = rc.a[i * a_cols + k] ^ sign_a;
      if (ins.a == ins.b)
        for (int j = 0; j < 16; ++j) rc.b[(k + 1) * 16 + j] = rc.b[k * 16 + j];
    }
  }

  Modifiers modifiers(const Instruction& ins) {
    Modifiers m;
    const std::uint16_t allowed = ins.allowed_modifiers();
    auto maybe = [&](std::uint16_t flag) { return (allowed & flag) && pick(4) == 0; };
    if (ins.integer_inputs()) {
      m.neg = static_cast<std::uint8_t>((pick(2) ? 1 : 0) | (pick(2) ? 2 : 0));
      m.clamp = pick(2) != 0;
      return m;
    }
    m.neg = static_cast<std::uint8_t>((maybe(kNegLoA) ? 1 : 0) | (maybe(kNegLoB) ? 2 : 0) | (maybe(kNegC) ? 4 : 0));
    m.neg_hi = static_cast<std::uint8_t>((maybe(kNegHiA) ? 1 : 0) | (maybe(kNegHiB) ? 2 : 0) | (maybe(kAbsC) ? 4 : 0));
    if (pick(2)) m.mode = 1u << 23;  // FP16_OVFL (only packed F16 outputs look at it)
    return m;
  }

  std::mt19937_64 rng_;
  std::uint32_t window_ = 4, specials_ = 0, regime_ = 50;
};

}  // namespace wmmasim::test
