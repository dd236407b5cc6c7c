// FP8 with A stored column-major and B stored transposed (N x K row-major), the storage a
// "TN"-style sample uses; D row-major. A correct program: under WMMASIM_CHECK_LAYOUTS=1 it gets a
// note for each of dA and dBt, never an error.
#include <hip/hip_runtime.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#define HIP_CHECK(call)                                                              \
  do {                                                                               \
    const hipError_t status = (call);                                                \
    if (status != hipSuccess) {                                                      \
      std::fprintf(stderr, "%s at %s:%d\n", hipGetErrorString(status), __FILE__, __LINE__); \
      std::exit(1);                                                                  \
    }                                                                                \
  } while (0)

typedef int int2v __attribute__((ext_vector_type(2)));
typedef float float8 __attribute__((ext_vector_type(8)));

constexpr int M = 32, N = 32, K = 64;

// E4M3 codes of -2..2 and their values.
constexpr std::uint8_t kCode[5] = {0xC0, 0xB8, 0x00, 0x38, 0x40};

__global__ void gemm_fp8(const std::uint8_t* A, const std::uint8_t* Bt, float* D) {
  const int lane = threadIdx.x % 32, g = lane / 16, mn = lane % 16;
  const int m0 = blockIdx.y * 16, n0 = blockIdx.x * 16;
  float8 acc = {};
  for (int k0 = 0; k0 < K; k0 += 16) {
    std::uint8_t ra[8], rb[8];
    for (int e = 0; e < 8; ++e) {  // RDNA4 8-bit A/B: byte e of lane group g holds K e + 8g
      const int k = k0 + e + 8 * g;
      ra[e] = A[k * M + m0 + mn];
      rb[e] = Bt[(n0 + mn) * K + k];
    }
    int2v a, b;
    std::memcpy(&a, ra, 8);
    std::memcpy(&b, rb, 8);
    acc = __builtin_amdgcn_wmma_f32_16x16x16_fp8_fp8_w32_gfx12(a, b, acc);
  }
  for (int v = 0; v < 8; ++v) D[(m0 + v + 8 * g) * N + n0 + mn] = acc[v];
}

int main() {
  std::vector<std::uint8_t> a(M * K), bt(N * K);
  std::vector<int> av(M * K), bv(N * K);
  for (int i = 0; i < M * K; ++i) {
    av[i] = (i * 7 + i / 5) % 5;
    a[i] = kCode[av[i]];
  }
  for (int i = 0; i < N * K; ++i) {
    bv[i] = (i * 3 + 1) % 5;
    bt[i] = kCode[bv[i]];
  }
  std::vector<float> ref(M * N, 0.0f), d(M * N);
  for (int m = 0; m < M; ++m)
    for (int n = 0; n < N; ++n)
      for (int k = 0; k < K; ++k) ref[m * N + n] += static_cast<float>((av[k * M + m] - 2) * (bv[n * K + k] - 2));
  std::uint8_t *dA, *dBt;
  float* dD;
  HIP_CHECK(hipMalloc(&dA, a.size()));
  HIP_CHECK(hipMalloc(&dBt, bt.size()));
  HIP_CHECK(hipMalloc(&dD, d.size() * sizeof(float)));
  HIP_CHECK(hipMemcpy(dA, a.data(), a.size(), hipMemcpyHostToDevice));
  HIP_CHECK(hipMemcpy(dBt, bt.data(), bt.size(), hipMemcpyHostToDevice));
  gemm_fp8<<<dim3(N / 16, M / 16), 32>>>(dA, dBt, dD);
  HIP_CHECK(hipMemcpy(d.data(), dD, d.size() * sizeof(float), hipMemcpyDeviceToHost));
  int wrong = 0;
  for (int i = 0; i < M * N; ++i) wrong += d[i] != ref[i];
  std::printf("both_transposed_fp8: %s\n", wrong ? "D WRONG" : "D correct");
  HIP_CHECK(hipFree(dA));
  HIP_CHECK(hipFree(dBt));
  HIP_CHECK(hipFree(dD));
  return wrong ? 1 : 0;
}
