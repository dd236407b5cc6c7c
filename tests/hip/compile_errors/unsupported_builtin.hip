// s_sendmsg talks to the GPU's control processor, which the CPU emulator does not model.
#include <hip/hip_runtime.h>
__global__ void k(int* out) {
  out[threadIdx.x] = 1;
  __builtin_amdgcn_s_sendmsg(3, 0);
}
int main() { return 0; }
