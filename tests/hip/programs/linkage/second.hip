#include <cstdio>

#include "device_helpers.hpp"

__device__ int local() { return 10; }

__global__ void second_kernel(float* v, int* seen) {
  v[threadIdx.x] = scaled(v[threadIdx.x], 1) + local();
  synchronize_block();
  if (threadIdx.x == 0) *seen = ++launches_seen;  // this source's own counter, as on the GPU
}

void run_first(float* v);

int main() {
  float* v;
  int* seen;
  (void)hipMallocManaged(&v, 32 * sizeof(float));
  (void)hipMallocManaged(&seen, sizeof(int));
  for (int i = 0; i < 32; ++i) v[i] = 1.0f;
  run_first(v);        // 1 * 2 + 1 = 3
  second_kernel<<<1, 32>>>(v, seen);  // 3 * 3 + 10 = 19
  (void)hipDeviceSynchronize();
  std::printf("linkage: v %g, counter %d\n", v[31], *seen);
  return v[0] == 19.0f && *seen == 1 ? 0 : 1;
}
