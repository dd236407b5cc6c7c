// threadIdx, blockIdx, blockDim and gridDim as ROCm declares them (ROCm clr
// hipamd/include/hip/amd_detail/amd_hip_runtime.h, 6.3): objects of empty structs whose x, y and z
// are __declspec(property) members read through static getters, with a conversion to dim3. So
// they are ordinary names: a class may have a member called blockDim, host code may declare
// `auto blockDim = dim3(...)`, and compiler messages show the user's own text. `auto i = threadIdx.x`
// is an unsigned int, printf("%d", threadIdx.x) prints it, templates deduce it.
// Each read is one thread-local load of the running lane's coordinates (wmmasim/simt/lane_context.hpp);
// outside a kernel it stops the program with a sentence naming the variable (exit status 2).
// __declspec needs clang's -fdeclspec (or -fms-extensions): wmmasim-hipcc and wmmasim::hip_headers pass it.
#pragma once

#include <cstdio>
#include <cstdlib>

#include "wmmasim/hip/detail/runtime_api.hpp"
#include "wmmasim/hip/detail/wave_size.hpp"
#include "wmmasim/simt/lane_context.hpp"

namespace wmmasim::hip::detail {
// Host code reading a coordinate: one sentence and exit status 2, as for the other faults.
[[noreturn, gnu::cold, gnu::noinline]] inline void coordinate_outside_kernel(const char* name) {
  std::fprintf(stderr, "wmmasim: %s was read outside a kernel launch (host code has no thread coordinates)\n", name);
  std::fflush(nullptr);
  std::_Exit(2);
}
[[gnu::always_inline]] inline const simt::LaneCoordinates& lane_coordinates(const char* name) {
  const simt::LaneCoordinates* c = simt::detail::t_coordinates;
  if (!c) [[unlikely]]
    coordinate_outside_kernel(name);
  return *c;
}
}  // namespace wmmasim::hip::detail

#define WMMASIM_HIP_COORDINATE(struct_name, variable, member)                                              \
  struct struct_name {                                                                                    \
    __declspec(property(get = __get_x)) unsigned int x;                                                   \
    __declspec(property(get = __get_y)) unsigned int y;                                                   \
    __declspec(property(get = __get_z)) unsigned int z;                                                   \
    [[gnu::always_inline]] static unsigned int __get_x() { return ::wmmasim::hip::detail::lane_coordinates(variable ".x").member.x; } \
    [[gnu::always_inline]] static unsigned int __get_y() { return ::wmmasim::hip::detail::lane_coordinates(variable ".y").member.y; } \
    [[gnu::always_inline]] static unsigned int __get_z() { return ::wmmasim::hip::detail::lane_coordinates(variable ".z").member.z; } \
    operator dim3() const {                                                                               \
      const ::wmmasim::simt::dim3& d = ::wmmasim::hip::detail::lane_coordinates(variable).member;         \
      return dim3(d.x, d.y, d.z);                                                                         \
    }                                                                                                     \
  };
WMMASIM_HIP_COORDINATE(__hip_builtin_threadIdx_t, "threadIdx", thread_idx)
WMMASIM_HIP_COORDINATE(__hip_builtin_blockIdx_t, "blockIdx", block_idx)
WMMASIM_HIP_COORDINATE(__hip_builtin_blockDim_t, "blockDim", block_dim)
WMMASIM_HIP_COORDINATE(__hip_builtin_gridDim_t, "gridDim", grid_dim)
#undef WMMASIM_HIP_COORDINATE

// Empty objects: reading a member never touches them, only the getter's thread-local.
inline constexpr __hip_builtin_threadIdx_t threadIdx{};
inline constexpr __hip_builtin_blockIdx_t blockIdx{};
inline constexpr __hip_builtin_blockDim_t blockDim{};
inline constexpr __hip_builtin_gridDim_t gridDim{};

#define hipThreadIdx_x threadIdx.x
#define hipThreadIdx_y threadIdx.y
#define hipThreadIdx_z threadIdx.z
#define hipBlockIdx_x blockIdx.x
#define hipBlockIdx_y blockIdx.y
#define hipBlockIdx_z blockIdx.z
#define hipBlockDim_x blockDim.x
#define hipBlockDim_y blockDim.y
#define hipBlockDim_z blockDim.z
#define hipGridDim_x gridDim.x
#define hipGridDim_y gridDim.y
#define hipGridDim_z gridDim.z

inline unsigned __lane_id() { return static_cast<unsigned>(::wmmasim::simt::coordinates("__lane_id").lane); }
