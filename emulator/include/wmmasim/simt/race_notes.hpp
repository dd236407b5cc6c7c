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
// Between blocks, which nothing orders within a launch, stores to the same bytes of a device buffer
// are told (BlockWriteNote) when this run saw the earlier block's store complete; the sink keeps the
// bytes' value then and, at the launch's end, reports the pair only if the bytes changed: blocks
// that store the same value (every block setting a flag) are benign on the GPU too.
//
// Not seen: atomic read-modify-writes (the hooks see plain and atomic loads and stores only), and
// loads racing with another block's stores (a last-block reduction orders them with a fence and an
// atomic, which the shadow does not model).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
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

// A store of a block to bytes another block of the same launch stored.
struct BlockWriteNote {
  std::string kernel;
  dim3 block, first_block;  // the storing block and the one that stored first
  int wave = 0, lane = 0;
  const void* address = nullptr;  // the store's first byte
  unsigned bytes = 0;             // the store's size (at most 16)
  std::array<std::uint8_t, 16> before{};  // the bytes' values before this store
  const void* code = nullptr;  // the later store (symbolize code - 1)
};

// Per byte of a device buffer, which block of which launch last stored it: a word of launch
// (kLaunchShift and up; never 0 for a launch), runner thread and linear block.
struct BlockWrites {
  std::uintptr_t begin = 0, end = 0;
  std::uint32_t* writers = nullptr;  // null: not a tracked buffer (end is then where to look again)
  std::uint32_t launch = 0;          // this launch's bits
  static constexpr unsigned kLaunchShift = 25, kRunnerShift = 20;
  static constexpr std::uint32_t kBlockMask = (1u << kRunnerShift) - 1, kRunnerMask = 31;
};

class RaceNoteSink {  // called from the worker threads running blocks, possibly concurrently
 public:
  virtual ~RaceNoteSink() = default;
  virtual void note(const RaceNote&) = 0;
  virtual void note(const BlockWriteNote&) = 0;
  // The tracked device buffer holding `address`, or {address's page, null} when none does.
  virtual BlockWrites block_writes_at(const void* address) = 0;
};

}  // namespace wmmasim::simt
