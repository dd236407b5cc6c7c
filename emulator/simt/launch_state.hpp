// What every worker of one launch shares: the launch parameters, the block counter, the first
// fault and the finished waves' traces.
#pragma once

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
  std::atomic<bool> cancelled{false}, timed_out{false};

  std::mutex mutex;  // guards the members below
  std::optional<KernelFault> fault;
  std::uint64_t fault_block = 0;
  std::vector<WaveTrace> traces;

  // Keeps the fault of the lowest-numbered block that faulted (with one thread: the first) and stops
  // the other workers at their next switch between lanes.
  void report(std::uint64_t block, FaultKind kind, const std::string& sentence) {
    {
      std::lock_guard lock(mutex);
      if (!fault || block < fault_block) {
        fault.emplace(kind, sentence);
        fault_block = block;
      }
    }
    cancelled.store(true);
  }
};

}  // namespace wmmasim::simt::detail
