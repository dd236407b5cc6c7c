// A is a 32 x 48 tile, at row 8 and column 16, of a larger 48 x 80 row-major matrix: the kernel gets
// a pointer into it and the leading dimension 80, as library-style samples pass sub-matrices. B and
// D are whole. A correct program: under WMMASIM_CHECK_LAYOUTS=1 it gets no finding at all.
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

constexpr int M = 32, N = 32, K = 48, LDA = 80, ROWS = 48, ROW0 = 8, COL0 = 16;

__global__ void gemm_lda(const _Float16* A, int lda, const _Float16* B, float* D) {
  const int lane = threadIdx.x % 32, g = lane / 16, mn = lane % 16;
  const int m0 = blockIdx.y * 16, n0 = blockIdx.x * 16;
  float8 acc = {};
  for (int k0 = 0; k0 < K; k0 += 16) {
    half8 a, b;
    for (int e = 0; e < 8; ++e) {
      const int k = k0 + (e & 3) + 4 * g + 8 * (e >> 2);
      a[e] = A[(m0 + mn) * lda + k];
      b[e] = B[k * N + n0 + mn];
    }
    acc = __builtin_amdgcn_wmma_f32_16x16x16_f16_w32_gfx12(a, b, acc);
  }
  for (int v = 0; v < 8; ++v) D[(m0 + v + 8 * g) * N + n0 + mn] = acc[v];
}

int main() {
  std::vector<_Float16> a(ROWS * LDA), b(K * N);
  std::vector<float> ref(M * N, 0.0f), d(M * N);
  for (int i = 0; i < ROWS * LDA; ++i) a[i] = static_cast<_Float16>(i % 9 - 4);
  for (int i = 0; i < K * N; ++i) b[i] = static_cast<_Float16>(i % 5 - 2);
  for (int m = 0; m < M; ++m)
    for (int n = 0; n < N; ++n)
      for (int k = 0; k < K; ++k)
        ref[m * N + n] += static_cast<float>(a[(ROW0 + m) * LDA + COL0 + k]) * static_cast<float>(b[k * N + n]);
  _Float16 *dA, *dB;
  float* dD;
  HIP_CHECK(hipMalloc(&dA, a.size() * sizeof(_Float16)));
  HIP_CHECK(hipMalloc(&dB, b.size() * sizeof(_Float16)));
  HIP_CHECK(hipMalloc(&dD, d.size() * sizeof(float)));
  HIP_CHECK(hipMemcpy(dA, a.data(), a.size() * sizeof(_Float16), hipMemcpyHostToDevice));
  HIP_CHECK(hipMemcpy(dB, b.data(), b.size() * sizeof(_Float16), hipMemcpyHostToDevice));
  gemm_lda<<<dim3(N / 16, M / 16), 32>>>(dA + ROW0 * LDA + COL0, LDA, dB, dD);
  HIP_CHECK(hipMemcpy(d.data(), dD, d.size() * sizeof(float), hipMemcpyDeviceToHost));
  int wrong = 0;
  for (int i = 0; i < M * N; ++i) wrong += d[i] != ref[i];
  std::printf("a_tile_of_larger: %s\n", wrong ? "D WRONG" : "D correct");
  HIP_CHECK(hipFree(dA));
  HIP_CHECK(hipFree(dB));
  HIP_CHECK(hipFree(dD));
  return wrong ? 1 : 0;
}
