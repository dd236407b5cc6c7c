// 8-bit integer WMMA with both operands staged through __shared__ memory: a block of four waves
// computes a 32 x 32 tile of D = A * B + C (A signed int8, B unsigned uint8, C and D int32) with
// __builtin_amdgcn_wmma_i32_16x16x16_iu8_w32_gfx12.
// What it teaches: the whole block copies A and B into LDS, __syncthreads() makes the copies visible
// before any wave reads a fragment (and again before LDS is reused); the signedness of A and B and
// the clamp flag are compile-time constants of the builtin (true = signed); an 8-bit fragment is 8
// bytes per lane (A: row l%16, K 8*(l/16)..+7; B: column l%16, the same K).
// Run: ./iu8_shared [dump-file]
#include <hip/hip_runtime.h>

#include <vector>

#include "example_utils.h"

typedef int int2v __attribute__((ext_vector_type(2)));
typedef int int8v __attribute__((ext_vector_type(8)));

constexpr int kTile = 32, kTileK = 32, kThreads = 128;
constexpr bool kASigned = true, kBSigned = false, kClamp = false;

__global__ void iu8_gemm(const int8_t* A, const uint8_t* B, const int* C, int* D, int M, int N, int K) {
  __shared__ int8_t a_tile[kTile][kTileK];
  __shared__ uint8_t b_tile[kTileK][kTile];
  const int tid = threadIdx.x, wave = tid / warpSize, lane = tid % warpSize;
  const int m0 = blockIdx.y * kTile, n0 = blockIdx.x * kTile;
  const int wm = 16 * (wave / 2), wn = 16 * (wave % 2);
  const int mn = lane % 16, half = lane / 16;

  int8v acc;
  for (int i = 0; i < 8; ++i) acc[i] = C[(m0 + wm + 8 * half + i) * N + n0 + wn + mn];
  for (int k0 = 0; k0 < K; k0 += kTileK) {
    for (int e = tid; e < kTile * kTileK; e += kThreads) {
      a_tile[e / kTileK][e % kTileK] = A[(m0 + e / kTileK) * K + k0 + e % kTileK];
      b_tile[e / kTile][e % kTile] = B[(k0 + e / kTile) * N + n0 + e % kTile];
    }
    __syncthreads();
    for (int kk = 0; kk < kTileK; kk += 16) {
      int8_t a_bytes[8];
      uint8_t b_bytes[8];
      for (int i = 0; i < 8; ++i) {
        a_bytes[i] = a_tile[wm + mn][kk + 8 * half + i];
        b_bytes[i] = b_tile[kk + 8 * half + i][wn + mn];
      }
      int2v a, b;
      __builtin_memcpy(&a, a_bytes, 8);
      __builtin_memcpy(&b, b_bytes, 8);
      acc = __builtin_amdgcn_wmma_i32_16x16x16_iu8_w32_gfx12(kASigned, a, kBSigned, b, acc, kClamp);
    }
    __syncthreads();
  }
  for (int i = 0; i < 8; ++i) D[(m0 + wm + 8 * half + i) * N + n0 + wn + mn] = acc[i];
}

int main(int argc, char** argv) {
  MatrixDump dump(argc, argv);
  const int M = 64, N = 32, K = 96;
  Xorshift rng(88);
  std::vector<int8_t> a(M * K);
  std::vector<uint8_t> b(K * N);
  std::vector<int> c(M * N);
  for (auto& x : a) x = static_cast<int8_t>(rng.range(-128, 127));
  for (auto& x : b) x = static_cast<uint8_t>(rng.range(0, 255));
  for (auto& x : c) x = rng.range(-100000, 100000);
  std::vector<int> want(c);
  for (int i = 0; i < M; ++i)
    for (int j = 0; j < N; ++j)
      for (int k = 0; k < K; ++k) want[i * N + j] += a[i * K + k] * b[k * N + j];

  int8_t* dA;
  uint8_t* dB;
  int *dC, *dD;
  HIP_CHECK(hipMalloc(&dA, a.size()));
  HIP_CHECK(hipMalloc(&dB, b.size()));
  HIP_CHECK(hipMalloc(&dC, c.size() * sizeof(int)));
  HIP_CHECK(hipMalloc(&dD, c.size() * sizeof(int)));
  HIP_CHECK(hipMemcpy(dA, a.data(), a.size(), hipMemcpyHostToDevice));
  HIP_CHECK(hipMemcpy(dB, b.data(), b.size(), hipMemcpyHostToDevice));
  HIP_CHECK(hipMemcpy(dC, c.data(), c.size() * sizeof(int), hipMemcpyHostToDevice));
  iu8_gemm<<<dim3(N / kTile, M / kTile), kThreads>>>(dA, dB, dC, dD, M, N, K);
  HIP_CHECK(hipGetLastError());
  HIP_CHECK(hipDeviceSynchronize());
  std::vector<int> d(M * N);
  HIP_CHECK(hipMemcpy(d.data(), dD, d.size() * sizeof(int), hipMemcpyDeviceToHost));

  dump.write("A", a.data(), M, K, 8);
  dump.write("B", b.data(), K, N, 8);
  dump.write("C", c.data(), M, N, 32);
  dump.write("D", d.data(), M, N, 32);
  long bad = 0;
  for (int i = 0; i < M * N; ++i) bad += d[i] != want[i];
  HIP_CHECK(hipFree(dA));
  HIP_CHECK(hipFree(dB));
  HIP_CHECK(hipFree(dC));
  HIP_CHECK(hipFree(dD));
  return report("iu8_shared", bad, M * N);
}
