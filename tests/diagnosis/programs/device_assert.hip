// A probe that asserts on the device that every D slot holds the expected value. Under
// WMMASIM_CHECK_LAYOUTS=1 the tagged runs see tag values, so the assert fails there: that stops the
// tagged run only (the launch is left unchecked, with a note), not the program, whose own run
// passes as it does unchecked.
#include <hip/hip_runtime.h>

#include <cassert>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define HIP_CHECK(call)                                                              \
  do {                                                                               \
    const hipError_t status = (call);                                                \
    if (status != hipSuccess) {                                                      \
      std::fprintf(stderr, "%s at %s:%d\n", hipGetErrorString(status), __FILE__, __LINE__); \
      std::exit(1);                                                                  \
    }                                                                                \
  } while (0)

typedef _Float16 half8 __attribute__((ext_vector_type(8)));
typedef float float8 __attribute__((ext_vector_type(8)));

__global__ void probe_assert(const _Float16* A, const _Float16* B, const float* expected, float* D) {
  const int lane = threadIdx.x, g = lane / 16, mn = lane % 16;
  half8 a, b;
  for (int e = 0; e < 8; ++e) {
    const int k = (e & 3) + 4 * g + 8 * (e >> 2);
    a[e] = A[mn * 16 + k];
    b[e] = B[k * 16 + mn];
  }
  const float8 d = __builtin_amdgcn_wmma_f32_16x16x16_f16_w32_gfx12(a, b, float8{});
  for (int v = 0; v < 8; ++v) {
    const int i = (v + 8 * g) * 16 + mn;
    D[i] = d[v];
    assert(d[v] == expected[i]);
  }
}

int main() {
  std::vector<_Float16> a(256), b(256);
  std::vector<float> expected(256, 0.0f), d(256);
  for (int i = 0; i < 256; ++i) {
    a[i] = static_cast<_Float16>(i % 7 - 3);
    b[i] = static_cast<_Float16>(i % 3 - 1);
  }
  for (int m = 0; m < 16; ++m)
    for (int n = 0; n < 16; ++n)
      for (int k = 0; k < 16; ++k) expected[m * 16 + n] += static_cast<float>(a[m * 16 + k]) * static_cast<float>(b[k * 16 + n]);
  _Float16 *dA, *dB;
  float *dExpected, *dD;
  HIP_CHECK(hipMalloc(&dA, 512));
  HIP_CHECK(hipMalloc(&dB, 512));
  HIP_CHECK(hipMalloc(&dExpected, 1024));
  HIP_CHECK(hipMalloc(&dD, 1024));
  HIP_CHECK(hipMemcpy(dA, a.data(), 512, hipMemcpyHostToDevice));
  HIP_CHECK(hipMemcpy(dB, b.data(), 512, hipMemcpyHostToDevice));
  HIP_CHECK(hipMemcpy(dExpected, expected.data(), 1024, hipMemcpyHostToDevice));
  probe_assert<<<1, 32>>>(dA, dB, dExpected, dD);
  const hipError_t e = hipDeviceSynchronize();
  std::printf("probe_assert: %s\n", hipGetErrorString(e));
  return e == hipSuccess ? 0 : 1;
}
