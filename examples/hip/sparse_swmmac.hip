// A 2:4 structured-sparse GEMM with SWMMAC (__builtin_amdgcn_swmmac_f32_16x16x32_f16_w32):
// D = A * B where every group of 4 consecutive K values in each row of A holds at most 2 nonzeros.
// A first kernel compresses A on the device: for each row and group it keeps the 2 values and
// records their positions (idx0 | idx1 << 2, 4 bits a group). The GEMM kernel then feeds the
// compressed A (16 x 16 per instruction), the dense B (32 x 16) and the index bits to SWMMAC.
// What it teaches: the compressed A fragment has the dense f16 A layout over compressed columns
// (lane l: row l%16, columns (i&3) + 4*(l/16) + 8*(i>>2)); B's 16 slots are column l%16 at K
// (i&7) + 8*(l/16) + 16*(i>>3); lane l's index (16 bits, set 0) holds in field f the group
// (f&1) + 2*(l/16) + 4*(f>>1) of its row — exactly the groups whose values its A slots hold.
// Run: ./sparse_swmmac [dump-file]
#include <hip/hip_runtime.h>

#include <vector>

#include "example_utils.h"

typedef __fp16 half8 __attribute__((ext_vector_type(8)));
typedef __fp16 half16 __attribute__((ext_vector_type(16)));
typedef float float8 __attribute__((ext_vector_type(8)));

// One thread per (row, group of 4 K): the compressed pair and its 4-bit index.
__global__ void compress_2to4(const _Float16* A, _Float16* A_packed, uint8_t* index, int M, int K) {
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= M * (K / 4)) return;
  const int row = t / (K / 4), group = t % (K / 4);
  const _Float16* g = A + row * K + 4 * group;
  int pos[2] = {0, 1};  // an all-zero group keeps positions 0 and 1 (their values are zero)
  int found = 0;
  for (int i = 0; i < 4 && found < 2; ++i)
    if (static_cast<float>(g[i]) != 0.0f) pos[found++] = i;
  if (found == 1) pos[1] = pos[0] == 3 ? 2 : pos[0] + 1;  // any second position: its value is zero
  if (pos[0] > pos[1]) {
    const int p = pos[0];
    pos[0] = pos[1];
    pos[1] = p;
  }
  A_packed[row * (K / 2) + 2 * group] = g[pos[0]];
  A_packed[row * (K / 2) + 2 * group + 1] = g[pos[1]];
  index[row * (K / 4) + group] = static_cast<uint8_t>(pos[0] | pos[1] << 2);
}

// One wave per 16 x 16 tile of D; dense K advances 32 per SWMMAC.
__global__ void sparse_gemm(const _Float16* A_packed, const uint8_t* index, const _Float16* B, float* D, int N, int K) {
  const int lane = threadIdx.x, mn = lane % 16, half = lane / 16;
  const int m0 = 16 * blockIdx.y, n0 = 16 * blockIdx.x;
  float8 acc = {};
  for (int k0 = 0; k0 < K; k0 += 32) {
    half8 a;
    half16 b;
    short idx = 0;
    for (int i = 0; i < 8; ++i) a[i] = A_packed[(m0 + mn) * (K / 2) + k0 / 2 + (i & 3) + 4 * half + 8 * (i >> 2)];
    for (int i = 0; i < 16; ++i) b[i] = B[(k0 + (i & 7) + 8 * half + 16 * (i >> 3)) * N + n0 + mn];
    for (int f = 0; f < 4; ++f)
      idx |= static_cast<short>(index[(m0 + mn) * (K / 4) + k0 / 4 + (f & 1) + 2 * half + 4 * (f >> 1)] << (4 * f));
    acc = __builtin_amdgcn_swmmac_f32_16x16x32_f16_w32(a, b, acc, idx);
  }
  for (int i = 0; i < 8; ++i) D[(m0 + 8 * half + i) * N + n0 + mn] = acc[i];
}

int main(int argc, char** argv) {
  MatrixDump dump(argc, argv);
  const int M = 32, N = 32, K = 64;
  Xorshift rng(24);
  // A dense matrix pruned 2:4: two nonzeros at random places in each group of four.
  std::vector<_Float16> a(M * K), b(K * N);
  for (int r = 0; r < M; ++r)
    for (int g = 0; g < K / 4; ++g) {
      const int p = rng.range(0, 3), q = (p + rng.range(1, 3)) % 4;
      for (int i : {p, q}) a[r * K + 4 * g + i] = static_cast<_Float16>(rng.range(1, 8) * (rng.next() % 2 ? 0.125f : -0.125f));
    }
  for (auto& x : b) x = static_cast<_Float16>(rng.eighths(8));
  std::vector<float> want(M * N, 0.0f);  // exact: products of eighths
  for (int i = 0; i < M; ++i)
    for (int j = 0; j < N; ++j)
      for (int k = 0; k < K; ++k) want[i * N + j] += static_cast<float>(a[i * K + k]) * static_cast<float>(b[k * N + j]);

  _Float16 *dA, *dAp, *dB;
  uint8_t* dIndex;
  float* dD;
  HIP_CHECK(hipMalloc(&dA, a.size() * sizeof(_Float16)));
  HIP_CHECK(hipMalloc(&dAp, a.size() / 2 * sizeof(_Float16)));
  HIP_CHECK(hipMalloc(&dIndex, a.size() / 4));
  HIP_CHECK(hipMalloc(&dB, b.size() * sizeof(_Float16)));
  HIP_CHECK(hipMalloc(&dD, want.size() * sizeof(float)));
  HIP_CHECK(hipMemcpy(dA, a.data(), a.size() * sizeof(_Float16), hipMemcpyHostToDevice));
  HIP_CHECK(hipMemcpy(dB, b.data(), b.size() * sizeof(_Float16), hipMemcpyHostToDevice));
  const int groups = M * K / 4;
  compress_2to4<<<(groups + 63) / 64, 64>>>(dA, dAp, dIndex, M, K);
  HIP_CHECK(hipGetLastError());
  sparse_gemm<<<dim3(N / 16, M / 16), 32>>>(dAp, dIndex, dB, dD, N, K);
  HIP_CHECK(hipGetLastError());
  HIP_CHECK(hipDeviceSynchronize());
  std::vector<float> d(want.size());
  std::vector<uint8_t> index(groups);
  HIP_CHECK(hipMemcpy(d.data(), dD, d.size() * sizeof(float), hipMemcpyDeviceToHost));
  HIP_CHECK(hipMemcpy(index.data(), dIndex, index.size(), hipMemcpyDeviceToHost));

  dump.write("A", a.data(), M, K, 16);
  dump.write("B", b.data(), K, N, 16);
  dump.write("index", index.data(), M, K / 4, 8);
  dump.write("D", d.data(), M, N, 32);
  long bad = 0;
  for (int i = 0; i < M * N; ++i) bad += d[i] != want[i];
  HIP_CHECK(hipFree(dA));
  HIP_CHECK(hipFree(dAp));
  HIP_CHECK(hipFree(dIndex));
  HIP_CHECK(hipFree(dB));
  HIP_CHECK(hipFree(dD));
  return report("sparse_swmmac", bad, M * N);
}
