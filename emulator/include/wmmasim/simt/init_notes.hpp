// Reads of memory nothing has written: data for `wmmasim check --tool initcheck`.
//
// With LaunchOptions::init_watch set, every load of code built with wmmasim-hipcc's access hooks
// (emulator/simt/access_hooks.cpp) is checked against what has been written. Shared memory, dynamic
// and static __shared__, is unwritten at the start of each block, as on the GPU, where a block
// finds whatever the previous one left in its LDS. A device buffer is unwritten from hipMalloc until
// a copy, a memset or a kernel's store (or atomic) writes it; the watch keeps those bytes, since they
// outlive launches. What the program then reads is garbage on the card, zero or stale here.
//
// Unwritten memory holds a pattern of its addresses (unwritten_byte), as on the GPU it holds
// garbage. The hooks see loads and stores, not every write: a struct copy (a float4 assigned, a
// HIP_vector_type is a union) is a memcpy the compiler inlines unhooked. So a load of bytes no hook
// saw written is told only when those bytes, and the unwritten ones around them, still hold the
// pattern; a write the hooks missed has changed them. wmmasim's atomics tell their writes.
#pragma once

#include <cstddef>
#include <cstdint>
#include <utility>
#include <string>
#include <vector>

#include "wmmasim/simt/dim3.hpp"

namespace wmmasim::simt {

inline std::uint8_t unwritten_byte(std::uintptr_t address) {
  return static_cast<std::uint8_t>((address * 0x9E3779B97F4A7C15ull) >> 56);
}
inline void fill_unwritten(void* memory, std::size_t bytes) {
  auto* p = static_cast<std::uint8_t*>(memory);
  const auto base = reinterpret_cast<std::uintptr_t>(memory);
  for (std::size_t i = 0; i < bytes; ++i) p[i] = unwritten_byte(base + i);
}

struct UninitNote {
  std::string kernel;
  dim3 block;
  int wave = 0, lane = 0;
  const void* address = nullptr;  // the first unwritten byte the load read
  unsigned bytes = 0;             // the load's size
  const void* code = nullptr;     // the instruction after the hook's call (symbolize code - 1)
  const char* memory = nullptr;   // "dynamic shared memory" when it is that (offset from its start)
  std::size_t offset = 0;
};

// One device buffer's written bytes: `written[i]` is nonzero once byte `begin + i` holds data.
struct WrittenBytes {
  std::uintptr_t begin = 0, end = 0;
  std::uint8_t* written = nullptr;  // null: not a tracked buffer (end is then where to look again)
};

class InitWatch {  // called from the worker threads running blocks, possibly concurrently
 public:
  virtual ~InitWatch() = default;
  // The tracked buffer holding `address`, or {address's page, null} when none does.
  virtual WrittenBytes buffer_at(const void* address) = 0;
  // The calling thread's static __shared__ variables, as [begin, end) address ranges.
  virtual std::vector<std::pair<std::uintptr_t, std::uintptr_t>> static_shared_ranges() = 0;
  virtual void note(const UninitNote&) = 0;
};

}  // namespace wmmasim::simt
