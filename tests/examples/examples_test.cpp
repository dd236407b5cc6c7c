// The example kernels, run per lane through the SIMT runtime, equal the matrix API bit for bit.
#include <gtest/gtest.h>

#include <cstring>

#include "../../examples/kernels/tiled_gemm.hpp"
#include "../../examples/kernels/tiled_gemm_load_tr.hpp"
#include "../../examples/kernels/wmma_chain.hpp"
#include "wmmasim/layouts/lookup.hpp"
#include "wmmasim/matrix/gemm.hpp"
#include "wmmasim/matrix/random.hpp"

namespace wmmasim {
namespace {

template <class T> std::vector<T> as_host(const BitMatrix& m) {
  std::vector<T> out(m.bits.size());
  for (std::size_t i = 0; i < out.size(); ++i) std::memcpy(&out[i], &m.bits[i], sizeof(T));
  return out;
}
template <class T> std::vector<std::uint32_t> as_bits(const std::vector<T>& v) {
  std::vector<std::uint32_t> out(v.size());
  for (std::size_t i = 0; i < v.size(); ++i) std::memcpy(&out[i], &v[i], sizeof(T));
  return out;
}

template <class Op, class Kernel>
void expect_kernel_equals_gemm(Kernel kernel, const char* name, int M, int N, int K, std::uint64_t seed,
                               const simt::LaunchOptions& options = {}) {
  const Instruction& ins = *find_builtin(Op::builtin);
  const BitMatrix a = random_matrix(M, K, ins.a, seed, 0), b = random_matrix(K, N, ins.b, seed, 1);
  BitMatrix zero{M, N, ins.cd, std::vector<std::uint32_t>(static_cast<std::size_t>(M) * N, 0)};
  GemmOptions o;
  if (ins.integer_inputs()) o.modifiers.neg = 3;  // the example's iu8 op is signed x signed
  const BitMatrix want = gemm(ins, a, b, zero, o);
  simt::Buffer<typename Op::In> A("A", as_host<typename Op::In>(a)), B("B", as_host<typename Op::In>(b));
  simt::Buffer<typename Op::Out> C("C", static_cast<std::size_t>(M) * N);
  simt::launch(name, simt::dim3{static_cast<unsigned>((N + 63) / 64), static_cast<unsigned>((M + 63) / 64)},
               simt::dim3{128}, options, kernel, A, B, C, M, N, K);
  const std::vector<std::uint32_t> got = as_bits(C.to_host());
  for (std::size_t i = 0; i < got.size(); ++i)
    ASSERT_EQ(got[i], want.bits[i]) << name << " " << M << "x" << N << "x" << K << " D[" << i / N << "][" << i % N << "]";
}

// The tile copies read 16-byte vectors where a row length keeps them aligned and the whole vector is
// inside, element by element elsewhere: the shapes below take each path for A and for B, and mix
// both at the matrix edges.
TEST(Examples, TiledGemmF16) {
  expect_kernel_equals_gemm<examples::WmmaF16>(examples::tiled_gemm_f16, "tiled_gemm_f16", 128, 64, 96, 1);
  expect_kernel_equals_gemm<examples::WmmaF16>(examples::tiled_gemm_f16, "tiled_gemm_f16", 70, 90, 40, 2);
  expect_kernel_equals_gemm<examples::WmmaF16>(examples::tiled_gemm_f16, "tiled_gemm_f16", 64, 72, 36, 8);
}
// A builtin's own work (gathering the wave's operands, the arithmetic) runs on the OS thread's
// stack, so the smallest lane stack a launch accepts holds a WMMA kernel.
TEST(Examples, TiledGemmRunsOnTheSmallestLaneStack) {
  simt::LaunchOptions small;
  small.lane_stack_bytes = 16 * 1024;
  expect_kernel_equals_gemm<examples::WmmaF16>(examples::tiled_gemm_f16, "tiled_gemm_f16", 64, 64, 64, 11, small);
}
TEST(Examples, TiledGemmFp8) {
  expect_kernel_equals_gemm<examples::WmmaFp8>(examples::tiled_gemm_fp8, "tiled_gemm_fp8", 64, 128, 64, 3);
  expect_kernel_equals_gemm<examples::WmmaFp8>(examples::tiled_gemm_fp8, "tiled_gemm_fp8", 33, 40, 20, 9);
}
TEST(Examples, TiledGemmI8) {
  expect_kernel_equals_gemm<examples::WmmaI8>(examples::tiled_gemm_i8, "tiled_gemm_i8", 96, 64, 80, 4);
  expect_kernel_equals_gemm<examples::WmmaI8>(examples::tiled_gemm_i8, "tiled_gemm_i8", 40, 80, 24, 10);
}
TEST(Examples, TiledGemmF16WithLoadTr) {
  expect_kernel_equals_gemm<examples::WmmaF16>(examples::tiled_gemm_f16_load_tr, "tiled_gemm_f16_load_tr", 64, 128, 64, 5);
  expect_kernel_equals_gemm<examples::WmmaF16>(examples::tiled_gemm_f16_load_tr, "tiled_gemm_f16_load_tr", 80, 48, 48, 6);
}

TEST(Examples, AccumulationChain) {
  const Instruction& ins = *find_builtin("wmma_f32_16x16x16_f16_w32_gfx12");
  const int K = 80;
  const BitMatrix a = random_matrix(16, K, ins.a, 7, 0), b = random_matrix(K, 16, ins.b, 7, 1), c = random_matrix(16, 16, ins.cd, 7, 2);
  const BitMatrix want = gemm(ins, a, b, c);
  simt::Buffer<_Float16> A("A", as_host<_Float16>(a)), B("B", as_host<_Float16>(b));
  simt::Buffer<float> C("C", as_host<float>(c)), D("D", 256);
  simt::launch("wmma_chain_f16", simt::dim3{1}, simt::dim3{32}, examples::wmma_chain_f16, A, B, C, D, K);
  EXPECT_EQ(as_bits(D.to_host()), want.bits);
}

}  // namespace
}  // namespace wmmasim
