// The inputs of a probe: the seeded inputs of its base program (inputs.hpp), with the matrices its
// recipe fixes overwritten, then turned into register images through the same operand layouts.
// Integer arithmetic only, so the runner, the emulator and the tests build the same bits.
#pragma once

#include <algorithm>
#include <cstdint>
#include <stdexcept>
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

// The bf16 bits of (-1)^neg * m * 2^e for 1 <= m < 256, a normal number.
inline std::uint32_t bf16_bits(bool neg, std::uint32_t m, int e) {
  int lead = 0;
  while ((m >> (lead + 1)) != 0) ++lead;
  const int biased = e + lead + 127;
  if (m == 0 || lead > 7 || biased < 1 || biased > 254) throw std::logic_error("bf16_bits: not a normal bf16");
  return (neg ? 0x8000u : 0u) | static_cast<std::uint32_t>(biased) << 7 | ((m << (7 - lead)) & 0x7Fu);
}
inline constexpr std::uint32_t kBf16Max = 0x7F7F;  // (2 - 2^-7) * 2^127

// A small non-negative integer v, exactly, in any input or output format (v <= 15; bf8 needs v <= 7
// or a power of two).
inline std::uint32_t small_value(Format f, std::uint32_t v) {
  if (v == 0 || f == Format::iu8 || f == Format::iu4 || f == Format::i32) return v;
  int exp_bits = 8, frac_bits = 23;
  switch (f) {
    case Format::f16: exp_bits = 5, frac_bits = 10; break;
    case Format::bf16: exp_bits = 8, frac_bits = 7; break;
    case Format::fp8: exp_bits = 4, frac_bits = 3; break;
    case Format::bf8: exp_bits = 5, frac_bits = 2; break;
    default: break;
  }
  int lead = 0;
  while ((v >> (lead + 1)) != 0) ++lead;
  const std::uint32_t frac = v - (1u << lead);
  if (lead > frac_bits && (frac & ((1u << (lead - frac_bits)) - 1)) != 0) throw std::logic_error("small_value: not exact");
  const std::uint32_t bias = (1u << (exp_bits - 1)) - 1;
  const std::uint32_t mant = lead <= frac_bits ? frac << (frac_bits - lead) : frac >> (lead - frac_bits);
  return (bias + static_cast<std::uint32_t>(lead)) << frac_bits | mant;
}

// Where A's column `slot` meets B: dense K = slot; SWMMAC (index fields 0x4, positions 0 and 1 of every
// group) stored slot s is dense K 4(s/2) + s%2.
inline int k_of_slot(bool sparse, int slot) { return sparse ? 4 * (slot / 2) + slot % 2 : slot; }

// One row of a 12.8 recipe: A at slots 0-3 and C (bf16 bits, 0 = zero). The overflow and subnormal
// recipes negate odd columns (B and C negative there).
struct Bf16Row {
  std::uint32_t a[4];
  std::uint32_t c;
};

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
    case Recipe::fp8_grouping: {
      // B is 448 in K rows 0 and 8 and 1 elsewhere. Each row of A puts 448 at K0 and/or K8 (products of
      // 448^2 on the grid 8 + 8 - 24 = -8) and minus the minimum subnormal in three (or two) other K
      // slots: products far below that grid. Floored one by one onto a grid they share with the large
      // product, three lose three units of 2^-8; summed first on their own quad's grid, they lose two
      // (FP8) or one (BF8); in a later step the large sum is C and the grid is C's. Around 448^2, whose
      // ulp is four units, these round to different f32 results.
      const std::uint32_t big_a = fa == Format::fp8 ? 0x7Eu : 0x5Fu, big_b = fb == Format::fp8 ? 0x7Eu : 0x5Fu;
      struct Row {
        std::vector<int> big, tiny;
        bool negative;
      };
      static const Row rows[16] = {
          {{0}, {4, 5, 6}, false},  {{0}, {1, 2, 3}, false},     {{0}, {12, 13, 14}, false},  {{0}, {9, 10, 11}, false},
          {{8}, {12, 13, 14}, false}, {{8}, {4, 5, 6}, false},   {{8}, {9, 10, 11}, false},   {{0}, {5, 6, 7}, false},
          {{0}, {4, 5}, false},     {{0}, {4, 12}, false},       {{0, 8}, {4, 5, 6}, false},  {{0, 8}, {12, 13, 14}, false},
          {{0}, {4, 5, 6}, true},   {{8}, {12, 13, 14}, true},   {{0}, {2, 4, 6}, false},     {{0}, {6, 7, 12}, false},
      };
      for (int k = 0; k < b->rows; ++k)
        for (int j = 0; j < b->cols; ++j) at(b, k, j) = k == 0 || k == 8 ? big_b : float_value(fb, 1);
      for (int r = 0; r < a->rows; ++r) {
        const Row& row = rows[r % 16];
        for (int k = 0; k < a->cols; ++k) at(a, r, k) = 0;
        for (int k : row.big) at(a, r, k) = big_a | (row.negative ? sign_bit(fa) : 0u);
        for (int k : row.tiny) at(a, r, k) = min_subnormal(fa) | sign_bit(fa);
        for (int j = 0; j < c->cols; ++j) at(c, r, j) = 0;
      }
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
    case Recipe::bf16_overflow:
    case Recipe::bf16_subnormal:
    case Recipe::bf16_nan: {
      if (fa != Format::bf16 || fb != Format::bf16 || fc != Format::bf16) throw std::logic_error("12.8 recipes need bf16 A, B, C, D");
      // Only A slots 0-3 are nonzero, so every model puts all products in its first step (16-bit steps
      // take A columns 4s..4s+3; SWMMAC slots likewise); later steps add zero products.
      const std::uint32_t one = float_value(fb, 1);
      const std::uint32_t nan_b[4] = {0x7FD3, 0x7FD3, 0xFF93, 0xFF93};  // B NaNs of the nan recipe, columns 12-15
      std::vector<Bf16Row> rows;
      if (probe.recipe == Recipe::bf16_overflow) {
        // Sums of 255 * 2^120 (0x7F7F) and 1/4, 1/2, 3/4 of its ulp 2^120; twice the maximum (beyond the
        // f32 range), by products and through C; then controls that stay finite.
        rows = {{{kBf16Max, bf16_bits(false, 1, 118), 0, 0}, 0},  {{kBf16Max, bf16_bits(false, 1, 119), 0, 0}, 0},
                {{kBf16Max, bf16_bits(false, 3, 118), 0, 0}, 0},  {{kBf16Max, kBf16Max, 0, 0}, 0},
                {{kBf16Max, 0, 0, 0}, kBf16Max},                  {{bf16_bits(false, 3, 118), 0, 0, 0}, kBf16Max},
                {{kBf16Max, 0, 0, 0}, 0},                         {{one, one, 0, 0}, 0}};
      } else if (probe.recipe == Recipe::bf16_subnormal) {
        // B = 2^-64 at the used slots, so the products are the A values times 2^-64: 8 + 2, 8 + 3/4,
        // 3/4, 127 + 3/4, 3/2, 127 + 1/2, 1 units of the bf16 subnormal grid 2^-133, and 2^-126.
        rows = {{{bf16_bits(false, 1, -66), bf16_bits(false, 1, -68), 0, 0}, 0},
                {{bf16_bits(false, 1, -66), bf16_bits(false, 3, -71), 0, 0}, 0},
                {{bf16_bits(false, 3, -71), 0, 0, 0}, 0},
                {{bf16_bits(false, 127, -69), bf16_bits(false, 3, -71), 0, 0}, 0},
                {{bf16_bits(false, 3, -70), 0, 0, 0}, 0},
                {{bf16_bits(false, 127, -69), bf16_bits(false, 1, -70), 0, 0}, 0},
                {{bf16_bits(false, 1, -69), 0, 0, 0}, 0},
                {{bf16_bits(false, 1, -62), 0, 0, 0}, 0}};
      } else {
        // Rows 0-3: a NaN factor in A (quiet, signalling, negative); 4-5: a NaN C; 6-7: inf * 0; 8-9:
        // inf - inf; 10: +inf; 11-15 finite. B: 1 at slots 0, 1, 3 and 0 at slot 2, except NaNs at
        // slot 1 in columns 12-15 (so those columns hold a B NaN factor in every row).
        const std::uint32_t inf = 0x7F80, ninf = 0xFF80, two = small_value(fa, 2);
        rows = {{{0x7FD5, 0, 0, 0}, 0}, {{0x7F95, 0, 0, 0}, 0}, {{0xFFE3, 0, 0, 0}, 0}, {{0xFF83, 0, 0, 0}, 0},
                {{0, 0, 0, 0}, 0x7FA9}, {{0, 0, 0, 0}, 0xFFC7}, {{0, 0, inf, 0}, 0},    {{0, 0, ninf, 0}, 0},
                {{inf, 0, 0, ninf}, 0}, {{ninf, 0, 0, inf}, 0}, {{inf, 0, 0, 0}, 0},    {{one, two, 0, 0}, 0},
                {{one, 0, 0, 0}, two},  {{two, 0, 0, 0}, one},  {{0, one, 0, 0}, 0},    {{0, 0, 0, one}, two}};
      }
      const bool column_sign = probe.recipe != Recipe::bf16_nan;
      const std::uint32_t b_unit = probe.recipe == Recipe::bf16_subnormal ? bf16_bits(false, 1, -64) : one;
      for (int r = 0; r < a->rows; ++r) {
        const Bf16Row& row = rows[static_cast<std::size_t>(r) % rows.size()];
        for (int k = 0; k < a->cols; ++k) at(a, r, k) = k < 4 ? row.a[k] : 0;
        for (int j = 0; j < c->cols; ++j) at(c, r, j) = row.c | ((column_sign && (j & 1) && row.c) ? 0x8000u : 0u);
      }
      for (int slot = 0; slot < 4; ++slot)
        for (int j = 0; j < b->cols; ++j) {
          std::uint32_t v = b_unit | (column_sign && (j & 1) ? 0x8000u : 0u);
          if (probe.recipe == Recipe::bf16_nan) v = slot == 2 ? 0 : slot == 1 && j >= 12 ? nan_b[j - 12] : one;
          at(b, k_of_slot(sparse, slot), j) = v;
        }
      if (sparse) set_index_fields(*index, [](int, int) { return 0x4u; });  // positions 0 and 1
      break;
    }
    case Recipe::exact_small: {
      // A and B in {1, 2}, C in 0..7 (f32, packed 16-bit or i32): at most 32 products of 4 plus 7, exact
      // in every output format, so every model agrees and only EXEC can change D.
      SplitMix64 rng = input_stream(seed, 5);
      for (std::uint32_t& e : a->elements) e = small_value(fa, 1 + static_cast<std::uint32_t>(rng.next() & 1));
      for (std::uint32_t& e : b->elements) e = small_value(fb, 1 + static_cast<std::uint32_t>(rng.next() & 1));
      for (std::uint32_t& e : c->elements) e = small_value(fc, static_cast<std::uint32_t>(rng.next() & 7));
      break;
    }
    case Recipe::ignored_lane_noise: break;  // random matrices; the noise goes into the register images below
    case Recipe::index_one_hot: {
      // Row r drives pair q = 16 * part + r alone: A column q (stored value q % 2 of group q / 2) is 1, the
      // rest of A and C are 0. B[k][k % 16] = k / 16 + 1 and B is 0 elsewhere, so row r of D has one
      // nonzero element and it names the dense K the value met. The fields pick position 0 or 1 and
      // position 2 or 3: there the documented reading and swap + XOR 1 differ for both stored values.
      std::fill(a->elements.begin(), a->elements.end(), 0u);
      for (int r = 0; r < a->rows; ++r)
        if (16 * probe.part + r < a->cols) at(a, r, 16 * probe.part + r) = 1;
      for (int k = 0; k < b->rows; ++k)
        for (int j = 0; j < b->cols; ++j) at(b, k, j) = j == k % 16 ? static_cast<std::uint32_t>(k / 16 + 1) : 0u;
      std::fill(c->elements.begin(), c->elements.end(), 0u);
      set_index_fields(*index, [](int r, int g) {
        return static_cast<std::uint32_t>(((r + g) & 1) | (2 + ((r + g) >> 1 & 1)) << 2);
      });
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
  const std::vector<Operand> noisy = probe.recipe == Recipe::ignored_lane_noise ? operands_with_unused_lanes(ins) : std::vector<Operand>{};
  SplitMix64 noise = input_stream(seed, 6);
  for (InputMatrix& m : in) {
    const InputBlock* blk = abi.block(m.name);
    if (!blk || blk->words_per_lane == 0) continue;
    const LinearLayout l = block_layout(base, blk->op);
    m.words = words_from_matrix(l, abi.lanes, blk->words_per_lane, m.elements);
    // 12.13: nonzero noise (every nibble nonzero) in the lanes where the layout holds no element.
    if (std::find(noisy.begin(), noisy.end(), blk->op) != noisy.end())
      for (int lane : lanes_without_elements(ins, blk->op))
        for (int v = 0; v < blk->words_per_lane; ++v)
          m.words[static_cast<std::size_t>(lane) * blk->words_per_lane + v] = static_cast<std::uint32_t>(noise.next()) | 0x11111111u;
    // A builtin call passes clang 19's 16-bit index (inputs.hpp); inline asm passes the whole VGPR.
    const CallParam* ip = call ? call->param_of(Operand::index) : nullptr;
    const bool whole_index = probe.body == ProbeBody::asm_call || probe.body == ProbeBody::exec_call;
    if (blk->op == Operand::index && !whole_index && ip && ip->type.element_bits() < 32) {
      for (std::uint32_t& w : m.words) w &= (1u << ip->type.element_bits()) - 1u;
      m.elements = matrix_from_words(l, abi.lanes, blk->words_per_lane, m.words);
    }
  }
  return in;
}

}  // namespace wmmasim::hw
