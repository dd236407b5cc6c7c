// A builtin call for a whole wave, on raw register words: what the typed front ends (wave-level
// functions and the per-lane CPU builtins of the SIMT runtime) reduce to.
#pragma once

#include <cstdint>
#include <source_location>
#include <vector>

#include "wmmasim/layouts/instruction.hpp"
#include "wmmasim/numerics/numerics.hpp"

namespace wmmasim {

struct WaveBuiltinCall {
  const Instruction* ins = nullptr;
  bool a_sign = false, b_sign = false, clamp = false;  // integer forms: the builtin's constant flags
  int opsel = 0;                                       // RDNA3 16-bit outputs: the half holding C and D
  // Per-lane register words, lane-major: a[lane * vgprs_a + v]; index: one word per lane.
  std::vector<std::uint32_t> a, b, c, index;
};

// Executes the call; returns D lane-major (lane * vgprs_cd + v). For RDNA3 16-bit outputs the other
// half of each D word is C's (the _tied builtins guarantee it; for the plain ones clang leaves it
// undefined, and the emulator chooses C's half).
std::vector<std::uint32_t> run_wave_builtin(const WaveBuiltinCall& call, const Model* model = nullptr);

// The same call with each lane's words left where they are (the SIMT builtins keep them on each
// lane's own stack): a[lane] points at that lane's vgprs_a words, and so on; index only for SWMMAC.
// Nothing is allocated. D goes to d, lane-major (ins.wave * vgprs_cd words), written after every
// input is read, so d may overlap them.
struct WaveBuiltinLanes {
  const Instruction* ins = nullptr;
  bool a_sign = false, b_sign = false, clamp = false;
  int opsel = 0;
  const std::uint32_t* a[64] = {};
  const std::uint32_t* b[64] = {};
  const std::uint32_t* c[64] = {};
  const std::uint32_t* index[64] = {};
};
void run_wave_builtin(const WaveBuiltinLanes& call, std::uint32_t* d, const Model* model = nullptr);

// The single entry every per-lane front end (kernel.hpp's CPU builtins, the plain-HIP builtins) runs a
// wave's matrix builtin through: run_wave_builtin, except during a layout check's tagged run, when
// the check sees the operands and D gets tags instead of a result (wmmasim/diagnosis/hook.hpp).
// `where` is the builtin call's source line, which the check's findings name.
void run_lane_builtin(const WaveBuiltinLanes& call, std::uint32_t* d, std::source_location where);

// global_load_tr: `fetched` holds what each lane loaded from its own address (lane-major, vgprs_cd
// words per lane); returns what each lane receives after the transposing shuffle (spec layouts.md 7).
std::vector<std::uint32_t> shuffle_load_tr(const Instruction& ins, const std::vector<std::uint32_t>& fetched);
// The same for per-lane front ends, the single entry for global_load_tr (as run_lane_builtin).
std::vector<std::uint32_t> run_lane_load_tr(const Instruction& ins, const std::vector<std::uint32_t>& fetched,
                                            std::source_location where);
// The same without allocation: `fetched` and `out` hold ins.wave lanes of vgprs_cd words each.
void shuffle_load_tr(const Instruction& ins, const std::uint32_t* fetched, std::uint32_t* out);
void run_lane_load_tr(const Instruction& ins, const std::uint32_t* fetched, std::uint32_t* out, std::source_location where);

// The model builtins use when no model is passed: default_model(ins) unless one is chosen here
// (process-wide; nullptr restores the defaults).
void set_builtin_model(const Model* model);
const Model& builtin_model(const Instruction& ins);

}  // namespace wmmasim
