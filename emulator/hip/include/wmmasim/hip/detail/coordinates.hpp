// threadIdx, blockIdx, blockDim, gridDim and warpSize as plain values, as HIP code uses them:
// `auto i = threadIdx.x` is an unsigned int, printf("%d", threadIdx.x) prints it, templates deduce it.
// Each is one thread-local load of the running lane's coordinates (wmmasim/simt/lane_context.hpp);
// outside a kernel it stops the program with a sentence naming the variable.
#pragma once

#include "wmmasim/simt/lane_context.hpp"

#define threadIdx (::wmmasim::simt::coordinates("threadIdx").thread_idx)
#define blockIdx (::wmmasim::simt::coordinates("blockIdx").block_idx)
#define blockDim (::wmmasim::simt::coordinates("blockDim").block_dim)
#define gridDim (::wmmasim::simt::coordinates("gridDim").grid_dim)

// The wave size the program was compiled for (wmmasim-hipcc defines __AMDGCN_WAVEFRONT_SIZE from
// --offload-arch and -mwavefrontsize64); launches run waves of this size.
#ifndef __AMDGCN_WAVEFRONT_SIZE
#define __AMDGCN_WAVEFRONT_SIZE 32
#endif
inline constexpr int warpSize = __AMDGCN_WAVEFRONT_SIZE;

inline unsigned __lane_id() { return static_cast<unsigned>(::wmmasim::simt::coordinates("__lane_id").lane); }
