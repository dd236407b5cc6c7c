// Writing traces by hand: tests, the microbenchmark plan (T0..T9) and the GEMM prediction are all
// programs built with this API, so the hardware backend can run the very same shapes.
//
//   ProgramBuilder p("chain");
//   WaveBuilder& w = p.wave();                      // wave 0 on SIMD 0, block 0, wave32
//   const Instruction& f16 = *find_builtin("wmma_f32_16x16x16_f16_w32_gfx12");
//   auto a = w.alloc(f16.vgprs_a), b = w.alloc(f16.vgprs_b), acc = w.alloc(f16.vgprs_cd);
//   for (int i = 0; i < 64; ++i) w.wmma(f16, acc, a, b, acc);
//   Program prog = p.take();
//
// Every call records the caller's file and line, so hazards point at the line that built them.
#pragma once

#include <source_location>
#include <string>

#include "wmmasim/cycles/trace.hpp"

namespace wmmasim::cycles {

struct WaveSetup {
  int simd = 0;
  int block = 0;
  int wave_size = 32;
};

class WaveBuilder {
 public:
  using Loc = std::source_location;

  // The next `n` unused VGPRs of this wave (a simple bump allocator; v0 first).
  VgprRange alloc(int n);

  // Dense WMMA: D = A*B + C. Pass the same range for C and D to accumulate in place.
  WaveBuilder& wmma(const Instruction& ins, VgprRange d, VgprRange a, VgprRange b, VgprRange c, Loc loc = Loc::current());
  // SWMMAC: D += A*B with sparse A; D is also the accumulator (read as C).
  WaveBuilder& swmmac(const Instruction& ins, VgprRange d, VgprRange a, VgprRange b, VgprRange index,
                      Loc loc = Loc::current());
  // Any ordinary VALU instruction (v_add, v_fma, v_readfirstlane, v_cvt, ...).
  WaveBuilder& valu(const std::vector<VgprRange>& writes, const std::vector<VgprRange>& reads,
                    const char* label = "v_valu", Loc loc = Loc::current());
  WaveBuilder& nop(Loc loc = Loc::current());                                // v_nop
  WaveBuilder& salu(const char* label = "s_salu", Loc loc = Loc::current());
  WaveBuilder& lds_load(VgprRange dst, unsigned bytes, Loc loc = Loc::current());
  WaveBuilder& lds_store(VgprRange src, unsigned bytes, Loc loc = Loc::current());
  WaveBuilder& global_load(VgprRange dst, unsigned bytes, Loc loc = Loc::current());
  WaveBuilder& global_store(VgprRange src, unsigned bytes, Loc loc = Loc::current());
  WaveBuilder& barrier(Loc loc = Loc::current());
  WaveBuilder& timer(Loc loc = Loc::current());

  // Appends an event as it is (the SIMT runtime's recorder uses this).
  WaveBuilder& event(TraceEvent e);

  WaveTrace& trace() { return program_->waves[index_]; }

 private:
  friend class ProgramBuilder;
  WaveBuilder(Program* program, std::size_t index) : program_(program), index_(index) {}
  TraceEvent& add(InstrKind kind, const char* label, Loc loc);
  Program* program_;
  std::size_t index_;  // by index, not pointer: program_->waves reallocates as waves are added
  int next_free_ = 0;
};

class ProgramBuilder {
 public:
  explicit ProgramBuilder(std::string name = "program");
  // Adds a wave; its id is the number of waves added before it. References stay valid until take().
  WaveBuilder& wave(WaveSetup setup = {});
  Program take();

 private:
  Program program_;
  std::deque<WaveBuilder> builders_;
};

}  // namespace wmmasim::cycles
