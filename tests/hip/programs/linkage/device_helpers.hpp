// A header with non-inline __device__ definitions, as rocWMMA's rocwmma_impl.hpp has one
// (synchronize_workgroup): a GPU build without -fgpu-rdc links it into any number of sources.
#pragma once
#include <hip/hip_runtime.h>

__device__ void synchronize_block() { __syncthreads(); }
__device__ int launches_seen;
__constant__ float scale_table[2] = {2.0f, 3.0f};
__device__ float scaled(float v, int which) { return v * scale_table[which]; }
