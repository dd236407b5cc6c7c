// The per-step arithmetic cores: one gfx12 DOT4-style step (spec numerics.md 3.3, 7.2) and one gfx11
// DOT2 step (fixtures README "gfx1100 step", spec 11). Everything else (models, step schedules,
// narrowing to the output format) is built around these two small functions, so a later vectorised
// version only has to replace them.
#pragma once

#include <cstdint>

#include "wmmasim/numerics/formats.hpp"

namespace wmmasim {

// A product factor, decoded once per matrix element (never per product).
struct Factor {
  std::uint32_t sig = 0;  // integer significand (hidden bit included for normals)
  std::int16_t x = 0;     // alignment exponent: max(E, 1) - bias (spec 2)
  std::uint8_t fb = 0;    // fraction bits of the element's format
  FloatClass cls = FloatClass::zero;
  bool neg = false;
};

inline Factor to_factor(const Decoded& d) {
  return Factor{d.sig, static_cast<std::int16_t>(d.x), static_cast<std::uint8_t>(d.fb), d.cls, d.neg};
}
inline Factor decode_factor(std::uint32_t bits, const FloatFormat& f) { return to_factor(decode(bits, f)); }

inline constexpr std::uint32_t kFactorNanF32 = 0xFFC00A3Du;   // spec 3.3 (1)
inline constexpr std::uint32_t kInvalidNanF32 = 0xFFC00000u;  // spec 3.3 (1)
inline constexpr std::uint32_t kFactorNanF16 = 0xFE3Du;       // spec 4
inline constexpr std::uint32_t kFactorNanBF16 = 0xFFFDu;      // spec 4

struct StepRule {
  int group_size = 2;         // 2: pairs (F16/BF16, spec 3.3 (4)); 4 or 8: one grid per step (FP8, 7.2)
  int c_floor = -126;         // -14 for f16 results (spec 4)
  std::uint32_t invalid_nan = kInvalidNanF32;  // FP8 steps use the factor-NaN code (spec 7.2)
};

// The exact outcome of one step before narrowing: either a special f32 word, the factor-NaN case
// (whose packed code is not a narrowing of the f32 one), or the exact value total * 2^grid.
struct StepResult {
  enum class Kind : std::uint8_t { finite, special, factor_nan } kind = Kind::finite;
  std::uint32_t special_f32 = 0;
  std::int64_t total = 0;
  int grid = 0;
};

// One gfx12 step: n products (n <= 8) plus the f32 accumulator, grouped by rule.group_size.
StepResult gfx12_dot_step(const Factor* a, const Factor* b, int n, std::uint32_t acc_f32, const StepRule& rule);

// One gfx11 DOT2 step (two products). f16_result selects the F16 grid floor of the README rule.
// For gfx11 BF16 inputs the caller decodes subnormal factors as zeros (gfx11_factor).
StepResult gfx11_dot2_step(const Factor* a, const Factor* b, std::uint32_t acc_f32, bool f16_result);
Factor gfx11_factor(std::uint32_t bits, Format f);

// Narrowing of a step result (spec 3.3 (6), spec 4, fixtures README step 5/6).
std::uint32_t gfx12_to_f32(const StepResult& r);
std::uint32_t gfx11_to_f32(const StepResult& r);  // results below 2^-126 become +0
std::uint32_t gfx11_to_f16(const StepResult& r, bool fp16_ovfl);  // a result rounding to zero is +0
std::uint32_t step_to_f16(const StepResult& r, bool fp16_ovfl);
std::uint32_t f32_to_packed_bf16(const StepResult& r, std::uint32_t f32_result);

}  // namespace wmmasim
