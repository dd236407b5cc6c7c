// B pre-shuffled on the host for global_load_tr_b128, as probes and "preshuffle" GEMMs do: the
// host stores every 16 x 16 B tile in the order the transposing load hands back the B fragment when
// lane l simply loads the 8 halves at tile + 8 * l. The buffer is then no row- or column-major
// matrix, so under WMMASIM_CHECK_LAYOUTS=1 the check says it cannot tell its element order (a note);
// with WMMASIM_CHECK_SHAPES declaring dBs a plain K x N matrix, the same fragments are an error.
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

typedef __fp16 half8 __attribute__((ext_vector_type(8)));
typedef float float8 __attribute__((ext_vector_type(8)));

constexpr int M = 32, N = 32, K = 64;

// K of element e of a lane in lane group g, in the RDNA4 16-bit A/B layout.
__host__ __device__ int k_of(int e, int g) { return (e & 3) + 4 * g + 8 * (e >> 2); }

__global__ void gemm_preshuffled(const _Float16* A, const _Float16* Bs, float* D) {
  const int lane = threadIdx.x % 32, g = lane / 16, mn = lane % 16;
  const int m0 = blockIdx.y * 16, n_tile = blockIdx.x;
  float8 acc = {};
  for (int k0 = 0; k0 < K; k0 += 16) {
    half8 a;
    for (int e = 0; e < 8; ++e) a[e] = A[(m0 + mn) * K + k0 + k_of(e, g)];
    const _Float16* tile = Bs + ((k0 / 16) * (N / 16) + n_tile) * 256;
    const half8 b = __builtin_amdgcn_global_load_tr_b128_v8f16((__attribute__((address_space(1))) half8*)(tile + 8 * lane));
    acc = __builtin_amdgcn_wmma_f32_16x16x16_f16_w32_gfx12(a, b, acc);
  }
  for (int v = 0; v < 8; ++v) D[(m0 + v + 8 * g) * N + n_tile * 16 + mn] = acc[v];
}

int main() {
  std::vector<_Float16> a(M * K), b(K * N), bs(K * N);
  for (int i = 0; i < M * K; ++i) a[i] = static_cast<_Float16>(i % 7 - 3);
  for (int i = 0; i < K * N; ++i) b[i] = static_cast<_Float16>(i % 5 - 2);
  // The load's transpose gives lane l element e = half (l % 8) of what lane 8*(l/8) + e loaded, so
  // half c of lane s's 8 must be the B element that lane 8*(s/8) + c wants in its slot s % 8.
  for (int kt = 0; kt < K / 16; ++kt)
    for (int nt = 0; nt < N / 16; ++nt)
      for (int s = 0; s < 32; ++s)
        for (int c = 0; c < 8; ++c) {
          const int l = 8 * (s / 8) + c, e = s % 8;
          bs[(kt * (N / 16) + nt) * 256 + 8 * s + c] = b[(16 * kt + k_of(e, l / 16)) * N + 16 * nt + l % 16];
        }
  std::vector<float> ref(M * N, 0.0f), d(M * N);
  for (int m = 0; m < M; ++m)
    for (int n = 0; n < N; ++n)
      for (int k = 0; k < K; ++k) ref[m * N + n] += static_cast<float>(a[m * K + k]) * static_cast<float>(b[k * N + n]);
  _Float16 *dA, *dBs;
  float* dD;
  HIP_CHECK(hipMalloc(&dA, a.size() * sizeof(_Float16)));
  HIP_CHECK(hipMalloc(&dBs, bs.size() * sizeof(_Float16)));
  HIP_CHECK(hipMalloc(&dD, d.size() * sizeof(float)));
  HIP_CHECK(hipMemcpy(dA, a.data(), a.size() * sizeof(_Float16), hipMemcpyHostToDevice));
  HIP_CHECK(hipMemcpy(dBs, bs.data(), bs.size() * sizeof(_Float16), hipMemcpyHostToDevice));
  gemm_preshuffled<<<dim3(N / 16, M / 16), 32>>>(dA, dBs, dD);
  HIP_CHECK(hipMemcpy(d.data(), dD, d.size() * sizeof(float), hipMemcpyDeviceToHost));
  int wrong = 0;
  for (int i = 0; i < M * N; ++i) wrong += d[i] != ref[i];
  std::printf("preshuffled_load_tr: %s\n", wrong ? "D WRONG" : "D correct");
  HIP_CHECK(hipFree(dA));
  HIP_CHECK(hipFree(dBs));
  HIP_CHECK(hipFree(dD));
  return wrong ? 1 : 0;
}
