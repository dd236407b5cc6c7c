// The runtime's features used one by one, each checked exactly: thread/block/lane/wave ids in 3-D
// grids and partial waves, arguments, dynamic shared memory with barriers, determinism across
// thread counts, and the event trace.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <numeric>
#include <vector>

#include "wmmasim/simt/simt.hpp"
#include "block_sum_kernel.hpp"

namespace simt = wmmasim::simt;
using simt::dim3;

namespace {

struct Ids {
  unsigned tx, ty, tz, bx, by, bz, bdx, bdy, bdz, gdx, gdy, gdz;
  int lane, wave, wave_size;
};

TEST(SimtLaunch, EveryThreadSeesItsOwnIdsIn3dGridsWithAPartialWave) {
  const dim3 grid(3, 2, 2), block(5, 3, 2);  // 30 threads: one wave of 32 with 2 inactive lanes
  const unsigned per_block = 30, blocks = 12;
  simt::Buffer<Ids> out("ids", per_block * blocks);
  simt::launch("ids", grid, block, [](simt::checked_ptr<Ids> ids) {
    const dim3 t = simt::thread_idx(), b = simt::block_idx(), bd = simt::block_dim(), gd = simt::grid_dim();
    const unsigned linear_block = b.x + gd.x * (b.y + gd.y * b.z);
    const unsigned linear_thread = t.x + bd.x * (t.y + bd.y * t.z);
    ids[linear_block * bd.x * bd.y * bd.z + linear_thread] =
        Ids{t.x, t.y, t.z, b.x, b.y, b.z, bd.x, bd.y, bd.z, gd.x, gd.y, gd.z, simt::lane_id(), simt::wave_id(),
            simt::wave_size()};
  }, out);
  unsigned checked = 0;
  for (unsigned bz = 0; bz < 2; ++bz)
    for (unsigned by = 0; by < 2; ++by)
      for (unsigned bx = 0; bx < 3; ++bx)
        for (unsigned t = 0; t < per_block; ++t) {
          const Ids& r = out.host()[(bx + 3 * (by + 2 * bz)) * per_block + t];
          EXPECT_EQ(r.tx, t % 5);
          EXPECT_EQ(r.ty, t / 5 % 3);
          EXPECT_EQ(r.tz, t / 15);
          EXPECT_EQ(r.bx, bx);
          EXPECT_EQ(r.by, by);
          EXPECT_EQ(r.bz, bz);
          EXPECT_EQ(r.bdx * 100 + r.bdy * 10 + r.bdz, 532u);
          EXPECT_EQ(r.gdx * 100 + r.gdy * 10 + r.gdz, 322u);
          EXPECT_EQ(r.lane, int(t));
          EXPECT_EQ(r.wave, 0);
          EXPECT_EQ(r.wave_size, 32);
          ++checked;
        }
  EXPECT_EQ(checked, per_block * blocks);
}

TEST(SimtLaunch, Wave64GroupsSixtyFourConsecutiveThreads) {
  simt::Buffer<int> lanes("lanes", 200), waves("waves", 200);
  simt::LaunchOptions o;
  o.wave_size = 64;
  simt::launch("w64", dim3(1), dim3(200), o, [](simt::checked_ptr<int> l, simt::checked_ptr<int> w) {
    l[simt::thread_idx().x] = simt::lane_id();
    w[simt::thread_idx().x] = simt::wave_id();
  }, lanes, waves);
  for (int t = 0; t < 200; ++t) {
    EXPECT_EQ(lanes.host()[t], t % 64);
    EXPECT_EQ(waves.host()[t], t / 64);
  }
}

TEST(SimtLaunch, ArgumentsArriveByValueAndBuffersAsCheckedPointers) {
  simt::Buffer<float> y("y", std::vector<float>{1, 2, 3, 4, 5, 6, 7, 8});
  const simt::Buffer<float>* keep = &y;
  simt::launch("axpy", dim3(2), dim3(4), [](float a, simt::checked_ptr<const float> x, simt::checked_ptr<float> y) {
    const unsigned i = simt::block_idx().x * 4 + simt::thread_idx().x;
    y[i] = a * x[i] + y[i];
  }, 2.0f, y.ptr(), y);
  EXPECT_EQ(keep->to_host(), (std::vector<float>{3, 6, 9, 12, 15, 18, 21, 24}));
}

using wmmasim::simt_kernels::block_sum;

TEST(SimtLaunch, SharedMemoryReductionWithBarriersIsExact) {
  const unsigned blocks = 37, threads = 256;
  std::vector<std::int64_t> host(blocks * threads);
  for (std::size_t i = 0; i < host.size(); ++i) host[i] = std::int64_t(i * i % 1000003) - 500000;
  simt::Buffer<std::int64_t> in("in", host), out("out", blocks);
  simt::LaunchOptions o;
  o.dynamic_shared_bytes = threads * sizeof(std::int64_t);
  simt::launch("block_sum", dim3(blocks), dim3(threads), o, block_sum, in, out);
  for (unsigned b = 0; b < blocks; ++b)
    EXPECT_EQ(out.host()[b], std::accumulate(host.begin() + b * threads, host.begin() + (b + 1) * threads, std::int64_t(0)))
        << "block " << b;
}

// Float accumulation in a fixed per-block order: the bits must not depend on how many OS threads run.
void float_mix(simt::checked_ptr<const float> in, simt::checked_ptr<float> out) {
  simt::checked_ptr<float> s = simt::dynamic_shared<float>();
  const unsigned t = simt::thread_idx().x, b = simt::block_idx().x;
  s[t] = in[b * 64 + t] * 1.0001f;
  simt::sync_threads();
  float acc = 0;
  for (unsigned k = 0; k < 64; ++k) acc = acc * 0.5f + s[(t + k) % 64];
  out[b * 64 + t] = acc;
}

TEST(SimtLaunch, ParallelBlocksGiveTheSameBitsAsOneThread) {
  const unsigned blocks = 96;
  std::vector<float> host(blocks * 64);
  for (std::size_t i = 0; i < host.size(); ++i) host[i] = float(i % 97) / 7.0f - 3.0f;
  simt::Buffer<float> in("in", host), serial("serial", host.size()), parallel("parallel", host.size());
  simt::LaunchOptions one, all;
  one.threads = 1;
  one.dynamic_shared_bytes = all.dynamic_shared_bytes = 64 * sizeof(float);
  simt::launch("float_mix", dim3(blocks), dim3(64), one, float_mix, in, serial);
  simt::launch("float_mix", dim3(blocks), dim3(64), all, float_mix, in, parallel);
  EXPECT_EQ(0, std::memcmp(serial.host().data(), parallel.host().data(), host.size() * sizeof(float)));
}

TEST(SimtLaunch, KernelsCanBeLambdasWithCapturesAndVectorElements) {
  typedef float v4 __attribute__((vector_size(16)));
  simt::Buffer<v4> vecs("vecs", 32);
  const float scale = 3;
  simt::launch("vectors", dim3(1), dim3(32), [scale](simt::checked_ptr<v4> v) {
    const int i = simt::lane_id();
    v4 x = {float(i), 1, 2, 3};
    v[i] = x * scale;
    v[i] += v4{1, 1, 1, 1};
    const float first = v[i][0];  // element_ref reads one component
    if (first != float(i) * scale + 1) throw std::logic_error("component read");
  }, vecs);
  for (int i = 0; i < 32; ++i) {
    EXPECT_EQ(vecs.host()[i][0], float(i) * 3 + 1);
    EXPECT_EQ(vecs.host()[i][3], 10.0f);
  }
}

TEST(SimtLaunch, InKernelIsFalseOnTheHostAndKernelOnlyCallsSaySo) {
  EXPECT_FALSE(simt::in_kernel());
  try {
    simt::lane_id();
    FAIL();
  } catch (const simt::KernelFault& e) {
    EXPECT_EQ(e.kind, simt::FaultKind::misuse);
    EXPECT_STREQ(e.what(), "wmmasim::simt::lane_id was called outside a kernel launch");
  }
  bool inside = false;
  simt::Buffer<int> flag("flag", 1);
  simt::launch("probe", dim3(1), dim3(1), [&inside] { inside = simt::in_kernel(); });
  EXPECT_TRUE(inside);
}

TEST(SimtLaunch, BufferCopiesCheckTheirSize) {
  simt::Buffer<int> b("b", 4);
  EXPECT_EQ(b.to_host(), std::vector<int>(4, 0));  // zero-initialised
  try {
    b.copy_from_host(std::vector<int>(5, 1));
    FAIL();
  } catch (const wmmasim::UserError& e) {
    EXPECT_STREQ(e.what(), "cannot copy 5 elements into buffer 'b' of 4 elements");
  }
}

TEST(SimtTrace, RecordsLaneZerosMemoryBarriersAndTimersPerWave) {
  simt::TraceRecorder rec;
  simt::LaunchOptions o;
  o.trace = &rec;
  o.dynamic_shared_bytes = 64 * sizeof(int);
  simt::Buffer<int> in("in", 128), out("out", 128);
  simt::launch("traced", dim3(2), dim3(64), o, [](simt::checked_ptr<const int> a, simt::checked_ptr<int> b) {
    auto s = simt::dynamic_shared<int>();
    const unsigned t = simt::thread_idx().x, g = simt::block_idx().x * 64 + t;
    s[t] = a[g];
    simt::sync_threads();
    simt::trace_event({simt::EventKind::valu, "v_add_u32", std::source_location::current(), 7, {5, 6}});
    b[g] = s[63 - t];
  }, in, out);
  ASSERT_EQ(rec.waves.size(), 4u);  // 2 blocks x 2 waves, ordered by block then wave
  using K = simt::EventKind;
  for (std::size_t i = 0; i < rec.waves.size(); ++i) {
    const simt::WaveTrace& w = rec.waves[i];
    EXPECT_EQ(w.block.x, i / 2);
    EXPECT_EQ(w.wave, int(i % 2));
    std::vector<K> kinds;
    for (const auto& e : w.events) kinds.push_back(e.kind);
    EXPECT_EQ(kinds, (std::vector<K>{K::global_load, K::lds, K::barrier, K::valu, K::lds, K::global_store}));
    EXPECT_EQ(w.wave_size, 32);
    EXPECT_EQ(w.active_lanes, 32);
    EXPECT_EQ(w.dynamic_shared_bytes, 64 * sizeof(int));
    EXPECT_EQ(w.events[0].bytes, sizeof(int));
    EXPECT_EQ(w.events[3].write, 7u);
    EXPECT_EQ(w.events[3].reads[1], 6u);
    EXPECT_GT(w.events[2].where.line(), 0u);
  }
  EXPECT_STREQ(simt::event_kind_name(K::global_store), "global_store");
}

TEST(SimtTrace, OffByDefaultAndCheapToAsk) {
  bool traced = true;
  simt::launch("untraced", dim3(1), dim3(32), [&traced] {
    if (simt::lane_id() == 0) traced = simt::tracing();
  });
  EXPECT_FALSE(traced);
}

}  // namespace
