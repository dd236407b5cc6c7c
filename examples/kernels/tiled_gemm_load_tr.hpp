// The tiled f16 GEMM with B fragments loaded by global_load_tr_b128 straight from global memory
// instead of through LDS (A goes through LDS as in tiled_gemm.hpp). Each lane passes the address of
// 8 halves such that the transposing load delivers exactly the ISA B fragment (lane s: row (e&3) +
// 4*(s/16) + 8*(e>>2) with e = s%8, columns 8*((s/8)&1)..+7). That one-call addressing is derived
// from the documented 8x8 transpose and is a hypothesis until checked on hardware
// (docs/spec/layouts.md 7.1). Needs N and K multiples of 16.
#pragma once

#include "load_tr.hpp"
#include "tiled_gemm.hpp"

namespace wmmasim::examples {

WMMASIM_KERNEL void tiled_gemm_f16_load_tr(global_ptr<const _Float16> A, global_ptr<const _Float16> B, global_ptr<float> C,
                                           int M, int N, int K) {
  using Op = WmmaF16;
  using Tile = TilePolicy<_Float16, 64, 64, 32, 128>;  // only its A side: B does not go through LDS
  constexpr int BM = Tile::block_m, BK = Tile::k_tile;
  alignas(16) __shared__ _Float16 lds_a[BM * BK];  // the alignment the vector accesses assume
  const int tid = static_cast<int>(thread_idx_x()), lane = lane_id(), wave = wave_id();
  const int m0 = static_cast<int>(block_idx_y()) * BM, n0 = static_cast<int>(block_idx_x()) * 64;
  const int wave_m = 32 * (wave / 2), wave_n = 32 * (wave % 2);
  const int e = lane % 8, g = lane / 16;
  const int b_row = (e & 3) + 4 * g + 8 * (e >> 2), b_col = 8 * ((lane / 8) & 1);
  Op::Acc acc[2][2] = {};
  for (int k0 = 0; k0 < K; k0 += BK) {
    sync_threads();
    Tile::load_a(A, lds_a, m0, k0, M, K, tid);
    sync_threads();
    for (int kk = 0; kk < BK && k0 + kk < K; kk += 16)
      for (int tm = 0; tm < 2; ++tm) {
        const auto a = load_fragment_k_runs<Op, Operand::a, Op::A, BK>(lane, lds_a + (wave_m + 16 * tm) * BK + kk);
        for (int tn = 0; tn < 2; ++tn) {
          const int col = n0 + wave_n + 16 * tn;
          const bool inside = col < N;  // whole 16-column tiles: N is a multiple of 16
          const v8h b = inside ? load_tr_b128(B + (k0 + kk + b_row) * N + col + b_col) : v8h{};
          acc[tm][tn] = Op::mma(a, b, acc[tm][tn]);
        }
      }
  }
  for (int tm = 0; tm < 2; ++tm)
    for (int tn = 0; tn < 2; ++tn)
      store_fragment<Op>(lane, acc[tm][tn], [&](int r, int c, float v) {
        const int row = m0 + wave_m + 16 * tm + r, col = n0 + wave_n + 16 * tn + c;
        if (row < M && col < N) C[row * N + col] = v;
      });
}

}  // namespace wmmasim::examples
