// One kernel launched many times, as a timing loop does (3 warm-up and 10 timed launches). Its
// fragments use the contiguous-K order (lane group g holds K 8g..8g+7) on A and B alike, which is
// the same product in another summation order: the check says so once, with its counts, not once
// per launch.
#include <hip/hip_runtime.h>

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

constexpr int M = 32, N = 32, K = 32;

__global__ void gemm(const _Float16* A, const _Float16* B, float* C) {
  const int lane = threadIdx.x % 32, g = lane / 16, mn = lane % 16;
  const int m0 = blockIdx.y * 16, n0 = blockIdx.x * 16;
  float8 acc = {};
  for (int k0 = 0; k0 < K; k0 += 16) {
    half8 a, b;
    for (int e = 0; e < 8; ++e) {
      a[e] = A[(m0 + mn) * K + k0 + 8 * g + e];
      b[e] = B[(k0 + 8 * g + e) * N + n0 + mn];
    }
    acc = __builtin_amdgcn_wmma_f32_16x16x16_f16_w32_gfx12(a, b, acc);
  }
  for (int v = 0; v < 8; ++v) C[(m0 + 8 * g + v) * N + n0 + mn] = acc[v];
}

int main() {
  std::vector<_Float16> a(M * K), b(K * N);
  for (int i = 0; i < M * K; ++i) a[i] = static_cast<_Float16>(i % 5 - 2);
  for (int i = 0; i < K * N; ++i) b[i] = static_cast<_Float16>(i % 3 - 1);
  _Float16 *dA, *dB;
  float* dC;
  HIP_CHECK(hipMalloc(&dA, a.size() * sizeof(_Float16)));
  HIP_CHECK(hipMalloc(&dB, b.size() * sizeof(_Float16)));
  HIP_CHECK(hipMalloc(&dC, M * N * sizeof(float)));
  HIP_CHECK(hipMemcpy(dA, a.data(), a.size() * sizeof(_Float16), hipMemcpyHostToDevice));
  HIP_CHECK(hipMemcpy(dB, b.data(), b.size() * sizeof(_Float16), hipMemcpyHostToDevice));
  hipEvent_t start, stop;
  HIP_CHECK(hipEventCreate(&start));
  HIP_CHECK(hipEventCreate(&stop));
  for (int i = 0; i < 3; ++i) gemm<<<dim3(N / 16, M / 16), 32>>>(dA, dB, dC);
  HIP_CHECK(hipEventRecord(start));
  for (int i = 0; i < 10; ++i) gemm<<<dim3(N / 16, M / 16), 32>>>(dA, dB, dC);
  HIP_CHECK(hipEventRecord(stop));
  HIP_CHECK(hipEventSynchronize(stop));
  std::vector<float> c(M * N);
  HIP_CHECK(hipMemcpy(c.data(), dC, c.size() * sizeof(float), hipMemcpyDeviceToHost));
  int wrong = 0;
  for (int m = 0; m < M; ++m)
    for (int n = 0; n < N; ++n) {
      float ref = 0;
      for (int k = 0; k < K; ++k) ref += static_cast<float>(a[m * K + k]) * static_cast<float>(b[k * N + n]);
      wrong += c[m * N + n] != ref;
    }
  std::printf("many_launches: 13 launches, %s\n", wrong ? "C WRONG" : "C correct");
  HIP_CHECK(hipFree(dA));
  HIP_CHECK(hipFree(dB));
  HIP_CHECK(hipFree(dC));
  return wrong ? 1 : 0;
}
