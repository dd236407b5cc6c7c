// __syncthreads inside a branch that only some threads take.
#include <hip/hip_runtime.h>

__global__ void bad(int* out) {
  __shared__ int tile[64];
  tile[threadIdx.x] = threadIdx.x;
  if (threadIdx.x < 32) __syncthreads();
  out[threadIdx.x] = tile[63 - threadIdx.x];
}

int main() {
  int* out;
  (void)hipMalloc(&out, 64 * sizeof(int));
  bad<<<1, 64>>>(out);
  return hipDeviceSynchronize() == hipSuccess ? 0 : 3;
}
