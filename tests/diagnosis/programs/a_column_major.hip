// A stored column-major (M x K, leading dimension M), as BLAS-style samples keep it; B and D
// row-major. A correct program: under WMMASIM_CHECK_LAYOUTS=1 it gets a note that dA is read
// column-major, never an error.
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

constexpr int M = 32, N = 32, K = 64;

__global__ void gemm_a_col_major(const _Float16* A, const _Float16* B, float* D) {
  const int lane = threadIdx.x % 32, g = lane / 16, mn = lane % 16;
  const int m0 = blockIdx.y * 16, n0 = blockIdx.x * 16;
  float8 acc = {};
  for (int k0 = 0; k0 < K; k0 += 16) {
    half8 a, b;
    for (int e = 0; e < 8; ++e) {
      const int k = k0 + (e & 3) + 4 * g + 8 * (e >> 2);  // RDNA4 16-bit A/B: K of element e in lane group g
      a[e] = A[k * M + m0 + mn];                          // column-major: A(m, k) at k * M + m
      b[e] = B[k * N + n0 + mn];
    }
    acc = __builtin_amdgcn_wmma_f32_16x16x16_f16_w32_gfx12(a, b, acc);
  }
  for (int v = 0; v < 8; ++v) D[(m0 + v + 8 * g) * N + n0 + mn] = acc[v];
}

int main() {
  std::vector<_Float16> a(M * K), b(K * N);
  std::vector<float> ref(M * N, 0.0f), d(M * N);
  for (int m = 0; m < M; ++m)
    for (int k = 0; k < K; ++k) a[k * M + m] = static_cast<_Float16>((m * 3 + k) % 7 - 3);
  for (int k = 0; k < K; ++k)
    for (int n = 0; n < N; ++n) b[k * N + n] = static_cast<_Float16>((k + 2 * n) % 5 - 2);
  for (int m = 0; m < M; ++m)
    for (int n = 0; n < N; ++n)
      for (int k = 0; k < K; ++k) ref[m * N + n] += static_cast<float>(a[k * M + m]) * static_cast<float>(b[k * N + n]);
  _Float16 *dA, *dB;
  float* dD;
  HIP_CHECK(hipMalloc(&dA, a.size() * sizeof(_Float16)));
  HIP_CHECK(hipMalloc(&dB, b.size() * sizeof(_Float16)));
  HIP_CHECK(hipMalloc(&dD, d.size() * sizeof(float)));
  HIP_CHECK(hipMemcpy(dA, a.data(), a.size() * sizeof(_Float16), hipMemcpyHostToDevice));
  HIP_CHECK(hipMemcpy(dB, b.data(), b.size() * sizeof(_Float16), hipMemcpyHostToDevice));
  gemm_a_col_major<<<dim3(N / 16, M / 16), 32>>>(dA, dB, dD);
  HIP_CHECK(hipMemcpy(d.data(), dD, d.size() * sizeof(float), hipMemcpyDeviceToHost));
  int wrong = 0;
  for (int i = 0; i < M * N; ++i) wrong += d[i] != ref[i];
  std::printf("a_column_major: %s\n", wrong ? "D WRONG" : "D correct");
  HIP_CHECK(hipFree(dA));
  HIP_CHECK(hipFree(dB));
  HIP_CHECK(hipFree(dD));
  return wrong ? 1 : 0;
}
