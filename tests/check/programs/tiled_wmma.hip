// A tiled WMMA GEMM as users write it: each block of two waves stages a 16 x 16 tile of A and a
// 16 x 32 tile of B in static __shared__ arrays, each wave computes a 16 x 16 tile of D with
// __builtin_amdgcn_wmma_f32_16x16x16_f16_w32_gfx12. Built as is it is correct; the macros remove one
// barrier each, as the two classic mistakes do:
//   NO_BARRIER_BEFORE_FRAGMENTS: the fragments are read before the other wave's tile stores
//   NO_BARRIER_AFTER_MATH:       the next K tile is stored while the other wave still reads this one
// On the CPU each still computes the right D (the lanes happen to run in an order that hides it);
// `wmmasim check` names the race and its two lines. Two more mistakes read what nothing wrote:
//   HALF_B_TILE_STORED: the B tile's copy loop stops half way (rows 8-15 of the tile stay stale)
//   B_NOT_COPIED:       the host forgets to copy B to the device
#include <hip/hip_runtime.h>

#include <cstdio>
#include <vector>

typedef _Float16 half8 __attribute__((ext_vector_type(8)));
typedef float float8 __attribute__((ext_vector_type(8)));

constexpr int M = 32, N = 32, K = 64;
#ifdef HALF_B_TILE_STORED
constexpr int b_tile_stored = 16 * 32 / 2;
#else
constexpr int b_tile_stored = 16 * 32;
#endif

__global__ void gemm(const _Float16* A, const _Float16* B, float* D) {
  __shared__ _Float16 a_tile[16][16];
  __shared__ _Float16 b_tile[16][32];
  const int t = threadIdx.x, lane = t % 32, wave = t / 32, mn = lane % 16, half = lane / 16;
  const int row0 = blockIdx.y * 16, col0 = blockIdx.x * 32;
  float8 acc = {};
  for (int k0 = 0; k0 < K; k0 += 16) {
    for (int e = t; e < 16 * 16; e += 64) a_tile[e / 16][e % 16] = A[(row0 + e / 16) * K + k0 + e % 16];
    for (int e = t; e < b_tile_stored; e += 64) b_tile[e / 32][e % 32] = B[(k0 + e / 32) * N + col0 + e % 32];
#ifndef NO_BARRIER_BEFORE_FRAGMENTS
    __syncthreads();
#endif
    half8 a, b;
    for (int i = 0; i < 8; ++i) {
      const int k = (i & 3) + 4 * half + 8 * (i >> 2);
      a[i] = a_tile[mn][k];
      b[i] = b_tile[k][16 * wave + mn];
    }
    acc = __builtin_amdgcn_wmma_f32_16x16x16_f16_w32_gfx12(a, b, acc);
#ifndef NO_BARRIER_AFTER_MATH
    __syncthreads();
#endif
  }
  for (int i = 0; i < 8; ++i) D[(row0 + 8 * half + i) * N + col0 + 16 * wave + mn] = acc[i];
}

int main() {
  std::vector<_Float16> a(M * K), b(K * N);
  for (int i = 0; i < M * K; ++i) a[i] = static_cast<_Float16>((i * 7) % 5 - 2);
  for (int i = 0; i < K * N; ++i) b[i] = static_cast<_Float16>((i * 3) % 7 - 3);
  _Float16 *da, *db;
  float* dd;
  if (hipMalloc(&da, a.size() * 2) || hipMalloc(&db, b.size() * 2) || hipMalloc(&dd, M * N * 4)) return 1;
  if (hipMemcpy(da, a.data(), a.size() * 2, hipMemcpyHostToDevice)) return 1;
#ifndef B_NOT_COPIED
  if (hipMemcpy(db, b.data(), b.size() * 2, hipMemcpyHostToDevice)) return 1;
#endif
  gemm<<<dim3(N / 32, M / 16), 64>>>(da, db, dd);
  std::vector<float> d(M * N);
  if (hipMemcpy(d.data(), dd, d.size() * 4, hipMemcpyDeviceToHost)) return 1;
  int wrong = 0;
  for (int i = 0; i < M; ++i)
    for (int j = 0; j < N; ++j) {
      float want = 0;  // small integers: every sum is exact
      for (int k = 0; k < K; ++k) want += static_cast<float>(a[i * K + k]) * static_cast<float>(b[k * N + j]);
      wrong += d[i * N + j] != want;
    }
  std::printf("tiled_wmma: %d of %d wrong\n", wrong, M * N);
  (void)hipFree(da);
  (void)hipFree(db);
  (void)hipFree(dd);
  return wrong != 0;
}
