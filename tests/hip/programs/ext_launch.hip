// hipExtLaunchKernelGGL and hipExtLaunchKernel (hip/hip_ext.h), as rocWMMA's samples and test
// harness call them: start and stop events recorded by the launch, a template kernel with several
// template arguments and no HIP_KERNEL_NAME, a kernel chosen at run time through a pointer.
#include <hip/hip_ext.h>
#include <hip/hip_runtime.h>

#include <cstdio>

template <typename T, int Scale> __global__ void scale(T* v, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) v[i] *= Scale;
}
__global__ void add_one(float* v, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) v[i] += 1.0f;
}

using Kernel = void (*)(float*, int);
struct Harness {
  Kernel kernelImpl() const { return add_one; }
};

int main() {
  const int n = 1000;
  float* d;
  (void)hipMalloc(&d, n * sizeof(float));
  (void)hipMemset(d, 0, n * sizeof(float));
  hipEvent_t start, stop;
  (void)hipEventCreate(&start);
  (void)hipEventCreate(&stop);
  const Harness h;
  hipExtLaunchKernelGGL((h.kernelImpl()), dim3(4), dim3(256), 0, 0, start, stop, 0, d, n);  // 1
  hipExtLaunchKernelGGL(scale<float, 3>, dim3(4), dim3(256), 0, 0, nullptr, nullptr, hipExtAnyOrderLaunch, d, n);  // 3
  float ms = -1.0f;
  const hipError_t timed = hipEventElapsedTime(&ms, start, stop);
  int n_arg = n;
  void* args[] = {&d, &n_arg};
  const hipError_t ext = hipExtLaunchKernel(reinterpret_cast<const void*>(&add_one), dim3(4), dim3(256), args, 0, nullptr,
                                            start, stop, 0);  // 4
  (void)hipEventSynchronize(stop);
  float host[n];
  (void)hipMemcpy(host, d, sizeof host, hipMemcpyDeviceToHost);
  int wrong = 0;
  for (float v : host) wrong += v != 4.0f;
  std::printf("ext_launch: %d wrong, elapsed %s, hipExtLaunchKernel %s\n", wrong,
              timed == hipSuccess && ms >= 0.0f ? "measured" : "missing", hipGetErrorName(ext));
  return wrong == 0 && timed == hipSuccess && ext == hipSuccess ? 0 : 1;
}
