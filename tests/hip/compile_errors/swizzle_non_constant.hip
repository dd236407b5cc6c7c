// The ds_swizzle pattern is the instruction's offset field: it must be a compile-time constant.
#include <hip/hip_runtime.h>
__global__ void k(int* out, int pattern) {
  out[threadIdx.x] = __builtin_amdgcn_ds_swizzle(out[threadIdx.x], pattern);
}
int main() { return 0; }
