// Half of a wave waits at __syncthreads while the other half waits at a shuffle. On the GPU the
// shuffle would run with half the lanes and read the other half's stale registers; the CPU
// emulator names the two groups instead.
#include <hip/hip_runtime.h>

__global__ void bad(int* out) {
  int v = threadIdx.x;
  if (threadIdx.x < 16) __syncthreads();
  else v = __shfl(v, 0);
  out[threadIdx.x] = v;
}

int main() {
  int* out;
  (void)hipMalloc(&out, 64 * sizeof(int));
  bad<<<1, 64>>>(out);
  return hipDeviceSynchronize() == hipSuccess ? 0 : 3;
}
