// A tiled GEMM kernel in the TilePolicy / ComputePolicy style of AMD's RDNA4 WMMA example
// (docs/seeds: a generic kernel, one policy moving tiles through LDS, one doing the math):
// C (M x N) = A (M x K) * B (K x N), row-major. A block of 2 x 2 waves computes a 64 x 64 tile;
// each wave owns 32 x 32 = 2 x 2 WMMA tiles. Tiles move in wide accesses, because element-sized
// loads would leave the WMMA unit waiting on memory: 16-byte global loads into LDS, and fragments
// read from LDS a run of K at a time. The same source runs on the CPU (SIMT runtime) and the GPU.
#pragma once

#include "fragments.hpp"
#include "mma_ops.hpp"

namespace wmmasim::examples {

// Block tile of BM x BK (A) and BK x BN (B) staged in LDS by all threads of the block. Both tiles
// are stored K-contiguous, A row-major and B transposed (b[n * BK + k]), because each lane's WMMA
// fragment of A and of B is runs of consecutive K (KRuns checks this): so every run is one LDS
// vector read. Global memory is read in 16-byte vectors where the whole vector lies inside the matrix
// and the row length (a multiple of 16 bytes) keeps it aligned; elsewhere element by element, with
// elements outside the matrices reading as zero, so any M, N, K works. A and B must start 16-byte
// aligned, as allocations do.
template <class In, int BM, int BN, int BK, int Threads>
struct TilePolicy {
  static constexpr int block_m = BM, block_n = BN, k_tile = BK, threads = Threads;
  static constexpr int vec = 16 / static_cast<int>(sizeof(In));  // elements per 16-byte load
  static_assert(BK % vec == 0 && BN % vec == 0, "tile rows must be whole 16-byte vectors");

  // The 16-byte alignment is what the vector accesses assume.
  struct Storage {
    alignas(16) In a[BM * BK];
    alignas(16) In b[BN * BK];
  };

  static constexpr int a_vectors = BM * BK / vec / Threads, b_vectors = BK * BN / vec / Threads;  // per thread
  static_assert(BM * BK / vec % Threads == 0 && BK * BN / vec % Threads == 0, "every thread copies whole vectors");

  // A thread's part of a K tile, between its global reads and its LDS stores.
  struct Staged {
    v4i a[a_vectors];
    v4i b[b_vectors];
  };

  // Vector j of this thread: row r, first column c of the tile row-major in `width` columns.
  WMMASIM_DEVICE static void place(int tid, int j, int width, int& r, int& c) {
    const int v = tid + j * Threads;
    r = v / (width / vec);
    c = v % (width / vec) * vec;
  }

  // One 16-byte vector of a row-major matrix: a single load where it lies wholly inside and the row
  // length keeps it aligned, else element by element with zeros outside.
  template <class Ptr>
  WMMASIM_DEVICE static v4i fetch(Ptr M, int row, int col, int rows, int cols) {
    if (cols % vec == 0 && row < rows && col < cols) return load_as<v4i>(M + (row * cols + col));
    In x[vec];
    for (int i = 0; i < vec; ++i) x[i] = (row < rows && col + i < cols) ? static_cast<In>(M[row * cols + col + i]) : In(0);
    v4i w;
    __builtin_memcpy(&w, x, sizeof(w));
    return w;
  }

  // All of a thread's global reads for a tile are issued before its first LDS store, so they are in
  // flight together: the GPU waits for global memory once per tile, not once per vector. A tile wholly
  // inside both matrices (the block-uniform common case) takes plain vector loads with no per-vector
  // branch, which would otherwise make the compiler wait at every join.
  template <class APtr, class BPtr>
  WMMASIM_DEVICE static void fetch_tile(APtr A, BPtr B, Staged& s, int m0, int n0, int k0, int M, int N, int K, int tid) {
    const bool interior = K % vec == 0 && N % vec == 0 && m0 + BM <= M && n0 + BN <= N && k0 + BK <= K;
    int r, c;
    if (interior) {
      for (int j = 0; j < a_vectors; ++j) {
        place(tid, j, BK, r, c);
        s.a[j] = load_as<v4i>(A + ((m0 + r) * K + k0 + c));
      }
      for (int j = 0; j < b_vectors; ++j) {
        place(tid, j, BN, r, c);  // consecutive threads take consecutive vectors of a B row: coalesced
        s.b[j] = load_as<v4i>(B + ((k0 + r) * N + n0 + c));
      }
      return;
    }
    for (int j = 0; j < a_vectors; ++j) {
      place(tid, j, BK, r, c);
      s.a[j] = fetch(A, m0 + r, k0 + c, M, K);
    }
    for (int j = 0; j < b_vectors; ++j) {
      place(tid, j, BN, r, c);
      s.b[j] = fetch(B, k0 + r, n0 + c, K, N);
    }
  }

  WMMASIM_DEVICE static void stash_a(const Staged& s, In* lds_a, int tid) {
    int r, c;
    for (int j = 0; j < a_vectors; ++j) {
      place(tid, j, BK, r, c);
      store_as(lds_a + r * BK + c, s.a[j]);
    }
  }

  // B is transposed on its way into LDS, one element per store.
  WMMASIM_DEVICE static void stash_b(const Staged& s, In* lds_b, int tid) {
    int r, c;
    for (int j = 0; j < b_vectors; ++j) {
      place(tid, j, BN, r, c);
      In x[vec];
      __builtin_memcpy(x, &s.b[j], sizeof(x));
      for (int i = 0; i < vec; ++i) store_as(lds_b + (c + i) * BK + r, x[i]);
    }
  }

  // A alone (the load_tr variant reads B straight from global memory).
  template <class APtr>
  WMMASIM_DEVICE static void load_a(APtr A, In* lds_a, int m0, int k0, int M, int K, int tid) {
    Staged s;
    int r, c;
    for (int j = 0; j < a_vectors; ++j) {
      place(tid, j, BK, r, c);
      s.a[j] = fetch(A, m0 + r, k0 + c, M, K);
    }
    stash_a(s, lds_a, tid);
  }
};

// The math of one wave: WM x WN output tiles of 16 x 16, fragments read from K-contiguous LDS tiles
// (row stride Ld) as the layouts' runs. All fragments of a step are read before the first WMMA, so
// each B fragment is read once per step rather than once per A fragment.
template <class Op, int WM, int WN>
struct WmmaComputePolicy {
  static constexpr int k_step = kInstructions[instruction_index(Op::builtin)].k;
  typename Op::Acc acc[WM][WN] = {};

  template <int Ld, class In>
  WMMASIM_DEVICE void step(const In* lds_a, const In* lds_b, int wave_m, int wave_n, int kk, int lane) {
    typename Op::A a[WM];
    typename Op::B b[WN];
    for (int tm = 0; tm < WM; ++tm)
      a[tm] = load_fragment_k_runs<Op, Operand::a, typename Op::A, Ld>(lane, lds_a + (wave_m + 16 * tm) * Ld + kk);
    for (int tn = 0; tn < WN; ++tn)
      b[tn] = load_fragment_k_runs<Op, Operand::b, typename Op::B, Ld>(lane, lds_b + (wave_n + 16 * tn) * Ld + kk);
    for (int tm = 0; tm < WM; ++tm)
      for (int tn = 0; tn < WN; ++tn) acc[tm][tn] = Op::mma(a[tm], b[tn], acc[tm][tn]);
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
  __shared__ typename Tile::Storage lds;
  const int tid = static_cast<int>(thread_idx_x()), lane = lane_id(), wave = wave_id();
  const int m0 = static_cast<int>(block_idx_y()) * Tile::block_m, n0 = static_cast<int>(block_idx_x()) * Tile::block_n;
  const int wave_m = 32 * (wave / 2), wave_n = 32 * (wave % 2);
  WmmaComputePolicy<Op, 2, 2> compute;
  // Software pipelining: the next tile's global reads are issued before this tile's math, so their
  // latency hides behind the WMMAs; they land in LDS at the top of the next iteration.
  typename Tile::Staged next;
  Tile::fetch_tile(A, B, next, m0, n0, 0, M, N, K, tid);
  for (int k0 = 0; k0 < K; k0 += Tile::k_tile) {
    sync_threads();  // the previous step's LDS reads are done
    Tile::stash_a(next, lds.a, tid);
    Tile::stash_b(next, lds.b, tid);
    sync_threads();
    if (k0 + Tile::k_tile < K) Tile::fetch_tile(A, B, next, m0, n0, k0 + Tile::k_tile, M, N, K, tid);
    // Stop at K: an all-zero step would still turn a -0 accumulator into +0 (numerics 3.3 (6)).
    for (int kk = 0; kk < Tile::k_tile && k0 + kk < K; kk += compute.k_step)
      compute.template step<Tile::k_tile>(lds.a, lds.b, wave_m, wave_n, kk, lane);
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
