// Two translation units: the kernel is defined in multi_kernel.hip and launched from here.
#include <hip/hip_runtime.h>
#include <cstdio>

__global__ void add_one(int* v);

int main() {
  int* d;
  (void)hipMalloc(&d, 32 * sizeof(int));
  (void)hipMemset(d, 0, 32 * sizeof(int));
  add_one<<<1, 32>>>(d);
  int host[32];
  (void)hipMemcpy(host, d, sizeof host, hipMemcpyDeviceToHost);
  std::printf("multi: %d %d\n", host[0], host[31]);
  return host[0] == 1 && host[31] == 32 ? 0 : 1;
}
