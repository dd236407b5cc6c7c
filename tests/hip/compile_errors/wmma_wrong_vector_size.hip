// A of the gfx12 f16 WMMA is 8 halves per lane; a 4-half vector does not fit (clang rejects it too).
#include <hip/hip_runtime.h>
typedef _Float16 half4 __attribute__((ext_vector_type(4)));
typedef _Float16 half8 __attribute__((ext_vector_type(8)));
typedef float float8_ __attribute__((ext_vector_type(8)));
__global__ void k(float8_* d) {
  half4 a = {};
  half8 b = {};
  float8_ c = {};
  d[threadIdx.x] = __builtin_amdgcn_wmma_f32_16x16x16_f16_w32_gfx12(a, b, c);
}
int main() { return 0; }
