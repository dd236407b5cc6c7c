// A tiled GEMM kernel in the TilePolicy / ComputePolicy style of AMD's RDNA4 WMMA example
// (docs/seeds: a generic kernel, one policy moving tiles through LDS, one doing the math):
// C (M x N) = A (M x K) * B (K x N), row-major. A block of 2 x 2 waves computes a 64 x 64 tile;
// each wave owns 32 x 32 = 2 x 2 WMMA tiles. The same source runs on the CPU (SIMT runtime) and the GPU.
#pragma once

#include "fragments.hpp"
#include "mma_ops.hpp"

namespace wmmasim::examples {

// Block tile of BM x BK (A) and BK x BN (B) staged in LDS by all threads of the block; elements
// outside the matrices read as zero, so any M, N, K works.
template <class In, int BM, int BN, int BK, int Threads>
struct TilePolicy {
  static constexpr int block_m = BM, block_n = BN, k_tile = BK, threads = Threads;

  template <class APtr, class BPtr>
  WMMASIM_DEVICE static void load(APtr A, BPtr B, In* lds_a, In* lds_b, int m0, int n0, int k0, int M, int N, int K,
                                  int tid) {
    for (int i = tid; i < BM * BK; i += Threads) {
      const int r = i / BK, c = i % BK;
      lds_a[i] = (m0 + r < M && k0 + c < K) ? static_cast<In>(A[(m0 + r) * K + k0 + c]) : In(0);
    }
    for (int i = tid; i < BK * BN; i += Threads) {
      const int r = i / BN, c = i % BN;
      lds_b[i] = (k0 + r < K && n0 + c < N) ? static_cast<In>(B[(k0 + r) * N + n0 + c]) : In(0);
    }
  }
};

// The math of one wave: WM x WN output tiles of 16 x 16, fragments read from LDS with the layouts.
template <class Op, int WM, int WN>
struct WmmaComputePolicy {
  static constexpr int k_step = kInstructions[instruction_index(Op::builtin)].k;
  typename Op::Acc acc[WM][WN] = {};

  template <class In, int BK, int BN>
  WMMASIM_DEVICE void step(const In* lds_a, const In* lds_b, int wave_m, int wave_n, int kk, int lane) {
    for (int tm = 0; tm < WM; ++tm) {
      const int row0 = wave_m + 16 * tm;
      const auto a = load_fragment<Op, Operand::a, typename Op::A>(
          lane, [&](int r, int k) { return lds_a[(row0 + r) * BK + kk + k]; });
      for (int tn = 0; tn < WN; ++tn) {
        const int col0 = wave_n + 16 * tn;
        const auto b = load_fragment<Op, Operand::b, typename Op::B>(
            lane, [&](int k, int c) { return lds_b[(kk + k) * BN + col0 + c]; });
        acc[tm][tn] = Op::mma(a, b, acc[tm][tn]);
      }
    }
  }

  template <class CPtr>
  WMMASIM_DEVICE void store(CPtr C, int m0, int n0, int M, int N, int lane) const {
    for (int tm = 0; tm < WM; ++tm)
      for (int tn = 0; tn < WN; ++tn)
        store_fragment<Op>(lane, acc[tm][tn], [&](int r, int c, typename Op::Out v) {
          const int row = m0 + 16 * tm + r, col = n0 + 16 * tn + c;
          if (row < M && col < N) C[row * N + col] = v;
        });
  }
};

// 2 x 2 waves of 32 lanes; block tile 64 x 64, K tile 32.
template <class Op>
WMMASIM_DEVICE void tiled_gemm_body(global_ptr<const typename Op::In> A, global_ptr<const typename Op::In> B,
                                    global_ptr<typename Op::Out> C, int M, int N, int K) {
  using Tile = TilePolicy<typename Op::In, 64, 64, 32, 128>;
  __shared__ typename Op::In lds_a[Tile::block_m * Tile::k_tile];
  __shared__ typename Op::In lds_b[Tile::k_tile * Tile::block_n];
  const int tid = static_cast<int>(thread_idx_x()), lane = lane_id(), wave = wave_id();
  const int m0 = static_cast<int>(block_idx_y()) * Tile::block_m, n0 = static_cast<int>(block_idx_x()) * Tile::block_n;
  const int wave_m = 32 * (wave / 2), wave_n = 32 * (wave % 2);
  WmmaComputePolicy<Op, 2, 2> compute;
  for (int k0 = 0; k0 < K; k0 += Tile::k_tile) {
    sync_threads();  // the previous step's LDS reads are done
    Tile::load(A, B, lds_a, lds_b, m0, n0, k0, M, N, K, tid);
    sync_threads();
    // Stop at K: an all-zero step would still turn a -0 accumulator into +0 (numerics 3.3 (6)).
    for (int kk = 0; kk < Tile::k_tile && k0 + kk < K; kk += compute.k_step)
      compute.template step<typename Op::In, Tile::k_tile, Tile::block_n>(lds_a, lds_b, wave_m, wave_n, kk, lane);
  }
  compute.store(C, m0 + wave_m, n0 + wave_n, M, N, lane);
}

WMMASIM_KERNEL void tiled_gemm_f16(global_ptr<const _Float16> A, global_ptr<const _Float16> B, global_ptr<float> C, int M, int N, int K) {
  tiled_gemm_body<WmmaF16>(A, B, C, M, N, K);
}
WMMASIM_KERNEL void tiled_gemm_fp8(global_ptr<const unsigned char> A, global_ptr<const unsigned char> B, global_ptr<float> C, int M, int N, int K) {
  tiled_gemm_body<WmmaFp8>(A, B, C, M, N, K);
}
WMMASIM_KERNEL void tiled_gemm_i8(global_ptr<const signed char> A, global_ptr<const signed char> B, global_ptr<int> C, int M, int N, int K) {
  tiled_gemm_body<WmmaI8>(A, B, C, M, N, K);
}

}  // namespace wmmasim::examples
