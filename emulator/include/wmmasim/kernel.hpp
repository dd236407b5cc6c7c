// One kernel source, two backends. Include this instead of <hip/hip_runtime.h> and write the kernel
// with the names below; it then compiles
//   - with clang++ -x hip --offload-arch=gfx1201 -nogpulib (the GPU; only compiler builtins are used,
//     because Debian's device libraries predate gfx12), and
//   - with g++ as ordinary C++ for the CPU backend (wmmasim::simt::launch), where global memory is
//     bounds-checked and barriers, wave collectives and the WMMA builtins are checked too.
// See docs/simt.md for a complete example and the list of what is checked.
#pragma once

#include "wmmasim/simt/vector_types.hpp"

#if defined(__HIP__)
// ---------------------------------------------------------------- GPU (clang HIP) ---------------
#include <hip/hip_runtime.h>

#define WMMASIM_KERNEL __global__
#define WMMASIM_DEVICE __device__
#define WMMASIM_LAUNCH_BOUNDS(threads) __launch_bounds__(threads)

namespace wmmasim {

template <class T> using global_ptr = T*;

__device__ inline unsigned thread_idx_x() { return __builtin_amdgcn_workitem_id_x(); }
__device__ inline unsigned thread_idx_y() { return __builtin_amdgcn_workitem_id_y(); }
__device__ inline unsigned thread_idx_z() { return __builtin_amdgcn_workitem_id_z(); }
__device__ inline unsigned block_idx_x() { return __builtin_amdgcn_workgroup_id_x(); }
__device__ inline unsigned block_idx_y() { return __builtin_amdgcn_workgroup_id_y(); }
__device__ inline unsigned block_idx_z() { return __builtin_amdgcn_workgroup_id_z(); }
__device__ inline unsigned block_dim_x() { return __builtin_amdgcn_workgroup_size_x(); }
__device__ inline unsigned block_dim_y() { return __builtin_amdgcn_workgroup_size_y(); }
__device__ inline unsigned block_dim_z() { return __builtin_amdgcn_workgroup_size_z(); }
// The dispatch packet holds the grid in work-items; HIP grids are whole blocks.
__device__ inline unsigned grid_dim_x() { return __builtin_amdgcn_grid_size_x() / block_dim_x(); }
__device__ inline unsigned grid_dim_y() { return __builtin_amdgcn_grid_size_y() / block_dim_y(); }
__device__ inline unsigned grid_dim_z() { return __builtin_amdgcn_grid_size_z() / block_dim_z(); }

__device__ inline int wave_size() { return __builtin_amdgcn_wavefrontsize(); }
__device__ inline int lane_id() {
  // mbcnt counts the set bits of ~0 below this lane: the lane index.
  const unsigned lo = __builtin_amdgcn_mbcnt_lo(~0u, 0u);
  return static_cast<int>(wave_size() == 32 ? lo : __builtin_amdgcn_mbcnt_hi(~0u, lo));
}
__device__ inline int wave_id() {
  const unsigned linear = thread_idx_x() + block_dim_x() * (thread_idx_y() + block_dim_y() * thread_idx_z());
  return static_cast<int>(linear) / wave_size();
}

// __syncthreads: make this workgroup's LDS and global writes visible, wait, then acquire.
__device__ inline void sync_threads() {
  __builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup");
  __builtin_amdgcn_s_barrier();
  __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup");
}

template <class T> __device__ inline T* dynamic_shared() {
  extern __shared__ __attribute__((aligned(16))) unsigned char wmmasim_dynamic_shared_[];
  return reinterpret_cast<T*>(wmmasim_dynamic_shared_);
}

template <class T, unsigned long N> struct shared_array {
  T elements[N];
  __device__ T& operator[](long i) { return elements[i]; }
  __device__ const T& operator[](long i) const { return elements[i]; }
  __device__ T* data() { return elements; }
  __device__ const T* data() const { return elements; }
};

// Vector loads and stores through a pointer of another element type (halves read as v8h).
template <class V, class P> __device__ inline V load_as(const P* p) { return *reinterpret_cast<const V*>(p); }
template <class V, class P> __device__ inline void store_as(P* p, const V& v) { *reinterpret_cast<V*>(p) = v; }

// Shader cycle counter, fenced so the compiler keeps it in place (docs/spec/timing.md 5.3).
__device__ inline unsigned long long cycle_counter() {
  __builtin_amdgcn_sched_barrier(0);
  const unsigned long long t = __builtin_readcyclecounter();
  __builtin_amdgcn_sched_barrier(0);
  return t;
}

}  // namespace wmmasim

#else
// ---------------------------------------------------------------- CPU (g++, wmmasim::simt) -------
#include <cstddef>
#include <cstring>
#include <source_location>

#include "wmmasim/simt/simt.hpp"

#if __has_include("wmmasim/wave/builtins.hpp")
#include "wmmasim/wave/builtins.hpp"  // __builtin_amdgcn_wmma_* etc. as wave collectives
#endif

#define WMMASIM_KERNEL
#define WMMASIM_DEVICE
#define WMMASIM_LAUNCH_BOUNDS(threads)

// Static shared memory. All lanes of a block run as fibers on one OS thread and each OS thread runs
// one block at a time, so a thread_local static is exactly "one instance per running block". Like
// LDS it is not cleared between blocks (it keeps the previous block's values).
#ifndef __shared__
#define __shared__ static thread_local
#endif

namespace wmmasim {

template <class T> using global_ptr = simt::checked_ptr<T>;
using simt::shared_array;

inline unsigned thread_idx_x() { return simt::thread_idx().x; }
inline unsigned thread_idx_y() { return simt::thread_idx().y; }
inline unsigned thread_idx_z() { return simt::thread_idx().z; }
inline unsigned block_idx_x() { return simt::block_idx().x; }
inline unsigned block_idx_y() { return simt::block_idx().y; }
inline unsigned block_idx_z() { return simt::block_idx().z; }
inline unsigned block_dim_x() { return simt::block_dim().x; }
inline unsigned block_dim_y() { return simt::block_dim().y; }
inline unsigned block_dim_z() { return simt::block_dim().z; }
inline unsigned grid_dim_x() { return simt::grid_dim().x; }
inline unsigned grid_dim_y() { return simt::grid_dim().y; }
inline unsigned grid_dim_z() { return simt::grid_dim().z; }
inline int wave_size() { return simt::wave_size(); }
inline int lane_id() { return simt::lane_id(); }
inline int wave_id() { return simt::wave_id(); }

inline void sync_threads(std::source_location where = std::source_location::current()) { simt::sync_threads(where); }

template <class T> simt::checked_ptr<T> dynamic_shared() { return simt::dynamic_shared<T>(); }

template <class V, class P>
V load_as(simt::checked_ptr<P> p, std::source_location where = std::source_location::current()) {
  return simt::ptr_cast<const V>(p).read(where);
}
template <class V, class P>
void store_as(simt::checked_ptr<P> p, const V& v, std::source_location where = std::source_location::current()) {
  simt::ptr_cast<V>(p).write(v, where);
}
// A plain pointer on the CPU points into a __shared__ array (global memory is always a checked_ptr):
// not bounds-checked, but traced as one LDS access, so the cycle model sees the kernel's LDS traffic.
// Always inlined: in a kernel's inner loops they must cost what a plain access costs plus one test.
template <class V, class P>
[[gnu::always_inline]] inline V load_as(const P* p, std::source_location where = std::source_location::current()) {
  V v;
  std::memcpy(static_cast<void*>(&v), p, sizeof(V));
  if (simt::detail::t_trace_memory) [[unlikely]]
    simt::detail::trace_memory(&simt::detail::shared_array_memory, false, sizeof(V), where);
  return v;
}
template <class V, class P>
[[gnu::always_inline]] inline void store_as(P* p, const V& v, std::source_location where = std::source_location::current()) {
  std::memcpy(static_cast<void*>(p), &v, sizeof(V));
  if (simt::detail::t_trace_memory) [[unlikely]]
    simt::detail::trace_memory(&simt::detail::shared_array_memory, true, sizeof(V), where);
}

// No cycles on the CPU: records a timer event in the trace (for the cycle model) and returns 0.
inline unsigned long long cycle_counter(std::source_location where = std::source_location::current()) {
  simt::trace_event(simt::TraceEvent{simt::EventKind::timer, "s_getreg_b32 SHADER_CYCLES", where, 0, {}});
  return 0;
}

}  // namespace wmmasim
#endif
