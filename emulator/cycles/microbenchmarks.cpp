// The shapes of timing.md section 6. Every timed region follows 5.3: a timer read, the measured
// instructions, a VALU that depends on every result, a v_readfirstlane, and the closing timer read
// (which in-order issue keeps behind the dependency).
#include "wmmasim/cycles/microbenchmarks.hpp"

#include <algorithm>
#include <cctype>
#include <functional>

#include "wmmasim/cycles/builder.hpp"
#include "wmmasim/error.hpp"
#include "wmmasim/layouts/instruction_table.hpp"

namespace wmmasim::cycles {
namespace {

constexpr int kChainDepth = 64;  // WMMAs per accumulator chain: "unrolled chains >= 64 deep"
constexpr int kWaveCounts[] = {1, 2, 4, 8};
constexpr int kAccumulatorCounts[] = {1, 2, 4, 8};

const Instruction& builtin(std::string_view name) {
  const Instruction* ins = find_builtin(name);
  if (ins == nullptr) throw std::logic_error("the microbenchmark plan names a builtin missing from the table");
  return *ins;
}

std::vector<const Instruction*> matrix_instructions(int wave, bool rdna4_only = false) {
  std::vector<const Instruction*> out;
  for (const Instruction& i : kInstructions)
    if (i.family != Family::load_tr && i.wave == wave && (!rdna4_only || i.arch == Arch::rdna4)) out.push_back(&i);
  return out;
}

// Source operands shared by every WMMA of a wave, and its accumulators.
struct Operands {
  VgprRange a, b, index;
  std::vector<VgprRange> accumulators;
};

Operands allocate(WaveBuilder& w, const Instruction& ins, int accumulators) {
  Operands o;
  o.a = w.alloc(ins.vgprs_a);
  o.b = w.alloc(ins.vgprs_b);
  if (ins.has_index()) o.index = w.alloc(ins.vgprs_index);
  for (int i = 0; i < accumulators; ++i) o.accumulators.push_back(w.alloc(ins.vgprs_cd));
  return o;
}

void accumulate(WaveBuilder& w, const Instruction& ins, const Operands& o, VgprRange acc) {
  if (ins.has_index()) w.swmmac(ins, acc, o.a, o.b, o.index);
  else w.wmma(ins, acc, o.a, o.b, acc);
}

// The end of a timed region: one VALU reading an element of every result, readfirstlane, timer.
void end_timed_region(WaveBuilder& w, const std::vector<VgprRange>& results) {
  std::vector<VgprRange> firsts;
  for (VgprRange r : results) firsts.push_back(r.slice(0));
  const VgprRange sum = w.alloc(1), lane0 = w.alloc(1);
  w.valu({sum}, firsts, "v_add_f32");
  w.valu({lane0}, {sum}, "v_readfirstlane_b32");
  w.timer();
}

Microbenchmark make(std::string test, std::string name, std::string decides, Metric metric, int units, Program p) {
  p.name = name;
  return {std::move(test), std::move(name), std::move(decides), metric, units, std::move(p)};
}

std::string shape(const Instruction& ins) { return std::string(ins.name); }

// T1 (and T7 for wave64): waves_per_simd waves on each of the CU's two SIMDs, one workgroup,
// `accumulators` independent chains per wave, interleaved.
Microbenchmark peak(std::string test, const Instruction& ins, int waves_per_simd, int accumulators) {
  ProgramBuilder p;
  for (int i = 0; i < 2 * waves_per_simd; ++i) {
    WaveBuilder& w = p.wave({.simd = i % 2, .block = 0, .wave_size = ins.wave});
    const Operands o = allocate(w, ins, accumulators);
    w.timer();
    for (int d = 0; d < kChainDepth; ++d)
      for (VgprRange acc : o.accumulators) accumulate(w, ins, o, acc);
    end_timed_region(w, o.accumulators);
  }
  return make(test,
              test + " " + shape(ins) + " waves/simd=" + std::to_string(waves_per_simd) + " acc=" + std::to_string(accumulators),
              "P and peak rate: cycles per WMMA per SIMD", Metric::cycles_per_wmma, 1, p.take());
}

// T2: one wave, one D -> C chain.
Microbenchmark accumulation_chain(std::string test, const Instruction& ins) {
  ProgramBuilder p;
  WaveBuilder& w = p.wave({.wave_size = ins.wave});
  const Operands o = allocate(w, ins, 1);
  w.timer();
  for (int d = 0; d < kChainDepth; ++d) accumulate(w, ins, o, o.accumulators[0]);
  end_timed_region(w, o.accumulators);
  return make(test, test + " " + shape(ins) + " D->C chain", "b_acc = cycles per link - P", Metric::cycles_per_unit,
              kChainDepth, p.take());
}

// T3: one wave; each WMMA's D is the next one's A, with the v_nop WH1 requires.
Microbenchmark d_to_a_chain(std::string test, const Instruction& ins) {
  ProgramBuilder p;
  WaveBuilder& w = p.wave({.wave_size = ins.wave});
  VgprRange x = w.alloc(ins.vgprs_cd), y = w.alloc(ins.vgprs_cd);
  const VgprRange b = w.alloc(ins.vgprs_b), c = w.alloc(ins.vgprs_cd);
  w.timer();
  for (int d = 0; d < kChainDepth; ++d) {
    w.wmma(ins, y, x, b, c).nop();
    std::swap(x, y);
  }
  end_timed_region(w, {x});
  return make(test, test + " " + shape(ins) + " D->A chain with v_nop", "L_ab = cycles per link - P (at least 1)",
              Metric::cycles_per_unit, kChainDepth, p.take());
}

// T4: a VALU reads D after `nops` v_nops.
Microbenchmark valu_after_wmma(const Instruction& ins, int nops) {
  ProgramBuilder p;
  WaveBuilder& w = p.wave();
  const Operands o = allocate(w, ins, 1);
  const VgprRange sum = w.alloc(1), lane0 = w.alloc(1);
  w.timer();
  accumulate(w, ins, o, o.accumulators[0]);
  for (int i = 0; i < nops; ++i) w.nop();
  w.valu({sum}, {o.accumulators[0].slice(0)}, "v_add_f32");
  w.valu({lane0}, {sum}, "v_readfirstlane_b32");
  w.timer();
  return make("T4", "T4 " + shape(ins) + " v_nop x" + std::to_string(nops) + " then VALU reads D",
              "L_valu; whether the rocRoller 4/8-NOP rule is needed for correct values", Metric::timed_cycles, 1, p.take());
}

// T5: two independent accumulators, `fmas` independent v_fma_f32 after every WMMA.
Microbenchmark valu_between_wmmas(const Instruction& ins, int fmas) {
  ProgramBuilder p;
  WaveBuilder& w = p.wave();
  const Operands o = allocate(w, ins, 2);
  std::vector<VgprRange> scratch;
  for (int i = 0; i < fmas; ++i) scratch.push_back(w.alloc(1));
  w.timer();
  for (int d = 0; d < kChainDepth; ++d) {
    accumulate(w, ins, o, o.accumulators[d % 2]);
    for (VgprRange s : scratch) w.valu({s}, {s}, "v_fma_f32");
  }
  end_timed_region(w, o.accumulators);
  return make("T5", "T5 " + shape(ins) + " " + std::to_string(fmas) + " v_fma per WMMA",
              "co-execution: P + m cycles per WMMA without it, max(P, m) with it", Metric::cycles_per_unit, kChainDepth,
              p.take());
}

// T6: one other-pipe instruction after every WMMA.
Microbenchmark other_pipe_overlap(const Instruction& ins, InstrKind other) {
  ProgramBuilder p;
  WaveBuilder& w = p.wave();
  const Operands o = allocate(w, ins, 2);
  const VgprRange loaded = w.alloc(4);  // b128 per lane
  w.timer();
  for (int d = 0; d < kChainDepth; ++d) {
    accumulate(w, ins, o, o.accumulators[d % 2]);
    if (other == InstrKind::salu) w.salu("s_add_u32");
    if (other == InstrKind::lds_load) w.lds_load(loaded, 16 * 32);
    if (other == InstrKind::global_load) w.global_load(loaded, 16 * 32);
  }
  end_timed_region(w, o.accumulators);
  return make("T6", "T6 " + shape(ins) + " + " + std::string(kind_name(other)) + " per WMMA",
              "how much SALU/LDS/VMEM issue hides under WMMA", Metric::cycles_per_wmma, 1, p.take());
}

// T8: a WMMA result becomes the next SWMMAC's sparse index (WH2 requires the v_nop).
Microbenchmark index_from_wmma(const Instruction& producer, const Instruction& swmmac) {
  ProgramBuilder p;
  WaveBuilder& w = p.wave();
  const VgprRange pa = w.alloc(producer.vgprs_a), pb = w.alloc(producer.vgprs_b), pd = w.alloc(producer.vgprs_cd);
  const Operands o = allocate(w, swmmac, 1);
  constexpr int kPairs = 32;
  w.timer();
  for (int i = 0; i < kPairs; ++i) {
    w.wmma(producer, pd, pa, pb, pd).nop();
    w.swmmac(swmmac, o.accumulators[0], o.a, o.b, pd.slice(0));
  }
  end_timed_region(w, o.accumulators);
  return make("T8", "T8 " + shape(producer) + " D -> " + shape(swmmac) + " index with v_nop",
              "L_idx = cycles per pair - P(producer) - P(swmmac)", Metric::cycles_per_unit, kPairs, p.take());
}

Microbenchmark timer_overhead(bool with_dependency) {
  ProgramBuilder p;
  WaveBuilder& w = p.wave();
  const VgprRange x = w.alloc(1), lane0 = w.alloc(1);
  w.timer();
  if (with_dependency) w.valu({lane0}, {x}, "v_readfirstlane_b32");
  w.timer();
  return make("T0", std::string("T0 back-to-back timer reads") + (with_dependency ? " with readfirstlane" : ""),
              "L_sgetreg: the overhead subtracted from every measurement", Metric::timed_cycles, 1, p.take());
}

using Generator = std::function<void(std::vector<Microbenchmark>&)>;

const std::vector<std::pair<std::string, Generator>>& generators() {
  static const std::vector<std::pair<std::string, Generator>> all = {
      {"T0", [](auto& out) { out.push_back(timer_overhead(false)), out.push_back(timer_overhead(true)); }},
      {"T1", [](auto& out) {
         for (const Instruction* ins : matrix_instructions(32))
           for (int waves : kWaveCounts)
             for (int acc : kAccumulatorCounts) out.push_back(peak("T1", *ins, waves, acc));
       }},
      {"T2", [](auto& out) {
         for (const Instruction* ins : matrix_instructions(32, true)) out.push_back(accumulation_chain("T2", *ins));
       }},
      {"T3", [](auto& out) {
         out.push_back(d_to_a_chain("T3", builtin("wmma_f16_16x16x16_f16_w32_gfx12")));
         out.push_back(d_to_a_chain("T3", builtin("wmma_bf16_16x16x16_bf16_w32_gfx12")));
       }},
      {"T4", [](auto& out) {
         for (const char* name : {"wmma_f32_16x16x16_f16_w32_gfx12", "wmma_f32_16x16x16_fp8_fp8_w32_gfx12"})
           for (int nops = 0; nops <= 10; ++nops) out.push_back(valu_after_wmma(builtin(name), nops));
       }},
      {"T5", [](auto& out) {
         for (int fmas : {0, 1, 2, 4, 8, 16}) out.push_back(valu_between_wmmas(builtin("wmma_f32_16x16x16_f16_w32_gfx12"), fmas));
       }},
      {"T6", [](auto& out) {
         for (InstrKind k : {InstrKind::salu, InstrKind::lds_load, InstrKind::global_load})
           out.push_back(other_pipe_overlap(builtin("wmma_f32_16x16x16_f16_w32_gfx12"), k));
       }},
      {"T7", [](auto& out) {
         for (const Instruction* ins : matrix_instructions(64))
           for (int waves : kWaveCounts)
             for (int acc : kAccumulatorCounts) out.push_back(peak("T7", *ins, waves, acc));
         for (const Instruction* ins : matrix_instructions(64, true)) out.push_back(accumulation_chain("T7", *ins));
         out.push_back(d_to_a_chain("T7", builtin("wmma_f16_16x16x16_f16_w64_gfx12")));
         out.push_back(d_to_a_chain("T7", builtin("wmma_bf16_16x16x16_bf16_w64_gfx12")));
       }},
      {"T8", [](auto& out) {
         // SWMMAC peak rates are part of T1 (every instruction of the table); here the chains.
         for (const Instruction* ins : matrix_instructions(32, true))
           if (ins->has_index()) out.push_back(accumulation_chain("T8", *ins));
         out.push_back(index_from_wmma(builtin("wmma_i32_16x16x16_iu8_w32_gfx12"), builtin("swmmac_i32_16x16x32_iu8_w32")));
         out.push_back(index_from_wmma(builtin("wmma_f32_16x16x16_f16_w32_gfx12"), builtin("swmmac_f32_16x16x32_f16_w32")));
       }},
  };
  return all;
}

}  // namespace

std::vector<Microbenchmark> microbenchmark_plan() {
  std::vector<Microbenchmark> out;
  for (const auto& [test, generate] : generators()) generate(out);
  return out;
}

std::vector<Microbenchmark> microbenchmark_plan(std::string_view test) {
  std::string key(test);
  for (char& c : key) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  std::string known;
  for (const auto& [id, generate] : generators()) {
    if (id == key) {
      std::vector<Microbenchmark> out;
      generate(out);
      return out;
    }
    known += (known.empty() ? "" : ", ") + id;
  }
  throw UserError("unknown microbenchmark \"" + std::string(test) + "\"; expected one of " + known +
                  " (T9 is the GEMM prediction: wmmasim cycles --gemm)");
}

double metric_value(const Microbenchmark& m, const Prediction& p) {
  Cycle timed = 0;
  for (const WaveResult& w : p.waves) timed = std::max(timed, w.timed_cycles());
  switch (m.metric) {
    case Metric::timed_cycles: return double(timed);
    case Metric::cycles_per_unit: return double(timed) / m.units;
    case Metric::cycles_per_wmma: {
      Cycle busiest = 0;
      for (const SimdResult& s : p.simds) {
        Cycle n = 0;
        for (const WaveResult& w : p.waves)
          if (w.simd == s.simd) n += w.wmma_count;
        busiest = std::max(busiest, n);
      }
      return busiest > 0 ? double(timed) / double(busiest) : 0.0;
    }
  }
  return 0.0;
}

}  // namespace wmmasim::cycles
