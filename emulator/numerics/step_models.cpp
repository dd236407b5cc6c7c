// The step-chained models: gfx12-dot4 (spec 3, 4), the FP8 hypotheses (spec 7.3), the SWMMAC
// hypothesis (spec 8.2) and gfx11-dot2 (spec 11). They differ only in which products form each step
// and how a step is narrowed; the arithmetic of a step lives in dot_step.cpp.
#include <array>

#include "wmmasim/numerics/dot_step.hpp"
#include "wmmasim/numerics/matrix_operands.hpp"

namespace wmmasim::numerics_detail {

StepPlan plan_for(const Instruction& ins, const Model& model) {
  StepPlan plan;
  const bool eight_bit = format_bits(ins.a) == 8;
  const int a_cols = ins.family == Family::swmmac ? ins.k / 2 : ins.k;
  if (model.kind == ModelKind::gfx11_dot2) {  // DOT2 steps over K pairs (0,1), (2,3), ... (spec 11)
    plan.per_step = plan.rule.group_size = 2;
    plan.steps = a_cols / 2;
    for (int c = 0; c < a_cols; ++c) plan.cols[c] = static_cast<std::uint8_t>(c);
    return plan;  // the gfx11 step has its own grid and NaN rules (gfx11_dot2_step)
  }
  plan.per_step = eight_bit && model.kind == ModelKind::fp8_dot ? model.products_per_step : 4;
  plan.steps = a_cols / plan.per_step;
  // 16-bit: steps take A columns 4s..4s+3 in ISA labels (spec 3.2; SWMMAC slots, spec 8.2), as pairs.
  // 8-bit, 4 per step: order (a) takes column chunks 0, 2, 1, 3 (K 0-3, 8-11, 4-7, 12-15), order (b)
  // takes them in sequence (spec 7.3); 8 per step: K 0-7, then 8-15.
  const bool chunk_swap = eight_bit && plan.per_step == 4 &&
                          (model.kind == ModelKind::swmmac_dot4 || model.order == StepOrder::register_slot);
  for (int s = 0; s < plan.steps; ++s) {
    const int chunk = chunk_swap ? (s == 1 ? 2 : s == 2 ? 1 : s) : s;
    for (int p = 0; p < plan.per_step; ++p)
      plan.cols[s * plan.per_step + p] = static_cast<std::uint8_t>(chunk * plan.per_step + p);
  }
  plan.rule.group_size = eight_bit ? (model.products_per_group ? model.products_per_group : plan.per_step) : 2;
  plan.rule.c_floor = ins.cd == Format::f16 ? -14 : -126;
  plan.rule.invalid_nan = eight_bit ? kFactorNanF32 : kInvalidNanF32;
  return plan;
}

namespace {

struct DecodedOperands {
  std::array<Factor, kRows * kMaxACols> a;
  std::array<Factor, kMaxK * kCols> b;
};

template <typename DecodeFn>
void decode_operands(const MatrixOperands& op, DecodeFn decode_fn, DecodedOperands& out) {
  for (int e = 0; e < kRows * op.a_cols; ++e) out.a[e] = decode_fn(op.a[e], op.ins->a);
  for (int e = 0; e < op.k * kCols; ++e) out.b[e] = decode_fn(op.b[e], op.ins->b);
}

inline void gather_step(const MatrixOperands& op, const DecodedOperands& f, const StepPlan& plan, int s, int i,
                        int j, Factor* sa, Factor* sb) {
  for (int p = 0; p < plan.per_step; ++p) {
    const int col = plan.cols[s * plan.per_step + p];
    sa[p] = f.a[i * op.a_cols + col];
    sb[p] = f.b[op.b_row_of(i, col) * kCols + j];
  }
}

}  // namespace

void gfx12_steps_d(const MatrixOperands& op, const Modifiers& mods, const Model& model, std::uint32_t* d) {
  const StepPlan plan = plan_for(*op.ins, model);
  DecodedOperands f;
  decode_operands(op, [](std::uint32_t bits, Format fmt) { return decode_factor(bits, float_format(fmt)); }, f);
  const Format cd = op.ins->cd;
  const bool fp16_ovfl = (mods.mode & kModeFp16Ovfl) != 0;
  Factor sa[8], sb[8];
  for (int i = 0; i < kRows; ++i)
    for (int j = 0; j < kCols; ++j) {
      std::uint32_t out = op.acc[i * kCols + j];
      std::uint32_t acc = widen_to_f32(out, cd);  // 16-bit C is widened exactly (spec 4)
      for (int s = 0; s < plan.steps; ++s) {
        gather_step(op, f, plan, s, i, j, sa, sb);
        const StepResult r = gfx12_dot_step(sa, sb, plan.per_step, acc, plan.rule);
        // Packed outputs are narrowed after every step and fed back widened (spec 4).
        if (cd == Format::f16) {
          out = step_to_f16(r, fp16_ovfl);
          acc = widen_to_f32(out, Format::f16);
        } else if (cd == Format::bf16) {
          out = f32_to_packed_bf16(r, gfx12_to_f32(r));
          acc = out << 16;
        } else {
          out = acc = gfx12_to_f32(r);
        }
      }
      d[i * kCols + j] = out;
    }
}

void gfx11_steps_d(const MatrixOperands& op, const Modifiers& mods, const Model& model, std::uint32_t* d) {
  const StepPlan plan = plan_for(*op.ins, model);
  DecodedOperands f;
  decode_operands(op, gfx11_factor, f);
  const Format cd = op.ins->cd;
  const bool fp16_ovfl = (mods.mode & kModeFp16Ovfl) != 0;
  Factor sa[2], sb[2];
  for (int i = 0; i < kRows; ++i)
    for (int j = 0; j < kCols; ++j) {
      std::uint32_t out = op.acc[i * kCols + j];
      std::uint32_t acc = widen_to_f32(out, cd);
      for (int s = 0; s < plan.steps; ++s) {
        gather_step(op, f, plan, s, i, j, sa, sb);
        const StepResult r = gfx11_dot2_step(sa, sb, acc, cd == Format::f16);
        if (cd == Format::f16) {
          out = gfx11_to_f16(r, fp16_ovfl);
          acc = widen_to_f32(out, Format::f16);
        } else if (cd == Format::bf16) {
          out = f32_to_packed_bf16(r, gfx11_to_f32(r));
          acc = out << 16;
        } else {
          out = acc = gfx11_to_f32(r);
        }
      }
      d[i * kCols + j] = out;
    }
}

}  // namespace wmmasim::numerics_detail
