// A tiled f16 GEMM on RDNA4 WMMA, written as a kernel template over two policies:
//  - a tile policy: the block's tile (32 x 32 of C, K in steps of 64) and how the block stages
//    A and B through LDS (shared memory), with __syncthreads around each tile;
//  - a compute policy: how each wave of 32 lanes builds its WMMA fragments and accumulates its
//    16 x 16 part of the tile with __builtin_amdgcn_wmma_f32_16x16x16_f16_w32_gfx12.
// Four waves (2 x 2) cover the block tile. Two compute policies are shown: fragments read from LDS,
// and B read straight from global memory by the transposing load global_load_tr_b128.
// What it teaches: the gfx12 wave32 f16 fragment layouts (A: lane l holds row l%16 and, in slots
// 0-3 and 4-7, K 4*(l/16)..+3 and 8+4*(l/16)..+3; B: column l%16 at the same K; C/D: column l%16,
// rows 8*(l/16)..+7), ext_vector_type fragments, and the per-lane addresses global_load_tr_b128
// needs to hand back a B fragment.
// Run: ./tile_policy_gemm [dump-file]   (M and N must be multiples of 32 here, K of 64)
#include <hip/hip_runtime.h>

#include <vector>

#include "example_utils.h"

typedef __fp16 half8 __attribute__((ext_vector_type(8)));  // the builtins' f16 fragment type
typedef float float8 __attribute__((ext_vector_type(8)));// the f32 accumulator fragment
typedef int int4v __attribute__((ext_vector_type(4)));      // 16 bytes: one wide load or store
typedef int int2v __attribute__((ext_vector_type(2)));      // 4 halves: one 8-byte LDS read

// A's fragment from a row-major tile: row l%16, two runs of 4 consecutive K (K 4g..4g+3 and
// 8+4g..8+4g+3, g = l/16), each one 8-byte read.
template <class Shared>
__device__ half8 a_fragment(const Shared& s, int row, int kk, int lane) {
  const int k = kk + 4 * (lane / 16);
  int2v lo = *reinterpret_cast<const int2v*>(&s.a[row][k]), hi = *reinterpret_cast<const int2v*>(&s.a[row][k + 8]);
  int4v both = {lo.x, lo.y, hi.x, hi.y};
  return __builtin_bit_cast(half8, both);
}

// ---- Tile policy --------------------------------------------------------------------------------
template <int BlockM, int BlockN, int BlockK, int WavesM, int WavesN>
struct TilePolicy {
  static constexpr int block_m = BlockM, block_n = BlockN, block_k = BlockK;
  static constexpr int waves_m = WavesM, waves_n = WavesN;
  static constexpr int threads = WavesM * WavesN * 32;
  static constexpr int per_vector = 8;  // halves in 16 bytes

  // Both tiles as they lie in global memory (row-major); 16-byte alignment for the wide accesses.
  struct Shared {
    alignas(16) _Float16 a[BlockM][BlockK];
    alignas(16) _Float16 b[BlockK][BlockN];
  };

  // Every thread of the block copies 16-byte pieces of the A tile (and of the B tile if asked).
  __device__ static void stage(const _Float16* A, const _Float16* B, Shared& s, int m0, int n0, int k0, int N, int K,
                               bool with_b) {
    const int tid = threadIdx.x;
    for (int v = tid; v < BlockM * BlockK / per_vector; v += threads) {
      const int r = v / (BlockK / per_vector), c = v % (BlockK / per_vector) * per_vector;
      *reinterpret_cast<int4v*>(&s.a[r][c]) = *reinterpret_cast<const int4v*>(&A[(m0 + r) * K + k0 + c]);
    }
    if (!with_b) return;
    for (int v = tid; v < BlockK * BlockN / per_vector; v += threads) {
      const int r = v / (BlockN / per_vector), c = v % (BlockN / per_vector) * per_vector;
      *reinterpret_cast<int4v*>(&s.b[r][c]) = *reinterpret_cast<const int4v*>(&B[(k0 + r) * N + n0 + c]);
    }
  }
};

// ---- Compute policies ---------------------------------------------------------------------------
// A from LDS as two 8-byte reads; B from LDS down a column, at the same K as A's slots.
struct LdsFragments {
  static constexpr bool b_through_lds = true;
  float8 acc = {};

  template <class Shared>
  __device__ void step(const Shared& s, const _Float16*, int, int, int wave_m, int wave_n, int kk) {
    const int lane = threadIdx.x % warpSize;
    const int mn = lane % 16;
    const half8 a = a_fragment(s, wave_m + mn, kk, lane);
    half8 b;
    for (int i = 0; i < 8; ++i) b[i] = s.b[kk + (i & 3) + 4 * (lane / 16) + 8 * (i >> 2)][wave_n + mn];
    acc = __builtin_amdgcn_wmma_f32_16x16x16_f16_w32_gfx12(a, b, acc);
  }
};

// A from LDS; B by global_load_tr_b128 from global memory. The load treats the 16 x 16 B tile as
// four 8 x 8 blocks of halves: each lane gives the address of one 8-half row piece, and the wave's
// transpose hands lane l column l%16 at the K of its A slots — the B fragment. Lane l addresses row
// (e & 3) + 4*(l/16) + 8*(e >> 2) (e = l % 8), columns 8*((l/8) & 1)..+7 of the tile.
// (This addressing follows from the documented 8 x 8 transpose; no hardware run has checked it yet:
// docs/spec/layouts.md 7.1.)
struct LoadTrFragments {
  static constexpr bool b_through_lds = false;
  float8 acc = {};

  template <class Shared>
  __device__ void step(const Shared& s, const _Float16* B, int N, int k0, int wave_m, int n_tile, int kk) {
    const int lane = threadIdx.x % warpSize;
    const half8 a = a_fragment(s, wave_m + lane % 16, kk, lane);
    const int e = lane % 8;
    const int row = (e & 3) + 4 * (lane / 16) + 8 * (e >> 2), col = 8 * ((lane / 8) & 1);
    const _Float16* p = B + (k0 + kk + row) * N + n_tile + col;
    const half8 b = __builtin_amdgcn_global_load_tr_b128_v8f16((__attribute__((address_space(1))) half8*)p);
    acc = __builtin_amdgcn_wmma_f32_16x16x16_f16_w32_gfx12(a, b, acc);
  }
};

// ---- The kernel ---------------------------------------------------------------------------------
template <class Tile, class Compute>
__global__ void __launch_bounds__(Tile::threads)
gemm_f16(const _Float16* __restrict__ A, const _Float16* __restrict__ B, float* __restrict__ C, int M, int N, int K) {
  __shared__ typename Tile::Shared lds;
  const int wave = threadIdx.x / warpSize, lane = threadIdx.x % warpSize;
  const int m0 = blockIdx.y * Tile::block_m, n0 = blockIdx.x * Tile::block_n;
  const int wave_m = 16 * (wave / Tile::waves_n), wave_n = 16 * (wave % Tile::waves_n);
  Compute compute;
  for (int k0 = 0; k0 < K; k0 += Tile::block_k) {
    Tile::stage(A, B, lds, m0, n0, k0, N, K, Compute::b_through_lds);
    __syncthreads();
    for (int kk = 0; kk < Tile::block_k; kk += 16)
      compute.step(lds, B, N, k0, wave_m, Compute::b_through_lds ? wave_n : n0 + wave_n, kk);
    __syncthreads();  // the next stage overwrites what this step read
  }
  for (int i = 0; i < 8; ++i) {
    const int row = m0 + wave_m + 8 * (lane / 16) + i, col = n0 + wave_n + lane % 16;
    if (row < M && col < N) C[row * N + col] = compute.acc[i];
  }
}

using Tile32 = TilePolicy<32, 32, 64, 2, 2>;

// C = A * B for row-major f16 A (M x K) and B (K x N) in device memory; the benchmark calls this.
hipError_t tile_policy_gemm(const _Float16* A, const _Float16* B, float* C, int M, int N, int K, bool load_tr) {
  const dim3 grid(N / Tile32::block_n, M / Tile32::block_m), block(Tile32::threads);
  if (load_tr)
    gemm_f16<Tile32, LoadTrFragments><<<grid, block>>>(A, B, C, M, N, K);
  else
    gemm_f16<Tile32, LdsFragments><<<grid, block>>>(A, B, C, M, N, K);
  return hipGetLastError();
}

#ifndef TILE_POLICY_GEMM_NO_MAIN
int main(int argc, char** argv) {
  MatrixDump dump(argc, argv);
  const int M = 64, N = 96, K = 128;
  Xorshift rng(12);
  std::vector<_Float16> a(M * K), b(K * N);
  for (auto& x : a) x = static_cast<_Float16>(rng.eighths(8));
  for (auto& x : b) x = static_cast<_Float16>(rng.eighths(8));

  // Products of eighths are multiples of 1/64 and the sums stay small: float sums them exactly.
  std::vector<float> want(M * N, 0.0f);
  for (int i = 0; i < M; ++i)
    for (int j = 0; j < N; ++j)
      for (int k = 0; k < K; ++k) want[i * N + j] += static_cast<float>(a[i * K + k]) * static_cast<float>(b[k * N + j]);

  _Float16 *dA, *dB;
  float* dC;
  HIP_CHECK(hipMalloc(&dA, a.size() * sizeof(_Float16)));
  HIP_CHECK(hipMalloc(&dB, b.size() * sizeof(_Float16)));
  HIP_CHECK(hipMalloc(&dC, want.size() * sizeof(float)));
  HIP_CHECK(hipMemcpy(dA, a.data(), a.size() * sizeof(_Float16), hipMemcpyHostToDevice));
  HIP_CHECK(hipMemcpy(dB, b.data(), b.size() * sizeof(_Float16), hipMemcpyHostToDevice));
  dump.write("A", a.data(), M, K, 16);
  dump.write("B", b.data(), K, N, 16);

  long bad = 0;
  for (bool load_tr : {false, true}) {
    std::vector<float> c(M * N);
    HIP_CHECK(hipMemset(dC, 0, c.size() * sizeof(float)));
    HIP_CHECK(tile_policy_gemm(dA, dB, dC, M, N, K, load_tr));
    HIP_CHECK(hipDeviceSynchronize());
    HIP_CHECK(hipMemcpy(c.data(), dC, c.size() * sizeof(float), hipMemcpyDeviceToHost));
    dump.write(load_tr ? "D_load_tr" : "D_lds", c.data(), M, N, 32);
    for (int i = 0; i < M * N; ++i) bad += c[i] != want[i];
  }
  HIP_CHECK(hipFree(dA));
  HIP_CHECK(hipFree(dB));
  HIP_CHECK(hipFree(dC));
  return report("tile_policy_gemm", bad, 2L * M * N);
}
#endif
