// Kernels written once against wmmasim/kernel.hpp: portable_kernel_test.cpp runs them on the CPU
// backend, and CTest compiles this same file for gfx1201 with clang HIP (portable_kernels.hip).
#pragma once

#include "wmmasim/kernel.hpp"

namespace portable {

using wmmasim::global_ptr;

// Per-block sum through static __shared__ memory and a barrier tree (block size a power of 2, <= 256).
WMMASIM_KERNEL void block_reduce(global_ptr<const int> in, global_ptr<int> out) {
  __shared__ int partial[256];
  const unsigned t = wmmasim::thread_idx_x(), n = wmmasim::block_dim_x();
  partial[t] = in[wmmasim::block_idx_x() * n + t];
  wmmasim::sync_threads();
  for (unsigned stride = n / 2; stride > 0; stride /= 2) {
    if (t < stride) partial[t] += partial[t + stride];
    wmmasim::sync_threads();
  }
  if (t == 0) out[wmmasim::block_idx_x()] = partial[0];
}

// Threads from 64 on return at once and threads 0-63 meet at a barrier, which on the GPU waits only
// for the waves still running (S_BARRIER); each then reads what thread 63 - t left in the tile.
WMMASIM_KERNEL void early_exit_exchange(global_ptr<const int> in, global_ptr<int> out) {
  __shared__ int tile[64];
  const unsigned t = wmmasim::thread_idx_x(), b = wmmasim::block_idx_x();
  if (t >= 64) return;
  tile[t] = in[b * 64 + t];
  wmmasim::sync_threads();
  out[b * 64 + t] = tile[63 - t];
}

// n x n transpose in 16 x 16 tiles through a checked shared array (padded row: no bank conflicts).
WMMASIM_KERNEL void transpose(global_ptr<const float> in, global_ptr<float> out, unsigned n) {
  __shared__ wmmasim::shared_array<float, 16 * 17> tile;
  const unsigned tx = wmmasim::thread_idx_x(), ty = wmmasim::thread_idx_y();
  const unsigned bx = wmmasim::block_idx_x() * 16, by = wmmasim::block_idx_y() * 16;
  tile[ty * 17 + tx] = in[(by + ty) * n + bx + tx];
  wmmasim::sync_threads();
  out[(bx + ty) * n + by + tx] = tile[tx * 17 + ty];
}

// Eight halves per lane read as one v8h (a 128-bit load), summed in float; ids go to dynamic LDS.
WMMASIM_KERNEL void sum_halves(global_ptr<const _Float16> in, global_ptr<float> out, global_ptr<int> ids) {
  const unsigned t = wmmasim::block_idx_x() * wmmasim::block_dim_x() + wmmasim::thread_idx_x();
  const v8h v = wmmasim::load_as<v8h>(in + t * 8);
  float s = 0;
  for (int i = 0; i < 8; ++i) s += static_cast<float>(v[i]);
  out[t] = s;
  auto lds = wmmasim::dynamic_shared<int>();
  lds[wmmasim::thread_idx_x()] = wmmasim::wave_id() * 1000 + wmmasim::lane_id();
  wmmasim::sync_threads();
  ids[t] = lds[wmmasim::thread_idx_x()] + static_cast<int>(wmmasim::grid_dim_x()) * 100000;
}

}  // namespace portable
