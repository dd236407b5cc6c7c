// A compile error on a line that uses threadIdx: the message shows the user's own text.
#include <hip/hip_runtime.h>

__global__ void k(int* out) {
  int* p = threadIdx.x;
  out[0] = *p;
}
