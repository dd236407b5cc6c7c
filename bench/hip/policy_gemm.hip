// A tiled f16 GEMM written for this benchmark in the style of AMD's RDNA4 WMMA example
// (amd-rocm-optimization-guide's matrix_multiply_rdna4_wmma.hip, as its documentation describes it;
// not its code): a generic kernel over a tile policy, whose prefetch() stages the block's A and B
// tiles in LDS, and a compute policy, whose load_a/load_b/mma/store_c give each wave one 16 x 16 tile
// of C. What makes it costlier to emulate than examples/hip/tile_policy_gemm.hip is what it does per
// element: the tile copy is one scalar global load and one scalar LDS store per element (B is
// transposed on the way, so a B fragment runs along K), and every fragment is eight scalar LDS reads.
// Two tile policies, as in AMD's file: B transposed by that scalar loop, or fetched by
// global_load_tr_b128 and written to LDS already transposed. The compute policy is the same for both.
#include <hip/hip_runtime.h>

#include "policy_gemm.h"

typedef __fp16 half8 __attribute__((ext_vector_type(8)));  // the builtins' f16 fragment type
typedef float float8 __attribute__((ext_vector_type(8)));

namespace {

// The K of fragment slot i for lane l (gfx12 wave32 16-bit A and B): K 0-3 and 8-11 in lanes 0-15,
// K 4-7 and 12-15 in lanes 16-31.
__device__ inline int slot_k(int i, int lane) { return (i & 3) + 4 * (lane / 16) + 8 * (i >> 2); }

// ---- Tile policies ------------------------------------------------------------------------------
template <int BlockM, int BlockN, int KTile>
struct ScalarTiles {
  static constexpr int block_tile_m = BlockM, block_tile_n = BlockN, k_tile_size = KTile;
  static constexpr int waves = (BlockM / 16) * (BlockN / 16);
  static constexpr int threads = waves * 32;
  struct Lds {
    _Float16 a[BlockM][KTile];    // row-major, as in global memory
    _Float16 b_t[BlockN][KTile];  // B transposed: column n of the tile runs along K
  };
  __device__ static void prefetch_a(const _Float16* A, Lds& s, int m0, int k0, int K) {
    for (int i = threadIdx.x; i < BlockM * KTile; i += threads) {
      const int r = i / KTile, c = i % KTile;
      s.a[r][c] = A[(m0 + r) * K + k0 + c];
    }
  }
  __device__ static void prefetch(const _Float16* A, const _Float16* B, Lds& s, int m0, int n0, int k0, int N, int K) {
    prefetch_a(A, s, m0, k0, K);
    for (int i = threadIdx.x; i < KTile * BlockN; i += threads) {
      const int r = i / BlockN, c = i % BlockN;
      s.b_t[c][r] = B[(k0 + r) * N + n0 + c];
    }
  }
};

// The same tiles, B fetched by global_load_tr_b128: one load hands a wave a 16 x 16 B fragment
// (lane l: column l%16 at the K of its slots), which the wave writes into b_t. The lane addresses
// follow from the documented 8 x 8 transpose: lane l points at row slot_k(l%8, l) of the sub-tile,
// columns 8*((l/8)&1)..+7.
template <int BlockM, int BlockN, int KTile>
struct TransposeLoadTiles : ScalarTiles<BlockM, BlockN, KTile> {
  using Base = ScalarTiles<BlockM, BlockN, KTile>;
  using typename Base::Lds;
  static constexpr int sub_tiles = (KTile / 16) * (BlockN / 16);
  static_assert(sub_tiles <= Base::waves, "one B sub-tile per wave");
  __device__ static void prefetch(const _Float16* A, const _Float16* B, Lds& s, int m0, int n0, int k0, int N, int K) {
    Base::prefetch_a(A, s, m0, k0, K);
    const int wave = threadIdx.x / 32, lane = threadIdx.x % 32;
    if (wave >= sub_tiles) return;  // the whole wave: the load is a wave instruction
    const int kt = 16 * (wave / (BlockN / 16)), nt = 16 * (wave % (BlockN / 16));
    const int e = lane % 8;
    const int row = (e & 3) + 4 * (lane / 16) + 8 * (e >> 2), col = 8 * ((lane / 8) & 1);
    const _Float16* p = B + (k0 + kt + row) * N + n0 + nt + col;
    const half8 b = __builtin_amdgcn_global_load_tr_b128_v8f16((__attribute__((address_space(1))) half8*)p);
    for (int i = 0; i < 8; ++i) s.b_t[nt + lane % 16][kt + slot_k(i, lane)] = b[i];
  }
};

// ---- Compute policy -----------------------------------------------------------------------------
struct WmmaF16 {
  static constexpr int k_step = 16;
  float8 acc = {};
  template <class Lds> __device__ static half8 load_a(const Lds& s, int row0, int kk) {
    const int lane = threadIdx.x % 32;
    half8 a;
    for (int i = 0; i < 8; ++i) a[i] = s.a[row0 + lane % 16][kk + slot_k(i, lane)];
    return a;
  }
  template <class Lds> __device__ static half8 load_b(const Lds& s, int col0, int kk) {
    const int lane = threadIdx.x % 32;
    half8 b;
    for (int i = 0; i < 8; ++i) b[i] = s.b_t[col0 + lane % 16][kk + slot_k(i, lane)];
    return b;
  }
  __device__ void mma(half8 a, half8 b) { acc = __builtin_amdgcn_wmma_f32_16x16x16_f16_w32_gfx12(a, b, acc); }
  // D slot i of lane l is row 8*(l/16) + i, column l%16 of the wave's tile.
  __device__ void store_c(float* C, int row0, int col0, int N) const {
    const int lane = threadIdx.x % 32;
    for (int i = 0; i < 8; ++i) C[(row0 + 8 * (lane / 16) + i) * N + col0 + lane % 16] = acc[i];
  }
};

// ---- The generic kernel -------------------------------------------------------------------------
template <class Tiles, class Compute>
__global__ void __launch_bounds__(Tiles::threads)
policy_gemm(const _Float16* __restrict__ A, const _Float16* __restrict__ B, float* __restrict__ C, int N, int K) {
  __shared__ typename Tiles::Lds lds;
  const int wave = threadIdx.x / 32;
  const int m0 = blockIdx.y * Tiles::block_tile_m, n0 = blockIdx.x * Tiles::block_tile_n;
  const int wm = 16 * (wave / (Tiles::block_tile_n / 16)), wn = 16 * (wave % (Tiles::block_tile_n / 16));
  Compute compute;
  for (int k0 = 0; k0 < K; k0 += Tiles::k_tile_size) {
    Tiles::prefetch(A, B, lds, m0, n0, k0, N, K);
    __syncthreads();
    for (int kk = 0; kk < Tiles::k_tile_size; kk += Compute::k_step)
      compute.mma(Compute::load_a(lds, wm, kk), Compute::load_b(lds, wn, kk));
    __syncthreads();
  }
  compute.store_c(C, m0 + wm, n0 + wn, N);
}

using Tiles = ScalarTiles<64, 64, 32>;
using TrTiles = TransposeLoadTiles<64, 64, 32>;

_Float16 *g_a = nullptr, *g_b = nullptr;
float* g_c = nullptr;
int g_m = 0, g_n = 0, g_k = 0;

}  // namespace

extern "C" {

int policy_gemm_setup(const uint16_t* a, const uint16_t* b, int m, int n, int k) {
  if (m % Tiles::block_tile_m || n % Tiles::block_tile_n || k % Tiles::k_tile_size) return -1;
  g_m = m, g_n = n, g_k = k;
  if (hipMalloc(&g_a, sizeof(_Float16) * m * k) != hipSuccess || hipMalloc(&g_b, sizeof(_Float16) * k * n) != hipSuccess ||
      hipMalloc(&g_c, sizeof(float) * m * n) != hipSuccess)
    return -1;
  if (hipMemcpy(g_a, a, sizeof(_Float16) * m * k, hipMemcpyHostToDevice) != hipSuccess ||
      hipMemcpy(g_b, b, sizeof(_Float16) * k * n, hipMemcpyHostToDevice) != hipSuccess)
    return -1;
  return 0;
}

int policy_gemm_run(int load_tr) {
  const dim3 grid(g_n / Tiles::block_tile_n, g_m / Tiles::block_tile_m), block(Tiles::threads);
  if (load_tr)
    policy_gemm<TrTiles, WmmaF16><<<grid, block>>>(g_a, g_b, g_c, g_n, g_k);
  else
    policy_gemm<Tiles, WmmaF16><<<grid, block>>>(g_a, g_b, g_c, g_n, g_k);
  if (hipGetLastError() != hipSuccess) return -1;
  return hipDeviceSynchronize() == hipSuccess ? 0 : -1;
}

int policy_gemm_result(float* c) {
  return hipMemcpy(c, g_c, sizeof(float) * g_m * g_n, hipMemcpyDeviceToHost) == hipSuccess ? 0 : -1;
}

void policy_gemm_teardown() {
  (void)hipFree(g_a);
  (void)hipFree(g_b);
  (void)hipFree(g_c);
  g_a = g_b = nullptr;
  g_c = nullptr;
}

}  // extern "C"
