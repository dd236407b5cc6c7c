// Conflicting memory accesses that nothing orders: data for `wmmasim check --tool racecheck`.
//
// With LaunchOptions::race_notes set, every load and store of code built with wmmasim-hipcc's access
// hooks (emulator/simt/access_hooks.cpp) updates a per-block shadow of the bytes it touches: which
// wave and lane last wrote each byte, which read it, and between which barriers. Two accesses
// to a byte, at least one a store, conflict when no barrier (a completed __syncthreads) lies between
// them and they come from different waves: a race on the GPU too, whose result depends on how the
// waves are scheduled. Within one wave, lanes whose accesses no wave rendezvous (a wave function, a
// WMMA, __builtin_amdgcn_wave_barrier) separates rely on the wave's lockstep: defined on RDNA
// hardware, a race in HIP's memory model (same_wave). Accesses of one lane are program order.
//
// Not seen: atomic read-modify-writes (the hooks see plain and atomic loads and stores only), and
// conflicts between blocks (each block has its own shadow).
#pragma once

#include <cstddef>
#include <string>

#include "wmmasim/simt/dim3.hpp"

namespace wmmasim::simt {

enum class RaceKind { read_after_write, write_after_read, write_after_write };

struct RaceAccess {
  int wave = 0, lane = 0;
  const void* code = nullptr;  // the instruction after the hook's call (symbolize code - 1)
};

struct RaceNote {
  RaceKind kind = RaceKind::read_after_write;
  bool same_wave = false;  // lanes of one wave relying on lockstep: a warning, not an error
  std::string kernel;
  dim3 block;
  const void* address = nullptr;  // the first conflicting byte
  const char* memory = nullptr;   // "dynamic shared memory" when it is that (offset from its start)
  std::size_t offset = 0;
  RaceAccess first, second;       // the earlier access (as this run ordered them) and the later one
};

class RaceNoteSink {  // called from the worker threads running blocks, possibly concurrently
 public:
  virtual ~RaceNoteSink() = default;
  virtual void note(const RaceNote&) = 0;
};

}  // namespace wmmasim::simt
