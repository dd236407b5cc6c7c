// The vectorised kernels (fast_float.inc, fast_int.inc) compiled for three targets, the run-time
// choice between them, and the special-lane fallback they share. Every variant computes the same
// bits as the general per-element path; tests/numerics/fast_path_test.cpp checks each variant the CPU
// can run against the general path and the GMP reference.
#include "fast_kernels.hpp"

#include <atomic>
#include <cstdlib>
#include <cstring>
#include <string>

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#define WMMASIM_X86 1
#endif

#include "wmmasim/numerics/dot_step.hpp"
#include "wmmasim/numerics/formats.hpp"
#include "wmmasim/numerics/matrix_operands.hpp"

// The 64-byte vector helpers are always inlined, so the ABI note about passing them without AVX-512
// does not apply.
#pragma GCC diagnostic ignored "-Wpsabi"
// GCC 12's AVX-512 intrinsic headers start some results from _mm512_undefined_*(), which its
// -Wmaybe-uninitialized reports at every use.
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"

namespace wmmasim::numerics_detail {

#define WMMASIM_AI inline __attribute__((always_inline))

// Each variant works on vectors of W 32-bit lanes, the target's native width (16 = one zmm, 8 = one
// ymm, 4 = one xmm); a row of 16 output columns is 16 / W vectors. FAST_LANES_TYPES declares the
// vector types of one variant.
#define FAST_LANES_TYPES(W)                                                   \
  inline constexpr int kLanes = W;                                            \
  typedef std::int32_t vi __attribute__((vector_size(4 * W)));               \
  typedef std::uint32_t vu __attribute__((vector_size(4 * W)));              \
  typedef float vf __attribute__((vector_size(4 * W)));

// ---- baseline target (any CPU) ----
namespace portable {
#define FAST_TARGET
#define FAST_ROWS 2
FAST_LANES_TYPES(4)
WMMASIM_AI unsigned fast_movemask(vi v) {
#ifdef WMMASIM_X86
  return static_cast<unsigned>(_mm_movemask_ps(reinterpret_cast<__m128>(v)));  // SSE2
#else
  unsigned m = 0;
  for (int l = 0; l < kLanes; ++l) m |= (v[l] < 0 ? 1u : 0u) << l;
  return m;
#endif
}
#include "fast_float.inc"
#include "fast_int.inc"
#undef FAST_ROWS
#undef FAST_NATIVE_SRA
#undef FAST_NATIVE_LOG2
#undef FAST_TARGET
}  // namespace portable

#ifdef WMMASIM_X86
// ---- AVX2 (x86-64-v3) ----
namespace avx2 {
#define FAST_TARGET __attribute__((target("avx2,fma,bmi,bmi2,lzcnt,popcnt,f16c")))
#define FAST_ROWS 4
FAST_LANES_TYPES(8)
FAST_TARGET WMMASIM_AI unsigned fast_movemask(vi v) {
  return static_cast<unsigned>(_mm256_movemask_ps(reinterpret_cast<__m256>(v)));
}
// vpsravd fills with the sign for counts of 32 and more: exactly the floor.
#define FAST_NATIVE_SRA 1
FAST_TARGET WMMASIM_AI vi fast_sra(vi v, vi s) {
  return reinterpret_cast<vi>(_mm256_srav_epi32(reinterpret_cast<__m256i>(v), reinterpret_cast<__m256i>(s)));
}
// F16C: f32 -> f16 with RNE from the immediate (MXCSR.RC ignored) and the exact widening back.
#define FAST_CVT_F16 1
FAST_TARGET WMMASIM_AI vu fast_cvt_f16(vu f32) {
  return reinterpret_cast<vu>(_mm256_cvtepu16_epi32(_mm256_cvtps_ph(reinterpret_cast<__m256>(f32), _MM_FROUND_TO_NEAREST_INT)));
}
FAST_TARGET WMMASIM_AI vu fast_widen_f16_hw(vu h) {  // h < 2^16 in every lane
  const __m256i w = reinterpret_cast<__m256i>(h);
  return reinterpret_cast<vu>(_mm256_cvtph_ps(_mm_packus_epi32(_mm256_castsi256_si128(w), _mm256_extracti128_si256(w, 1))));
}
#include "fast_float.inc"
#include "fast_int.inc"
#undef FAST_CVT_F16
#undef FAST_ROWS
#undef FAST_NATIVE_SRA
#undef FAST_NATIVE_LOG2
#undef FAST_TARGET
}  // namespace avx2

// ---- AVX-512 F/BW/DQ/VL/CD + VNNI (x86-64-v4 with VNNI: Ice Lake, Zen 4 and later) ----
namespace avx512 {
#define FAST_TARGET \
  __attribute__((target("avx512f,avx512bw,avx512dq,avx512vl,avx512cd,avx512vnni,avx2,fma,bmi,bmi2,lzcnt,popcnt,f16c")))
#define FAST_VNNI 1
#define FAST_ROWS 4
FAST_LANES_TYPES(16)
FAST_TARGET WMMASIM_AI unsigned fast_movemask(vi v) { return _mm512_movepi32_mask(reinterpret_cast<__m512i>(v)); }
#define FAST_NATIVE_SRA 1
FAST_TARGET WMMASIM_AI vi fast_sra(vi v, vi s) {  // sign fill for counts of 32 and more
  return reinterpret_cast<vi>(_mm512_srav_epi32(reinterpret_cast<__m512i>(v), reinterpret_cast<__m512i>(s)));
}
#define FAST_NATIVE_LOG2 1
FAST_TARGET WMMASIM_AI vi fast_floor_log2(vu m) {
  return 31 - reinterpret_cast<vi>(_mm512_lzcnt_epi32(reinterpret_cast<__m512i>(m)));
}
// total * 2^grid is exact in double (|total| < 2^30, -300 < grid < 300); one conversion to float with
// round-to-nearest-even in the instruction (MXCSR.RC ignored, exceptions suppressed) rounds it as
// spec 3.3 (6) asks, subnormals and overflow to infinity included. Used only when MXCSR.FTZ is clear.
#define FAST_ROUND_F32 1
FAST_TARGET WMMASIM_AI vu fast_round_f32(vi total, vi grid) {
  const __m512i t = reinterpret_cast<__m512i>(total), g = reinterpret_cast<__m512i>(grid);
  const __m512d lo = _mm512_scalef_pd(_mm512_cvtepi32_pd(_mm512_castsi512_si256(t)),
                                      _mm512_cvtepi32_pd(_mm512_castsi512_si256(g)));
  const __m512d hi = _mm512_scalef_pd(_mm512_cvtepi32_pd(_mm512_extracti64x4_epi64(t, 1)),
                                      _mm512_cvtepi32_pd(_mm512_extracti64x4_epi64(g, 1)));
  const __m256 flo = _mm512_cvt_roundpd_ps(lo, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
  const __m256 fhi = _mm512_cvt_roundpd_ps(hi, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
  return reinterpret_cast<vu>(_mm512_insertf32x8(_mm512_castps256_ps512(flo), fhi, 1));
}
// total * 2^grid to f16 (spec 4): the exact double rounded to odd at f32 precision (toward zero, then
// the lowest bit set if anything was lost), then one RNE conversion to f16. Rounding to odd with at
// least two more bits than the target makes the second rounding the correct one, subnormal f16
// results included. Overflow gives +-inf, or +-0x7BFF with FP16_OVFL. `acc` is the result widened
// to f32 (exact). Used only when MXCSR.FTZ and DAZ are clear.
#define FAST_ROUND_F16 1
FAST_TARGET WMMASIM_AI __m256 round_to_odd_f32(__m512d x) {
  const __m256 t = _mm512_cvt_roundpd_ps(x, _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC);
  const __mmask8 inexact = _mm512_cmp_pd_mask(_mm512_cvtps_pd(t), x, _CMP_NEQ_OQ);
  const __m256i bits = _mm256_castps_si256(t);
  return _mm256_castsi256_ps(_mm256_mask_or_epi32(bits, inexact, bits, _mm256_set1_epi32(1)));
}
FAST_TARGET WMMASIM_AI void fast_round_f16(vi total, vi grid, bool saturate, vu& out, vu& acc) {
  const __m512i t = reinterpret_cast<__m512i>(total), g = reinterpret_cast<__m512i>(grid);
  const __m512d lo = _mm512_scalef_pd(_mm512_cvtepi32_pd(_mm512_castsi512_si256(t)),
                                      _mm512_cvtepi32_pd(_mm512_castsi512_si256(g)));
  const __m512d hi = _mm512_scalef_pd(_mm512_cvtepi32_pd(_mm512_extracti64x4_epi64(t, 1)),
                                      _mm512_cvtepi32_pd(_mm512_extracti64x4_epi64(g, 1)));
  const __m512 f = _mm512_insertf32x8(_mm512_castps256_ps512(round_to_odd_f32(lo)), round_to_odd_f32(hi), 1);
  __m512i h = _mm512_cvtepu16_epi32(_mm512_cvtps_ph(f, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC));
  if (saturate) {
    const __mmask16 inf = _mm512_cmpeq_epi32_mask(_mm512_and_si512(h, _mm512_set1_epi32(0x7FFF)), _mm512_set1_epi32(0x7C00));
    h = _mm512_mask_sub_epi32(h, inf, h, _mm512_set1_epi32(1));  // 0x7C00 -> 0x7BFF, sign kept
  }
  out = reinterpret_cast<vu>(h);
  acc = reinterpret_cast<vu>(_mm512_cvtph_ps(_mm512_cvtepi32_epi16(h)));
}
// gfx11 f32 results (gfx11_to_f32): the conversion of the integer total rounds it to 24 significant
// bits (RNE, in the instruction); scaling by 2^grid is then exact wherever the result is normal, and
// gfx11 flushes every result below 2^-126 to +0 (decided on the 24-bit value, so one that rounded up
// to 2^-126 stays). Overflow gives +-inf. Independent of MXCSR (embedded rounding; the flushed lanes
// are the only ones that could be subnormal).
#define FAST_ROUND_GFX11_F32 1
FAST_TARGET WMMASIM_AI vu fast_round_gfx11_f32(vi total, vi grid) {
  constexpr int kRn = _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC;
  const __m512i g = reinterpret_cast<__m512i>(grid);
  const __m512 f = _mm512_cvt_roundepi32_ps(reinterpret_cast<__m512i>(total), kRn);
  const __m512i biased = _mm512_add_epi32(_mm512_and_si512(_mm512_srli_epi32(_mm512_castps_si512(f), 23), _mm512_set1_epi32(0xFF)), g);
  const __m512 r = _mm512_scalef_round_ps(f, _mm512_cvtepi32_ps(g), kRn);  // |grid| < 2^24: exact
  return reinterpret_cast<vu>(_mm512_maskz_mov_ps(_mm512_cmpgt_epi32_mask(biased, _mm512_setzero_si512()), r));
}
// Packed F16 results when grid >= -40 (every F16-output step: the grid is at least
// max(-14, lead(C)) - 26): as fast_round_f16, with the rounding to odd at f32 precision done on the
// integer (truncating conversion, the lowest bit set if it was inexact), then scaled exactly (the
// value lies between 2^-40 and 2^64, or is 0) and rounded once to f16 (RNE).
FAST_TARGET WMMASIM_AI void fast_round_f16_g40(vi total, vi grid, bool saturate, vu& out, vu& acc) {
  const __m512i t = reinterpret_cast<__m512i>(total);
  const __m512i tz = _mm512_castps_si512(_mm512_cvt_roundepi32_ps(t, _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC));
  const __mmask16 inexact = _mm512_cmpneq_epi32_mask(_mm512_cvttps_epi32(_mm512_castsi512_ps(tz)), t);
  const __m512 odd = _mm512_castsi512_ps(_mm512_mask_or_epi32(tz, inexact, tz, _mm512_set1_epi32(1)));
  const __m512 v = _mm512_scalef_round_ps(odd, _mm512_cvtepi32_ps(reinterpret_cast<__m512i>(grid)),
                                          _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
  __m256i h = _mm512_cvtps_ph(v, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);  // 16 halves
  if (saturate) {
    const __mmask16 inf = _mm256_cmpeq_epi16_mask(_mm256_and_si256(h, _mm256_set1_epi16(0x7FFF)), _mm256_set1_epi16(0x7C00));
    h = _mm256_mask_sub_epi16(h, inf, h, _mm256_set1_epi16(1));  // 0x7C00 -> 0x7BFF, sign kept
  }
  out = reinterpret_cast<vu>(_mm512_cvtepu16_epi32(h));
  acc = reinterpret_cast<vu>(_mm512_cvtph_ps(h));
}
#include "fast_float.inc"
#include "fast_int.inc"
#undef FAST_ROUND_GFX11_F32
#undef FAST_VNNI
#undef FAST_ROUND_F32
#undef FAST_ROUND_F16
#undef FAST_ROWS
#undef FAST_NATIVE_SRA
#undef FAST_NATIVE_LOG2
#undef FAST_TARGET
}  // namespace avx512
#endif

const KernelSet& kernels_portable() {
  static const KernelSet k{portable::decode_float, portable::float_steps, portable::exact_int};
  return k;
}
#ifdef WMMASIM_X86
const KernelSet& kernels_avx2() {
  static const KernelSet k{avx2::decode_float, avx2::float_steps, avx2::exact_int};
  return k;
}
const KernelSet& kernels_avx512() {
  static const KernelSet k{avx512::decode_float, avx512::float_steps, avx512::exact_int};
  return k;
}
#else
const KernelSet& kernels_avx2() { return kernels_portable(); }
const KernelSet& kernels_avx512() { return kernels_portable(); }
#endif

namespace {

// One step of the lanes in `mask`, element by element, with a model's own decode, step and
// narrowing (what gfx12_steps_d and gfx11_steps_d do for one element).
template <class Decode, class Step, class ToF16, class ToF32>
void step_lanes(const FloatOperands& op, int i, int s, unsigned mask, const std::uint32_t* acc_in16,
                std::uint32_t* out16, std::uint32_t* acc16, Decode decode, Step step, ToF16 to_f16, ToF32 to_f32) {
  Factor sa[8], sb[8];
  for (int j = 0; j < 16; ++j) {
    if (!(mask >> j & 1u)) continue;
    for (int p = 0; p < op.per_step; ++p) {
      const int q = s * op.per_step + p;
      sa[p] = decode(op.a_raw[16 * i + op.cols[q]], op.fa);
      sb[p] = decode(op.b_raw[16 * op.b_row[op.b_row_stride * i + q] + j], op.fb);
    }
    const StepResult r = step(sa, sb, acc_in16[j]);
    switch (op.out) {
      case kOutF16:
        out16[j] = to_f16(r);
        acc16[j] = widen_to_f32(out16[j], Format::f16);
        break;
      case kOutBF16:
        out16[j] = f32_to_packed_bf16(r, to_f32(r));
        acc16[j] = out16[j] << 16;
        break;
      default: out16[j] = acc16[j] = to_f32(r);
    }
  }
}

}  // namespace

// Lanes of one step that meet an infinity or a NaN: the general path's arithmetic for them.
void float_special_lanes(const FloatOperands& op, int i, int s, unsigned mask, const std::uint32_t* acc_in16,
                         std::uint32_t* out16, std::uint32_t* acc16) {
  if (op.gfx11) {
    step_lanes(
        op, i, s, mask, acc_in16, out16, acc16, gfx11_factor,
        [&](const Factor* a, const Factor* b, std::uint32_t acc) { return gfx11_dot2_step(a, b, acc, op.out == kOutF16); },
        [&](const StepResult& r) { return gfx11_to_f16(r, op.fp16_ovfl); }, gfx11_to_f32);
    return;
  }
  const StepRule rule{op.group, op.c_floor, op.invalid_nan};
  step_lanes(
      op, i, s, mask, acc_in16, out16, acc16,
      [](std::uint32_t bits, Format f) { return decode_factor(bits, float_format(f)); },
      [&](const Factor* a, const Factor* b, std::uint32_t acc) { return gfx12_dot_step(a, b, op.per_step, acc, rule); },
      [&](const StepResult& r) { return step_to_f16(r, op.fp16_ovfl); }, gfx12_to_f32);
}

namespace {

std::atomic<SimdPath> g_forced{SimdPath::automatic};

SimdPath best_path() {
  static const SimdPath best = [] {
#ifdef WMMASIM_X86
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
        __builtin_cpu_supports("avx512dq") && __builtin_cpu_supports("avx512vl") &&
        __builtin_cpu_supports("avx512cd") && __builtin_cpu_supports("avx512vnni") &&
        __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma") && __builtin_cpu_supports("bmi2"))
      return SimdPath::avx512;
    if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma") && __builtin_cpu_supports("bmi2") &&
        __builtin_cpu_supports("f16c"))
      return SimdPath::avx2;
#endif
    return SimdPath::portable;
  }();
  return best;
}

DecodeFormat decode_format(Format f) {
  const FloatFormat& ff = float_format(f);
  return DecodeFormat{ff.frac_bits,      ff.bias,        ff.exp_max(), ff.frac_mask(), ff.sign_bit(),
                      ff.bits >= 32 ? 0xFFFFFFFFu : (1u << ff.bits) - 1u, ff.nan_only_all_ones};
}

}  // namespace

namespace {

// The float shapes the kernels take: 16 A columns, at most 64 B rows, steps of 4 products (pairs or
// one grid) or of 8 (one grid, or two quads on their own grids, spec 7.5), or the gfx11 DOT2 steps of
// dense F16/BF16. Everything else takes the general path.
bool float_kernels_take(const Instruction& ins, const Model& model, const StepPlan& plan) {
  switch (model.kind) {
    case ModelKind::gfx12_dot4:
    case ModelKind::fp8_dot:
    case ModelKind::swmmac_dot4:
    case ModelKind::gfx11_dot2: break;
    default: return false;
  }
  const bool sparse = ins.family == Family::swmmac;
  const int a_cols = sparse ? ins.k / 2 : ins.k;
  if (a_cols != 16 || ins.k > 64 || plan.per_step * plan.steps != a_cols) return false;
  if (model.kind == ModelKind::gfx11_dot2)
    return !sparse && ins.a == ins.b && (ins.a == Format::f16 || ins.a == Format::bf16);
  const int group = plan.rule.group_size;
  return (plan.per_step == 4 && (group == 2 || group == 4)) || (plan.per_step == 8 && (group == 4 || group == 8));
}

}  // namespace

bool compute_d_fast(const RawCall& call, std::uint32_t* d) {
  const SimdPath path = active_simd_path();
  if (path == SimdPath::general) return false;
  const KernelSet& ks = path == SimdPath::avx512 ? kernels_avx512() : path == SimdPath::avx2 ? kernels_avx2() : kernels_portable();
  const Instruction& ins = *call.ins;
  const Model& model = *call.model;
  if (model.kind == ModelKind::exact_int) return ks.exact_int(call, d);
  const StepPlan plan = plan_for(ins, model);
  if (!float_kernels_take(ins, model, plan)) return false;
  const bool sparse = ins.family == Family::swmmac;
  FloatOperands op;
  op.a_cols = sparse ? ins.k / 2 : ins.k;
  op.k = ins.k;
  op.gfx11 = model.kind == ModelKind::gfx11_dot2;
  op.steps = plan.steps;
  op.per_step = plan.per_step;
  op.group = plan.rule.group_size;
  op.c_floor = plan.rule.c_floor;
  op.invalid_nan = plan.rule.invalid_nan;
  std::memcpy(op.cols, plan.cols.data(), sizeof op.cols);
  op.out = ins.cd == Format::f16 ? kOutF16 : ins.cd == Format::bf16 ? kOutBF16 : kOutF32;
  op.fp16_ovfl = (call.mods->mode & kModeFp16Ovfl) != 0;
  op.fa = ins.a;
  op.fb = ins.b;
#ifdef WMMASIM_X86
  const unsigned csr = _mm_getcsr();
  op.hw_round = path == SimdPath::avx512 && (csr & 0x8040u) == 0;  // FTZ/DAZ: flushed subnormals
  op.rne_convert = (csr & (op.out == kOutF16 ? 0xE040u : 0x6000u)) == 0;  // RC nearest (F16: no FTZ/DAZ)
#endif
  if (sparse) {  // spec 8.1: stored value s of group G multiplies B[4G + idx_s]
    for (int i = 0; i < 16; ++i)
      for (int q = 0; q < 16; ++q) {
        const int col = op.cols[q], group = col / 2, field = call.index[i * (ins.k / 4) + group];
        op.b_row_sparse[16 * i + q] = static_cast<std::uint8_t>(4 * group + ((field >> (2 * (col % 2))) & 3));
      }
    op.b_row = op.b_row_sparse;
    op.b_row_stride = 16;
  } else {
    op.b_row = op.cols;
    op.b_row_stride = 0;
  }
  // Indexed by Format: the float formats come first in its enumeration.
  static_assert(static_cast<int>(Format::f16) == 0 && static_cast<int>(Format::bf8) == 4);
  static const DecodeFormat kFloatFormats[] = {decode_format(Format::f16), decode_format(Format::bf16), decode_format(Format::f32),
                                               decode_format(Format::fp8), decode_format(Format::bf8)};
  auto fmt = [](Format f) -> const DecodeFormat& {
    return kFloatFormats[is_float_format(f) ? static_cast<int>(f) : static_cast<int>(Format::f32)];
  };
  DecodeFormat fa = fmt(ins.a), fb = fmt(ins.b);
  if (op.gfx11) {  // gfx11 flushes BF16 subnormal factors (spec 11, gfx11_factor)
    fa.flush_subnormals = ins.a == Format::bf16;
    fb.flush_subnormals = ins.b == Format::bf16;
  }
  ks.decode_float(call, fa, fb, fmt(ins.cd), op);
  ks.float_steps(op, d);
  return true;
}

}  // namespace wmmasim::numerics_detail

namespace wmmasim {

bool vectorised_float_steps(const Instruction& ins, const Model& model) {
  if (!model_applies(model, ins) || model.kind == ModelKind::exact_int) return false;
  return numerics_detail::float_kernels_take(ins, model, numerics_detail::plan_for(ins, model));
}

bool simd_path_supported(SimdPath path) {
  using numerics_detail::best_path;
  switch (path) {
    case SimdPath::automatic:
    case SimdPath::general:
    case SimdPath::portable: return true;
    case SimdPath::avx2: return best_path() == SimdPath::avx2 || best_path() == SimdPath::avx512;
    case SimdPath::avx512: return best_path() == SimdPath::avx512;
  }
  return false;
}

std::string_view simd_path_name(SimdPath path) {
  switch (path) {
    case SimdPath::automatic: return "automatic";
    case SimdPath::general: return "general";
    case SimdPath::portable: return "portable";
    case SimdPath::avx2: return "avx2";
    case SimdPath::avx512: return "avx512";
  }
  return "?";
}

void force_simd_path(SimdPath path) {
  if (!simd_path_supported(path))
    throw UserError("this CPU cannot run the " + std::string(simd_path_name(path)) + " kernels.");
  numerics_detail::g_forced = path;
}

SimdPath forced_simd_path() { return numerics_detail::g_forced.load(std::memory_order_relaxed); }

namespace {
// The automatic choice: WMMASIM_SIMD (general, portable, avx2, avx512 or automatic) if set, else the
// best kernels of this CPU. Read once; a bad value is one sentence at the first instruction.
SimdPath automatic_path() {
  static const SimdPath p = [] {
    const char* env = std::getenv("WMMASIM_SIMD");
    if (!env || !*env) return numerics_detail::best_path();
    for (SimdPath q : {SimdPath::automatic, SimdPath::general, SimdPath::portable, SimdPath::avx2, SimdPath::avx512})
      if (simd_path_name(q) == env) {
        if (!simd_path_supported(q))
          throw UserError("WMMASIM_SIMD=" + std::string(env) + " names kernels this CPU cannot run.");
        return q == SimdPath::automatic ? numerics_detail::best_path() : q;
      }
    throw UserError("WMMASIM_SIMD=" + std::string(env) +
                    " is not a kernel set (expected general, portable, avx2, avx512 or automatic).");
  }();
  return p;
}
}  // namespace

SimdPath active_simd_path() {
  const SimdPath f = forced_simd_path();
  return f == SimdPath::automatic ? automatic_path() : f;
}

}  // namespace wmmasim
