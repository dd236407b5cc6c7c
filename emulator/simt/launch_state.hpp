// What every worker of one launch shares: the launch parameters, the block counter, the first
// fault and the finished waves' traces.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "wmmasim/simt/dim3.hpp"
#include "wmmasim/simt/fault.hpp"
#include "wmmasim/simt/launch_options.hpp"
#include "wmmasim/simt/trace.hpp"

namespace wmmasim::simt::detail {

struct LaunchState {
  std::string kernel;
  dim3 grid, block;
  LaunchOptions options;
  unsigned lanes_per_block = 0, waves_per_block = 0;
  std::uint64_t total_blocks = 0;
  void (*entry)(const void*) = nullptr;
  const void* entry_context = nullptr;

  std::atomic<std::uint64_t> next_block{0};
  std::atomic<unsigned> runners_made{0};  // numbers each thread's BlockRunner (racecheck's block writes)
  // The linear block each runner (by number, modulo 32) runs now: a block whose runner has moved on
  // has completed all its stores.
  std::array<std::atomic<std::uint64_t>, 32> running_block{};
  std::atomic<bool> cancelled{false}, timed_out{false};
  // Why the watchdog stopped the launch ("made no progress for 60 s"); written before timed_out.
  std::string timeout_text;
  // The block of `fault`: written under the mutex, read without it by every lane switch (stops()).
  std::atomic<std::uint64_t> fault_block{UINT64_MAX};

  std::mutex mutex;  // guards the members below
  std::optional<KernelFault> fault;
  std::vector<WaveTrace> traces;

  // Keeps the fault of the lowest-numbered block that faulted and stops the blocks above it at their
  // next switch between lanes. Blocks are handed out in order, so every lower block is already
  // running: it goes on to its end or its own fault, and the report is the one a single thread
  // would give, whatever the timing.
  void report(std::uint64_t block, FaultKind kind, const std::string& sentence) {
    {
      std::lock_guard lock(mutex);
      if (!fault || block < fault_block.load()) {
        fault.emplace(kind, sentence);
        fault_block.store(block);
      }
    }
    cancelled.store(true);
  }

  // Whether block `block` must stop now: the launch timed out, or a lower block faulted.
  bool stops(std::uint64_t block) const {
    return cancelled.load(std::memory_order_relaxed) &&
           (timed_out.load(std::memory_order_relaxed) || fault_block.load(std::memory_order_relaxed) < block);
  }
};

}  // namespace wmmasim::simt::detail
