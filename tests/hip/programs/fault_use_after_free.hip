// A kernel reading a buffer that was freed before the launch.
#include <hip/hip_runtime.h>
#include <cstdio>

__global__ void read_all(const int* data, int* sum) {
  sum[threadIdx.x] = data[threadIdx.x];
}

int main() {
  int *data, *sum;
  (void)hipMalloc(&data, 64 * sizeof(int));
  (void)hipMalloc(&sum, 64 * sizeof(int));
  (void)hipFree(data);
  read_all<<<1, 64>>>(data, sum);
  const hipError_t e = hipDeviceSynchronize();
  std::printf("hipDeviceSynchronize: %s\n", hipGetErrorName(e));
  return e == hipSuccess ? 0 : 1;
}
