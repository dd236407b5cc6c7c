// What kernel code asks the runtime: where am I (thread, block, lane, wave), wait for my block,
// where is my dynamic shared memory. Every function here must run inside a launch (in_kernel());
// outside one they throw KernelFault(FaultKind::misuse).
#pragma once

#include <cstddef>
#include <source_location>
#include <string>

#include "wmmasim/simt/dim3.hpp"
#include "wmmasim/simt/fault.hpp"

namespace wmmasim::simt {

bool in_kernel();  // false outside a launch (host code, or a thread the runtime did not start)
int lane_id();     // 0 .. wave_size-1
int wave_id();     // linear thread id / wave_size
int wave_size();   // 32 or 64, as launched
dim3 thread_idx();
dim3 block_idx();
dim3 block_dim();
dim3 grid_dim();
const std::string& kernel_name();

// __syncthreads: returns when every thread of the block has reached this same barrier (same line).
// A thread that exits, or waits at another barrier, stops the launch with a KernelFault.
void sync_threads(std::source_location where = std::source_location::current());

std::size_t dynamic_shared_bytes();

namespace detail {

// Stops the calling lane: `what_happened` (the start of a sentence) is completed with the kernel,
// block, wave, lane and, when where.line() != 0, the source line; the launch then throws it.
[[noreturn]] void fault_in_lane(FaultKind kind, const std::string& what_happened, std::source_location where = {});

// "k.cpp:40" (basename only), or "" for an unknown location.
std::string short_location(const std::source_location& where);

}  // namespace detail
}  // namespace wmmasim::simt
