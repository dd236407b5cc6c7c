// The two step cores. gfx12: spec numerics.md 3.3 (rules (1)-(5)), 7.2 (one grid per group).
// gfx11: fixtures README "gfx1100 step", spec 11.
#include "wmmasim/numerics/dot_step.hpp"

#include <algorithm>
#include <bit>
#include <climits>

namespace wmmasim {

namespace {

constexpr int kNoGrid = INT_MIN / 4;  // a zero term has no grid (treated as -infinity)

// floor(v * 2^-s) for s >= 0: an arithmetic right shift is a floor, and for huge shifts only the
// sign survives (0, or the -1 floor unit).
inline std::int64_t floor_shift(std::int64_t v, int s) {
  if (s >= 63) return v < 0 ? -1 : 0;
  return v >> s;
}

struct Specials {
  bool factor_nan = false, invalid = false, pinf = false, ninf = false;
};

// Spec 3.3 (1), steps 1 and 2 (shared by gfx11, fixtures README "specials as on gfx1201").
inline Specials product_specials(const Factor* a, const Factor* b, int n) {
  Specials s;
  for (int p = 0; p < n; ++p)
    if (a[p].cls == FloatClass::nan || b[p].cls == FloatClass::nan) s.factor_nan = true;
  if (s.factor_nan) return s;
  for (int p = 0; p < n; ++p) {
    const bool ai = a[p].cls == FloatClass::inf, bi = b[p].cls == FloatClass::inf;
    if ((ai && b[p].cls == FloatClass::zero) || (bi && a[p].cls == FloatClass::zero)) s.invalid = true;
    else if (ai || bi) (a[p].neg != b[p].neg ? s.ninf : s.pinf) = true;
  }
  if (s.pinf && s.ninf) s.invalid = true;
  return s;
}

// Spec 3.3 (1) steps 1-4 in priority order; returns true and fills `out` if the step is special.
inline bool resolve_specials(const Factor* a, const Factor* b, int n, std::uint32_t acc, std::uint32_t invalid_nan,
                             StepResult& out) {
  Specials s = product_specials(a, b, n);
  if (s.factor_nan) {
    out.kind = StepResult::Kind::factor_nan;
    out.special_f32 = kFactorNanF32;
    return true;
  }
  out.kind = StepResult::Kind::special;
  if (s.invalid) {
    out.special_f32 = invalid_nan;
    return true;
  }
  const bool acc_special = (acc & 0x7F800000u) == 0x7F800000u;
  if (acc_special && (acc & 0x7FFFFFu) != 0) {
    out.special_f32 = acc | 0x00400000u;  // quieted, sign and payload kept
    return true;
  }
  if (acc_special) ((acc >> 31) ? s.ninf : s.pinf) = true;
  if (s.pinf && s.ninf) {
    out.special_f32 = invalid_nan;
    return true;
  }
  if (s.pinf || s.ninf) {
    out.special_f32 = s.pinf ? 0x7F800000u : 0xFF800000u;
    return true;
  }
  out.kind = StepResult::Kind::finite;
  return false;
}

}  // namespace

StepResult gfx12_dot_step(const Factor* a, const Factor* b, int n, std::uint32_t acc, const StepRule& rule) {
  StepResult r;
  if (resolve_specials(a, b, n, acc, rule.invalid_nan, r)) return r;

  // (2) Exact products, each held as an integer on its own grid x_a + x_b - 24 (26 bits at most).
  std::int64_t term[8];
  int grid[8];
  int g_max = kNoGrid;
  for (int p = 0; p < n; ++p) {
    const std::uint64_t prod = static_cast<std::uint64_t>(a[p].sig) * b[p].sig;
    if (prod == 0) {
      term[p] = 0;
      grid[p] = kNoGrid;
      continue;
    }
    const std::int64_t on_grid = static_cast<std::int64_t>(prod << (24 - a[p].fb - b[p].fb));
    term[p] = a[p].neg != b[p].neg ? -on_grid : on_grid;
    grid[p] = a[p].x + b[p].x - 24;
    g_max = std::max(g_max, grid[p]);
  }

  // (3) Global grid: 27 bits of C are kept above it.
  const int c_exp = static_cast<int>(acc >> 23 & 0xFFu);
  const std::uint32_t c_sig = c_exp ? (acc & 0x7FFFFFu) | 0x800000u : acc & 0x7FFFFFu;
  const int c_lsb = std::max(c_exp, 1) - 150;
  const int c_lead = c_sig ? c_lsb + std::bit_width(c_sig) - 1 : kNoGrid;
  const int G = std::max(g_max, std::max(rule.c_floor, c_lead) - 26);

  // (5) The C term: floor, except that a negative C wholly below the grid contributes 0 when
  // G > c_floor.
  std::int64_t total;
  {
    const int sh = G - c_lsb;
    std::uint64_t m;
    bool tail;
    if (sh <= 0) {
      m = static_cast<std::uint64_t>(c_sig) << -sh;
      tail = false;
    } else if (sh >= 32) {
      m = 0;
      tail = c_sig != 0;
    } else {
      m = c_sig >> sh;
      tail = (c_sig & ((1u << sh) - 1)) != 0;
    }
    const auto sm = static_cast<std::int64_t>(m);
    if (!(acc >> 31)) total = sm;
    else if (tail && (m != 0 || G <= rule.c_floor)) total = -sm - 1;
    else total = -sm;
  }

  // (4)+(5) Group sums floored to the group's grid, then to the global grid.
  for (int g0 = 0; g0 < n; g0 += rule.group_size) {
    const int g1 = std::min(n, g0 + rule.group_size);
    int gg = kNoGrid;
    for (int p = g0; p < g1; ++p) gg = std::max(gg, grid[p]);
    if (gg == kNoGrid) continue;
    std::int64_t sum = 0;
    for (int p = g0; p < g1; ++p)
      if (grid[p] != kNoGrid) sum += floor_shift(term[p], gg - grid[p]);
    total += floor_shift(sum, G - gg);
  }
  r.total = total;
  r.grid = G;
  return r;
}

Factor gfx11_factor(std::uint32_t bits, Format f) {
  Decoded d = decode(bits, f);
  // gfx11 flushes BF16 subnormal inputs (spec 11); F16 subnormals are kept.
  if (f == Format::bf16 && d.cls == FloatClass::finite && (bits & 0x7F80u) == 0) {
    d.cls = FloatClass::zero;
    d.sig = 0;
  }
  return to_factor(d);
}

StepResult gfx11_dot2_step(const Factor* a, const Factor* b, std::uint32_t acc, bool f16_result) {
  StepResult r;
  if (resolve_specials(a, b, 2, acc, kInvalidNanF32, r)) return r;

  // The adder works in the frame of C's sign; a subnormal f32 C counts as zero but keeps its sign.
  const bool frame_neg = (acc >> 31) != 0;
  const int c_exp = static_cast<int>(acc >> 23 & 0xFFu);
  const std::uint32_t c_sig = c_exp ? (acc & 0x7FFFFFu) | 0x800000u : 0u;
  const int c_lsb = c_exp - 150;
  int lead_max = c_sig ? c_lsb + 23 : kNoGrid;
  if (f16_result) lead_max = std::max(lead_max, -14);

  std::uint64_t prod[2];
  int lsb[2];
  int operand_grid = kNoGrid;
  for (int p = 0; p < 2; ++p) {
    prod[p] = static_cast<std::uint64_t>(a[p].sig) * b[p].sig;
    lsb[p] = a[p].x + b[p].x - a[p].fb - b[p].fb;
    if (prod[p] == 0) continue;
    operand_grid = std::max(operand_grid, a[p].x + b[p].x - 24);
    lead_max = std::max(lead_max, lsb[p] + static_cast<int>(std::bit_width(prod[p])) - 1);
  }
  if (c_sig == 0 && prod[0] == 0 && prod[1] == 0) return r;  // +0
  const int G = std::max(operand_grid, lead_max - 26);

  // Magnitudes truncated to the grid; a term against the frame's sign is one's-complemented
  // without the end-around carry, i.e. adds -(magnitude + 1).
  auto truncated = [G](std::uint64_t mag, int mag_lsb) -> std::int64_t {
    if (mag == 0) return 0;
    const int sh = mag_lsb - G;
    if (sh >= 0) return static_cast<std::int64_t>(mag << sh);
    return -sh >= 64 ? 0 : static_cast<std::int64_t>(mag >> -sh);
  };
  std::int64_t t = truncated(c_sig, c_lsb);
  for (int p = 0; p < 2; ++p) {
    const std::int64_t m = truncated(prod[p], lsb[p]);
    const bool against = (a[p].neg != b[p].neg) != frame_neg;
    t += against ? -(m + 1) : m;
  }
  r.total = frame_neg ? -t : t;
  r.grid = G;
  return r;
}

std::uint32_t gfx12_to_f32(const StepResult& r) {
  if (r.kind != StepResult::Kind::finite) return r.special_f32;
  if (r.total == 0) return 0;  // exact zero is +0 (spec 3.3 (6))
  const bool neg = r.total < 0;
  return round_to_format(neg, neg ? -static_cast<std::uint64_t>(r.total) : r.total, r.grid, float_format(Format::f32));
}

std::uint32_t gfx11_to_f32(const StepResult& r) {
  if (r.kind != StepResult::Kind::finite) return r.special_f32;
  if (r.total == 0) return 0;
  // Results below the normal range become +0. The test is made on the value rounded to 24
  // significant bits without a subnormal grid (which could otherwise round it up to 2^-126).
  const bool neg = r.total < 0;
  const std::uint64_t mag = neg ? -static_cast<std::uint64_t>(r.total) : static_cast<std::uint64_t>(r.total);
  const int width = std::bit_width(mag);
  if (r.grid + width - 1 < -126) {
    const int shift = width - 24;
    if (shift <= 0) return 0;
    const std::uint64_t q = mag >> shift, rem = mag & ((std::uint64_t{1} << shift) - 1), half = std::uint64_t{1} << (shift - 1);
    const bool carries = q == (std::uint64_t{1} << 24) - 1 && (rem > half || (rem == half && (q & 1u)));
    if (!carries || r.grid + width != -126) return 0;
    return (neg ? 0x80000000u : 0u) | 0x00800000u;
  }
  return gfx12_to_f32(r);
}

std::uint32_t gfx11_to_f16(const StepResult& r, bool fp16_ovfl) {
  const std::uint32_t h = step_to_f16(r, fp16_ovfl);
  // gfx1100 captures: a finite result that rounds to zero is +0, never -0.
  return r.kind == StepResult::Kind::finite && (h & 0x7FFFu) == 0 ? 0u : h;
}

std::uint32_t step_to_f16(const StepResult& r, bool fp16_ovfl) {
  if (r.kind == StepResult::Kind::factor_nan) return kFactorNanF16;
  if (r.kind == StepResult::Kind::special)  // narrowed by truncation (spec 4)
    return (r.special_f32 >> 16 & 0x8000u) | 0x7C00u | (r.special_f32 >> 13 & 0x3FFu);
  if (r.total == 0) return 0;
  const bool neg = r.total < 0;
  return round_to_format(neg, neg ? -static_cast<std::uint64_t>(r.total) : r.total, r.grid,
                         float_format(Format::f16), fp16_ovfl ? Overflow::saturate : Overflow::to_infinity);
}

std::uint32_t f32_to_packed_bf16(const StepResult& r, std::uint32_t f32_result) {
  if (r.kind == StepResult::Kind::factor_nan) return kFactorNanBF16;
  return f32_result >> 16;  // truncation toward zero (spec 4)
}

}  // namespace wmmasim
