// Where a lane is: the dispatch builtins (work-item and work-group ids, sizes, the grid), mbcnt and
// the wave size. Each is one read of the running lane's coordinates (wmmasim/simt/lane_context.hpp);
// outside a kernel it stops the program with a sentence naming the builtin.
#pragma once

#include "wmmasim/hip/detail/amdgcn_support.hpp"
#include "wmmasim/simt/lane_context.hpp"

#define WMMASIM_AMDGCN_COORDINATE(name, type, expr)                                        \
  inline type __builtin_amdgcn_##name() {                                                  \
    const ::wmmasim::simt::LaneCoordinates& c = ::wmmasim::simt::coordinates("__builtin_amdgcn_" #name); \
    return static_cast<type>(expr);                                                        \
  }
WMMASIM_AMDGCN_COORDINATE(workitem_id_x, unsigned, c.thread_idx.x)
WMMASIM_AMDGCN_COORDINATE(workitem_id_y, unsigned, c.thread_idx.y)
WMMASIM_AMDGCN_COORDINATE(workitem_id_z, unsigned, c.thread_idx.z)
WMMASIM_AMDGCN_COORDINATE(workgroup_id_x, unsigned, c.block_idx.x)
WMMASIM_AMDGCN_COORDINATE(workgroup_id_y, unsigned, c.block_idx.y)
WMMASIM_AMDGCN_COORDINATE(workgroup_id_z, unsigned, c.block_idx.z)
WMMASIM_AMDGCN_COORDINATE(workgroup_size_x, unsigned short, c.block_dim.x)
WMMASIM_AMDGCN_COORDINATE(workgroup_size_y, unsigned short, c.block_dim.y)
WMMASIM_AMDGCN_COORDINATE(workgroup_size_z, unsigned short, c.block_dim.z)
// The dispatch packet's grid is in work-items.
WMMASIM_AMDGCN_COORDINATE(grid_size_x, unsigned, c.grid_dim.x * c.block_dim.x)
WMMASIM_AMDGCN_COORDINATE(grid_size_y, unsigned, c.grid_dim.y * c.block_dim.y)
WMMASIM_AMDGCN_COORDINATE(grid_size_z, unsigned, c.grid_dim.z * c.block_dim.z)
#undef WMMASIM_AMDGCN_COORDINATE

// The compiled wave size, a constant as on the GPU (launches run waves of this size).
inline constexpr unsigned __builtin_amdgcn_wavefrontsize() { return ::wmmasim::hip::detail::amdgcn::kWaveSize; }

// mbcnt: `acc` plus the set bits of `mask` that stand for lower lanes (lo: lanes 0-31, hi: 32-63).
inline unsigned __builtin_amdgcn_mbcnt_lo(unsigned mask, unsigned acc) {
  const int lane = ::wmmasim::simt::coordinates("__builtin_amdgcn_mbcnt_lo").lane;
  const unsigned below = lane >= 32 ? ~0u : (1u << lane) - 1u;
  return acc + static_cast<unsigned>(__builtin_popcount(mask & below));
}
inline unsigned __builtin_amdgcn_mbcnt_hi(unsigned mask, unsigned acc) {
  const int lane = ::wmmasim::simt::coordinates("__builtin_amdgcn_mbcnt_hi").lane;
  const unsigned below = lane < 32 ? 0u : lane == 63 ? ~0u >> 1 : (1u << (lane - 32)) - 1u;
  return acc + static_cast<unsigned>(__builtin_popcount(mask & below));
}
