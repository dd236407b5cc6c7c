// An accumulation chain over K: one wave computes a 16 x 16 tile of D = A (16 x K) * B (K x 16) + C,
// one builtin per 16 values of K, each result feeding the next call's C. Fragments come straight
// from global memory; row-major matrices.
#pragma once

#include "fragments.hpp"
#include "mma_ops.hpp"

namespace wmmasim::examples {

template <class Op>
WMMASIM_DEVICE void wmma_chain_body(global_ptr<const typename Op::In> A, global_ptr<const typename Op::In> B,
                                    global_ptr<const typename Op::Out> C, global_ptr<typename Op::Out> D, int K) {
  const int lane = lane_id();
  auto acc = load_fragment<Op, Operand::c, typename Op::Acc, typename Op::Out>(
      lane, [&](int r, int c) { return C[r * 16 + c]; });
  for (int k0 = 0; k0 < K; k0 += 16) {
    const auto a = load_fragment<Op, Operand::a, typename Op::A>(lane, [&](int r, int k) { return A[r * K + k0 + k]; });
    const auto b = load_fragment<Op, Operand::b, typename Op::B>(lane, [&](int k, int c) { return B[(k0 + k) * 16 + c]; });
    acc = Op::mma(a, b, acc);
  }
  store_fragment<Op>(lane, acc, [&](int r, int c, typename Op::Out v) { D[r * 16 + c] = v; });
}

WMMASIM_KERNEL void wmma_chain_f16(global_ptr<const _Float16> A, global_ptr<const _Float16> B, global_ptr<const float> C,
                                   global_ptr<float> D, int K) {
  wmma_chain_body<WmmaF16>(A, B, C, D, K);
}

}  // namespace wmmasim::examples
