// The hardware probe suite (issue 6 part 6): device programs whose answers settle the open questions
// of numerics.md section 12 and the timing parameters of timing.md section 6 (T0, T2-T5, T7, T8).
// Every probe is derived from the instruction table: a question is a rule ("every RDNA4 FP8 WMMA",
// "every wave64 SWMMAC with more than two index sets") applied to kInstructions, never a list of
// builtin names. Host-side only (generator, runner, verdict); the kernels are emitted by
// hw/codegen/probe_source.cpp.
//
// Values probes carry CANDIDATE HYPOTHESES: the emulator's numerics models for the instruction
// (`model:NAME`, every model of models_for) plus named alternatives that the verdict computes around
// a model (e.g. `modifier-ignored`). Their inputs are chosen so that the candidates disagree; a test
// checks that on the emulator. Timed probes name the cycle-model microbenchmark of the same shape.
#pragma once

#include <cctype>
#include <cstdint>
#include <optional>
#include <set>
#include <stdexcept>
#include <tuple>
#include <string>
#include <string_view>
#include <vector>

#include "wmmasim/hw/inputs.hpp"
#include "wmmasim/hw/programs.hpp"

namespace wmmasim::hw {

// What the kernel does between loading its operands and storing D.
enum class ProbeBody : std::uint8_t {
  builtin_call,     // the clang builtin (flags as constant arguments)
  asm_call,         // the mnemonic in inline asm: C modifiers, index_key or an inline-constant C
  exec_call,        // the mnemonic in inline asm between an EXEC write and its restore; D pre-filled
                    // with kExecMarker (SWMMAC: with C, its accumulator)
  timer_only,       // T0: two fenced timer reads, nothing between
  timer_dependent,  // T0: a v_readfirstlane between the reads
  chain_c,          // T2/T7/T8: 64 instructions, each D the next C (SWMMAC: the accumulator)
  chain_a,          // T3/T7: 64 WMMAs, each D the next A (16-bit outputs)
  valu_after,       // T4: one WMMA, `count` v_nop, a v_add_f32 reading D[0]
  fma_between,      // T5: two accumulators, `count` independent v_fma_f32 after every WMMA
  index_from_wmma,  // T8: 32 pairs: a WMMA (`producer`) whose D[0] is the next SWMMAC's index
};

// How the probe's inputs are built (all from the seed where not fixed).
enum class Recipe : std::uint8_t {
  random,               // the generator of inputs.hpp (same bits as `hw run`)
  swamping,             // rows of ones/threes at chosen K slots around a C at 2^(p+1): order and grouping
  int_negative_overflow,  // C near INT_MIN, negative products
  int_positive_overflow,  // C near INT_MAX, positive products
  iu4_extremes,         // signed nibbles -8 and 7 everywhere
  subnormal,            // subnormal A/B inputs and C, subnormal results
  f16_overflow,         // per-step results beyond the f16 maximum
  negative_zero,        // zero products, C = -0
  index_equal,          // SWMMAC index fields idx0 == idx1
  index_reversed,       // SWMMAC index fields idx0 > idx1
  unselected_nonfinite, // NaN/inf in B rows no index selects
  all_index_sets,       // SWMMAC index words with every set filled (all 32 bits)
  bf16_overflow,        // one step's sum between the largest finite bf16 and infinity, or beyond f32's range
  bf16_subnormal,       // one step's sum in the bf16 subnormal range, with bits below its grid
  bf16_nan,             // NaN factors with payloads, a NaN C, inf * 0 and inf - inf
  ignored_lane_noise,   // random inputs, plus nonzero noise in the lanes an operand's layout leaves unused
  exact_small,          // small positive integers: every model computes the same exact D
  index_one_hot,        // IU4 SWMMAC: one stored nibble per row, B one-hot per dense K, so D names the B row
                        // each index field picked (12.15)
  fp8_grouping,         // FP8/BF8: one large product and negative minimum subnormals in chosen K slots, so
                        // which products are floored on a shared grid shows (12.1, numerics.md 7.5)
};

// What an exec_call kernel leaves in D's registers before the instruction: an f32 signalling NaN
// (0x7FA57FA5), as 16-bit halves an f16 quiet NaN and a bf16 signalling NaN, as i32 far beyond what
// exact_small inputs sum to. No WMMA result of those inputs has these bits, and it differs from the
// 0xFF bytes the runner fills the output buffer with, so "the instruction left the lane alone" and
// "the lane was not stored" look different.
inline constexpr std::uint32_t kExecMarker = 0x7FA57FA5u;

struct Probe {
  std::string name;      // unique: "<question>/<what>/<builtin>"
  std::string question;  // "numerics 12.1" ... or "timing T2"
  std::string decides;   // one sentence
  const Instruction* ins = nullptr;  // the instruction whose registers the kernel loads and stores
  ProbeBody body = ProbeBody::builtin_call;
  Recipe recipe = Recipe::random;
  std::uint16_t flags = 0;          // builtin flags: kSignA, kSignB, kClamp
  std::uint8_t neg = 0, neg_hi = 0; // asm_call: NEG / NEG_HI bits (bit 2 = C)
  int index_key = 0;                // asm_call on SWMMAC
  int inline_c = -1;                // asm_call: VOP3P inline-constant selector for C (-1: registers)
  bool sets_mode = false;           // s_setreg of MODE[offset +: size] = value before the instruction
  int mode_offset = 0, mode_size = 0;
  std::uint32_t mode_value = 0;
  int count = 0;                    // valu_after: v_nops; fma_between: v_fmas
  int part = 0;                     // index_one_hot: rows drive (group, stored value) pairs 16*part..16*part+15
  const Instruction* producer = nullptr;  // index_from_wmma
  std::string benchmark;            // timed probes: the cycle-model microbenchmark of the same shape
  std::vector<std::string> alternatives;  // hypotheses beyond the models (values probes)
  bool expectation_only = false;    // one prediction to confirm; no rival the emulator can compute
  std::uint64_t exec_mask = 0;      // exec_call: EXEC while the instruction issues (bit L = lane L)
  // False when the question is not about arithmetic (EXEC): the candidates are only the alternatives,
  // the inputs make every model agree, and the probe is no evidence for a model (calibration).
  bool models_are_candidates = true;

  bool timed() const { return body >= ProbeBody::timer_only; }
  Program base() const { return {ins, flags, timed() ? Mode::timed : Mode::values, Addressing::none}; }
  // Kernel symbol: wmmasim_probe_ + the name with every non-identifier character as '_'.
  std::string symbol() const {
    std::string s = "wmmasim_probe_";
    for (char ch : name) s += (std::isalnum(static_cast<unsigned char>(ch)) ? ch : '_');
    return s;
  }
  // Modifier names as run files spell them (runfile/replay.hpp), so `wmmasim diff` replays them.
  std::vector<std::string> modifier_names() const {
    std::vector<std::string> out = base().flag_names();
    const char* neg_names[] = {"neg_lo_a", "neg_lo_b", "neg_lo_c"};
    const char* hi_names[] = {"neg_hi_a", "neg_hi_b", "neg_hi_c"};
    for (int i = 0; i < 3; ++i) {
      if (neg >> i & 1) out.emplace_back(neg_names[i]);
      if (neg_hi >> i & 1) out.emplace_back(hi_names[i]);
    }
    if (sets_mode && mode_offset <= 23 && mode_offset + mode_size > 23 && (mode_value >> (23 - mode_offset) & 1))
      out.emplace_back("fp16_ovfl");
    if (index_key) out.push_back("index_key=" + std::to_string(index_key));
    if (body == ProbeBody::exec_call) out.push_back("exec=" + exec_text());
    return out;
  }
  // EXEC as hex with one digit per four lanes: "0x55555555" (wave32), "0x0000000000000000" (wave64).
  std::string exec_text() const {
    static const char* kDigits = "0123456789abcdef";
    std::string s = "0x";
    for (int shift = ins->wave - 4; shift >= 0; shift -= 4) s += kDigits[exec_mask >> shift & 0xF];
    return s;
  }
};

// MODE fields (RDNA ISA "MODE register"): FP_ROUND [3:0], FP_DENORM [7:4], DX10_CLAMP 8, IEEE 9,
// FP16_OVFL 23. The values below are what each probe writes.
inline constexpr int kModeRoundOffset = 0, kModeDenormOffset = 4, kModeDx10Offset = 8, kModeIeeeOffset = 9,
                     kModeFp16OvflOffset = 23;

// The lanes in which an operand's registers hold no element of its matrix (layouts.md 4.2: wave64
// IU4 16x16x16 A and B; 5.3: wave64 SWMMAC IU4 16x16x32 A and index): what the instruction should ignore.
inline std::vector<int> lanes_without_elements(const Instruction& ins, Operand op) {
  const int per_lane = operand_vgprs(ins, op);
  std::vector<bool> holds(ins.wave, false);
  for_each_place(operand_layout(ins, op), ins.wave, per_lane,
                 [&](std::size_t word, int, std::size_t) { holds[word / static_cast<std::size_t>(per_lane)] = true; });
  std::vector<int> out;
  for (int lane = 0; lane < ins.wave; ++lane)
    if (!holds[static_cast<std::size_t>(lane)]) out.push_back(lane);
  return out;
}

// The input operands (A, B, index) with such lanes.
inline std::vector<Operand> operands_with_unused_lanes(const Instruction& ins) {
  std::vector<Operand> out;
  for (Operand op : {Operand::a, Operand::b, Operand::index})
    if (ins.has_operand(op) && !lanes_without_elements(ins, op).empty()) out.push_back(op);
  return out;
}

namespace probe_detail {

inline bool is_f8(Format f) { return f == Format::fp8 || f == Format::bf8; }
inline bool is_f16ish(Format f) { return f == Format::f16 || f == Format::bf16; }
inline bool rdna4_matrix(const Instruction& i) { return i.arch == Arch::rdna4 && i.family != Family::load_tr; }
inline std::string suffix(const Instruction& i) { return std::string(i.name); }

inline Probe values(std::string q, std::string what, std::string decides, const Instruction& ins, Recipe r,
                    std::vector<std::string> alternatives = {}) {
  Probe p;
  p.name = q + "/" + what + "/" + suffix(ins);
  p.question = "numerics 12." + q.substr(q.find('.') + 1);
  p.decides = std::move(decides);
  p.ins = &ins;
  p.recipe = r;
  p.alternatives = std::move(alternatives);
  return p;
}

inline Probe mode_probe(Probe p, int offset, int size, std::uint32_t value) {
  p.sets_mode = true;
  p.mode_offset = offset;
  p.mode_size = size;
  p.mode_value = value;
  return p;
}

inline Probe timed(std::string test, std::string what, const Instruction& ins, ProbeBody body, std::string benchmark,
                   std::string decides, int count = 0) {
  Probe p;
  p.name = test + "/" + what + "/" + suffix(ins);
  p.question = "timing " + test;
  p.decides = std::move(decides);
  p.ins = &ins;
  p.body = body;
  p.count = count;
  p.benchmark = std::move(benchmark);
  return p;
}

// The instruction kinds of the EXEC question (12.11); the first instruction of each kind and wave size
// in table order is probed.
enum class ExecKind : std::uint8_t { dense_float, fp8, integer, packed16, swmmac, none };
inline ExecKind exec_kind(const Instruction& i) {
  if (i.family == Family::swmmac) return ExecKind::swmmac;
  if (i.integer_inputs()) return ExecKind::integer;
  if (is_f8(i.a)) return ExecKind::fp8;
  if (format_bits(i.cd) == 16) return ExecKind::packed16;
  if (i.cd == Format::f32 && is_f16ish(i.a)) return ExecKind::dense_float;
  return ExecKind::none;
}

inline const Instruction& table_entry(std::string_view name) {
  for (const Instruction& i : kInstructions)
    if (i.name == name) return i;
  throw std::logic_error("probe list names a builtin missing from the table");
}

}  // namespace probe_detail

// Every probe, in a stable order. Questions of numerics.md section 12 by number, then the timing tests.
inline const std::vector<Probe>& all_probes() {
  using namespace probe_detail;
  static const std::vector<Probe> probes = [] {
    std::vector<Probe> out;
    std::set<std::pair<ExecKind, int>> exec_probed;  // 12.11: (kind, wave size) already probed
    for (const Instruction& ins : kInstructions) {
      if (!rdna4_matrix(ins)) continue;
      const bool dense = ins.family == Family::wmma, f8 = is_f8(ins.a);
      // 12.1 FP8/BF8 WMMA grouping and order: all four type combinations, both wave sizes.
      if (dense && f8) {
        out.push_back(values("12.1", "swamping", "FP8/BF8 WMMA: step size (4 or 8 products) and step order in K "
                             "(register-slot or ISA order), against the reference models", ins, Recipe::swamping));
        out.push_back(values("12.1", "subnormal", "FP8/BF8 WMMA: subnormal 8-bit inputs honoured or flushed", ins,
                             Recipe::subnormal, {"flush-inputs"}));
        out.push_back(values("12.1", "grouping", "FP8/BF8 WMMA: which products of a step share one grid: each quad its "
                             "own inside 8-product steps (fp8-dot8-quads, the default: the one model the public RX 9070 "
                             "XT probe's counts allow, numerics.md 7.5), or all 8, or steps of 4", ins, Recipe::fp8_grouping));
      }
      // 12.2 FP8 C modifiers (raw encodings of A/B NEG are not emitted: LLVM rejects them, docs/hw.md).
      if (dense && f8 && ins.wave == 32) {
        for (auto [neg, hi, what] : {std::tuple{4, 0, "neg_c"}, {0, 4, "abs_c"}, {4, 4, "neg_abs_c"}}) {
          Probe p = values("12.2", what, "FP8/BF8 WMMA: does NEG[2]/NEG_HI[2] negate / take |C| (LLVM: yes; ISA4, CALC: "
                           "unsupported)", ins, Recipe::random, {"modifier-ignored"});
          p.body = ProbeBody::asm_call;
          p.neg = static_cast<std::uint8_t>(neg);
          p.neg_hi = static_cast<std::uint8_t>(hi);
          out.push_back(p);
        }
      }
      // 12.3 SWMMAC float arithmetic: step structure in dense K, f32 and packed outputs.
      if (!dense && !ins.integer_inputs())
        out.push_back(values("12.3", "swamping", "SWMMAC float: which selected products share a step and in which "
                             "order (dense DOT4 datapath, FMA chain or one rounding)", ins, Recipe::swamping));
      // 12.4 SWMMAC index edge cases (f16 and iu8 wave32, every wave64 form with sets 2 and 3).
      if (!dense && ins.wave == 32 && (ins.a == Format::f16 || ins.a == Format::iu8)) {
        out.push_back(values("12.4", "idx_equal", "SWMMAC with idx0 == idx1: the same B row twice, or the second value "
                             "dropped", ins, Recipe::index_equal, {"second-slot-dropped"}));
        out.push_back(values("12.4", "idx_reversed", "SWMMAC with idx0 > idx1: the fields as given, or sorted", ins,
                             Recipe::index_reversed, {"index-sorted"}));
      }
      if (!dense && ins.wave == 32 && !ins.integer_inputs())
        out.push_back(values("12.4", "unselected_nan", "SWMMAC: NaN/inf in unselected B rows ignored (true selection) "
                             "or poisoning (zero-expanded A)", ins, Recipe::unselected_nonfinite, {"unselected-ignored", "unselected-poison"}));
      if (!dense && ins.wave == 64 && ins.index_sets() > 2)
        for (int key = 2; key < ins.index_sets(); ++key) {
          Probe p = values("12.4", "index_key" + std::to_string(key), "wave64 SWMMAC: index set " + std::to_string(key) +
                           " selects bits [" + std::to_string(32 / ins.index_sets() * key) + "+] of the index VGPR",
                           ins, Recipe::all_index_sets, {"index-key-ignored"});
          p.body = ProbeBody::asm_call;
          p.index_key = key;
          out.push_back(p);
        }
      // 12.5 Integer saturation, IU4 -8, mixed signedness.
      if (ins.integer_inputs() && (dense || ins.wave == 32)) {
        const std::uint16_t both = kSignA | kSignB;
        for (std::uint16_t clamp : {std::uint16_t{0}, std::uint16_t{kClamp}}) {
          Probe neg = values("12.5", clamp ? "neg_overflow_clamp" : "neg_overflow_wrap",
                             clamp ? "negative overflow with clamp: saturate to 0x80000000 (once, on C + sum)"
                                   : "negative overflow without clamp: wrap modulo 2^32",
                             ins, Recipe::int_negative_overflow, {clamp ? "clamp-ignored" : "saturating"});
          neg.flags = static_cast<std::uint16_t>(both | clamp);
          out.push_back(neg);
        }
        Probe pos = values("12.5", "pos_overflow_clamp", "positive overflow with clamp saturates to 0x7FFFFFFF", ins,
                           Recipe::int_positive_overflow, {"clamp-ignored"});
        pos.flags = both | kClamp;
        out.push_back(pos);
        Probe mixed = values("12.5", "mixed_sign", "A signed, B unsigned: each operand extended by its own flag", ins,
                             Recipe::random, {"signedness-ignored"});
        mixed.flags = kSignA;
        out.push_back(mixed);
        if (ins.a == Format::iu4) {
          Probe m8 = values("12.5", "iu4_minus8", "signed IU4 0x8 reads as -8", ins, Recipe::iu4_extremes,
                            {"signedness-ignored"});
          m8.flags = both;
          out.push_back(m8);
        }
      }
      // 12.6 MODE: FP_DENORM flush, FP_ROUND, IEEE/DX10_CLAMP on an f32-output WMMA per input type, wave32.
      if (dense && ins.wave == 32 && ins.cd == Format::f32 && (ins.a == Format::f16 || ins.a == Format::bf16 || ins.a == Format::fp8)) {
        out.push_back(mode_probe(values("12.6", "denorm_flush", "MODE.FP_DENORM = flush all: subnormal inputs/outputs "
                                        "flushed, or MODE ignored", ins, Recipe::subnormal, {"flush-inputs", "flush-outputs"}),
                                 kModeDenormOffset, 4, 0));
        Probe rtz = mode_probe(values("12.6", "round_rtz", "MODE.FP_ROUND = toward zero: WMMA rounding unchanged (RNE)", ins,
                                      Recipe::random),
                               kModeRoundOffset, 4, 0xF);
        rtz.expectation_only = true;
        out.push_back(rtz);
        Probe ieee = mode_probe(values("12.6", "ieee_dx10_off", "MODE.IEEE = 0 and DX10_CLAMP = 0: no effect on WMMA", ins,
                                       Recipe::random),
                                kModeDx10Offset, 2, 0);
        ieee.expectation_only = true;
        out.push_back(ieee);
      }
      // 12.7 FP16_OVFL: f16 output (both waves) clamps per step; bf16 and FP8 unaffected.
      if (dense && (ins.cd == Format::f16 || (ins.cd == Format::bf16 && ins.wave == 32) || (f8 && ins.wave == 32 && ins.a == ins.b))) {
        Probe p = mode_probe(values("12.7", "fp16_ovfl", "MODE.FP16_OVFL: per-step clamp of f16 results to +-0x7BFF; no "
                                    "effect on bf16 and FP8", ins, ins.cd == Format::f16 ? Recipe::f16_overflow : Recipe::random,
                                    {"modifier-ignored"}),
                             kModeFp16OvflOffset, 1, 1);
        p.expectation_only = ins.cd != Format::f16;  // the emulator has no rival rule for bf16/FP8
        if (p.expectation_only) p.alternatives.clear();
        out.push_back(p);
      }
      // 12.8 Packed BF16 output edge cases, on every RDNA4 instruction with a bf16 D: overflow, subnormal
      // results, NaN payloads. The products sit in the first step of every model, so a rule applied to
      // the final D (the alternatives) is the same rule applied per step.
      if (ins.cd == Format::bf16) {
        out.push_back(values("12.8", "overflow", "packed BF16 output: a sum between the largest finite bf16 and infinity "
                             "truncates to 0x7F7F or rounds to infinity, and a sum beyond the f32 range gives infinity "
                             "or saturates to 0x7F7F", ins, Recipe::bf16_overflow, {"overflow-saturates"}));
        out.push_back(values("12.8", "subnormal", "packed BF16 output: a sum in the bf16 subnormal range is truncated, "
                             "rounded to nearest or flushed to zero", ins, Recipe::bf16_subnormal, {"flush-outputs"}));
        out.push_back(values("12.8", "nan", "packed BF16 output: a NaN factor gives 0xFFFD, a canonical NaN or its own "
                             "payload quieted, a NaN C keeps its payload, inf*0 and inf-inf give 0xFFC0 or 0x7FC0", ins,
                             Recipe::bf16_nan, {"nan-payload-propagated"}));
      }
      // 12.9 Inline-constant C: integer selector 1 on float outputs, float selector 1.0 on IU.
      if (dense && ins.wave == 32 && (ins.cd == Format::f32 || ins.cd == Format::f16 || ins.cd == Format::i32) &&
          (ins.a == Format::f16 || ins.a == Format::fp8 || ins.a == Format::iu8)) {
        const bool integer = ins.cd == Format::i32;
        Probe p = values("12.9", integer ? "inline_c_float" : "inline_c_int",
                         integer ? "IU WMMA with C = 1.0 (selector 242): the f32 bit pattern 0x3F800000 as an integer, or 1"
                                 : "float WMMA with C = 1 (selector 129): the raw integer pattern (2^-149 / f16 0x0001), or 1.0",
                         ins, Recipe::random, {integer ? "inline-float-as-value" : "inline-int-as-value"});
        p.body = ProbeBody::asm_call;
        p.inline_c = integer ? 242 : 129;
        out.push_back(p);
      }
      // 12.11 EXEC, on the first instruction of each kind (dense float, FP8, integer, packed 16-bit output,
      // SWMMAC) and wave size in table order: EXEC = 0 and EXEC = even lanes while the instruction
      // issues, restored before the stores.
      if (exec_kind(ins) != ExecKind::none && exec_probed.insert({exec_kind(ins), ins.wave}).second) {
        const std::uint64_t all = ins.wave == 64 ? ~std::uint64_t{0} : 0xFFFFFFFFu;
        for (auto [mask, what, text] : {std::tuple{std::uint64_t{0}, "exec_zero", "EXEC = 0"},
                                        {0x5555555555555555u & all, "exec_even", "EXEC = even lanes"}}) {
          Probe p = values("12.11", what, std::string(text) + " while the instruction issues: every lane of D written "
                           "as with EXEC all ones, or the lanes with EXEC = 0 left holding " +
                           (dense ? "the marker" : "C (the accumulator)"), ins, Recipe::exact_small, {"exec-ignored", "exec-skips"});
          p.body = ProbeBody::exec_call;
          p.exec_mask = mask;
          p.models_are_candidates = false;
          out.push_back(p);
        }
      }
      // 12.12 Negative zero: zero products with C = -0, f32 and packed outputs.
      if (dense && ins.wave == 32 && (ins.a == Format::f16 || ins.a == Format::bf16 || ins.a == Format::fp8) && ins.b == ins.a)
        out.push_back(values("12.12", "negative_zero", "zero products with C = -0 give +0 (or keep -0)", ins,
                             Recipe::negative_zero, {"negative-zero-kept"}));
      // 12.13 Lanes an operand's layout leaves unused (wave64 IU4 16x16x16 A/B, SWMMAC IU4 16x16x32 A and
      // index): noise there must not change D. No rival reading of those lanes is known, so it is an
      // expectation.
      if (const std::vector<Operand> ops = operands_with_unused_lanes(ins); !ops.empty()) {
        const std::vector<int> lanes = lanes_without_elements(ins, ops[0]);
        std::string names;
        for (std::size_t i = 0; i < ops.size(); ++i)
          names += std::string(i == 0 ? "" : i + 1 == ops.size() ? " and " : ", ") + std::string(operand_name(ops[i]));
        const std::string range = "lanes " + std::to_string(lanes.front()) + "-" + std::to_string(lanes.back());
        Probe p = values("12.13", "unused_lanes", "wave" + std::to_string(ins.wave) + " " + std::string(ins.mnemonic) +
                         ": noise in " + range + " of " + names + " is ignored (D as from the other lanes alone); any "
                         "other D means the instruction reads them", ins, Recipe::ignored_lane_noise);
        p.expectation_only = true;
        out.push_back(p);
      }
      // 12.15 IU4 SWMMAC index reading: the documented one against composable_kernel #3753 / PR #3759
      // read literally in register terms (idx0 and idx1 swapped, each XOR 1), every IU4 SWMMAC form.
      // Inline asm passes the whole index VGPR (clang 19's builtin takes 16 bits, K=64 wave32 needs 32).
      if (!dense && ins.a == Format::iu4) {
        const int pairs = ins.k / 2;  // (group, stored value) pairs per row
        for (int part = 0; part * 16 < pairs; ++part) {
          Probe p = values("12.15", pairs > 16 ? "index_one_hot" + std::to_string(part) : std::string("index_one_hot"),
                           "IU4 SWMMAC: stored nibble s of group G meets B row 4G + idx_s (documented), or 4G + "
                           "(idx_(1-s) XOR 1) (composable_kernel #3753 read literally)", ins, Recipe::index_one_hot,
                           {"iu4-index-swap-xor1"});
          p.body = ProbeBody::asm_call;
          p.part = part;
          out.push_back(p);
        }
      }
    }

    // Timing (timing.md section 6), shapes and names matching cycles/microbenchmarks.cpp.
    const Instruction& f16 = table_entry("wmma_f32_16x16x16_f16_w32_gfx12");
    out.push_back(timed("T0", "timer_only", f16, ProbeBody::timer_only, "T0 back-to-back timer reads",
                        "L_sgetreg: back-to-back fenced timer reads"));
    out.push_back(timed("T0", "timer_readfirstlane", f16, ProbeBody::timer_dependent,
                        "T0 back-to-back timer reads with readfirstlane", "timer overhead with the readfirstlane dependency"));
    for (const Instruction& ins : kInstructions) {
      if (!rdna4_matrix(ins)) continue;
      const std::string n(ins.name);
      if (ins.wave == 32) out.push_back(timed("T2", "chain", ins, ProbeBody::chain_c, "T2 " + n + " D->C chain", "b_acc = cycles per link - P"));
      if (ins.wave == 64 && ins.family == Family::wmma)
        out.push_back(timed("T7", "chain", ins, ProbeBody::chain_c, "T7 " + n + " D->C chain", "k64: wave64 chain cycles per link"));
      if (ins.wave == 32 && ins.family == Family::swmmac)
        out.push_back(timed("T8", "chain", ins, ProbeBody::chain_c, "T8 " + n + " D->C chain", "SWMMAC P + b_acc per link"));
      const bool sixteen_out = ins.family == Family::wmma && format_bits(ins.cd) == 16 && ins.a == (ins.cd == Format::f16 ? Format::f16 : Format::bf16);
      if (sixteen_out)
        out.push_back(timed(ins.wave == 32 ? "T3" : "T7", "d_to_a", ins, ProbeBody::chain_a,
                            std::string(ins.wave == 32 ? "T3 " : "T7 ") + n + " D->A chain with v_nop",
                            "L_ab = cycles per link - P (at least 1)"));
    }
    for (const char* name : {"wmma_f32_16x16x16_f16_w32_gfx12", "wmma_f32_16x16x16_fp8_fp8_w32_gfx12"})
      for (int nops = 0; nops <= 10; ++nops)
        out.push_back(timed("T4", "nops" + std::to_string(nops), table_entry(name), ProbeBody::valu_after,
                            "T4 " + std::string(name) + " v_nop x" + std::to_string(nops) + " then VALU reads D",
                            "L_valu, and whether fewer than rocRoller's 4/8 v_nops give wrong values", nops));
    for (int fmas : {0, 1, 2, 4, 8, 16})
      out.push_back(timed("T5", "fma" + std::to_string(fmas), f16, ProbeBody::fma_between,
                          "T5 wmma_f32_16x16x16_f16_w32_gfx12 " + std::to_string(fmas) + " v_fma per WMMA",
                          "co-execution: P + m cycles per WMMA without it, max(P, m) with it", fmas));
    for (auto [producer, swmmac] : {std::pair{"wmma_i32_16x16x16_iu8_w32_gfx12", "swmmac_i32_16x16x32_iu8_w32"},
                                    {"wmma_f32_16x16x16_f16_w32_gfx12", "swmmac_f32_16x16x32_f16_w32"}}) {
      Probe p = timed("T8", "index_from_wmma", table_entry(swmmac), ProbeBody::index_from_wmma,
                      "T8 " + std::string(producer) + " D -> " + swmmac + " index with v_nop",
                      "L_idx = cycles per pair - P(producer) - P(swmmac)");
      p.producer = &table_entry(producer);
      out.push_back(p);
    }
    return out;
  }();
  return probes;
}

inline const Probe* find_probe(std::string_view name) {
  for (const Probe& p : all_probes())
    if (p.name == name) return &p;
  return nullptr;
}

inline std::vector<const Probe*> probes_for(Arch arch, int wave) {
  std::vector<const Probe*> out;
  for (const Probe& p : all_probes())
    if (p.ins->arch == arch && p.ins->wave == wave) out.push_back(&p);
  return out;
}

}  // namespace wmmasim::hw
