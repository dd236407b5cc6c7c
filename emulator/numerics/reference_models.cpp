// Models that are plain arithmetic rather than hardware characterisations: exact-int (spec 6), and
// the two float reference models of spec 1 (fp32-fma-chain, exact-sum-rne).
#include <array>
#include <bit>
#include <cmath>
#include <limits>

#include "wmmasim/numerics/formats.hpp"
#include "wmmasim/numerics/matrix_operands.hpp"

namespace wmmasim::numerics_detail {

void exact_int_d(const MatrixOperands& op, const Modifiers& mods, std::uint32_t* d) {
  const bool a_signed = mods.neg & 1u, b_signed = mods.neg & 2u;  // spec 5.3
  for (int i = 0; i < kRows; ++i)
    for (int j = 0; j < kCols; ++j) {
      // Spec 6: the products and C are summed exactly; only the final value is wrapped or clamped.
      std::int64_t s = static_cast<std::int32_t>(op.acc[i * kCols + j]);
      for (int col = 0; col < op.a_cols; ++col)
        s += static_cast<std::int64_t>(extend_integer(op.a_at(i, col), op.ins->a, a_signed)) *
             extend_integer(op.b_at(op.b_row_of(i, col), j), op.ins->b, b_signed);
      if (mods.clamp) {
        s = std::min<std::int64_t>(std::max<std::int64_t>(s, INT32_MIN), INT32_MAX);
      }
      d[i * kCols + j] = static_cast<std::uint32_t>(static_cast<std::uint64_t>(s));  // modulo 2^32
    }
}

namespace {

std::uint32_t canonical_nan_bits(Format cd) {
  return cd == Format::f32 ? 0x7FC00000u : float_format(cd).canonical_nan();
}

}  // namespace

void fp32_fma_chain_d(const MatrixOperands& op, std::uint32_t* d) {
  const Format cd = op.ins->cd;
  std::array<float, kRows * kMaxACols> a;
  std::array<float, kMaxK * kCols> b;
  for (int e = 0; e < kRows * op.a_cols; ++e) a[e] = std::bit_cast<float>(widen_to_f32(op.a[e], op.ins->a));
  for (int e = 0; e < op.k * kCols; ++e) b[e] = std::bit_cast<float>(widen_to_f32(op.b[e], op.ins->b));
  for (int i = 0; i < kRows; ++i)
    for (int j = 0; j < kCols; ++j) {
      float acc = std::bit_cast<float>(widen_to_f32(op.acc[i * kCols + j], cd));
      for (int col = 0; col < op.a_cols; ++col)  // ISA K order (SWMMAC: stored-slot order)
        acc = std::fma(a[i * op.a_cols + col], b[op.b_row_of(i, col) * kCols + j], acc);
      const std::uint32_t bits = std::bit_cast<std::uint32_t>(acc);
      if (std::isnan(acc)) d[i * kCols + j] = canonical_nan_bits(cd);
      else d[i * kCols + j] = cd == Format::f32 ? bits : convert_from_f32(bits, cd);
    }
}

namespace {

// A two's-complement fixed-point accumulator wide enough for any sum of products of the supported
// formats: bit 0 weighs 2^-300 (bf16 subnormal squared: 2^-266), the top bit 2^339.
class WideSum {
 public:
  static constexpr int kLowExp = -300, kLimbs = 10;

  void add(bool neg, std::uint64_t mag, int lsb_exp) {
    if (mag == 0) return;
    const int off = lsb_exp - kLowExp;
    std::array<std::uint64_t, kLimbs> term{};
    const int limb = off / 64, bit = off % 64;
    term[limb] = mag << bit;
    if (bit != 0 && limb + 1 < kLimbs) term[limb + 1] = mag >> (64 - bit);
    if (neg) negate(term);
    unsigned carry = 0;
    for (int l = 0; l < kLimbs; ++l) {
      const std::uint64_t s = limbs_[l] + term[l];
      const unsigned c1 = s < limbs_[l];
      limbs_[l] = s + carry;
      carry = c1 | (limbs_[l] < s);
    }
  }

  bool is_zero() const {
    for (auto l : limbs_)
      if (l) return false;
    return true;
  }

  std::uint32_t round(const FloatFormat& f) const {
    std::array<std::uint64_t, kLimbs> mag = limbs_;
    const bool neg = (mag[kLimbs - 1] >> 63) != 0;
    if (neg) negate(mag);
    int top = -1;
    for (int l = kLimbs - 1; l >= 0 && top < 0; --l)
      if (mag[l]) top = l * 64 + 63 - std::countl_zero(mag[l]);
    if (top < 0) return 0;
    // Keep 62 bits from the top; fold everything below into a sticky bit (exact RNE: 62 >> 26).
    const int low = top >= 61 ? top - 61 : 0;
    std::uint64_t kept = 0;
    bool sticky = false;
    for (int bitpos = 0; bitpos <= top; ++bitpos) {
      const bool set = (mag[bitpos / 64] >> (bitpos % 64)) & 1u;
      if (bitpos < low) sticky |= set;
      else if (set) kept |= std::uint64_t{1} << (bitpos - low);
    }
    if (sticky) kept |= 1u;
    return round_to_format(neg, kept, kLowExp + low, f);
  }

 private:
  static void negate(std::array<std::uint64_t, kLimbs>& v) {
    unsigned carry = 1;
    for (auto& l : v) {
      l = ~l + carry;
      carry = carry && l == 0;
    }
  }
  std::array<std::uint64_t, kLimbs> limbs_{};
};

}  // namespace

void exact_sum_rne_d(const MatrixOperands& op, std::uint32_t* d) {
  const Format cd = op.ins->cd;
  const FloatFormat& out_format = float_format(cd);
  for (int i = 0; i < kRows; ++i)
    for (int j = 0; j < kCols; ++j) {
      const Decoded c = decode(widen_to_f32(op.acc[i * kCols + j], cd), Format::f32);
      bool nan = c.is_nan(), pinf = c.is_inf() && !c.neg, ninf = c.is_inf() && c.neg;
      bool all_negative_zero = c.is_zero() && c.neg;
      WideSum sum;
      sum.add(c.neg, c.sig, c.lsb_exp());
      for (int col = 0; col < op.a_cols; ++col) {
        const Decoded x = decode(op.a_at(i, col), op.ins->a);
        const Decoded y = decode(op.b_at(op.b_row_of(i, col), j), op.ins->b);
        const bool neg = x.neg != y.neg;
        if (x.is_nan() || y.is_nan() || (x.is_inf() && y.is_zero()) || (y.is_inf() && x.is_zero())) nan = true;
        else if (x.is_inf() || y.is_inf()) (neg ? ninf : pinf) = true;
        const std::uint64_t prod = static_cast<std::uint64_t>(x.sig) * y.sig;
        all_negative_zero = all_negative_zero && prod == 0 && neg;
        if (prod && !(x.is_inf() || y.is_inf() || x.is_nan() || y.is_nan()))
          sum.add(neg, prod, x.lsb_exp() + y.lsb_exp());
      }
      std::uint32_t out;
      if (nan || (pinf && ninf)) out = canonical_nan_bits(cd);
      else if (pinf || ninf) out = (ninf ? out_format.sign_bit() : 0u) | out_format.inf_bits();
      else if (sum.is_zero()) out = all_negative_zero ? out_format.sign_bit() : 0u;  // IEEE sign of an exact zero
      else out = sum.round(out_format);
      d[i * kCols + j] = out;
    }
}

}  // namespace wmmasim::numerics_detail
