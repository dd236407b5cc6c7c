// Reading past the dynamic shared memory the launch asked for.
#include <hip/hip_runtime.h>

__global__ void reverse(float* data) {
  extern __shared__ float staging[];
  staging[threadIdx.x] = data[threadIdx.x];
  __syncthreads();
  data[threadIdx.x] = staging[blockDim.x - threadIdx.x];  // off by one: reads staging[blockDim.x]
}

int main() {
  float* d;
  (void)hipMalloc(&d, 1024 * sizeof(float));
  reverse<<<1, 1024, 1024 * sizeof(float)>>>(d);
  return hipDeviceSynchronize() == hipSuccess ? 0 : 4;
}
