// Slow exact reference (see reference.hpp). Rules cited from docs/spec/numerics.md; the gfx11 step
// from the fixtures README. Values are GMP integers scaled by explicit powers of two.
#include "reference.hpp"

#include <gmpxx.h>

#include <algorithm>
#include <climits>
#include <map>
#include <mutex>

#include "wmmasim/layouts/operand_layout.hpp"

namespace wmmasim::reference {

namespace {

struct Layout {
  int bits, exp_bits, frac_bits, bias;
  bool finite_only;  // OCP E4M3 "FN": no infinities, NaN only S.1111.111
};

Layout layout_of(Format f) {
  switch (f) {
    case Format::f16: return {16, 5, 10, 15, false};
    case Format::bf16: return {16, 8, 7, 127, false};
    case Format::fp8: return {8, 4, 3, 7, true};
    case Format::bf8: return {8, 5, 2, 15, false};
    default: return {32, 8, 23, 127, false};
  }
}

enum class Kind { zero, finite, inf, nan };

struct Value {  // (-1)^neg * mag * 2^exp; x = alignment exponent of the encoding (spec 2)
  Kind kind = Kind::zero;
  bool neg = false;
  mpz_class mag = 0;
  int exp = 0, x = 0;
};

Value value_of(std::uint32_t bits, Format f) {
  const Layout l = layout_of(f);
  const std::uint32_t e_all_ones = (1u << l.exp_bits) - 1, f_all_ones = (1u << l.frac_bits) - 1;
  const std::uint32_t sign = bits >> (l.bits - 1) & 1u, e = bits >> l.frac_bits & e_all_ones, frac = bits & f_all_ones;
  Value v;
  v.neg = sign != 0;
  if (l.finite_only ? (e == e_all_ones && frac == f_all_ones) : (e == e_all_ones && frac != 0)) {
    v.kind = Kind::nan;
    return v;
  }
  if (!l.finite_only && e == e_all_ones) {
    v.kind = Kind::inf;
    return v;
  }
  if (e == 0) {  // subnormal: no hidden bit, minimum normal exponent
    v.mag = frac;
    v.exp = 1 - l.bias - l.frac_bits;
    v.x = 1 - l.bias;
  } else {
    v.mag = mpz_class(1) << l.frac_bits;
    v.mag += frac;
    v.exp = static_cast<int>(e) - l.bias - l.frac_bits;
    v.x = static_cast<int>(e) - l.bias;
  }
  v.kind = v.mag == 0 ? Kind::zero : Kind::finite;
  return v;
}

int lead_exp(const mpz_class& mag, int exp) { return exp + static_cast<int>(mpz_sizeinbase(mag.get_mpz_t(), 2)) - 1; }

mpz_class pow2(int n) {
  mpz_class r = 1;
  r <<= n;
  return r;
}

// floor(v * 2^(exp - g)) for a signed integer v.
mpz_class floor_to_grid(const mpz_class& v, int exp, int g) {
  mpz_class r;
  if (exp >= g) mpz_mul_2exp(r.get_mpz_t(), v.get_mpz_t(), static_cast<mp_bitcnt_t>(exp - g));
  else mpz_fdiv_q_2exp(r.get_mpz_t(), v.get_mpz_t(), static_cast<mp_bitcnt_t>(g - exp));
  return r;
}
mpz_class trunc_to_grid(const mpz_class& v, int exp, int g) {
  mpz_class r;
  if (exp >= g) mpz_mul_2exp(r.get_mpz_t(), v.get_mpz_t(), static_cast<mp_bitcnt_t>(exp - g));
  else mpz_tdiv_q_2exp(r.get_mpz_t(), v.get_mpz_t(), static_cast<mp_bitcnt_t>(g - exp));
  return r;
}

// True if a * 2^ea > b * 2^eb (a, b >= 0).
bool greater(const mpz_class& a, int ea, const mpz_class& b, int eb) {
  const int lo = std::min(ea, eb);
  return (a << (ea - lo)) > (b << (eb - lo));
}

std::uint32_t round_value(Format f, bool neg, const mpz_class& mag, int exp, bool saturate) {
  const Layout l = layout_of(f);
  const std::uint32_t sign = neg ? 1u << (l.bits - 1) : 0u;
  if (mag == 0) return sign;
  const int emin = 1 - l.bias;
  const int quantum = std::max(lead_exp(mag, exp), emin) - l.frac_bits;
  mpz_class n;
  if (exp >= quantum) {
    n = mag << (exp - quantum);
  } else {
    const mpz_class unit = pow2(quantum - exp);
    mpz_class rem;
    mpz_fdiv_qr(n.get_mpz_t(), rem.get_mpz_t(), mag.get_mpz_t(), unit.get_mpz_t());
    const int c = cmp(rem * 2, unit);
    if (c > 0 || (c == 0 && mpz_odd_p(n.get_mpz_t()))) n += 1;
  }
  // Largest finite value: E4M3 S.1111.110; IEEE-style formats: all-ones fraction below the top exponent.
  const int top_e = static_cast<int>((1u << l.exp_bits) - 1) - (l.finite_only ? 0 : 1);
  const mpz_class max_sig = pow2(l.frac_bits + 1) - (l.finite_only ? 2 : 1);
  const int max_exp = top_e - l.bias - l.frac_bits;
  if (greater(n, quantum, max_sig, max_exp)) {
    if (saturate) return sign | static_cast<std::uint32_t>(top_e) << l.frac_bits | static_cast<std::uint32_t>(mpz_class(max_sig - pow2(l.frac_bits)).get_ui());
    if (l.finite_only) return sign | ((1u << (l.bits - 1)) - 1);
    return sign | ((1u << l.exp_bits) - 1) << l.frac_bits;
  }
  int q = quantum;
  while (n >= pow2(l.frac_bits + 1)) {  // the rounding carried into a new binade
    n >>= 1;
    ++q;
  }
  if (n < pow2(l.frac_bits)) return sign | static_cast<std::uint32_t>(n.get_ui());  // subnormal
  const auto biased = static_cast<std::uint32_t>(q + l.frac_bits + l.bias);
  return sign | biased << l.frac_bits | static_cast<std::uint32_t>(mpz_class(n - pow2(l.frac_bits)).get_ui());
}

// ---- the gfx12 step (spec 3.3, 7.2) ---------------------------------------------------------------

struct Step {
  enum Kind { finite, special_value, factor_nan } kind = finite;
  std::uint32_t special = 0;
  mpz_class total = 0;
  int grid = 0;
};

struct Pair {
  Value a, b;
};

// Spec 3.3 (1), in priority order. Returns true if the step is special.
bool specials(const std::vector<Pair>& ps, std::uint32_t acc, std::uint32_t invalid, Step& out) {
  for (const auto& p : ps)
    if (p.a.kind == Kind::nan || p.b.kind == Kind::nan) {
      out.kind = Step::factor_nan;
      out.special = 0xFFC00A3Du;
      return true;
    }
  bool bad = false, plus = false, minus = false;
  for (const auto& p : ps) {
    const bool ia = p.a.kind == Kind::inf, ib = p.b.kind == Kind::inf;
    if ((ia && p.b.kind == Kind::zero) || (ib && p.a.kind == Kind::zero)) bad = true;
    else if (ia || ib) ((p.a.neg != p.b.neg) ? minus : plus) = true;
  }
  out.kind = Step::special_value;
  if (bad || (plus && minus)) {
    out.special = invalid;
    return true;
  }
  const Value c = value_of(acc, Format::f32);
  if (c.kind == Kind::nan) {
    out.special = acc | 0x00400000u;
    return true;
  }
  if (c.kind == Kind::inf) (c.neg ? minus : plus) = true;
  if (plus && minus) {
    out.special = invalid;
    return true;
  }
  if (plus || minus) {
    out.special = plus ? 0x7F800000u : 0xFF800000u;
    return true;
  }
  out.kind = Step::finite;
  return false;
}

Step gfx12_step(const std::vector<Pair>& ps, std::uint32_t acc, int group, int c_floor, std::uint32_t invalid) {
  Step s;
  if (specials(ps, acc, invalid, s)) return s;
  constexpr int kNone = INT_MIN / 2;
  std::vector<mpz_class> prod(ps.size());
  std::vector<int> pexp(ps.size()), pgrid(ps.size(), kNone);
  int g_products = kNone;
  for (std::size_t n = 0; n < ps.size(); ++n) {
    prod[n] = ps[n].a.mag * ps[n].b.mag;
    if (ps[n].a.neg != ps[n].b.neg) prod[n] = -prod[n];
    pexp[n] = ps[n].a.exp + ps[n].b.exp;
    if (prod[n] != 0) g_products = std::max(g_products, pgrid[n] = ps[n].a.x + ps[n].b.x - 24);
  }
  const Value c = value_of(acc, Format::f32);
  const int c_lead = c.mag != 0 ? lead_exp(c.mag, c.exp) : kNone;
  const int G = std::max(g_products, std::max(c_floor, c_lead) - 26);
  // C term (spec 3.3 (5)).
  const mpz_class m = trunc_to_grid(c.mag, c.exp, G);
  const bool tail = c.exp < G && !mpz_divisible_2exp_p(c.mag.get_mpz_t(), static_cast<mp_bitcnt_t>(G - c.exp));
  mpz_class total;
  if (!c.neg) total = m;
  else if (tail && (m != 0 || G <= c_floor)) total = -m - 1;
  else total = -m;
  for (std::size_t g0 = 0; g0 < ps.size(); g0 += group) {
    int gg = kNone;
    for (std::size_t n = g0; n < g0 + group; ++n) gg = std::max(gg, pgrid[n]);
    if (gg == kNone) continue;
    mpz_class sum = 0;
    for (std::size_t n = g0; n < g0 + group; ++n) sum += floor_to_grid(prod[n], pexp[n], gg);
    total += floor_to_grid(sum, gg, G);
  }
  s.total = total;
  s.grid = G;
  return s;
}

std::uint32_t step_f32(const Step& s) {
  if (s.kind != Step::finite) return s.special;
  if (s.total == 0) return 0;
  return round_value(Format::f32, s.total < 0, abs(s.total), s.grid, false);
}

std::uint32_t step_f16(const Step& s, bool ovfl) {
  if (s.kind == Step::factor_nan) return 0xFE3Du;
  if (s.kind == Step::special_value) return (s.special >> 31) << 15 | 0x7C00u | ((s.special >> 13) & 0x3FFu);
  if (s.total == 0) return 0;
  return round_value(Format::f16, s.total < 0, abs(s.total), s.grid, ovfl);
}

std::uint32_t step_bf16(const Step& s) { return s.kind == Step::factor_nan ? 0xFFFDu : step_f32(s) >> 16; }

// ---- the gfx11 step (fixtures README "gfx1100 step") ----------------------------------------------

Value gfx11_value(std::uint32_t bits, Format f) {
  Value v = value_of(bits, f);
  if (f == Format::bf16 && v.kind == Kind::finite && ((bits >> 7) & 0xFFu) == 0) {
    v.kind = Kind::zero;  // BF16 subnormal factors count as zero
    v.mag = 0;
  }
  return v;
}

Step gfx11_step(const std::vector<Pair>& ps, std::uint32_t acc, bool f16) {
  Step s;
  if (specials(ps, acc, 0xFFC00000u, s)) return s;
  constexpr int kNone = INT_MIN / 2;
  Value c = value_of(acc, Format::f32);
  if (((acc >> 23) & 0xFFu) == 0) c.mag = 0;  // subnormal C counts as zero; its sign still frames
  const bool frame_neg = c.neg;
  int operand_grid = kNone, leads = c.mag != 0 ? lead_exp(c.mag, c.exp) : kNone;
  if (f16) leads = std::max(leads, -14);
  bool all_zero = c.mag == 0;
  for (const auto& p : ps) {
    const mpz_class prod = p.a.mag * p.b.mag;
    if (prod == 0) continue;
    all_zero = false;
    operand_grid = std::max(operand_grid, p.a.x + p.b.x - 24);
    leads = std::max(leads, lead_exp(prod, p.a.exp + p.b.exp));
  }
  if (all_zero) return s;
  const int G = std::max(operand_grid, leads - 26);
  mpz_class t = trunc_to_grid(c.mag, c.exp, G);
  for (const auto& p : ps) {
    const mpz_class m = trunc_to_grid(p.a.mag * p.b.mag, p.a.exp + p.b.exp, G);
    if ((p.a.neg != p.b.neg) == frame_neg) t += m;
    else t -= m + 1;  // one's complement without the end-around carry
  }
  s.total = frame_neg ? mpz_class(-t) : t;
  s.grid = G;
  return s;
}

std::uint32_t gfx11_f32(const Step& s) {
  if (s.kind != Step::finite) return s.special;
  if (s.total == 0) return 0;
  const mpz_class mag = abs(s.total);
  if (greater(mpz_class(1), -126, mag, s.grid)) {
    // Below 2^-126: flushed to +0 unless 24-bit rounding (no subnormal grid) reaches 2^-126.
    const int lead = lead_exp(mag, s.grid);
    const int q = lead - 23;
    mpz_class n = q <= s.grid ? mpz_class(mag << (s.grid - q)) : mpz_class(0);
    if (q > s.grid) {
      mpz_class rem;
      const mpz_class unit = pow2(q - s.grid);
      mpz_fdiv_qr(n.get_mpz_t(), rem.get_mpz_t(), mag.get_mpz_t(), unit.get_mpz_t());
      const int c = cmp(rem * 2, unit);
      if (c > 0 || (c == 0 && mpz_odd_p(n.get_mpz_t()))) n += 1;
    }
    if (n == pow2(24) && q + 24 == -126) return (s.total < 0 ? 0x80000000u : 0u) | 0x00800000u;
    return 0;
  }
  return round_value(Format::f32, s.total < 0, mag, s.grid, false);
}

std::uint32_t gfx11_f16(const Step& s, bool ovfl) {
  const std::uint32_t h = step_f16(s, ovfl);
  return s.kind == Step::finite && (h & 0x7FFFu) == 0 ? 0u : h;
}

// ---- operands --------------------------------------------------------------------------------------

// Which A/B elements sit in bits [31:16] of their VGPR (NEG_HI applies), read off the operand layout.
const std::vector<bool>& high_half(const Instruction& ins, Operand op) {
  static std::mutex mu;
  static std::map<std::pair<const Instruction*, int>, std::vector<bool>> cache;
  std::lock_guard<std::mutex> lock(mu);
  auto& v = cache[{&ins, static_cast<int>(op)}];
  if (v.empty()) {
    const LinearLayout l = operand_layout(ins, op);
    for (int r = 0; r < l.rows(); ++r)
      for (int c = 0; c < l.cols(); ++c) v.push_back(l.first_place(Element{r, c}).bit_lo >= 16);
  }
  return v;
}

struct Prepared {
  int a_cols = 0;
  std::vector<std::uint32_t> a, b, acc;
  std::vector<int> b_row;  // per A element
};

Prepared prepare(const Instruction& ins, const std::vector<std::uint32_t>& a, const std::vector<std::uint32_t>& b,
                 const std::vector<std::uint32_t>& c, const std::vector<std::uint8_t>& index, const Modifiers& mods,
                 const std::vector<std::uint32_t>& d_in) {
  Prepared p;
  const bool sparse = ins.family == Family::swmmac;
  p.a_cols = sparse ? ins.k / 2 : ins.k;
  p.a = a;
  p.b = b;
  const bool sixteen = format_bits(ins.a) == 16;
  if (sixteen) {
    const auto& ha = high_half(ins, Operand::a);
    const auto& hb = high_half(ins, Operand::b);
    for (std::size_t e = 0; e < p.a.size(); ++e)
      if ((ha[e] ? mods.neg_hi : mods.neg) & 1u) p.a[e] ^= 0x8000u;
    for (std::size_t e = 0; e < p.b.size(); ++e)
      if ((hb[e] ? mods.neg_hi : mods.neg) & 2u) p.b[e] ^= 0x8000u;
  }
  p.acc = sparse ? d_in : c;
  if (!ins.integer_inputs()) {
    const std::uint32_t sign = format_bits(ins.cd) == 16 ? 0x8000u : 0x80000000u;
    for (auto& v : p.acc) {
      if (mods.neg_hi & 4u) v &= ~sign;  // ABS first
      if (mods.neg & 4u) v ^= sign;      // then NEG
    }
  }
  for (int i = 0; i < 16; ++i)
    for (int col = 0; col < p.a_cols; ++col) {
      int row = col;
      if (sparse) {
        const int g = col / 2, s = col % 2;
        row = 4 * g + ((index[i * (ins.k / 4) + g] >> (2 * s)) & 3);
      }
      p.b_row.push_back(row);
    }
  return p;
}

// The steps of each step-chained model, as lists of A columns (ISA K, or SWMMAC stored slots),
// written out from the spec text.
std::vector<std::vector<int>> schedule(const Instruction& ins, const Model& model) {
  auto chunks = [](std::initializer_list<int> starts, int len) {
    std::vector<std::vector<int>> out;
    for (int s : starts) {
      std::vector<int> step;
      for (int k = s; k < s + len; ++k) step.push_back(k);
      out.push_back(step);
    }
    return out;
  };
  if (model.kind == ModelKind::gfx11_dot2) return chunks({0, 2, 4, 6, 8, 10, 12, 14}, 2);   // spec 11
  if (format_bits(ins.a) == 16) return chunks({0, 4, 8, 12}, 4);                            // spec 3.2, 8.2
  if (model.kind == ModelKind::fp8_dot && model.products_per_step == 8) return chunks({0, 8}, 8);  // 7.3 variant
  if (model.kind == ModelKind::fp8_dot && model.order == StepOrder::isa_sequential)
    return chunks({0, 4, 8, 12}, 4);  // 7.3 (b)
  return chunks({0, 8, 4, 12}, 4);    // 7.3 (a), also FP8 SWMMAC (8.2)
}

std::uint32_t stepped_element(const Instruction& ins, const Model& model, const Prepared& p, int i, int j,
                              std::uint32_t mode) {
  const auto steps = schedule(ins, model);
  const bool eight = format_bits(ins.a) == 8, gfx11 = model.kind == ModelKind::gfx11_dot2;
  const bool ovfl = (mode >> 23) & 1u;
  // FP8: one grid per step (7.3), or per quad of products inside an 8-product step (7.5).
  const int group = eight ? (model.products_per_group ? model.products_per_group : static_cast<int>(steps[0].size())) : 2;
  const int c_floor = ins.cd == Format::f16 ? -14 : -126;
  std::uint32_t out = p.acc[i * 16 + j];
  for (const auto& step : steps) {
    std::vector<Pair> ps;
    for (int col : step) {
      const std::uint32_t ab = p.a[i * p.a_cols + col], bb = p.b[p.b_row[i * p.a_cols + col] * 16 + j];
      ps.push_back(gfx11 ? Pair{gfx11_value(ab, ins.a), gfx11_value(bb, ins.b)} : Pair{value_of(ab, ins.a), value_of(bb, ins.b)});
    }
    // The running value, widened exactly to f32 bits.
    std::uint32_t acc32 = out;
    if (ins.cd == Format::bf16) acc32 = out << 16;
    if (ins.cd == Format::f16) {
      const Value h = value_of(out, Format::f16);
      const std::uint32_t sign = h.neg ? 0x80000000u : 0u;
      if (h.kind == Kind::nan) acc32 = sign | 0x7F800000u | (out & 0x3FFu) << 13;
      else if (h.kind == Kind::inf) acc32 = sign | 0x7F800000u;
      else acc32 = round_value(Format::f32, h.neg, h.mag, h.exp, false);
    }
    const Step s = gfx11 ? gfx11_step(ps, acc32, ins.cd == Format::f16)
                         : gfx12_step(ps, acc32, group, c_floor, eight ? 0xFFC00A3Du : 0xFFC00000u);
    if (ins.cd == Format::f16) out = gfx11 ? gfx11_f16(s, ovfl) : step_f16(s, ovfl);
    else if (ins.cd == Format::bf16) out = gfx11 ? (s.kind == Step::factor_nan ? 0xFFFDu : gfx11_f32(s) >> 16) : step_bf16(s);
    else out = gfx11 ? gfx11_f32(s) : step_f32(s);
  }
  return out;
}

// ---- reference models ------------------------------------------------------------------------------

std::uint32_t quiet_nan(Format cd) { return cd == Format::f32 ? 0x7FC00000u : cd == Format::f16 ? 0x7E00u : 0x7FC0u; }

Value widened_acc(std::uint32_t bits, Format cd) { return value_of(bits, cd); }

// IEEE f32 fused multiply-add of exact values, nearest-even; NaN-ness tracked by the caller.
std::uint32_t fma_chain_element(const Instruction& ins, const Prepared& p, int i, int j) {
  Value acc = widened_acc(p.acc[i * 16 + j], ins.cd);
  for (int col = 0; col < p.a_cols; ++col) {
    const Value x = value_of(p.a[i * p.a_cols + col], ins.a);
    const Value y = value_of(p.b[p.b_row[i * p.a_cols + col] * 16 + j], ins.b);
    if (acc.kind == Kind::nan) break;
    const bool pneg = x.neg != y.neg;
    if (x.kind == Kind::nan || y.kind == Kind::nan || (x.kind == Kind::inf && y.kind == Kind::zero) ||
        (y.kind == Kind::inf && x.kind == Kind::zero)) {
      acc.kind = Kind::nan;
      break;
    }
    if (x.kind == Kind::inf || y.kind == Kind::inf) {
      if (acc.kind == Kind::inf && acc.neg != pneg) acc.kind = Kind::nan;
      else acc.kind = Kind::inf, acc.neg = pneg;
      continue;
    }
    if (acc.kind == Kind::inf) continue;
    const mpz_class prod = x.mag * y.mag;
    const int pexp = x.exp + y.exp;
    const int lo = std::min(pexp, acc.exp);
    mpz_class sum = (pneg ? mpz_class(-prod) : prod) << (pexp - lo);
    sum += (acc.neg ? mpz_class(-acc.mag) : acc.mag) << (acc.exp - lo);
    std::uint32_t bits;
    if (sum == 0) bits = (prod == 0 && acc.mag == 0 && pneg && acc.neg) ? 0x80000000u : 0u;
    else bits = round_value(Format::f32, sum < 0, abs(sum), lo, false);
    acc = value_of(bits, Format::f32);
  }
  if (acc.kind == Kind::nan) return quiet_nan(ins.cd);
  if (acc.kind == Kind::inf) return ins.cd == Format::f32 ? (acc.neg ? 0xFF800000u : 0x7F800000u)
                                                          : ((acc.neg ? 0x8000u : 0u) | (ins.cd == Format::f16 ? 0x7C00u : 0x7F80u));
  return round_value(ins.cd, acc.neg, acc.mag, acc.exp, false);
}

std::uint32_t exact_sum_element(const Instruction& ins, const Prepared& p, int i, int j) {
  const Value c = widened_acc(p.acc[i * 16 + j], ins.cd);
  bool nan = c.kind == Kind::nan, plus = c.kind == Kind::inf && !c.neg, minus = c.kind == Kind::inf && c.neg;
  bool all_neg_zero = c.kind == Kind::zero && c.neg;
  constexpr int kLow = -400;
  mpz_class sum = 0;
  if (c.kind == Kind::finite) sum += (c.neg ? mpz_class(-c.mag) : c.mag) << (c.exp - kLow);
  for (int col = 0; col < p.a_cols; ++col) {
    const Value x = value_of(p.a[i * p.a_cols + col], ins.a);
    const Value y = value_of(p.b[p.b_row[i * p.a_cols + col] * 16 + j], ins.b);
    const bool pneg = x.neg != y.neg;
    if (x.kind == Kind::nan || y.kind == Kind::nan || (x.kind == Kind::inf && y.kind == Kind::zero) ||
        (y.kind == Kind::inf && x.kind == Kind::zero)) {
      nan = true;
      continue;
    }
    if (x.kind == Kind::inf || y.kind == Kind::inf) {
      (pneg ? minus : plus) = true;
      continue;
    }
    const mpz_class prod = x.mag * y.mag;
    all_neg_zero = all_neg_zero && prod == 0 && pneg;
    sum += (pneg ? mpz_class(-prod) : prod) << (x.exp + y.exp - kLow);
  }
  const std::uint32_t sign16 = 0x8000u, sign = ins.cd == Format::f32 ? 0x80000000u : sign16;
  if (nan || (plus && minus)) return quiet_nan(ins.cd);
  if (plus || minus) {
    const std::uint32_t inf = ins.cd == Format::f32 ? 0x7F800000u : ins.cd == Format::f16 ? 0x7C00u : 0x7F80u;
    return (minus ? sign : 0u) | inf;
  }
  if (sum == 0) return all_neg_zero ? sign : 0u;
  return round_value(ins.cd, sum < 0, abs(sum), kLow, false);
}

std::uint32_t integer_element(const Instruction& ins, const Prepared& p, const Modifiers& mods, int i, int j) {
  auto as_int = [](std::uint32_t bits, Format f, bool is_signed) {
    const int w = f == Format::iu4 ? 4 : 8;
    long v = static_cast<long>(bits & ((1u << w) - 1));
    if (is_signed && v >= (1L << (w - 1))) v -= 1L << w;
    return v;
  };
  mpz_class s = static_cast<long>(static_cast<std::int32_t>(p.acc[i * 16 + j]));
  for (int col = 0; col < p.a_cols; ++col)
    s += mpz_class(as_int(p.a[i * p.a_cols + col], ins.a, mods.neg & 1u)) *
         as_int(p.b[p.b_row[i * p.a_cols + col] * 16 + j], ins.b, mods.neg & 2u);
  if (mods.clamp) {
    if (s > INT32_MAX) return 0x7FFFFFFFu;
    if (s < INT32_MIN) return 0x80000000u;
  }
  mpz_class low;
  mpz_fdiv_r_2exp(low.get_mpz_t(), s.get_mpz_t(), 32);  // two's complement wrap
  return static_cast<std::uint32_t>(low.get_ui());
}

}  // namespace

std::uint32_t round_to(Format f, bool neg, std::uint64_t mag, int exp, bool saturate) {
  mpz_class m;
  mpz_import(m.get_mpz_t(), 1, -1, sizeof(mag), 0, 0, &mag);
  return round_value(f, neg, m, exp, saturate);
}

bool exact_value(std::uint32_t bits, Format f, bool& neg, std::uint64_t& mag, int& exp) {
  const Value v = value_of(bits, f);
  neg = v.neg;
  mag = v.mag.get_ui();
  exp = v.exp;
  return v.kind == Kind::finite || v.kind == Kind::zero;
}

void reference_d(const Instruction& ins, const std::vector<std::uint32_t>& a, const std::vector<std::uint32_t>& b,
                 const std::vector<std::uint32_t>& c, const std::vector<std::uint8_t>& index, const Modifiers& mods,
                 const Model& model, std::vector<std::uint32_t>& d) {
  const Prepared p = prepare(ins, a, b, c, index, mods, d);
  std::vector<std::uint32_t> out(256);
  for (int i = 0; i < 16; ++i)
    for (int j = 0; j < 16; ++j) {
      std::uint32_t& o = out[i * 16 + j];
      switch (model.kind) {
        case ModelKind::exact_int: o = integer_element(ins, p, mods, i, j); break;
        case ModelKind::fp32_fma_chain: o = fma_chain_element(ins, p, i, j); break;
        case ModelKind::exact_sum_rne: o = exact_sum_element(ins, p, i, j); break;
        default: o = stepped_element(ins, model, p, i, j, mods.mode); break;
      }
    }
  d = out;
}

}  // namespace wmmasim::reference
