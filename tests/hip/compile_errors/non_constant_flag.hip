// clang requires the signedness flags of the integer WMMA builtins to be constants.
#include <hip/hip_runtime.h>
typedef int int2_ __attribute__((ext_vector_type(2)));
typedef int int8_ __attribute__((ext_vector_type(8)));
__global__ void k(int8_* d, bool signed_a) {
  int2_ a = {}, b = {};
  int8_ c = {};
  d[threadIdx.x] = __builtin_amdgcn_wmma_i32_16x16x16_iu8_w32_gfx12(signed_a, a, true, b, c, false);
}
int main() { return 0; }
