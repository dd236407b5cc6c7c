// Reading one element past a static __shared__ array: on the GPU (and on the CPU) the address is
// valid, the next array's first element, so only the subscript check names it.
#include <hip/hip_runtime.h>

__global__ void reverse(float* data) {
  __shared__ float staging[64];
  __shared__ float next[64];
  staging[threadIdx.x] = data[threadIdx.x];
  next[threadIdx.x] = 0.0f;
  __syncthreads();
  data[threadIdx.x] = staging[blockDim.x - threadIdx.x] + next[threadIdx.x];  // off by one at thread 0
}

int main() {
  float* d;
  (void)hipMalloc(&d, 64 * sizeof(float));
  reverse<<<1, 64>>>(d);
  return hipDeviceSynchronize() == hipSuccess ? 0 : 4;
}
