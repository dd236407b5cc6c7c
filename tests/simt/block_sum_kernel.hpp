// A tree reduction in dynamic shared memory, where every step needs the barrier: used by the SIMT
// tests (exactness) and the SIMT benchmark (cost per lane) alike.
#pragma once

#include <cstdint>

#include "wmmasim/simt/simt.hpp"

namespace wmmasim::simt_kernels {

inline void block_sum(simt::checked_ptr<const std::int64_t> in, simt::checked_ptr<std::int64_t> out) {
  simt::checked_ptr<std::int64_t> partial = simt::dynamic_shared<std::int64_t>();
  const unsigned t = simt::thread_idx().x, n = simt::block_dim().x;
  partial[t] = in[simt::block_idx().x * n + t];
  simt::sync_threads();
  for (unsigned stride = n / 2; stride > 0; stride /= 2) {
    if (t < stride) partial[t] += partial[t + stride];
    simt::sync_threads();
  }
  if (t == 0) out[simt::block_idx().x] = partial[0];
}

}  // namespace wmmasim::simt_kernels
