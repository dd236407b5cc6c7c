// Host code dereferencing a device pointer: on a discrete GPU this is not allowed either.
#include <hip/hip_runtime.h>
#include <cstdio>

int main() {
  float* d;
  (void)hipMalloc(&d, 16 * sizeof(float));
  (void)hipMemset(d, 0, 16 * sizeof(float));
  std::printf("%f\n", d[3]);
  return 0;
}
