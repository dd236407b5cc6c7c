// The inputs of a probe: the seeded inputs of its base program (inputs.hpp), with the matrices its
// recipe fixes overwritten, then turned into register images through the same operand layouts.
// Integer arithmetic only, so the runner, the emulator and the tests build the same bits.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "wmmasim/hw/probes.hpp"

namespace wmmasim::hw {

namespace probe_detail {

// Small exact values in every float format: 1, 3, -1 (sign bit on top).
inline std::uint32_t float_value(Format f, int v) {
  std::uint32_t one = 0, three = 0;
  int width = format_bits(f);
  switch (f) {
    case Format::f16: one = 0x3C00, three = 0x4200; break;
    case Format::bf16: one = 0x3F80, three = 0x4040; break;
    case Format::fp8: one = 0x38, three = 0x44; break;
    case Format::bf8: one = 0x3C, three = 0x42; break;
    default: one = 0x3F800000, three = 0x40400000; break;
  }
  const std::uint32_t mag = (v < 0 ? -v : v) == 3 ? three : (v == 0 ? 0 : one);
  return v < 0 ? mag | 1u << (width - 1) : mag;
}

// 2^(p+1) for an output of p fraction bits, where one unit is half an ulp; and 2^(p+1) - 2.
inline std::uint32_t swamp_c(Format cd, bool minus_two) {
  switch (cd) {
    case Format::f16: return minus_two ? 0x67FEu : 0x6800u;    // 2046, 2048
    case Format::bf16: return minus_two ? 0x437Eu : 0x4380u;   // 254, 256
    default: return minus_two ? 0x4B7FFFFEu : 0x4B800000u;     // 2^24 - 2, 2^24
  }
}

inline std::uint32_t sign_bit(Format f) { return 1u << (format_bits(f) - 1); }
inline std::uint32_t min_subnormal(Format f) { return f == Format::f32 ? 0x3u : 0x1u; }
inline std::uint32_t nan_of(Format f) {
  switch (f) {
    case Format::f16: return 0x7E00;
    case Format::bf16: return 0x7FC0;
    case Format::fp8: return 0x7F;
    case Format::bf8: return 0x7E;
    default: return 0x7FC00000;
  }
}
inline std::uint32_t inf_of(Format f) {
  switch (f) {
    case Format::f16: return 0x7C00;
    case Format::bf16: return 0x7F80;
    case Format::fp8: return 0x7F;  // E4M3 has no infinity: NaN again
    case Format::bf8: return 0x7C;
    default: return 0x7F800000;
  }
}

// One swamping experiment per row: values at A slots (stored slots for SWMMAC, whose index selects
// positions 0 and 1 of every group, so stored slot s is dense K 4(s/2) + s%2), B all ones, C at the
// edge of the output's precision. A +1 alone against C = 2^(p+1) is a tie that rounds back to C; two
// +1 in one rounding survive; +3 then -1 and -1 then +3 round differently around 2^(p+1) - 2. Which rows
// survive therefore names the steps and their order.
struct SwampRow {
  std::vector<std::pair<int, int>> slot_values;
  bool c_minus_two;
};
inline const std::vector<SwampRow>& swamp_rows() {
  static const std::vector<SwampRow> rows = {
      {{{8, 3}, {4, -1}}, true},  {{{4, 3}, {8, -1}}, true},  {{{3, 1}, {4, 1}}, false},  {{{7, 1}, {8, 1}}, false},
      {{{0, 1}, {1, 1}}, false},  {{{0, 1}, {8, 1}}, false},  {{{2, 3}, {12, -1}}, true}, {{{12, 3}, {2, -1}}, true},
      {{{1, 1}, {2, 1}, {3, 1}}, false}, {{{4, 1}, {12, 1}}, false}, {{{8, 1}, {12, 1}}, false}, {{{5, 3}, {9, -1}}, true},
      {{{9, 3}, {5, -1}}, true},  {{{0, 1}, {15, 1}}, false}, {{{6, 1}, {7, 1}}, false},  {{{1, 3}, {14, -1}}, true},
  };
  return rows;
}

inline void set_index_fields(InputMatrix& index, std::uint32_t field_for(int row, int group)) {
  const int per_set = index.rows * index.cols;
  for (int e = 0; e < static_cast<int>(index.elements.size()); ++e)
    index.elements[static_cast<std::size_t>(e)] = field_for((e % per_set) / index.cols, e % index.cols);
}

}  // namespace probe_detail

inline std::vector<InputMatrix> probe_inputs(const Probe& probe, std::uint64_t seed) {
  using namespace probe_detail;
  const Program base = probe.base();
  const Instruction& ins = *probe.ins;
  std::vector<InputMatrix> in = generate_inputs(base, seed);
  auto block = [&](const char* name) -> InputMatrix* {
    for (InputMatrix& m : in)
      if (m.name == name) return &m;
    return nullptr;
  };
  InputMatrix *a = block("A"), *b = block("B"), *c = block("C"), *index = block("index");
  const Format fa = ins.a, fb = ins.b, fc = ins.cd;
  auto at = [](InputMatrix* m, int r, int col) -> std::uint32_t& {
    return m->elements[static_cast<std::size_t>(r) * m->cols + col];
  };
  const bool sparse = ins.family == Family::swmmac;
  switch (probe.recipe) {
    case Recipe::random: break;
    case Recipe::swamping: {
      for (int r = 0; r < a->rows; ++r) {
        const SwampRow& row = swamp_rows()[static_cast<std::size_t>(r) % swamp_rows().size()];
        for (int k = 0; k < a->cols; ++k) at(a, r, k) = 0;
        for (auto [slot, v] : row.slot_values) at(a, r, slot % a->cols) = float_value(fa, v);
        for (int j = 0; j < c->cols; ++j) at(c, r, j) = swamp_c(fc, row.c_minus_two);
      }
      std::fill(b->elements.begin(), b->elements.end(), float_value(fb, 1));
      if (sparse) set_index_fields(*index, [](int, int) { return 0x4u; });  // positions 0 and 1
      break;
    }
    case Recipe::subnormal: {
      // Rows 0-7: subnormal A; columns 8-15: subnormal B; C subnormal in even rows.
      for (int r = 0; r < a->rows; ++r)
        for (int k = 0; k < a->cols; ++k)
          if (r < 8) at(a, r, k) = min_subnormal(fa);
      for (int k = 0; k < b->rows; ++k)
        for (int j = 0; j < b->cols; ++j) at(b, k, j) = j >= 8 ? min_subnormal(fb) : float_value(fb, 1);
      for (int r = 0; r < c->rows; ++r)
        for (int j = 0; j < c->cols; ++j)
          if (r % 2 == 0) at(c, r, j) = (j + 1) | ((j & 1) ? sign_bit(fc) : 0);
      break;
    }
    case Recipe::f16_overflow: {
      // 256 * 256 = 65536 per product: every step leaves the f16 range in rows 0-7 (negative in odd rows).
      for (int r = 0; r < 8; ++r)
        for (int k = 0; k < a->cols; ++k) at(a, r, k) = 0x5C00u | ((r & 1) ? 0x8000u : 0u);
      for (int k = 0; k < b->rows; ++k)
        for (int j = 0; j < b->cols; ++j) at(b, k, j) = 0x5C00u;
      break;
    }
    case Recipe::negative_zero: {
      // A = +0 or -0 by slot; B keeps its random signs; C = -0: every product is a signed zero.
      for (int r = 0; r < a->rows; ++r)
        for (int k = 0; k < a->cols; ++k) at(a, r, k) = (r & 1) ? sign_bit(fa) : 0;
      for (std::uint32_t& e : c->elements) e = sign_bit(fc);
      break;
    }
    case Recipe::int_negative_overflow:
    case Recipe::int_positive_overflow: {
      const bool negative = probe.recipe == Recipe::int_negative_overflow;
      const std::uint32_t amax = fa == Format::iu4 ? 0x7 : 0x7F, amin = fa == Format::iu4 ? 0x8 : 0x80;
      for (std::uint32_t& e : a->elements) e = negative ? amin : amax;
      for (std::uint32_t& e : b->elements) e = amax;
      // Rows 0-7 overflow; rows 8-15 stay 1000 inside the range (no saturation).
      for (int r = 0; r < c->rows; ++r)
        for (int j = 0; j < c->cols; ++j) {
          const std::int64_t edge = negative ? INT32_MIN : INT32_MAX;
          const std::int64_t margin = r < 8 ? 10 + j : 1000000 + j;
          at(c, r, j) = static_cast<std::uint32_t>(static_cast<std::int32_t>(negative ? edge + margin : edge - margin));
        }
      break;
    }
    case Recipe::iu4_extremes: {
      for (int r = 0; r < a->rows; ++r)
        for (int k = 0; k < a->cols; ++k) at(a, r, k) = ((r + k) & 1) ? 0x7 : 0x8;
      for (int k = 0; k < b->rows; ++k)
        for (int j = 0; j < b->cols; ++j) at(b, k, j) = (j & 1) ? 0x8 : (k & 1 ? 0x7 : 0x8);
      break;
    }
    case Recipe::index_equal:
      set_index_fields(*index, [](int r, int g) { return static_cast<std::uint32_t>(((r + g) & 3) * 5); });  // (p, p)
      break;
    case Recipe::index_reversed: {
      set_index_fields(*index, [](int r, int g) {
        static constexpr std::uint32_t kReversed[6] = {0x1, 0x2, 0x3, 0x6, 0x7, 0xB};  // (1,0) (2,0) (3,0) (2,1) (3,1) (3,2)
        return kReversed[(r + g) % 6];
      });
      break;
    }
    case Recipe::unselected_nonfinite: {
      set_index_fields(*index, [](int, int) { return 0x4u; });  // positions 0 and 1 selected, 2 and 3 never
      for (int k = 0; k < b->rows; ++k)
        for (int j = 0; j < 8; ++j)
          if (k % 4 >= 2) at(b, k, j) = (j & 1) ? inf_of(fb) : nan_of(fb);
      break;
    }
    case Recipe::all_index_sets: {
      SplitMix64 rng = input_stream(seed, 3);
      for (std::uint32_t& e : index->elements) e = random_index_field(rng.next());
      break;
    }
  }
  // Inline-constant C: the C block records what spec numerics.md 5.5 says the instruction reads.
  if (probe.inline_c >= 0 && c) {
    std::uint32_t v = 0;
    if (probe.inline_c == 129) v = 1;                      // integer 1: its raw bit pattern
    if (probe.inline_c == 242) v = 0x3F800000u;            // 1.0 as f32 bits (read as int32 by IU)
    for (std::uint32_t& e : c->elements) e = v;
  }
  // Register images again, from the (possibly rewritten) matrices.
  const KernelAbi abi = kernel_abi(ins);
  const auto call = builtin_call(ins);
  for (InputMatrix& m : in) {
    const InputBlock* blk = abi.block(m.name);
    if (!blk || blk->words_per_lane == 0) continue;
    const LinearLayout l = block_layout(base, blk->op);
    m.words = words_from_matrix(l, abi.lanes, blk->words_per_lane, m.elements);
    // A builtin call passes clang 19's 16-bit index (inputs.hpp); inline asm passes the whole VGPR.
    const CallParam* ip = call ? call->param_of(Operand::index) : nullptr;
    if (blk->op == Operand::index && probe.body != ProbeBody::asm_call && ip && ip->type.element_bits() < 32) {
      for (std::uint32_t& w : m.words) w &= (1u << ip->type.element_bits()) - 1u;
      m.elements = matrix_from_words(l, abi.lanes, blk->words_per_lane, m.words);
    }
  }
  return in;
}

}  // namespace wmmasim::hw
