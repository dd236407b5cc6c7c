// 4-bit integer WMMA with K = 32 per instruction: one wave computes D = A * B + C for a 16 x 16
// tile with K = 64 (two calls of __builtin_amdgcn_wmma_i32_16x16x32_iu4_w32_gfx12), signed x signed.
// What it teaches: int4 matrices are packed two to a byte (low nibble first, as most int4 weight
// formats store them); a lane's A fragment is 16 nibbles = two ints: row l%16, K 16*(l/16)..+15 in
// increasing nibble order, so it is 8 consecutive bytes of a row-major A; B's is column l%16 at the
// same K, gathered nibble by nibble from a row-major B. C and D: column l%16, rows 8*(l/16)..+7.
// Run: ./iu4_16x16x32 [dump-file]
#include <hip/hip_runtime.h>

#include <vector>

#include "example_utils.h"

typedef int int2v __attribute__((ext_vector_type(2)));
typedef int int8v __attribute__((ext_vector_type(8)));

// Nibble `index` of a packed int4 array, as its 4 raw bits.
__host__ __device__ inline unsigned nibble(const uint8_t* packed, int index) {
  return (packed[index / 2] >> (4 * (index % 2))) & 0xFu;
}

__global__ void iu4_gemm_16x16(const uint8_t* A, const uint8_t* B, const int* C, int* D, int K) {
  const int lane = threadIdx.x, mn = lane % 16, half = lane / 16;
  int8v acc;
  for (int i = 0; i < 8; ++i) acc[i] = C[(8 * half + i) * 16 + mn];
  for (int k0 = 0; k0 < K; k0 += 32) {
    const int k = k0 + 16 * half;
    int2v a;
    __builtin_memcpy(&a, &A[(mn * K + k) / 2], 8);  // 16 nibbles of row mn
    unsigned b_words[2] = {0, 0};
    for (int i = 0; i < 16; ++i) b_words[i / 8] |= nibble(B, (k + i) * 16 + mn) << (4 * (i % 8));
    int2v b = {static_cast<int>(b_words[0]), static_cast<int>(b_words[1])};
    acc = __builtin_amdgcn_wmma_i32_16x16x32_iu4_w32_gfx12(true, a, true, b, acc, false);
  }
  for (int i = 0; i < 8; ++i) D[(8 * half + i) * 16 + mn] = acc[i];
}

int signed_nibble(unsigned bits) { return bits >= 8 ? static_cast<int>(bits) - 16 : static_cast<int>(bits); }

int main(int argc, char** argv) {
  MatrixDump dump(argc, argv);
  const int M = 16, N = 16, K = 64;
  Xorshift rng(4);
  std::vector<uint8_t> a(M * K / 2), b(K * N / 2);
  std::vector<int> c(M * N);
  for (auto& x : a) x = static_cast<uint8_t>(rng.next());
  for (auto& x : b) x = static_cast<uint8_t>(rng.next());
  for (auto& x : c) x = rng.range(-1000, 1000);
  std::vector<int> want(c);
  for (int i = 0; i < M; ++i)
    for (int j = 0; j < N; ++j)
      for (int k = 0; k < K; ++k)
        want[i * N + j] += signed_nibble(nibble(a.data(), i * K + k)) * signed_nibble(nibble(b.data(), k * N + j));

  uint8_t *dA, *dB;
  int *dC, *dD;
  HIP_CHECK(hipMalloc(&dA, a.size()));
  HIP_CHECK(hipMalloc(&dB, b.size()));
  HIP_CHECK(hipMalloc(&dC, c.size() * sizeof(int)));
  HIP_CHECK(hipMalloc(&dD, c.size() * sizeof(int)));
  HIP_CHECK(hipMemcpy(dA, a.data(), a.size(), hipMemcpyHostToDevice));
  HIP_CHECK(hipMemcpy(dB, b.data(), b.size(), hipMemcpyHostToDevice));
  HIP_CHECK(hipMemcpy(dC, c.data(), c.size() * sizeof(int), hipMemcpyHostToDevice));
  iu4_gemm_16x16<<<1, 32>>>(dA, dB, dC, dD, K);
  HIP_CHECK(hipGetLastError());
  HIP_CHECK(hipDeviceSynchronize());
  std::vector<int> d(M * N);
  HIP_CHECK(hipMemcpy(d.data(), dD, d.size() * sizeof(int), hipMemcpyDeviceToHost));

  dump.write("A", a.data(), M, K, 4);
  dump.write("B", b.data(), K, N, 4);
  dump.write("C", c.data(), M, N, 32);
  dump.write("D", d.data(), M, N, 32);
  long bad = 0;
  for (int i = 0; i < M * N; ++i) bad += d[i] != want[i];
  HIP_CHECK(hipFree(dA));
  HIP_CHECK(hipFree(dB));
  HIP_CHECK(hipFree(dC));
  HIP_CHECK(hipFree(dD));
  return report("iu4_16x16x32", bad, M * N);
}
