// Small hand-written programs shared by the cycle-model tests.
#pragma once

#include "wmmasim/cycles/builder.hpp"
#include "wmmasim/layouts/instruction_table.hpp"

namespace wmmasim::cycles::testing {

inline const Instruction& ins(const char* builtin) { return *find_builtin(builtin); }

// `waves` waves on SIMD 0, each issuing `per_wave` WMMAs round-robin over `accumulators` chains.
inline Program independent_wmmas(const Instruction& i, int waves, int per_wave, int accumulators = 4) {
  ProgramBuilder p("independent");
  for (int w = 0; w < waves; ++w) {
    WaveBuilder& wave = p.wave({.simd = 0, .block = w, .wave_size = i.wave});
    const VgprRange a = wave.alloc(i.vgprs_a), b = wave.alloc(i.vgprs_b);
    std::vector<VgprRange> acc;
    for (int k = 0; k < accumulators; ++k) acc.push_back(wave.alloc(i.vgprs_cd));
    for (int n = 0; n < per_wave; ++n) wave.wmma(i, acc[n % accumulators], a, b, acc[n % accumulators]);
  }
  return p.take();
}

// One wave, one D -> C chain of `links` WMMAs.
inline Program accumulation_chain(const Instruction& i, int links) {
  ProgramBuilder p("chain");
  WaveBuilder& w = p.wave({.wave_size = i.wave});
  const VgprRange a = w.alloc(i.vgprs_a), b = w.alloc(i.vgprs_b), acc = w.alloc(i.vgprs_cd);
  for (int n = 0; n < links; ++n) w.wmma(i, acc, a, b, acc);
  return p.take();
}

}  // namespace wmmasim::cycles::testing
