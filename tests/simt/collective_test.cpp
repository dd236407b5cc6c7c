// wave_collective, the hook behind the wave-wide builtins: test-only wave operations built on it
// (a sum and a rotation) must see every lane's value, run once per wave and hand each lane its own.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <atomic>
#include <span>

#include "wmmasim/simt/simt.hpp"

namespace simt = wmmasim::simt;
using simt::dim3;

namespace {

int wave_sum(int mine) {
  return simt::wave_collective<int, int>("wave_sum", mine, [](simt::LaneValues<const int> in, simt::LaneValues<int> out) {
    int total = 0;
    for (int v : in) total += v;
    for (int& o : out) o = total;
  });
}

// Lane i receives lane (i + by) % wave_size's value: a cross-lane shuffle, as a DPP/permute would.
double wave_rotate(double mine, int by) {
  return simt::wave_collective<double, double>("wave_rotate", mine, [by](simt::LaneValues<const double> in,
                                                                           simt::LaneValues<double> out) {
    const std::size_t n = in.size();
    for (std::size_t i = 0; i < n; ++i) out[i] = in[(i + std::size_t(by)) % n];
  });
}

TEST(SimtWaveCollective, WaveSumSeesEveryLaneAndRunsOncePerWave) {
  for (int ws : {32, 64}) {
    static std::atomic<int> execs;
    execs = 0;
    simt::Buffer<int> out("out", 4 * 128);
    simt::LaunchOptions o;
    o.wave_size = ws;
    simt::launch("wave_sum", dim3(4), dim3(128), o, [](simt::checked_ptr<int> out) {
      const unsigned t = simt::thread_idx().x;
      const int s = simt::wave_collective<int, int>("counted_sum", int(t), [](simt::LaneValues<const int> in, simt::LaneValues<int> o) {
        ++execs;
        int total = 0;
        for (int v : in) total += v;
        for (int& x : o) x = total;
      });
      out[simt::block_idx().x * 128 + t] = s;
    }, out);
    EXPECT_EQ(execs.load(), 4 * 128 / ws) << "wave " << ws;
    for (unsigned t = 0; t < 4 * 128; ++t) {
      const int w = int(t % 128) / ws;  // sum of ws*w .. ws*w+ws-1
      EXPECT_EQ(out.host()[t], ws * (ws * w) + ws * (ws - 1) / 2) << "thread " << t << " wave " << ws;
    }
  }
}

TEST(SimtWaveCollective, RotateHandsEachLaneItsOwnResultFromOneCallSiteInALoop) {
  simt::Buffer<double> out("out", 64);
  simt::LaunchOptions o;
  o.wave_size = 64;
  simt::launch("rotate", dim3(1), dim3(64), o, [](simt::checked_ptr<double> out) {
    double v = simt::lane_id() * 10;
    for (int step = 0; step < 3; ++step) v = wave_rotate(v, 5);
    out[simt::thread_idx().x] = v;
  }, out);
  for (int lane = 0; lane < 64; ++lane) EXPECT_EQ(out.host()[lane], ((lane + 15) % 64) * 10) << lane;
}

TEST(SimtWaveCollective, WavesMayWaitAtCollectivesWhileOtherWavesWaitAtTheBarrier) {
  simt::Buffer<double> out("out", 192);
  simt::launch("rotate", dim3(2), dim3(96), [](simt::checked_ptr<double> out) {
    const int lane = simt::lane_id();
    double v = lane * 10 + simt::wave_id() * 1000;
    for (int step = 0; step < simt::wave_id() + 1; ++step) v = wave_rotate(v, 1);
    simt::sync_threads();
    out[simt::block_idx().x * 96 + simt::thread_idx().x] = v + wave_sum(1);
  }, out);
  for (unsigned t = 0; t < 192; ++t) {
    const int w = int(t % 96) / 32, lane = int(t % 32);
    EXPECT_EQ(out.host()[t], ((lane + w + 1) % 32) * 10 + w * 1000 + 32) << t;
  }
}

TEST(SimtWaveCollective, OutsideAKernelItSaysSo) {
  EXPECT_THROW(wave_sum(1), simt::KernelFault);
}

}  // namespace
