// row_bcast:15 (dpp_ctrl 0x142) exists on GCN only; clang's backend refuses it for gfx10 and later.
#include <hip/hip_runtime.h>
__global__ void k(int* out) {
  out[threadIdx.x] = __builtin_amdgcn_update_dpp(0, out[threadIdx.x], 0x142, 0xF, 0xF, false);
}
int main() { return 0; }
