// HIP's wave (warp) functions, as wave collectives: every lane of the wave must reach the call (a
// lane that does not is reported, as divergent code on the CPU cannot be told from a lane that
// skipped a shuffle). Lane selection follows ROCm's amd_warp_functions.h (lanes are chosen within
// `width`-lane segments; an out-of-segment source returns the caller's own value). The
// __builtin_amdgcn_* cross-lane builtins are in amdgcn_cross_lane.hpp and amdgcn_dpp.hpp.
#pragma once

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
