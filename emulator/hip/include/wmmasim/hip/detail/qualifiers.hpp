// Function qualifiers (placeholder until the types branch lands).
#pragma once
#define __global__
#define __device__
#define __host__
#define __forceinline__ inline __attribute__((always_inline))
#define __launch_bounds__(...)
// ROCm's host_defines.h spelling of an alignment (`extern __shared__ __align__(16) char smem[];`).
#ifndef __align__
#define __align__(n) __attribute__((aligned(n)))
#endif
