// Built with -mwavefrontsize64: warpSize is 64, and the wave64 WMMA builtin runs on 64-lane waves.
#include <hip/hip_runtime.h>
#include <cstdio>

typedef _Float16 half4 __attribute__((ext_vector_type(4)));
typedef float float4_ __attribute__((ext_vector_type(4)));

__global__ void ones(float* out, int* wave) {
  half4 a = {1, 1, 1, 1}, b = {1, 1, 1, 1};
  float4_ c = {};
  const float4_ d = __builtin_amdgcn_wmma_f32_16x16x16_f16_w64_gfx12(a, b, c);
  out[threadIdx.x] = d[0] + d[1] + d[2] + d[3];
  if (threadIdx.x == 0) *wave = warpSize;
}

int main() {
  float* out;
  int* wave;
  (void)hipMalloc(&out, 64 * sizeof(float));
  (void)hipMalloc(&wave, sizeof(int));
  ones<<<1, 64>>>(out, wave);
  float host[64];
  int w = 0;
  (void)hipMemcpy(host, out, sizeof host, hipMemcpyDeviceToHost);
  (void)hipMemcpy(&w, wave, sizeof w, hipMemcpyDeviceToHost);
  // Every D element is the dot product of 16 ones: 4 elements per lane sum to 64.
  for (float v : host)
    if (v != 64.0f) return std::printf("wrong D element sum %f\n", v), 1;
  std::printf("wave64: warpSize %d, D correct\n", w);
  return w == 64 ? 0 : 1;
}
