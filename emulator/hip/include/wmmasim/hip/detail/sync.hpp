// Barriers and fences. A barrier counts arrivals: a thread of the block that exits, or waits at a
// different barrier, stops the launch with a sentence (wmmasim/simt/lane_context.hpp).
#pragma once

#include <atomic>
#include <source_location>

#include "wmmasim/simt/lane_context.hpp"

inline void __syncthreads(std::source_location where = std::source_location::current()) {
  wmmasim::simt::sync_threads(where);
}
inline int __syncthreads_count(int predicate, std::source_location where = std::source_location::current()) {
  return wmmasim::simt::sync_threads_count(predicate != 0, where);
}
inline int __syncthreads_and(int predicate, std::source_location where = std::source_location::current()) {
  const int count = wmmasim::simt::sync_threads_count(predicate != 0, where);
  return count == static_cast<int>(wmmasim::simt::coordinates("__syncthreads_and").block_dim.x *
                                   wmmasim::simt::block_dim().y * wmmasim::simt::block_dim().z);
}
inline int __syncthreads_or(int predicate, std::source_location where = std::source_location::current()) {
  return wmmasim::simt::sync_threads_count(predicate != 0, where) != 0;
}
// Lanes of one block run on one OS thread and blocks on several: a full fence orders both.
inline void __threadfence() { std::atomic_thread_fence(std::memory_order_seq_cst); }
inline void __threadfence_block() { std::atomic_thread_fence(std::memory_order_seq_cst); }
inline void __threadfence_system() { std::atomic_thread_fence(std::memory_order_seq_cst); }
