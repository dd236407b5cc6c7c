// HIP's wave (warp) functions and the __builtin_amdgcn_* that WMMA code uses, as wave collectives:
// every lane of the wave must reach the call (a lane that does not is reported, as divergent code on
// the CPU cannot be told from a lane that skipped a shuffle). Lane selection follows ROCm's
// amd_warp_functions.h (lanes are chosen within `width`-lane segments; an out-of-segment source
// returns the caller's own value), and ds_bpermute reads lane (address / 4) modulo the wave size.
#pragma once

#include <atomic>
#include <cstdint>
#include <cstring>
#include <source_location>
#include <type_traits>

#include "wmmasim/hip/detail/coordinates.hpp"
#include "wmmasim/simt/wave_collective.hpp"

namespace wmmasim::hip::detail {

template <class T> struct ShuffleIn {
  T value;
  int source;  // the lane whose value this lane receives
};

// Every lane receives the value of lane `source` (its own when source is out of the wave).
template <class T> T permute(const char* what, T value, int source, std::source_location where) {
  static_assert(std::is_trivially_copyable_v<T>, "wave shuffles move trivially copyable values");
  return simt::wave_collective<ShuffleIn<T>, T>(
      what, ShuffleIn<T>{value, source},
      [](simt::LaneValues<const ShuffleIn<T>> in, simt::LaneValues<T> out) {
        const int n = static_cast<int>(in.size());
        for (int lane = 0; lane < n; ++lane) {
          const int s = in[lane].source;
          out[lane] = (s >= 0 && s < n) ? in[s].value : in[lane].value;
        }
      },
      where);
}

inline int self_lane() { return simt::coordinates("a wave function").lane; }

}  // namespace wmmasim::hip::detail

template <class T>
T __shfl(T var, int src_lane, int width = warpSize, std::source_location where = std::source_location::current()) {
  const int self = wmmasim::hip::detail::self_lane();
  const int index = (src_lane & (width - 1)) + (self & ~(width - 1));
  return wmmasim::hip::detail::permute("__shfl", var, index, where);
}
template <class T>
T __shfl_up(T var, unsigned lane_delta, int width = warpSize, std::source_location where = std::source_location::current()) {
  const int self = wmmasim::hip::detail::self_lane();
  int index = self - static_cast<int>(lane_delta);
  if (index < (self & ~(width - 1))) index = self;
  return wmmasim::hip::detail::permute("__shfl_up", var, index, where);
}
template <class T>
T __shfl_down(T var, unsigned lane_delta, int width = warpSize, std::source_location where = std::source_location::current()) {
  const int self = wmmasim::hip::detail::self_lane();
  int index = self + static_cast<int>(lane_delta);
  if (static_cast<int>((self & (width - 1)) + lane_delta) >= width) index = self;
  return wmmasim::hip::detail::permute("__shfl_down", var, index, where);
}
template <class T>
T __shfl_xor(T var, int lane_mask, int width = warpSize, std::source_location where = std::source_location::current()) {
  const int self = wmmasim::hip::detail::self_lane();
  int index = self ^ lane_mask;
  if (index >= ((self + width) & ~(width - 1))) index = self;
  return wmmasim::hip::detail::permute("__shfl_xor", var, index, where);
}

// One bit per lane of the wave, lane 0 in bit 0 (64 bits, as in ROCm, whatever the wave size).
inline unsigned long long __ballot(int predicate, std::source_location where = std::source_location::current()) {
  return wmmasim::simt::wave_collective<int, unsigned long long>(
      "__ballot", predicate,
      [](wmmasim::simt::LaneValues<const int> in, wmmasim::simt::LaneValues<unsigned long long> out) {
        unsigned long long mask = 0;
        for (std::size_t lane = 0; lane < in.size(); ++lane)
          if (in[lane]) mask |= 1ull << lane;
        for (auto& o : out) o = mask;
      },
      where);
}
inline unsigned long long __ballot64(int predicate, std::source_location where = std::source_location::current()) {
  return __ballot(predicate, where);
}
inline int __any(int predicate, std::source_location where = std::source_location::current()) {
  return __ballot(predicate, where) != 0;
}
inline int __all(int predicate, std::source_location where = std::source_location::current()) {
  const unsigned long long everyone = warpSize == 64 ? ~0ull : (1ull << warpSize) - 1;
  return __ballot(predicate, where) == everyone;
}
// Every lane that calls it is active: the CPU runtime requires the whole wave at a wave function.
inline unsigned long long __activemask(std::source_location where = std::source_location::current()) {
  return __ballot(1, where);
}

// ---- __builtin_amdgcn_* -------------------------------------------------------------------------
inline unsigned __builtin_amdgcn_workitem_id_x() { return threadIdx.x; }
inline unsigned __builtin_amdgcn_workitem_id_y() { return threadIdx.y; }
inline unsigned __builtin_amdgcn_workitem_id_z() { return threadIdx.z; }
inline unsigned __builtin_amdgcn_workgroup_id_x() { return blockIdx.x; }
inline unsigned __builtin_amdgcn_workgroup_id_y() { return blockIdx.y; }
inline unsigned __builtin_amdgcn_workgroup_id_z() { return blockIdx.z; }
inline unsigned short __builtin_amdgcn_workgroup_size_x() { return static_cast<unsigned short>(blockDim.x); }
inline unsigned short __builtin_amdgcn_workgroup_size_y() { return static_cast<unsigned short>(blockDim.y); }
inline unsigned short __builtin_amdgcn_workgroup_size_z() { return static_cast<unsigned short>(blockDim.z); }
// The dispatch packet's grid is in work-items.
inline unsigned __builtin_amdgcn_grid_size_x() { return gridDim.x * blockDim.x; }
inline unsigned __builtin_amdgcn_grid_size_y() { return gridDim.y * blockDim.y; }
inline unsigned __builtin_amdgcn_grid_size_z() { return gridDim.z * blockDim.z; }
inline int __builtin_amdgcn_wavefrontsize() { return warpSize; }

// mbcnt: `acc` plus the set bits of `mask` that stand for lower lanes (lo: lanes 0-31, hi: 32-63).
inline unsigned __builtin_amdgcn_mbcnt_lo(unsigned mask, unsigned acc) {
  const int lane = wmmasim::hip::detail::self_lane();
  const unsigned below = lane >= 32 ? ~0u : (1u << lane) - 1u;
  return acc + static_cast<unsigned>(__builtin_popcount(mask & below));
}
inline unsigned __builtin_amdgcn_mbcnt_hi(unsigned mask, unsigned acc) {
  const int lane = wmmasim::hip::detail::self_lane();
  const unsigned below = lane < 32 ? 0u : lane == 63 ? ~0u >> 1 : (1u << (lane - 32)) - 1u;
  return acc + static_cast<unsigned>(__builtin_popcount(mask & below));
}
inline int __builtin_amdgcn_readfirstlane(int value, std::source_location where = std::source_location::current()) {
  return wmmasim::hip::detail::permute("__builtin_amdgcn_readfirstlane", value, 0, where);
}
inline int __builtin_amdgcn_readlane(int value, int lane, std::source_location where = std::source_location::current()) {
  return wmmasim::hip::detail::permute("__builtin_amdgcn_readlane", value, lane, where);
}
inline int __builtin_amdgcn_ds_bpermute(int address, int value, std::source_location where = std::source_location::current()) {
  return wmmasim::hip::detail::permute("__builtin_amdgcn_ds_bpermute", value, (address >> 2) & (warpSize - 1), where);
}
inline void __builtin_amdgcn_s_barrier(std::source_location where = std::source_location::current()) {
  wmmasim::simt::sync_threads(where);
}
// Scheduling hints and waits order nothing on the CPU: lanes run one at a time between rendezvous.
inline void __builtin_amdgcn_sched_barrier(int) {}
inline void __builtin_amdgcn_sched_group_barrier(int, int, int) {}
inline void __builtin_amdgcn_s_waitcnt(int) {}
inline void __builtin_amdgcn_s_sleep(int) {}
inline void __builtin_amdgcn_s_setprio(short) {}
inline void __builtin_amdgcn_fence(int order, const char*) {
  std::atomic_thread_fence(order == __ATOMIC_RELAXED ? std::memory_order_relaxed : std::memory_order_seq_cst);
}
