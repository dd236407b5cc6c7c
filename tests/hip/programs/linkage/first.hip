// Two sources including device_helpers.hpp; each also defines its own __device__ function `local`
// (each source is its own code object on the GPU, so the two do not clash there either).
#include "device_helpers.hpp"

__device__ int local() { return 1; }

__global__ void first_kernel(float* v) {
  v[threadIdx.x] = scaled(v[threadIdx.x], 0) + local();
  synchronize_block();
  if (threadIdx.x == 0) ++launches_seen;
}

void run_first(float* v) { first_kernel<<<1, 32>>>(v); }
