// threadIdx & co. as ROCm declares them: objects, so their names are free for other uses (a class
// member, a host variable), and their members are unsigned values wherever code uses them.
#include <hip/hip_runtime.h>

#include <cstdio>
#include <type_traits>

// rocWMMA's samples and test harness name members and locals after the coordinates.
struct KernelParams {
  static uint32_t blockDim() { return 128; }
  static dim3 gridDim() { return dim3(2, 1, 1); }
};

template <class T> __device__ T twice(T v) { return v + v; }

__global__ void record(unsigned* out, dim3* shapes) {
  auto i = threadIdx.x;
  static_assert(std::is_same_v<decltype(i), unsigned int>);
  static_assert(std::is_same_v<decltype(twice(blockIdx.x)), unsigned int>);
  const unsigned global = blockIdx.x * blockDim.x + i;
  out[global] = twice(threadIdx.x) + hipBlockIdx_x * 1000;
  if (global == 0) {
    const dim3 t = threadIdx, b = blockDim, g = gridDim;
    shapes[0] = t;
    shapes[1] = b;
    shapes[2] = g;
    printf("coordinates: lane %d of %d in block %u\n", threadIdx.x, blockDim.x, blockIdx.x);
  }
}

int main() {
  auto blockDim = dim3(KernelParams::blockDim());  // a host variable named blockDim, as in rocWMMA's samples
  auto gridDim = KernelParams::gridDim();
  unsigned* out;
  dim3* shapes;
  (void)hipMalloc(&out, 256 * sizeof(unsigned));
  (void)hipMallocManaged(&shapes, 3 * sizeof(dim3));
  hipLaunchKernelGGL(record, gridDim, blockDim, 0, 0, out, shapes);
  unsigned host[256];
  (void)hipMemcpy(host, out, sizeof host, hipMemcpyDeviceToHost);
  int wrong = 0;
  for (unsigned k = 0; k < 256; ++k) wrong += host[k] != 2 * (k % 128) + 1000 * (k / 128);
  wrong += shapes[0].x != 0 || shapes[1].x != 128 || shapes[1].y != 1 || shapes[2].x != 2;
  std::printf("coordinates: %d wrong\n", wrong);
  return wrong == 0 ? 0 : 1;
}
