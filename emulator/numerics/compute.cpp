// compute_d: checks, operand preparation (modifiers, spec 5; SWMMAC selection, spec 8.1) and dispatch.
#include <algorithm>

#include "fast_kernels.hpp"
#include "wmmasim/numerics/matrix_operands.hpp"

namespace wmmasim {

namespace numerics_detail {

namespace {

std::uint32_t element_mask(Format f) {
  const int bits = format_bits(f);
  return bits >= 32 ? 0xFFFFFFFFu : (1u << bits) - 1;
}

// Spec 5.1: ABS (NEG_HI[2]) first, then NEG (NEG[2]), on the raw C bits.
std::uint32_t apply_c_modifiers(std::uint32_t bits, Format cd, const Modifiers& mods) {
  if (is_integer_format(cd)) return bits;
  const std::uint32_t sign = 1u << (format_bits(cd) - 1);
  if (mods.neg_hi & 4u) bits &= ~sign;
  if (mods.neg & 4u) bits ^= sign;
  return bits;
}

// Spec 5.1/5.2: NEG flips the 16-bit elements in bits [15:0] of a VGPR, NEG_HI those in [31:16].
// In every 16-bit A/B layout the register half is the parity of the element's K (or, for SWMMAC A,
// of its stored slot); tests/numerics check this against operand_layout.
std::uint32_t apply_ab_modifier(std::uint32_t bits, Format f, int k_or_slot, std::uint8_t neg, std::uint8_t neg_hi,
                                std::uint8_t operand_bit) {
  if (format_bits(f) != 16 || is_integer_format(f)) return bits;
  const std::uint8_t flag = (k_or_slot & 1) ? neg_hi : neg;
  return (flag & operand_bit) ? bits ^ 0x8000u : bits;
}

}  // namespace

MatrixOperands prepare_operands(const Instruction& ins, const std::uint32_t* a, const std::uint32_t* b,
                                const std::uint32_t* c, const std::uint8_t* index, const Modifiers& mods,
                                const std::uint32_t* d_in) {
  MatrixOperands op;
  op.ins = &ins;
  op.k = ins.k;
  const bool sparse = ins.family == Family::swmmac;
  op.a_cols = sparse ? ins.k / 2 : ins.k;
  const std::uint32_t a_mask = element_mask(ins.a), b_mask = element_mask(ins.b), cd_mask = element_mask(ins.cd);
  for (int i = 0; i < kRows; ++i)
    for (int col = 0; col < op.a_cols; ++col) {
      const std::uint32_t raw = a[i * op.a_cols + col] & a_mask;
      op.a[i * op.a_cols + col] = apply_ab_modifier(raw, ins.a, col, mods.neg, mods.neg_hi, 1u);
      int row = col;
      if (sparse) {  // spec 8.1: stored value s of group G multiplies B[4G + idx_s]
        const int group = col / 2, s = col % 2;
        const int field = index[i * (ins.k / 4) + group];
        row = 4 * group + ((field >> (2 * s)) & 3);
      }
      op.b_row[i * op.a_cols + col] = static_cast<std::uint8_t>(row);
    }
  for (int k = 0; k < op.k; ++k)
    for (int j = 0; j < kCols; ++j)
      op.b[k * kCols + j] = apply_ab_modifier(b[k * kCols + j] & b_mask, ins.b, k, mods.neg, mods.neg_hi, 2u);
  const std::uint32_t* acc = sparse ? d_in : c;
  for (int e = 0; e < kRows * kCols; ++e) op.acc[e] = apply_c_modifiers(acc[e] & cd_mask, ins.cd, mods);
  return op;
}

}  // namespace numerics_detail

void compute_d(const Instruction& ins, const std::uint32_t* a, const std::uint32_t* b, const std::uint32_t* c,
               const std::uint8_t* index, const Modifiers& mods, const Model& model, std::uint32_t* d) {
  using namespace numerics_detail;
  check_model_applies(model, ins);
  check_modifiers(ins, mods);
  if (ins.family == Family::swmmac && index == nullptr)
    throw UserError(std::string(ins.name) + " needs its sparse index (M x K/4 fields), but none was given.");
  if (ins.family == Family::wmma && c == nullptr)
    throw UserError(std::string(ins.name) + " needs a C matrix, but none was given.");
  compute_d_prechecked(ins, a, b, c, index, mods, model, d);
}

void compute_d_prechecked(const Instruction& ins, const std::uint32_t* a, const std::uint32_t* b,
                          const std::uint32_t* c, const std::uint8_t* index, const Modifiers& mods,
                          const Model& model, std::uint32_t* d) {
  using namespace numerics_detail;
  // The vectorised kernels (fast_kernels.cpp) take every model they know; they read all inputs before
  // writing d, as the general path below does.
  const RawCall call{&ins, a, b, ins.family == Family::swmmac ? d : c, index, &mods, &model};
  if (compute_d_fast(call, d)) return;
  // Everything is read into `op` before d is written (spec 9.2: D may alias A, B or C).
  const MatrixOperands op = prepare_operands(ins, a, b, c, index, mods, d);
  switch (model.kind) {
    case ModelKind::gfx12_dot4:
    case ModelKind::fp8_dot:
    case ModelKind::swmmac_dot4: gfx12_steps_d(op, mods, model, d); break;
    case ModelKind::gfx11_dot2: gfx11_steps_d(op, mods, model, d); break;
    case ModelKind::exact_int: exact_int_d(op, mods, d); break;
    case ModelKind::fp32_fma_chain: fp32_fma_chain_d(op, d); break;
    case ModelKind::exact_sum_rne: exact_sum_rne_d(op, d); break;
  }
}

}  // namespace wmmasim
