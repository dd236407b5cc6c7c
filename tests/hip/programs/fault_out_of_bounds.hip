// One element past the end of a hipMalloc buffer: the guard page stops the launch; the program does
// not check for errors, so the runtime makes it exit with status 2.
#include <hip/hip_runtime.h>

__global__ void copy(const float* in, float* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i % n];  // the grid has more threads than out has elements
}

int main() {
  const int n = 1000;
  float *in, *out;
  (void)hipMalloc(&in, n * sizeof(float));
  (void)hipMalloc(&out, n * sizeof(float));
  copy<<<4, 256>>>(in, out, n);
  (void)hipDeviceSynchronize();
  return 0;
}
