// Barriers and fences, with S_BARRIER's rules: a barrier waits for the threads that have not exited,
// at whichever barrier they wait (wmmasim/simt/lane_context.hpp, docs/hip-on-cpu.md).
#pragma once

#include <atomic>
#include <source_location>

#include "wmmasim/simt/lane_context.hpp"

inline void __syncthreads(std::source_location where = std::source_location::current()) {
  wmmasim::simt::sync_threads(where);
}
inline int __syncthreads_count(int predicate, std::source_location where = std::source_location::current()) {
  return wmmasim::simt::sync_threads_count(predicate, where);
}
inline int __syncthreads_and(int predicate, std::source_location where = std::source_location::current()) {
  return wmmasim::simt::sync_threads_and(predicate, where);
}
inline int __syncthreads_or(int predicate, std::source_location where = std::source_location::current()) {
  return wmmasim::simt::sync_threads_or(predicate, where);
}
// Lanes of one block run on one OS thread and blocks on several: a full fence orders both.
inline void __threadfence() { std::atomic_thread_fence(std::memory_order_seq_cst); }
inline void __threadfence_block() { std::atomic_thread_fence(std::memory_order_seq_cst); }
inline void __threadfence_system() { std::atomic_thread_fence(std::memory_order_seq_cst); }
