// The DPP control of update_dpp must be a compile-time constant (clang: "must be a constant integer").
#include <hip/hip_runtime.h>
__global__ void k(int* out, int control) {
  out[threadIdx.x] = __builtin_amdgcn_update_dpp(0, out[threadIdx.x], control, 0xF, 0xF, false);
}
int main() { return 0; }
