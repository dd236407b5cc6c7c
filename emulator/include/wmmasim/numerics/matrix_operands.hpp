// Internal to the numerics library: the operands of one compute_d call after the modifiers, in the
// shape every model walks (spec numerics.md 5, 8.1).
#pragma once

#include <array>
#include <cstdint>

#include "wmmasim/numerics/dot_step.hpp"
#include "wmmasim/numerics/numerics.hpp"

namespace wmmasim::numerics_detail {

inline constexpr int kRows = 16, kCols = 16, kMaxK = 64, kMaxACols = 32;

struct MatrixOperands {
  const Instruction* ins = nullptr;
  int k = 0;       // dense K
  int a_cols = 0;  // K, or K/2 stored slots for SWMMAC
  std::array<std::uint32_t, kRows * kMaxACols> a{};  // row-major, A/B NEG modifiers applied
  std::array<std::uint32_t, kMaxK * kCols> b{};      // row-major (K x N)
  // The B row that A[i][col] multiplies: col for dense forms; 4G + idx_s for SWMMAC slot 2G+s.
  std::array<std::uint8_t, kRows * kMaxACols> b_row{};
  std::array<std::uint32_t, kRows * kCols> acc{};  // C after C modifiers, or SWMMAC d_in

  std::uint32_t a_at(int i, int col) const { return a[i * a_cols + col]; }
  std::uint32_t b_at(int k_row, int j) const { return b[k_row * kCols + j]; }
  int b_row_of(int i, int col) const { return b_row[i * a_cols + col]; }
};

MatrixOperands prepare_operands(const Instruction& ins, const std::uint32_t* a, const std::uint32_t* b,
                                const std::uint32_t* c, const std::uint8_t* index, const Modifiers& mods,
                                const std::uint32_t* d_in);

// Which A columns (K, or SWMMAC stored slots) form each step of a gfx12-style model, and the step
// rule (spec 3.2, 7.3, 8.2).
struct StepPlan {
  int steps = 0, per_step = 0;
  std::array<std::uint8_t, kMaxACols> cols{};  // A columns, step by step
  StepRule rule;
};
StepPlan plan_for(const Instruction& ins, const Model& model);

// The model families; each writes all 256 elements of d.
void gfx12_steps_d(const MatrixOperands& op, const Modifiers& mods, const Model& model, std::uint32_t* d);
void gfx11_steps_d(const MatrixOperands& op, const Modifiers& mods, const Model& model, std::uint32_t* d);
void exact_int_d(const MatrixOperands& op, const Modifiers& mods, std::uint32_t* d);
void fp32_fma_chain_d(const MatrixOperands& op, std::uint32_t* d);
void exact_sum_rne_d(const MatrixOperands& op, std::uint32_t* d);

}  // namespace wmmasim::numerics_detail
