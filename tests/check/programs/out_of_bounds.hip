// A kernel that writes one float past the end of its output buffer: memcheck's error.
#include <hip/hip_runtime.h>

__global__ void scale(const float* in, float* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i <= n) out[i] = 2 * in[i < n ? i : 0];  // <= : one too many
}

int main() {
  float *in, *out;
  if (hipMalloc(&in, 64 * 4) || hipMalloc(&out, 64 * 4) || hipMemset(in, 0, 64 * 4)) return 1;
  scale<<<1, 128>>>(in, out, 64);
  (void)hipDeviceSynchronize();
  (void)hipFree(in);
  (void)hipFree(out);
  return 0;
}
