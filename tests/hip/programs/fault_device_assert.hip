// assert in a kernel: the launch stops and the error is hipErrorAssert.
#include <hip/hip_runtime.h>
#include <cassert>
#include <cstdio>

__global__ void check_positive(const int* v) {
  assert(v[threadIdx.x] > 0);
}

int main() {
  int host[32];
  for (int i = 0; i < 32; ++i) host[i] = i == 17 ? -1 : 1;
  int* d;
  (void)hipMalloc(&d, sizeof host);
  (void)hipMemcpy(d, host, sizeof host, hipMemcpyHostToDevice);
  check_positive<<<1, 32>>>(d);
  const hipError_t e = hipDeviceSynchronize();
  std::printf("%s: %s\n", hipGetErrorName(e), hipGetErrorString(e));
  return e == hipErrorAssert ? 1 : 0;
}
