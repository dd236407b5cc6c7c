// The vectorised kernels (issue 7) against the general per-element path and the GMP reference, bit
// for bit, on every SIMD variant this CPU can run: random operands with specials (the property-test
// generator), operands crafted around every fast/slow boundary of the kernels (floor shifts of 31 and
// more places, the 27-bit C window, C below the grid with G at and above c_floor, the largest group
// sums, subnormal and overflowing results, a NaN or infinity in a single column, FP8 quads of one step
// binades apart), integer extremes and SWMMAC selections the VNNI kernel takes and refuses, aliasing
// of D with the inputs, and a non-default MXCSR (round toward zero, flush-to-zero, denormals-are-zero).
// RDNA3 (gfx11-dot2) adds its own boundaries: BF16 subnormal factors (flushed), signed zero products
// against C's sign, f32 results just below 2^-126 (flushed, or rounded up to it), F16 results
// rounding to zero (+0), and the 16-bit output half chosen by OPSEL through the wave-level builtin call.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <random>
#include <string>
#include <vector>

#if defined(__x86_64__)
#include <immintrin.h>
#endif

#include <sys/wait.h>
#include <unistd.h>

#include "random_operands.hpp"
#include "reference/reference.hpp"
#include "wmmasim/layouts/instruction_table.hpp"
#include "wmmasim/numerics/formats.hpp"
#include "wmmasim/numerics/numerics.hpp"
#include "wmmasim/numerics/simd_paths.hpp"
#include "wmmasim/wave/builtin_call.hpp"

namespace wmmasim::test {
namespace {

// Restores automatic path selection when a test ends, whatever happens.
struct PathGuard {
  explicit PathGuard(SimdPath p) { force_simd_path(p); }
  ~PathGuard() { force_simd_path(SimdPath::automatic); }
};

std::vector<SimdPath> vector_paths() {
  std::vector<SimdPath> out;
  for (SimdPath p : {SimdPath::portable, SimdPath::avx2, SimdPath::avx512})
    if (simd_path_supported(p)) out.push_back(p);
  return out;
}

std::vector<std::uint32_t> run(SimdPath path, const Instruction& ins, const Model& m, const RandomCase& rc) {
  PathGuard guard(path);
  std::vector<std::uint32_t> d = rc.d_in;
  compute_d(ins, rc.a.data(), rc.b.data(), rc.c.data(), rc.index.empty() ? nullptr : rc.index.data(), rc.mods, m,
            d.data());
  return d;
}

// The models the vectorised kernels take over.
bool fast_model(const Model& m) {
  return m.kind == ModelKind::gfx12_dot4 || m.kind == ModelKind::fp8_dot || m.kind == ModelKind::swmmac_dot4 ||
         m.kind == ModelKind::exact_int || m.kind == ModelKind::gfx11_dot2;
}

std::vector<const Instruction*> arch_instructions(Arch arch) {
  std::vector<const Instruction*> out;
  for (const Instruction& ins : kInstructions)
    if (ins.family != Family::load_tr && ins.arch == arch) out.push_back(&ins);
  return out;
}

std::vector<const Instruction*> fast_instructions() {
  std::vector<const Instruction*> out = arch_instructions(Arch::rdna4);
  for (const Instruction* ins : arch_instructions(Arch::rdna3)) out.push_back(ins);
  return out;
}

// Operands crafted around the kernels' boundaries (see the file comment).
class BoundaryGenerator {
 public:
  explicit BoundaryGenerator(std::uint64_t seed) : rng_(seed) {}

  RandomCase next(const Instruction& ins) {
    RandomCase rc;
    const bool sparse = ins.family == Family::swmmac;
    const int a_cols = sparse ? ins.k / 2 : ins.k;
    if (is_integer_format(ins.a)) return integer_case(ins, a_cols);
    const FloatFormat& fa = float_format(ins.a);
    const FloatFormat& fb = float_format(ins.b);
    // Base exponent fields; each element sits 0..spread binades below its base.
    const int ea = base_exponent(fa), eb = base_exponent(fb);
    const int spread = static_cast<int>(pick(4) == 0 ? 2 : 8 + pick(24));
    const bool all_ones = pick(4) == 0;  // largest significands: largest group sums
    const bool same_sign = pick(3) == 0;
    // 8-bit: sometimes the second quad of every 8-product step (K 4-7 and 12-15, SWMMAC slots alike)
    // sits binades below the first, so that each quad's own grid and the step's grid differ.
    const int quad_swing = format_bits(ins.a) == 8 && pick(3) == 0 ? 2 + static_cast<int>(pick(10)) : 0;
    for (int e = 0; e < 16 * a_cols; ++e) {
      const bool second_quad = (e % a_cols / 4) % 2 != 0;
      rc.a.push_back(element(fa, second_quad ? std::max(1, ea - quad_swing) : ea, spread, all_ones, same_sign));
    }
    for (int e = 0; e < ins.k * 16; ++e) rc.b.push_back(element(fb, eb, spread, all_ones, same_sign));
    // One special in one place (single column of B, or one A element), sometimes.
    if (pick(6) == 0) {
      if (pick(2)) rc.a[pick(static_cast<std::uint32_t>(rc.a.size()))] = special(fa);
      else rc.b[pick(static_cast<std::uint32_t>(rc.b.size()))] = special(fb);
    }
    // C: its leading bit placed relative to the product grid (x_a + x_b - 24) so that the C window,
    // the C shift (from -3 to beyond 32) and the below-the-grid rules are all reached.
    const int grid = (ea - fa.bias) + (eb - fb.bias) - 24;
    std::vector<std::uint32_t>& acc = sparse ? rc.d_in : rc.c;
    const FloatFormat& fc = float_format(ins.cd);
    for (int e = 0; e < 256; ++e) {
      const int lead = grid + 26 + static_cast<int>(pick(60)) - 50;
      acc.push_back(accumulator(fc, lead));
    }
    if (sparse) {
      rc.c.assign(256, 0);
      for (int e = 0; e < 16 * ins.k / 4; ++e) rc.index.push_back(static_cast<std::uint8_t>(pick(16)));
    } else {
      rc.d_in.assign(256, 0);
    }
    if (ins.arch == Arch::rdna3) gfx11_boundaries(ins, rc);
    if (ins.cd == Format::f16 && pick(2)) rc.mods.mode = kModeFp16Ovfl;
    const std::uint16_t allowed = ins.allowed_modifiers();
    if ((allowed & kNegC) && pick(4) == 0) rc.mods.neg |= 4;
    if ((allowed & kAbsC) && pick(4) == 0) rc.mods.neg_hi |= 4;
    if ((allowed & kNegLoA) && pick(4) == 0) rc.mods.neg |= 1;
    if ((allowed & kNegHiB) && pick(4) == 0) rc.mods.neg_hi |= 2;
    return rc;
  }

  std::uint32_t pick(std::uint32_t n) { return static_cast<std::uint32_t>(rng_() % n); }

 private:
  // gfx11-dot2 boundaries on top of the general ones: signed zeros sprinkled over A and B (a zero
  // product against C's sign adds -1 unit), C infinities and NaNs in single lanes, and for BF16
  // inputs the 2^-126 flush: C within a few binades above 2^-126 (often exactly a power of two) and
  // products from 2^-153 to 2^-120 with either sign, so that steps end just below, at and above 2^-126,
  // with F16 results driven to zero likewise.
  void gfx11_boundaries(const Instruction& ins, RandomCase& rc) {
    const FloatFormat& fa = float_format(ins.a);
    if (pick(3) == 0)
      for (std::uint32_t& v : rc.a)
        if (pick(8) == 0) v = pick(2) ? fa.sign_bit() : 0u;
    if (pick(3) == 0)
      for (std::uint32_t& v : rc.b)
        if (pick(8) == 0) v = pick(2) ? fa.sign_bit() : 0u;
    const FloatFormat& fc = float_format(ins.cd);
    if (pick(5) == 0)
      for (int n = 1 + static_cast<int>(pick(4)); n > 0; --n) rc.c[pick(256)] = special(fc);
    if (ins.cd == Format::f16 && pick(2) == 0) {
      // F16 results: products from 2^-28 to 2^-12 (the grid floor max(-14, lead(C)) - 26 = -40 decides
      // their truncation) and C zero, subnormal or below 2^-10.
      for (std::uint32_t& v : rc.a) v = small_f16();
      for (std::uint32_t& v : rc.b) v = small_f16();
      for (std::uint32_t& v : rc.c) v = pick(8) == 0 ? (pick(2) ? 0x8000u : 0u) : small_f16();
      return;
    }
    if (ins.a != Format::bf16 || ins.cd == Format::f16 || pick(2)) return;
    // Tiny regime: every product's exponent sum near -140, C near 2^-126.
    const int target = -153 + static_cast<int>(pick(34));
    for (std::uint32_t& v : rc.a) v = tiny_bf16(-63 - static_cast<int>(pick(12)));
    for (int e = 0; e < 256; ++e) {
      const int xa = -63 - static_cast<int>(pick(12));
      rc.b[e] = tiny_bf16(target - xa + static_cast<int>(pick(5)) - 2);
    }
    for (std::uint32_t& v : rc.c) {
      const std::uint32_t sign = pick(2) ? fc.sign_bit() : 0u;
      const std::uint32_t field = 1 + pick(3);
      const std::uint32_t frac = pick(3) == 0 ? 0u : pick(3) == 0 ? 0x7FFFFFu >> pick(24) : static_cast<std::uint32_t>(rng_()) & 0x7FFFFFu;
      const std::uint32_t f32 = sign ? 0x80000000u : 0u;
      v = ins.cd == Format::f32 ? f32 | field << 23 | frac : (f32 | field << 23 | frac) >> 16;
      if (pick(10) == 0) v = ins.cd == Format::f32 ? f32 | (pick(1u << 23)) : (f32 >> 16) | pick(128);  // subnormal C
    }
  }

  // An F16 value in the bottom binades (exponent field 0..5), random sign: an exact power of two or
  // 1.5 times one (products of two are F16 rounding ties), a subnormal with a short significand
  // (products below 2^-40, where the F16 grid floor truncates them), or a random or short fraction.
  std::uint32_t small_f16() {
    const std::uint32_t sign = pick(2) ? 0x8000u : 0u;
    if (pick(16) == 0) return sign;
    switch (pick(4)) {
      case 0: return sign | (1 + pick(5)) << 10 | (pick(2) ? 0x200u : 0u);
      case 1: return sign | (1 + pick(63));
      default: {
        std::uint32_t frac = pick(4) == 0 ? 0x3FFu : static_cast<std::uint32_t>(rng_()) & 0x3FFu;
        if (pick(2)) frac &= ~((1u << (7 + pick(4))) - 1u) & 0x3FFu;
        return sign | pick(6) << 10 | frac;
      }
    }
  }

  // A BF16 value with alignment exponent x (x < -126: subnormal, which gfx11 flushes), random
  // sign and fraction (sometimes all ones).
  std::uint32_t tiny_bf16(int x) {
    const std::uint32_t sign = pick(2) ? 0x8000u : 0u;
    const std::uint32_t frac = pick(4) == 0 ? 0x7Fu : static_cast<std::uint32_t>(rng_()) & 0x7Fu;
    if (pick(16) == 0) return sign;
    const int field = x + 127;
    if (field <= 0) return sign | (frac | 1u);
    return sign | static_cast<std::uint32_t>(field > 254 ? 254 : field) << 7 | frac;
  }

  int base_exponent(const FloatFormat& f) {
    const int top = static_cast<int>(f.exp_max()) - 1;
    switch (pick(4)) {
      case 0: return 1 + static_cast<int>(pick(3));                     // bottom: subnormal products
      case 1: return top - static_cast<int>(pick(2));                   // top: overflowing sums
      default: return 1 + static_cast<int>(pick(static_cast<std::uint32_t>(top)));
    }
  }

  std::uint32_t element(const FloatFormat& f, int base, int spread, bool all_ones, bool same_sign) {
    if (pick(16) == 0) return pick(2) ? f.sign_bit() : 0u;  // signed zeros
    int e = base - static_cast<int>(pick(static_cast<std::uint32_t>(spread) + 1));
    if (e < 0) e = 0;
    std::uint32_t frac = all_ones ? f.frac_mask() : static_cast<std::uint32_t>(rng_()) & f.frac_mask();
    if (f.nan_only_all_ones && e == static_cast<int>(f.exp_max()) && frac == f.frac_mask()) frac -= 1;
    if (e == 0 && frac == 0) frac = 1;
    const std::uint32_t sign = same_sign ? 0u : (pick(2) ? f.sign_bit() : 0u);
    return sign | static_cast<std::uint32_t>(e) << f.frac_bits | frac;
  }

  std::uint32_t special(const FloatFormat& f) {
    const std::uint32_t sign = pick(2) ? f.sign_bit() : 0u;
    if (f.has_inf && pick(2)) return sign | f.inf_bits();
    return sign | f.inf_bits() | f.frac_mask();  // NaN in every format
  }

  // A C value of format f whose leading bit is 2^lead (clamped to the format's range).
  std::uint32_t accumulator(const FloatFormat& f, int lead) {
    const std::uint32_t sign = pick(2) ? f.sign_bit() : 0u;
    if (pick(10) == 0) return sign;  // +-0
    int e = lead + f.bias;
    std::uint32_t frac = static_cast<std::uint32_t>(rng_()) & f.frac_mask();
    if (pick(3) == 0) frac &= ~((1u << pick(static_cast<std::uint32_t>(f.frac_bits))) - 1u);  // short tails
    if (e <= 0) {  // subnormal: keep the leading bit where it belongs
      const int shift = 1 - e;
      frac = shift > f.frac_bits ? 1u : (frac | 1u << f.frac_bits) >> shift;
      if (frac == 0) frac = 1;
      e = 0;
    }
    if (e >= static_cast<int>(f.exp_max())) e = static_cast<int>(f.exp_max()) - 1;
    return sign | static_cast<std::uint32_t>(e) << f.frac_bits | frac;
  }

  // Integer extremes: all elements at one end of their range (largest sums), C near the int32 ends,
  // SWMMAC selections with distinct indices (the VNNI kernel) or repeated ones (its fallback).
  RandomCase integer_case(const Instruction& ins, int a_cols) {
    RandomCase rc;
    const bool sparse = ins.family == Family::swmmac;
    const std::uint32_t mask = ins.a == Format::iu4 ? 0xFu : 0xFFu;
    const std::uint32_t ends[4] = {0, mask, mask >> 1, (mask >> 1) + 1};  // 0, all ones, max signed, min signed
    const int mode = static_cast<int>(pick(3));
    auto value = [&]() { return mode == 2 ? pick(mask + 1) : ends[mode == 0 ? pick(4) : 1 + 2 * pick(2)]; };
    for (int e = 0; e < 16 * a_cols; ++e) rc.a.push_back(value());
    for (int e = 0; e < ins.k * 16; ++e) rc.b.push_back(value());
    std::vector<std::uint32_t>& acc = sparse ? rc.d_in : rc.c;
    for (int e = 0; e < 256; ++e) {
      const std::uint32_t r = pick(4);
      acc.push_back(r == 0 ? 0x7FFFFFFFu - pick(1u << 21) : r == 1 ? 0x80000000u + pick(1u << 21) : static_cast<std::uint32_t>(rng_()));
    }
    if (sparse) {
      rc.c.assign(256, 0);
      const bool distinct = pick(2) != 0;
      for (int e = 0; e < 16 * ins.k / 4; ++e) {
        int i0 = static_cast<int>(pick(4)), i1 = static_cast<int>(pick(4));
        if (distinct && i0 == i1) i1 = (i0 + 1 + static_cast<int>(pick(3))) % 4;
        rc.index.push_back(static_cast<std::uint8_t>(i0 | i1 << 2));
      }
    } else {
      rc.d_in.assign(256, 0);
    }
    rc.mods.neg = static_cast<std::uint8_t>(pick(4));
    rc.mods.clamp = pick(2) != 0;
    return rc;
  }

  std::mt19937_64 rng_;
};

void expect_same(const std::vector<std::uint32_t>& got, const std::vector<std::uint32_t>& want, const std::string& what,
                 int& reported) {
  for (int e = 0; e < 256; ++e)
    if (got[e] != want[e] && reported++ < 5)
      ADD_FAILURE() << what << " D[" << e / 16 << "][" << e % 16 << "]" << std::hex << " got 0x" << got[e] << " want 0x"
                    << want[e];
}

class FastPaths : public ::testing::TestWithParam<const Instruction*> {};

// Every vectorised variant equals the general path on random and boundary operands, and the GMP
// reference on a share of them.
TEST_P(FastPaths, EqualGeneralPathAndReference) {
  const Instruction& ins = *GetParam();
  std::uint64_t seed = 0xfa57000u + static_cast<std::uint64_t>(GetParam() - kInstructions) * 1000;
  int reported = 0;
  for (const Model* m : models_for(ins)) {
    if (!fast_model(*m)) continue;
    OperandGenerator random(seed++);
    BoundaryGenerator boundary(seed++);
    for (int n = 0; n < 400; ++n) {
      const RandomCase rc = n % 2 ? random.next(ins) : boundary.next(ins);
      const std::vector<std::uint32_t> general = run(SimdPath::general, ins, *m, rc);
      for (SimdPath p : vector_paths())
        expect_same(run(p, ins, *m, rc), general,
                    std::string(ins.name) + " " + std::string(m->name) + " " + std::string(simd_path_name(p)) +
                        " case " + std::to_string(n),
                    reported);
      if (n % 8 == 0) {
        std::vector<std::uint32_t> slow = rc.d_in;
        reference::reference_d(ins, rc.a, rc.b, rc.c, rc.index, rc.mods, *m, slow);
        expect_same(run(SimdPath::automatic, ins, *m, rc), slow,
                    std::string(ins.name) + " " + std::string(m->name) + " vs GMP reference, case " + std::to_string(n),
                    reported);
      }
    }
  }
  EXPECT_EQ(reported, 0);
}

// D may alias A, B or C (spec 9.2): every variant reads all inputs before it writes.
TEST_P(FastPaths, AliasedOutput) {
  const Instruction& ins = *GetParam();
  const Model& m = default_model(ins);
  OperandGenerator gen(0xa11a5u);
  int reported = 0;
  for (int n = 0; n < 20; ++n) {
    const RandomCase rc = gen.next(ins);
    const std::vector<std::uint32_t> want = run(SimdPath::general, ins, m, rc);
    for (SimdPath p : vector_paths()) {
      PathGuard guard(p);
      const std::uint8_t* index = rc.index.empty() ? nullptr : rc.index.data();
      if (ins.family != Family::wmma) continue;  // SWMMAC: the accumulator is d itself
      std::vector<std::uint32_t> cd = rc.c;  // d == c
      compute_d(ins, rc.a.data(), rc.b.data(), cd.data(), index, rc.mods, m, cd.data());
      expect_same(cd, want, std::string(ins.name) + " d==c " + std::string(simd_path_name(p)), reported);
      if (rc.a.size() >= 256) {  // d == a
        std::vector<std::uint32_t> ad = rc.a;
        compute_d(ins, ad.data(), rc.b.data(), rc.c.data(), index, rc.mods, m, ad.data());
        ad.resize(256);
        expect_same(ad, want, std::string(ins.name) + " d==a " + std::string(simd_path_name(p)), reported);
      }
      if (rc.b.size() >= 256) {  // d == b
        std::vector<std::uint32_t> bd = rc.b;
        compute_d(ins, rc.a.data(), bd.data(), rc.c.data(), index, rc.mods, m, bd.data());
        bd.resize(256);
        expect_same(bd, want, std::string(ins.name) + " d==b " + std::string(simd_path_name(p)), reported);
      }
    }
  }
  EXPECT_EQ(reported, 0);
}

INSTANTIATE_TEST_SUITE_P(Rdna4, FastPaths, ::testing::ValuesIn(arch_instructions(Arch::rdna4)),
                         [](const auto& info) { return std::string(info.param->name); });
INSTANTIATE_TEST_SUITE_P(Rdna3, FastPaths, ::testing::ValuesIn(arch_instructions(Arch::rdna3)),
                         [](const auto& info) { return std::string(info.param->name); });

// RDNA3 16-bit outputs: OPSEL chooses the register half that holds C and receives D; the other half
// keeps C's. Whole builtin calls (run_wave_builtin, both halves, plain and _tied builtins, wave32 and
// wave64) give the same words on every kernel set as on the general path.
TEST(FastPathsRdna3, OutputHalfThroughTheBuiltinCall) {
  std::mt19937_64 rng(0x0be15e1u);
  int checked = 0;
  for (const Instruction* ins : arch_instructions(Arch::rdna3)) {
    if (ins->integer_inputs()) continue;
    for (int n = 0; n < 24; ++n) {
      WaveBuiltinCall call;
      call.ins = ins;
      call.opsel = n & 1;
      // Odd cases: any bits (NaNs, infinities, subnormals); even cases: finite elements only (the top
      // exponent bit of each 16-bit half cleared, and of f32 C words).
      const std::uint32_t keep = n & 2 ? 0xFFFFFFFFu : 0xBFFFBFFFu;
      auto words = [&](int vgprs, std::uint32_t mask) {
        std::vector<std::uint32_t> w(static_cast<std::size_t>(vgprs) * ins->wave);
        for (auto& x : w) x = static_cast<std::uint32_t>(rng()) & mask;
        return w;
      };
      call.a = words(ins->vgprs_a, keep);
      call.b = words(ins->vgprs_b, keep);
      call.c = words(ins->vgprs_cd, ins->cd == Format::f32 ? (n & 2 ? 0xFFFFFFFFu : 0xBFFFFFFFu) : keep);
      std::vector<std::uint32_t> want;
      {
        PathGuard guard(SimdPath::general);
        want = run_wave_builtin(call);
      }
      for (SimdPath p : vector_paths()) {
        PathGuard guard(p);
        const std::vector<std::uint32_t> got = run_wave_builtin(call);
        ASSERT_EQ(got.size(), want.size());
        int bad = 0;
        for (std::size_t w = 0; w < got.size(); ++w)
          if (got[w] != want[w] && bad++ < 3)
            ADD_FAILURE() << ins->name << " opsel " << call.opsel << " " << simd_path_name(p) << " case " << n << " word "
                          << w << std::hex << " got 0x" << got[w] << " want 0x" << want[w];
        if (format_bits(ins->cd) == 16)  // the half OPSEL does not select still holds C's
          for (std::size_t w = 0; w < got.size(); ++w)
            if (call.opsel ? (got[w] & 0xFFFFu) != (call.c[w] & 0xFFFFu) : (got[w] >> 16) != (call.c[w] >> 16)) {
              ADD_FAILURE() << ins->name << " opsel " << call.opsel << " word " << w << " lost C's other half";
              break;
            }
        ++checked;
      }
    }
  }
  EXPECT_GT(checked, 0);
}

#if defined(__x86_64__)
// The float kernels use float conversions only where the result is exact or checked; a caller's
// MXCSR (round toward zero, FTZ, DAZ) must not change a single bit.
TEST(FastPathsMxcsr, NonDefaultRoundingAndFlushing) {
  const unsigned saved = _mm_getcsr();
  int reported = 0;
  for (const Instruction* ins : fast_instructions()) {
    const Model& m = default_model(*ins);
    if (m.kind == ModelKind::exact_int) continue;
    OperandGenerator random(0x3c5au);
    BoundaryGenerator boundary(0x3c5bu);
    for (int n = 0; n < 40; ++n) {
      const RandomCase rc = n % 2 ? random.next(*ins) : boundary.next(*ins);
      const std::vector<std::uint32_t> want = run(SimdPath::general, *ins, m, rc);
      // round toward zero + FTZ + DAZ, round down, round up, DAZ alone, FTZ alone
      for (unsigned csr : {0x7F80u | 0x8040u, 0x1F80u | 0x2000u, 0x1F80u | 0x4000u, 0x1F80u | 0x0040u, 0x1F80u | 0x8000u}) {
        for (SimdPath p : vector_paths()) {
          _mm_setcsr(csr);
          const std::vector<std::uint32_t> got = run(p, *ins, m, rc);
          _mm_setcsr(saved);
          expect_same(got, want, std::string(ins->name) + " mxcsr " + std::to_string(csr) + " " + std::string(simd_path_name(p)),
                      reported);
        }
      }
    }
  }
  EXPECT_EQ(reported, 0);
}
#endif

// A model the kernels leave to the general path would pass EqualGeneralPathAndReference trivially, so
// the coverage is checked too: every float step model is vectorised on every builtin it applies to
// (each FP8/BF8 model on the 16 FP8/BF8 WMMA and SWMMAC builtins, wave32 and wave64).
TEST(FastPathsCoverage, EveryFloatStepModelIsVectorised) {
  int eight_bit = 0;
  for (const Instruction& ins : kInstructions) {
    if (ins.family == Family::load_tr) continue;
    for (const Model* m : models_for(ins)) {
      const bool step_model = m->kind == ModelKind::gfx12_dot4 || m->kind == ModelKind::fp8_dot ||
                              m->kind == ModelKind::swmmac_dot4 || m->kind == ModelKind::gfx11_dot2;
      EXPECT_EQ(vectorised_float_steps(ins, *m), step_model) << ins.name << " " << m->name;
      if (m->kind == ModelKind::fp8_dot && vectorised_float_steps(ins, *m)) ++eight_bit;
    }
  }
  EXPECT_EQ(eight_bit, 16 * 4);  // 8 dense + 8 SWMMAC FP8/BF8 builtins, four fp8_dot models each
  EXPECT_TRUE(vectorised_float_steps(*find_builtin("wmma_f32_16x16x16_fp8_bf8_w64_gfx12"),
                                     *find_model("fp8-dot8-quads-hypothesis")));
  EXPECT_FALSE(vectorised_float_steps(*find_builtin("wmma_f32_16x16x16_f16_w32_gfx12"), *find_model("exact-sum-rne")));
}

TEST(FastPathsControl, ForcingAPathTheCpuLacksIsOneSentence) {
  for (SimdPath p : {SimdPath::avx2, SimdPath::avx512}) {
    if (simd_path_supported(p)) continue;
    EXPECT_THROW(force_simd_path(p), UserError);
  }
  force_simd_path(SimdPath::general);
  EXPECT_EQ(active_simd_path(), SimdPath::general);
  force_simd_path(SimdPath::automatic);
  EXPECT_NE(active_simd_path(), SimdPath::general);
}

// WMMASIM_SIMD picks the kernels of a whole process (wmmasim run gemm here): every set gives the same
// run file, and a bad value is one sentence with status 2.
TEST(FastPathsControl, EnvironmentVariableChoosesTheKernelsAndNotTheBits) {
  const std::filesystem::path dir = std::filesystem::temp_directory_path() / ("wmmasim_simd_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  auto run_gemm = [&](const std::string& simd, const std::string& name) {
    const std::string cmd = "WMMASIM_SIMD=" + simd + " " + std::string(WMMASIM_CLI) +
                            " run gemm --m 48 --n 40 --k 72 --builtin wmma_f16_16x16x16_f16_w32_gfx12 --out " +
                            (dir / name).string() + " > " + (dir / (name + ".txt")).string() + " 2>&1";
    const int raw = std::system(cmd.c_str());
    std::ifstream out(dir / name);
    std::stringstream ss;
    ss << out.rdbuf();
    return std::make_pair(WIFEXITED(raw) ? WEXITSTATUS(raw) : -1, ss.str());
  };
  const auto reference = run_gemm("general", "general.json");
  ASSERT_EQ(reference.first, 0);
  for (SimdPath p : vector_paths()) {
    const auto got = run_gemm(std::string(simd_path_name(p)), std::string(simd_path_name(p)) + ".json");
    EXPECT_EQ(got.first, 0);
    EXPECT_EQ(got.second, reference.second) << simd_path_name(p);  // same inputs, same D, same file
  }
  const auto bad = run_gemm("sse9", "bad.json");
  EXPECT_EQ(bad.first, 2);
  std::ifstream msg(dir / "bad.json.txt");
  std::string text((std::istreambuf_iterator<char>(msg)), std::istreambuf_iterator<char>());
  EXPECT_NE(text.find("WMMASIM_SIMD=sse9 is not a kernel set"), std::string::npos) << text;
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace wmmasim::test
