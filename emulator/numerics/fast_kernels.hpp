// Internal to the numerics library: the vectorised kernels behind compute_d (issue 7) and the
// operands they take. One source (fast_float.inc, fast_int.inc) is compiled once per SIMD target
// (fast_kernels.cpp); the dispatcher picks the variant at run time.
#pragma once

#include <cstdint>

#include "wmmasim/numerics/numerics.hpp"
#include "wmmasim/numerics/simd_paths.hpp"

namespace wmmasim::numerics_detail {

// Grid exponent of a zero factor: far below every real grid, so a zero product never sets a grid and
// every floor shift of it gives 0 (spec 3.3 (2): "a zero product has no grid").
inline constexpr std::int32_t kZeroGrid = -(1 << 20);

enum FloatOut : int { kOutF32 = 0, kOutF16 = 1, kOutBF16 = 2 };

// The raw call, after the checks of compute_d.
struct RawCall {
  const Instruction* ins;
  const std::uint32_t *a, *b, *acc;  // acc: C (dense) or d_in (SWMMAC)
  const std::uint8_t* index;         // SWMMAC only
  const Modifiers* mods;
  const Model* model;
};

// Decoded operands of one float instruction, structure of arrays, 64-byte aligned for the kernels.
// Float models always have 16 A columns (K = 16, or 16 stored SWMMAC slots).
struct alignas(64) FloatOperands {
  // B row k, 16 columns: signed significand (sign of the element applied; gfx11: the magnitude, the
  // sign stays in b_raw), alignment exponent x (kZeroGrid for zeros and specials), raw bits after the
  // NEG modifiers (the special-lane fallback; gfx11: the factor signs).
  std::int32_t b_sig[64 * 16];
  std::int32_t b_x[64 * 16];
  std::uint32_t b_raw[64 * 16];
  // A row i in plan order (position q = s * per_step + p holds column cols[q]): signed significand
  // (gfx11: magnitude) shifted left by 24 - fb_a - fb_b (so that a_sig * b_sig is the product on its
  // grid) and grid offset x - 24 (kZeroGrid for zeros and specials). a_raw: raw bits after NEG,
  // column order.
  std::int32_t a_sig[16 * 16];
  std::int32_t a_grid[16 * 16];
  std::uint32_t a_raw[16 * 16];
  // gfx11: the factors' signs as -1 (negative, zeros included) or 0; A in plan order (K order).
  std::int32_t a_neg[16 * 16];
  std::int32_t b_neg[16 * 16];
  std::uint32_t acc[256];             // C after the C modifiers, in the output format's bits
  std::uint16_t b_special[64];        // columns of B row k holding an infinity or a NaN
  std::uint16_t step_special[16 * 8];  // lanes of (row i, step s) at steps * i + s needing the general step
  // B row multiplied at plan position q of row i: b_row[b_row_stride * i + q] (dense: cols, stride 0;
  // SWMMAC: the selection of spec 8.1 in b_row_sparse, stride 16).
  const std::uint8_t* b_row = nullptr;
  int b_row_stride = 0;
  std::uint8_t b_row_sparse[16 * 16];
  std::uint8_t cols[16];  // A columns step by step (the step plan)
  int a_cols = 16, k = 0, steps = 0, per_step = 0, group = 0;
  int c_floor = -126;
  std::uint32_t invalid_nan = 0;
  int out = kOutF32;
  bool fp16_ovfl = false;
  bool hw_round = false;  // the AVX-512 kernel may round to f32 in hardware (MXCSR.FTZ clear)
  // int32 -> f32 conversions round to nearest even (MXCSR.RC, x86): gfx11 f32 results may be
  // rounded by one (convert_gfx11_f32); for packed F16 results (convert_f16_g40) MXCSR.FTZ and DAZ
  // must be clear as well.
  bool rne_convert = false;
  // gfx11-dot2 (spec 11): eight DOT2 steps (per_step 2, cols in K order), sign-magnitude adder,
  // significands decoded as magnitudes, BF16 subnormal factors decoded as zeros.
  bool gfx11 = false;
  Format fa = Format::f16, fb = Format::f16;
};

// Element decoding parameters of one float format (spec 2).
struct DecodeFormat {
  int frac_bits, bias;
  std::uint32_t exp_max, frac_mask, sign_bit, mask;
  bool nan_only_all_ones;
  bool flush_subnormals = false;  // gfx11 BF16 inputs: a subnormal factor is a zero (spec 11)
};

// The kernel set of one SIMD target.
struct KernelSet {
  // Float models: fills every element of d (finite steps vectorised, specials through the general step).
  void (*decode_float)(const RawCall&, const DecodeFormat& fa, const DecodeFormat& fb, const DecodeFormat& fcd,
                       FloatOperands&);
  void (*float_steps)(const FloatOperands&, std::uint32_t* d);
  // exact-int on a dense K; returns false if the call has a shape it does not handle.
  bool (*exact_int)(const RawCall&, std::uint32_t* d);
};

const KernelSet& kernels_portable();
const KernelSet& kernels_avx2();
const KernelSet& kernels_avx512();

// The special-lane fallback used by every variant (fast_kernels.cpp): lanes in `mask` of row i,
// step s, through gfx12_dot_step (gfx11: gfx11_dot2_step) and the narrowing of step_models.cpp.
void float_special_lanes(const FloatOperands& op, int i, int s, unsigned mask, const std::uint32_t* acc_in16,
                         std::uint32_t* out16, std::uint32_t* acc16);

// compute_d's fast entry: returns false if no fast path applies (the caller then takes the general one).
bool compute_d_fast(const RawCall& call, std::uint32_t* d);

}  // namespace wmmasim::numerics_detail
