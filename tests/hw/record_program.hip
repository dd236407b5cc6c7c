// A plain HIP program for the recording tests, built by clang for gfx1201 and linked against the
// stand-in HIP runtime (fake_hip.cpp), which runs the host versions below instead of the kernels.
//   record_program [CODE_OBJECT]
// x[i] = i as __half (i < 64), y = 0; scale<<<2, 32>>>(x, y, 64, 3.0f) -> y[i] = 3 i;
// fill<<<1, 64>>>(z, 7) -> z[i] = 7 (extern "C": no parameter types in its name);
// with CODE_OBJECT (this file's device code alone): hipModuleLaunchKernel of fill on z + 16 with 9.
// Prints a checksum of y and z, so a test can see that recording changes nothing.
#include <hip/hip_runtime.h>
#include <hip/hip_fp16.h>

#include <cstdio>
#include <cstring>
#include <fstream>
#include <iterator>
#include <vector>

__global__ void scale(const __half* x, float* y, int n, float a) {
  const int i = __builtin_amdgcn_workgroup_id_x() * 32 + __builtin_amdgcn_workitem_id_x();
  if (i < n) y[i] = a * static_cast<float>(x[i]);
}

extern "C" __global__ void fill(int* z, int v) { z[__builtin_amdgcn_workitem_id_x()] = v; }

// The stand-in runtime's "GPU": the same computations on the host (fake_hip.cpp calls these).
extern "C" void wmmasim_fake_kernel__Z5scalePK6__halfPfif(void** args, dim3 grid, dim3 block) {
  const auto* x = *static_cast<const _Float16* const*>(args[0]);
  float* y = *static_cast<float**>(args[1]);
  const int n = *static_cast<int*>(args[2]);
  const float a = *static_cast<float*>(args[3]);
  for (unsigned i = 0; i < grid.x * block.x; ++i)
    if (static_cast<int>(i) < n) y[i] = a * static_cast<float>(x[i]);
}
extern "C" void wmmasim_fake_kernel_fill(void** args, dim3, dim3 block) {
  int* z = *static_cast<int**>(args[0]);
  for (unsigned i = 0; i < block.x; ++i) z[i] = *static_cast<int*>(args[1]);
}

#define CHECK(call)                                                   \
  do {                                                                \
    if ((call) != hipSuccess) {                                       \
      std::fprintf(stderr, "record_program: %s failed\n", #call);    \
      return 1;                                                       \
    }                                                                 \
  } while (0)

int main(int argc, char** argv) {
  constexpr int n = 64;
  std::vector<_Float16> hx(n);
  for (int i = 0; i < n; ++i) hx[i] = static_cast<_Float16>(i);
  __half* x = nullptr;
  float* y = nullptr;
  int* z = nullptr;
  CHECK(hipMalloc(&x, n * sizeof(__half)));
  CHECK(hipMalloc(&y, n * sizeof(float)));
  CHECK(hipMalloc(&z, 128 * sizeof(int)));
  CHECK(hipMemcpy(x, hx.data(), n * sizeof(__half), hipMemcpyHostToDevice));
  CHECK(hipMemset(y, 0, n * sizeof(float)));
  CHECK(hipMemset(z, 0, 128 * sizeof(int)));
  scale<<<2, 32>>>(x, y, n, 3.0f);
  CHECK(hipGetLastError());
  fill<<<1, 64>>>(z, 7);
  CHECK(hipDeviceSynchronize());
  if (argc > 1) {
    std::ifstream in(argv[1], std::ios::binary);
    const std::vector<char> image((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    hipModule_t module;
    hipFunction_t f;
    CHECK(image.empty() ? hipErrorFileNotFound : hipModuleLoadData(&module, image.data()));
    CHECK(hipModuleGetFunction(&f, module, "fill"));
    int* z16 = z + 16;
    int nine = 9;
    void* params[] = {&z16, &nine};
    CHECK(hipModuleLaunchKernel(f, 1, 1, 1, 32, 1, 1, 0, nullptr, params, nullptr));
    CHECK(hipDeviceSynchronize());
  }
  std::vector<float> hy(n);
  std::vector<int> hz(128);
  CHECK(hipMemcpy(hy.data(), y, n * sizeof(float), hipMemcpyDeviceToHost));
  CHECK(hipMemcpy(hz.data(), z, 128 * sizeof(int), hipMemcpyDeviceToHost));
  double sum = 0;
  for (float v : hy) sum += v;
  long zsum = 0;
  for (int v : hz) zsum += v;
  std::printf("y sum %.1f z sum %ld\n", sum, zsum);
  CHECK(hipFree(x));
  CHECK(hipFree(y));
  CHECK(hipFree(z));
  return 0;
}
