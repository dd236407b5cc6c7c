// Kernels through the SIMT runtime calling the builtins by their clang names, per lane, compared with
// the wave-level matrix API on the same data; a kernel with a layout bug is caught the same way.
#include <gtest/gtest.h>

#include "wmmasim/kernel.hpp"
#include "wmmasim/layouts/instruction_table.hpp"
#include "wmmasim/matrix/gemm.hpp"
#include "wmmasim/matrix/random.hpp"

namespace wmmasim {
namespace {

// One 16x16x16 f16 tile, fragments loaded with the ISA layout of spec layouts.md 4.1 (wave32).
// `swap_store` stores D transposed: the classic silent layout bug.
void f16_tile_kernel(global_ptr<const std::uint16_t> A, global_ptr<const std::uint16_t> B,
                     global_ptr<const float> C, global_ptr<float> D, bool swap_store) {
  const int lane = lane_id(), i = lane % 16, g = lane / 16;
  v8h a{}, b{};
  for (int e = 0; e < 8; ++e) {
    const int k = (e & 3) + 4 * g + 8 * (e >> 2);
    std::uint16_t ab = A[i * 16 + k], bb = B[k * 16 + i];
    std::memcpy(reinterpret_cast<char*>(&a) + 2 * e, &ab, 2);
    std::memcpy(reinterpret_cast<char*>(&b) + 2 * e, &bb, 2);
  }
  v8f c{};
  for (int v = 0; v < 8; ++v) c[v] = C[(8 * g + v) * 16 + i];
  const v8f d = __builtin_amdgcn_wmma_f32_16x16x16_f16_w32_gfx12(a, b, c);
  for (int v = 0; v < 8; ++v) {
    const int row = 8 * g + v, col = i;
    D[swap_store ? col * 16 + row : row * 16 + col] = d[v];
  }
}

std::vector<float> run_tile(bool swap_store, const BitMatrix& a, const BitMatrix& b, const BitMatrix& c) {
  std::vector<std::uint16_t> ha(a.bits.begin(), a.bits.end()), hb(b.bits.begin(), b.bits.end());
  std::vector<float> hc(256);
  std::memcpy(hc.data(), c.bits.data(), 1024);
  simt::Buffer<std::uint16_t> A("A", ha), B("B", hb);
  simt::Buffer<float> C("C", hc), D("D", 256);
  simt::launch("f16_tile", simt::dim3{1}, simt::dim3{32}, f16_tile_kernel, A, B, C, D, swap_store);
  return D.to_host();
}

TEST(SimtBuiltins, PerLaneKernelEqualsTheMatrixApiBitForBit) {
  const Instruction& ins = *find_builtin("wmma_f32_16x16x16_f16_w32_gfx12");
  const BitMatrix a = random_matrix(16, 16, ins.a, 21, 0), b = random_matrix(16, 16, ins.b, 21, 1);
  const BitMatrix c = random_matrix(16, 16, ins.cd, 21, 2);
  const BitMatrix want = gemm(ins, a, b, c);
  const std::vector<float> got = run_tile(false, a, b, c);
  for (int e = 0; e < 256; ++e) {
    std::uint32_t bits;
    std::memcpy(&bits, &got[e], 4);
    ASSERT_EQ(bits, want.bits[e]) << "D[" << e / 16 << "][" << e % 16 << "]";
  }
}

TEST(SimtBuiltins, TransposedStoreIsCaughtByTheMatrixApi) {
  const Instruction& ins = *find_builtin("wmma_f32_16x16x16_f16_w32_gfx12");
  const BitMatrix a = random_matrix(16, 16, ins.a, 22, 0), b = random_matrix(16, 16, ins.b, 22, 1);
  const BitMatrix c = random_matrix(16, 16, ins.cd, 22, 2);
  const BitMatrix want = gemm(ins, a, b, c);
  const std::vector<float> got = run_tile(true, a, b, c);
  int differing = 0;
  for (int e = 0; e < 256; ++e) differing += std::memcmp(&got[e], &want.bits[e], 4) != 0;
  EXPECT_GT(differing, 200);
}

// global_load_tr_b128 with the documented addressing (spec 7.1): lane tx reads 8 halves of row
// k0 + tx/4 at column (tx%4)*8; element e of lane tx receives B[(tx/8)*2 + e/4][(e%4)*8 + tx%8].
void load_tr_kernel(global_ptr<const v8h> tile, global_ptr<v8h> out) {
  const int tx = lane_id();
  const v8h got = __builtin_amdgcn_global_load_tr_b128_v8f16(tile + (tx / 4) * 4 + tx % 4);
  out[tx] = got;
}

TEST(SimtBuiltins, LoadTrB128FollowsTheDocumentedMap) {
  std::vector<v8h> tile(32);  // an 8 x 32 tile of halves, row-major, element value = row * 32 + col
  for (int r = 0; r < 8; ++r)
    for (int c = 0; c < 32; ++c) tile[r * 4 + c / 8][c % 8] = static_cast<_Float16>(r * 32 + c);
  simt::Buffer<v8h> in("tile", tile), out("out", 32);
  simt::launch("load_tr", simt::dim3{1}, simt::dim3{32}, load_tr_kernel, in, out);
  const std::vector<v8h> got = out.to_host();
  for (int tx = 0; tx < 32; ++tx)
    for (int e = 0; e < 8; ++e)
      ASSERT_EQ(static_cast<int>(got[tx][e]), ((tx / 8) * 2 + e / 4) * 32 + (e % 4) * 8 + tx % 8) << "lane " << tx << " e " << e;
}

}  // namespace
}  // namespace wmmasim
