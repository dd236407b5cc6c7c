// An RDNA3 (gfx11) WMMA builtin in a program built for gfx1201.
#include <hip/hip_runtime.h>
typedef _Float16 half16 __attribute__((ext_vector_type(16)));
typedef float float8_ __attribute__((ext_vector_type(8)));
__global__ void k(float8_* d) {
  half16 a = {}, b = {};
  float8_ c = {};
  d[threadIdx.x] = __builtin_amdgcn_wmma_f32_16x16x16_f16_w32(a, b, c);
}
int main() { return 0; }
