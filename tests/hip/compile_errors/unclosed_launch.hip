// A launch whose configuration is never closed.
#include <hip/hip_runtime.h>
__global__ void k(int* p) { p[threadIdx.x] = 0; }
int main() {
  int* p = nullptr;
  k<<<1, 32>>(p);
  return 0;
}
