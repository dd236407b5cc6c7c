// wave_shl:1 (dpp_ctrl 0x130) exists on GCN only; clang's backend refuses it for gfx10 and later.
#include <hip/hip_runtime.h>
__global__ void k(int* out) {
  out[threadIdx.x] = __builtin_amdgcn_mov_dpp(out[threadIdx.x], 0x130, 0xF, 0xF, true);
}
int main() { return 0; }
