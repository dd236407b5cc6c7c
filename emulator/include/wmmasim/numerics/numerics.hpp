// The matrix-level numerics API: D = A*B + C for one instruction of the table, on raw element bits,
// under a named arithmetic model (spec numerics.md section 1).
//
// Conventions (docs/ENGINEERING.md): element raw bits, row-major, ISA K labels. A is M x K (SWMMAC:
// M x K/2 stored slots, slot 2G+s), B is K x N, C and D are M x N (16-bit formats in the low 16
// bits). SWMMAC has no C: its accumulator is D itself (d_in), see compute_d.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "wmmasim/error.hpp"
#include "wmmasim/layouts/instruction.hpp"

namespace wmmasim {

struct Modifiers {
  std::uint8_t neg = 0, neg_hi = 0;  // bit0 = A, bit1 = B, bit2 = C; integer forms: neg bit0/1 = A/B signed
  bool clamp = false;
  int index_key = 0;       // SWMMAC index set (used by the register layer; the matrix API gets the set)
  std::uint32_t mode = 0;  // MODE register; bit 23 = FP16_OVFL
};

inline constexpr std::uint32_t kModeFp16Ovfl = 1u << 23;

enum class ModelKind : std::uint8_t {
  gfx12_dot4,      // spec 3, 4
  exact_int,       // spec 6
  fp8_dot,         // spec 7.3 (hypothesis)
  swmmac_dot4,     // spec 8.2 (hypothesis)
  fp32_fma_chain,  // reference: f32 FMA per product in ISA K order
  exact_sum_rne,   // reference: exact sum, one rounding
  gfx11_dot2,      // spec 11
};

// Which K slots form each step of an 8-bit float model (spec 7.3).
enum class StepOrder : std::uint8_t {
  register_slot,   // (a): K 0-3, 8-11, 4-7, 12-15
  isa_sequential,  // (b): K 0-3, 4-7, 8-11, 12-15
};

struct Model {
  std::string_view name;
  bool hardware_qualified;
  std::string_view description;
  ModelKind kind;
  int products_per_step = 4;  // FP8 models: 4 or 8 products rounded together per step
  StepOrder order = StepOrder::register_slot;
  int products_per_group = 0;  // FP8 models: products aligned on one grid inside a step (0: the whole step)
};

// Every model, in a stable order.
const std::vector<const Model*>& all_models();
const Model* find_model(std::string_view name);  // nullptr if unknown
const Model& default_model(const Instruction& ins);  // throws UserError for global_load_tr
std::vector<const Model*> models_for(const Instruction& ins);
bool model_applies(const Model& m, const Instruction& ins);
void check_model_applies(const Model& m, const Instruction& ins);  // throws UserError (one sentence)
void check_modifiers(const Instruction& ins, const Modifiers& mods);  // throws UserError

// The order in which a model sums the products of one D element, for explaining it (spec numerics.md
// 3.2, 7.3, 8.2, 11): each step adds the products of its A columns (ISA K labels; SWMMAC: stored
// slots 2G+s) to the accumulator and rounds once; inside a step the products are aligned in groups
// of `group_size` (2: pairs, F16/BF16 and the RDNA3 DOT2 step; 4 or 8: one grid per FP8 step; 1: one
// FMA per product). Models that sum exactly and round once (exact-int, exact-sum-rne) have no steps.
struct SummationOrder {
  std::vector<std::vector<int>> steps;
  int group_size = 0;
};
SummationOrder summation_order(const Instruction& ins, const Model& model);  // throws UserError if inapplicable

// Caveats a result carries beyond its model's own status, e.g. the FP8 C NEG/ABS (spec 5.4).
// Empty when there is nothing to add.
std::vector<std::string> result_caveats(const Instruction& ins, const Modifiers& mods, const Model& m);

// Computes D. `index` (SWMMAC only): M x K/4 fields idx0 | idx1 << 2 of the selected key.
// Dense: `c` is C. SWMMAC: `c` is ignored (may be null) and the accumulator is the current content
// of `d` (d_in, spec 8.1). All inputs are read before `d` is written, so d may alias c. Throws UserError for an inapplicable model or
// modifiers the instruction does not accept.
void compute_d(const Instruction& ins, const std::uint32_t* a, const std::uint32_t* b, const std::uint32_t* c,
               const std::uint8_t* index, const Modifiers& mods, const Model& model, std::uint32_t* d);

// compute_d without its per-call checks, for callers that issue many instructions of one
// (instruction, model, modifiers) and have checked them once with check_model_applies and
// check_modifiers (the matrix API). `index` must be given for SWMMAC and `c` for dense forms. The
// results are those of compute_d, bit for bit; the vectorised kernels of simd_paths.hpp are used when
// the CPU has them.
void compute_d_prechecked(const Instruction& ins, const std::uint32_t* a, const std::uint32_t* b,
                          const std::uint32_t* c, const std::uint8_t* index, const Modifiers& mods,
                          const Model& model, std::uint32_t* d);

// The value a VOP3P inline constant gives as a C element of format `cd` (spec 5.5). Selectors:
// 128..192 = 0..64, 193..208 = -1..-16, 240..248 = 0.5, -0.5, 1, -1, 2, -2, 4, -4, 1/(2 pi).
std::uint32_t inline_constant_bits(int selector, Format cd);

// V_DOT2_F32_F16 / V_DOT2_F32_BF16 on register words (low half = element 0): the gfx12 step with one
// pair (spec 3.1) or the gfx11 DOT2 step.
std::uint32_t dot2_f32(Arch arch, Format f16_or_bf16, std::uint32_t src0, std::uint32_t src1, std::uint32_t src2);

// gfx12 V_DOT4_F32_{FP8,BF8}_{FP8,BF8} on register words (byte i = element i; `a`, `b` = fp8 or bf8):
// one DOT4 step with all four products on one grid and the factor-NaN code for invalid products
// (spec 7.2, [M]: characterised by RJ-DOT on gfx1201, no capture here).
std::uint32_t dot4_f32_fp8(Format a, Format b, std::uint32_t src0, std::uint32_t src1, std::uint32_t src2);

}  // namespace wmmasim
