// Function qualifiers (placeholder until the types branch lands).
#pragma once
#define __global__
#define __device__
#define __host__
#define __forceinline__ inline __attribute__((always_inline))
#define __launch_bounds__(...)
