// The kernels of portable_kernels.hpp (also compiled for gfx1201 by CTest) run unchanged on the CPU.
#include <gtest/gtest.h>

#include <numeric>
#include <vector>

#include "portable_kernels.hpp"

namespace simt = wmmasim::simt;
using simt::dim3;

namespace {

TEST(SimtPortableKernels, StaticSharedReductionIsExactOnAllCores) {
  const unsigned blocks = 64, threads = 256;
  std::vector<int> host(blocks * threads);
  std::iota(host.begin(), host.end(), -5000);
  simt::Buffer<int> in("in", host), out("out", blocks);
  // Many blocks on every core at once: each OS thread's blocks must see their own __shared__ array.
  simt::launch("block_reduce", dim3(blocks), dim3(threads), portable::block_reduce, in, out);
  for (unsigned b = 0; b < blocks; ++b)
    EXPECT_EQ(out.host()[b], std::accumulate(host.begin() + b * threads, host.begin() + (b + 1) * threads, 0));
}

TEST(SimtPortableKernels, WavesThatReturnBeforeABarrierDoNotHoldItUp) {
  const unsigned blocks = 8;  // blocks of 128 threads (4 waves), of which waves 2-3 return
  std::vector<int> host(blocks * 64);
  std::iota(host.begin(), host.end(), 1);
  simt::Buffer<int> in("in", host), out("out", blocks * 64);
  simt::launch("early_exit_exchange", dim3(blocks), dim3(128), portable::early_exit_exchange, in, out);
  for (unsigned i = 0; i < blocks * 64; ++i) EXPECT_EQ(out.host()[i], host[i / 64 * 64 + 63 - i % 64]) << i;
}

TEST(SimtPortableKernels, TransposeThroughASharedTileIn2dBlocks) {
  const unsigned n = 64;
  std::vector<float> host(n * n);
  for (unsigned i = 0; i < n * n; ++i) host[i] = float(i);
  simt::Buffer<float> in("in", host), out("out", n * n);
  simt::launch("transpose", dim3(n / 16, n / 16), dim3(16, 16), portable::transpose, in, out, n);
  for (unsigned r = 0; r < n; ++r)
    for (unsigned c = 0; c < n; ++c) ASSERT_EQ(out.host()[c * n + r], host[r * n + c]) << r << "," << c;
}

TEST(SimtPortableKernels, VectorLoadsDynamicSharedAndIds) {
  const unsigned blocks = 3, threads = 64;
  std::vector<_Float16> halves(blocks * threads * 8);
  for (std::size_t i = 0; i < halves.size(); ++i) halves[i] = _Float16(float(i % 8) * 0.5f);
  simt::Buffer<_Float16> in("in", halves);
  simt::Buffer<float> out("out", blocks * threads);
  simt::Buffer<int> ids("ids", blocks * threads);
  simt::LaunchOptions o;
  o.dynamic_shared_bytes = threads * sizeof(int);
  simt::launch("sum_halves", dim3(blocks), dim3(threads), o, portable::sum_halves, in, out, ids);
  for (unsigned t = 0; t < blocks * threads; ++t) {
    EXPECT_EQ(out.host()[t], 14.0f);  // 0 + 0.5 + ... + 3.5
    EXPECT_EQ(ids.host()[t], 300000 + int(t % threads) / 32 * 1000 + int(t % 32));
  }
}

TEST(SimtPortableKernels, ASharedTileIndexErrorIsCaughtOnTheCpu) {
  const unsigned n = 40;  // not a multiple of 16: the last tiles go past the matrix
  simt::Buffer<float> in("in", n * n), out("out", n * n);
  try {
    simt::launch("transpose", dim3(3, 3), dim3(16, 16), portable::transpose, in, out, n);
    FAIL();
  } catch (const simt::KernelFault& f) {
    EXPECT_EQ(f.kind, simt::FaultKind::out_of_bounds);
    EXPECT_STREQ(f.what(), "out-of-bounds write of buffer 'out' at element 1600 (size 1600) in kernel transpose, block (2,0,0), wave 4, lane 0");
  }
}

}  // namespace
