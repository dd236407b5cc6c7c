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

// Everything per-lane code asks "where am I" about, in one record per lane. The scheduler points a
// thread-local at the running lane's record at every switch, so a front end can read coordinates
// with one thread-local load (HIP's threadIdx is a plain value read from here).
struct LaneCoordinates {
  dim3 thread_idx, block_idx, block_dim, grid_dim;
  int lane = 0, wave = 0, wave_size = 0;
};

namespace detail {
extern thread_local constinit const LaneCoordinates* t_coordinates;  // null outside a kernel
[[noreturn, gnu::cold]] void outside_kernel(const char* function);
}  // namespace detail

// The calling lane's coordinates; `function` names the caller in the misuse sentence outside a kernel.
[[gnu::always_inline]] inline const LaneCoordinates& coordinates(const char* function) {
  const LaneCoordinates* c = detail::t_coordinates;
  if (!c) [[unlikely]]
    detail::outside_kernel(function);
  return *c;
}

bool in_kernel();  // false outside a launch (host code, or a thread the runtime did not start)
int lane_id();     // 0 .. wave_size-1
int wave_id();     // linear thread id / wave_size
int wave_size();   // 32 or 64, as launched
dim3 thread_idx();
dim3 block_idx();
dim3 block_dim();
dim3 grid_dim();
const std::string& kernel_name();
// True in a lane of a hidden run (LaunchOptions::hidden): device-side output must stay silent.
bool in_hidden_run();

// __syncthreads, with S_BARRIER's rules: returns when every thread of the block waits at a barrier
// (this one or another) or has exited. Threads that exited do not hold it up; lanes waiting at a
// wave collective that cannot complete do (that stall is a KernelFault naming both).
void sync_threads(std::source_location where = std::source_location::current());
// __syncthreads_count/_and/_or: a barrier that also counts, ANDs or ORs the predicates of the threads
// that arrive (exited threads take no part), as ROCm's __ockl_wgred_* do; every arriving thread
// gets the result (docs/simt.md, "Barriers", for what the GPU needs besides).
int sync_threads_count(int predicate, std::source_location where = std::source_location::current());
bool sync_threads_and(int predicate, std::source_location where = std::source_location::current());
bool sync_threads_or(int predicate, std::source_location where = std::source_location::current());

std::size_t dynamic_shared_bytes();

namespace detail {

// Stops the calling lane: `what_happened` (the start of a sentence) is completed with the kernel,
// block, wave, lane and, when where.line() != 0, the source line; the launch then throws it.
[[noreturn]] void fault_in_lane(FaultKind kind, const std::string& what_happened, std::source_location where = {});
// The same, for a location known only as text ("k.cpp:40 (in gemm)", from a compiler's check data).
[[noreturn]] void fault_in_lane_at(FaultKind kind, const std::string& what_happened, const std::string& location);

// The same stop without unwinding the lane's stack, for callers that may not throw (a noexcept
// function such as glibc's __assert_fail): the lane is abandoned where it stands.
[[noreturn]] void abandon_lane(FaultKind kind, const std::string& what_happened);

// "k.cpp:40" (basename only), or "" for an unknown location.
std::string short_location(const std::source_location& where);

}  // namespace detail
}  // namespace wmmasim::simt
