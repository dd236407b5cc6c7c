// A plain HIP program built against the installed wmmasim by wmmasim_hip_executable().
#include <hip/hip_runtime.h>
#include <cstdio>

typedef _Float16 half8 __attribute__((ext_vector_type(8)));
typedef float float8 __attribute__((ext_vector_type(8)));

// All-ones A and B: every D element is 16.
__global__ void ones(float* d) {
  const half8 a = {1, 1, 1, 1, 1, 1, 1, 1};
  const float8 c = {};
  const float8 r = __builtin_amdgcn_wmma_f32_16x16x16_f16_w32_gfx12(a, a, c);
  for (int i = 0; i < 8; ++i) d[threadIdx.x * 8 + i] = r[i];
}

int main() {
  float* d;
  if (hipMalloc(&d, 256 * sizeof(float)) != hipSuccess) return 1;
  ones<<<1, 32>>>(d);
  float host[256];
  if (hipMemcpy(host, d, sizeof host, hipMemcpyDeviceToHost) != hipSuccess) return 1;
  for (float v : host)
    if (v != 16.0f) return std::printf("consumer_hip: wrong D element %f\n", v), 1;
  std::printf("consumer_hip: WMMA through the installed CPU HIP runtime passed\n");
  return 0;
}
