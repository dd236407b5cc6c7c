// permlane16_var is a gfx12 instruction; clang refuses it when compiling for gfx1100.
#include <hip/hip_runtime.h>
__global__ void k(unsigned* out) {
  out[threadIdx.x] = __builtin_amdgcn_permlane16_var(0u, out[threadIdx.x], threadIdx.x & 15, false, false);
}
int main() { return 0; }
