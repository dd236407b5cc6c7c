// Every way a kernel can go wrong stops the launch with one sentence, thrown on the host thread
// (or, for a lane that never yields or overflows its stack, printed before exit status 2).
// Barriers have their own file: barrier_test.cpp.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <span>
#include <stdexcept>
#include <string>

#include "wmmasim/simt/simt.hpp"

namespace simt = wmmasim::simt;
using simt::dim3;
using ::testing::HasSubstr;
using ::testing::MatchesRegex;
using ::testing::StartsWith;

namespace {

// Runs the launch and returns its fault; fails the test if it did not fault.
template <class... A> simt::KernelFault fault_of(A&&... a) {
  try {
    simt::launch(std::forward<A>(a)...);
  } catch (const simt::KernelFault& f) {
    return f;
  }
  ADD_FAILURE() << "the launch did not fault";
  return simt::KernelFault(simt::FaultKind::misuse, "");
}

simt::LaunchOptions opts(int wave = 32, std::size_t shared = 0) {
  simt::LaunchOptions o;
  o.wave_size = wave;
  o.dynamic_shared_bytes = shared;
  return o;
}

int wave_sum(int mine, std::source_location where = std::source_location::current()) {
  return simt::wave_collective<int, int>("wave_sum", mine, [](simt::LaneValues<const int> in, simt::LaneValues<int> out) {
    int total = 0;
    for (int v : in) total += v;
    for (int& o : out) o = total;
  }, where);
}

// ---- out-of-bounds memory ----------------------------------------------------------------------

void gemm(simt::checked_ptr<const float> a, simt::checked_ptr<float> c) {
  const unsigned t = simt::thread_idx().x, b = simt::block_idx().x;
  const unsigned i = (b == 1 && t == 81) ? 4096 : b * 128 + t;  // block 1, wave 2, lane 17 reads A[4096]
  c[b * 128 + t] = a[i] * 2;
}

TEST(SimtFaults, OutOfBoundsReadNamesBufferElementSizeBlockWaveAndLane) {
  simt::Buffer<float> a("A", 4096), c("C", 4096);
  const simt::KernelFault f = fault_of("gemm", dim3(4), dim3(128), gemm, a, c);
  EXPECT_EQ(f.kind, simt::FaultKind::out_of_bounds);
  EXPECT_STREQ(f.what(), "out-of-bounds read of buffer 'A' at element 4096 (size 4096) in kernel gemm, block (1,0,0), wave 2, lane 17");
}

TEST(SimtFaults, OutOfBoundsWriteAndNegativeIndexAreNamedToo) {
  simt::Buffer<int> out("out", 10);
  EXPECT_STREQ(fault_of("w", dim3(1), dim3(32), [](simt::checked_ptr<int> o) {
                 if (simt::lane_id() == 12) o[12] = 1;
               }, out).what(),
               "out-of-bounds write of buffer 'out' at element 12 (size 10) in kernel w, block (0,0,0), wave 0, lane 12");
  EXPECT_STREQ(fault_of("neg", dim3(1), dim3(32), [](simt::checked_ptr<int> o) {
                 if (simt::lane_id() == 3) o[-1] += 1;
               }, out).what(),
               "out-of-bounds read of buffer 'out' at element -1 (size 10) in kernel neg, block (0,0,0), wave 0, lane 3");
}

TEST(SimtFaults, WideLoadsThroughPtrCastNameTheElementsAndTheLine) {
  typedef _Float16 v8h __attribute__((vector_size(16)));
  simt::Buffer<_Float16> b("B", 64);
  const simt::KernelFault f = fault_of("tr", dim3(1), dim3(32), [](simt::checked_ptr<const _Float16> p) {
    const v8h v = simt::ptr_cast<const v8h>(p + simt::lane_id() * 2).read();
    (void)v;
  }, b);
  EXPECT_THAT(f.what(), MatchesRegex("out-of-bounds read of buffer 'B' at elements 58-65 \\(size 64\\) in kernel tr, "
                                     "block \\(0,0,0\\), wave 0, lane 29 at fault_test.cpp:[0-9]+"));
}

TEST(SimtFaults, SharedMemoryAccessesAreCheckedAgainstTheirSize) {
  EXPECT_STREQ(fault_of("dyn", dim3(1), dim3(64), opts(32, 64 * sizeof(float)), [] {
                 auto s = simt::dynamic_shared<float>();
                 s[simt::thread_idx().x + 1] = 1.0f;
               }).what(),
               "out-of-bounds write of dynamic shared memory at element 64 (size 64) in kernel dyn, block (0,0,0), wave 1, lane 31");
  EXPECT_STREQ(fault_of("arr", dim3(1), dim3(32), [] {
                 static thread_local simt::shared_array<int, 16> s;
                 s[simt::lane_id()] = 0;
               }).what(),
               "out-of-bounds write of shared array at element 16 (size 16) in kernel arr, block (0,0,0), wave 0, lane 16");
}

TEST(SimtFaults, NullPointersAreReported) {
  EXPECT_STREQ(fault_of("null", dim3(1), dim3(1), [](simt::checked_ptr<int> p) { int x = p[0]; (void)x; },
                        simt::checked_ptr<int>()).what(),
               "read through a null pointer in kernel null, block (0,0,0), wave 0, lane 0");
}

// ---- wave collectives --------------------------------------------------------------------------

TEST(SimtFaults, CollectiveNotReachedByExitedLanes) {
  const simt::KernelFault f = fault_of("coll_exit", dim3(1), dim3(64), [] {
    if (simt::wave_id() == 1 && simt::lane_id() >= 20) return;
    wave_sum(1);
  });
  EXPECT_EQ(f.kind, simt::FaultKind::barrier);
  EXPECT_THAT(f.what(), MatchesRegex("wave collective 'wave_sum' at fault_test.cpp:[0-9]+ in kernel coll_exit, block "
                                     "\\(0,0,0\\), wave 1 is not reached by lanes 20-31, which exited \\(lanes 0-19 wait there\\)"));
}

TEST(SimtFaults, CollectiveWhileOtherLanesWaitAtABarrier) {
  const simt::KernelFault f = fault_of("coll_bar", dim3(1), dim3(32), [] {
    if (simt::lane_id() < 8) wave_sum(1);
    simt::sync_threads();
  });
  EXPECT_THAT(f.what(), MatchesRegex("lanes 0-7 of wave 0 wait at wave collective 'wave_sum' at fault_test.cpp:[0-9]+ "
                                     "while lanes 8-31 wait at the barrier at fault_test.cpp:[0-9]+, in kernel "
                                     "coll_bar, block \\(0,0,0\\) \\(a wave collective needs every lane of its wave\\)"));
}

TEST(SimtFaults, LanesAtDifferentCollectivesNameBothPoints) {
  const simt::KernelFault f = fault_of("coll_split", dim3(1), dim3(32), [] {
    if (simt::lane_id() % 2) wave_sum(1);
    else wave_sum(2);
  });
  EXPECT_THAT(f.what(), MatchesRegex("the lanes of wave 0 in kernel coll_split, block \\(0,0,0\\) wait at different "
                                     "wave collectives: lanes 0, 2, 4, .*, 30 at 'wave_sum' \\(fault_test.cpp:[0-9]+\\) "
                                     "and lanes 1, 3, .*, 31 at 'wave_sum' \\(fault_test.cpp:[0-9]+\\)"));
}

TEST(SimtFaults, CollectivesNeedFullWaves) {
  const simt::KernelFault f = fault_of("partial", dim3(1), dim3(48), [] { wave_sum(1); });
  EXPECT_EQ(f.kind, simt::FaultKind::wave_collective);
  EXPECT_THAT(f.what(), MatchesRegex("wave collective 'wave_sum' needs a full wave of 32 lanes, but the block of 48 "
                                     "threads leaves wave 1 with 16 \\(make the block size a multiple of the wave "
                                     "size\\) in kernel partial, block \\(0,0,0\\), wave 1, lane 0 at fault_test.cpp:[0-9]+"));
}

// ---- exceptions --------------------------------------------------------------------------------

TEST(SimtFaults, ExceptionsFromKernelCodeNameTheirTypeAndLane) {
  const simt::KernelFault f = fault_of("thrower", dim3(2), dim3(32), [] {
    if (simt::block_idx().x == 1 && simt::lane_id() == 7) throw std::out_of_range("index 9 of 4");
  });
  EXPECT_EQ(f.kind, simt::FaultKind::exception);
  EXPECT_STREQ(f.what(), "kernel thrower threw std::out_of_range (\"index 9 of 4\") in kernel thrower, block (1,0,0), wave 0, lane 7");
}

TEST(SimtFaults, ExceptionsFromACollectivesExecAreWrapped) {
  const simt::KernelFault f = fault_of("bad_exec", dim3(1), dim3(32), [] {
    simt::wave_collective<int, int>("wmma", 1, [](simt::LaneValues<const int>, simt::LaneValues<int>) {
      throw wmmasim::UserError("opsel must be 0 for this instruction");
    });
  });
  EXPECT_THAT(f.what(), MatchesRegex("wave collective 'wmma' failed \\(opsel must be 0 for this instruction\\) in "
                                     "kernel bad_exec, block \\(0,0,0\\), wave 0, lane 31 at fault_test.cpp:[0-9]+"));
}

// Destructors of abandoned lanes run: a faulting block unwinds every suspended lane.
TEST(SimtFaults, AbandonedLanesAreUnwound) {
  static std::atomic<int> destroyed;
  destroyed = 0;
  struct Guard {
    ~Guard() { ++destroyed; }
  };
  fault_of("unwind", dim3(1), dim3(64), [] {
    Guard g;
    if (simt::thread_idx().x == 63) throw std::runtime_error("stop");
    simt::sync_threads();
  });
  EXPECT_EQ(destroyed.load(), 64);
}

// ---- time --------------------------------------------------------------------------------------

TEST(SimtFaults, AKernelThatKeepsPassingBarriersStopsOnlyAtTheTotalLimit) {
  simt::LaunchOptions o;
  o.timeout = std::chrono::milliseconds(200);  // no progress for this long: never, barriers complete
  o.total_timeout = std::chrono::milliseconds(400);
  const simt::KernelFault f = fault_of("forever", dim3(1), dim3(64), o, [] {
    for (;;) simt::sync_threads();
  });
  EXPECT_EQ(f.kind, simt::FaultKind::timeout);
  // Which lanes wait where depends on the moment the watchdog fires: "thread 0 waits ..." (one lane
  // at the barrier) is as right as "threads 0-40 wait ...".
  EXPECT_THAT(f.what(), StartsWith("kernel forever did not finish within 400 ms: in block (0,0,0), thread"));
  EXPECT_THAT(f.what(), HasSubstr("fault_test.cpp:"));
}

TEST(SimtFaults, ALaunchThatProgressesIsNotStoppedHoweverLongItRuns) {
  simt::LaunchOptions o;
  o.timeout = std::chrono::milliseconds(100);
  const auto start = std::chrono::steady_clock::now();
  std::atomic<int> barriers{0};
  simt::launch("long", dim3(1), dim3(64), o, [&] {
    while (std::chrono::steady_clock::now() - start < std::chrono::milliseconds(500)) {
      simt::sync_threads();  // 5 timeouts' worth of work, progressing all along
      if (simt::thread_idx().x == 0) ++barriers;
    }
  });
  EXPECT_GT(barriers.load(), 10);
}

TEST(SimtFaultsDeathTest, ALaneThatSpinsWithoutYieldingStopsTheProcess) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_EXIT(
      {
        simt::LaunchOptions o;
        o.timeout = std::chrono::milliseconds(200);
        simt::launch("spin", dim3(1), dim3(64), o, [] {
          simt::sync_threads();
          if (simt::thread_idx().x == 40)
            for (volatile int x = 0; x >= 0;) x = x + 0;
        });
      },
      ::testing::ExitedWithCode(2),
      "kernel spin made no progress for 200 ms \\(no lane reached a barrier, a wave function or its end\\): thread 40 "
      "\\(wave 1, lane 8\\) of block \\(0,0,0\\) keeps running "
      "without reaching a barrier or wave collective \\(last seen at fault_test.cpp:[0-9]+\\); stopping the process");
}

int deep(int n) {  // about 1 KiB per call: 10^6 calls cannot fit in a lane stack
  volatile char frame[1024];
  frame[0] = char(n);
  return n > 1000000 ? 0 : deep(n + 1) + frame[0];
}

TEST(SimtFaultsDeathTest, StackOverflowIsOneSentenceNotACrash) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_EXIT(
      {
        simt::launch("recurse", dim3(1), dim3(32), [] {
          if (simt::lane_id() == 3) deep(0);
        });
      },
      ::testing::ExitedWithCode(2),
      "kernel recurse overflowed its 256 KiB lane stack in block \\(0,0,0\\), wave 0, lane 3 \\(raise "
      "LaunchOptions::lane_stack_bytes\\)");
}

// ---- launch parameters -------------------------------------------------------------------------

TEST(SimtFaults, BadLaunchParametersAreRejectedBeforeAnyLaneRuns) {
  auto noop = [] {};
  const auto msg = [&](dim3 g, dim3 b, simt::LaunchOptions o) {
    simt::KernelFault f = fault_of("k", g, b, o, noop);
    EXPECT_EQ(f.kind, simt::FaultKind::bad_launch);
    return std::string(f.what());
  };
  EXPECT_EQ(msg(dim3(0, 1, 1), dim3(32), {}), "launch of kernel k has an empty grid (0,1,1); every dimension must be at least 1");
  EXPECT_EQ(msg(dim3(1), dim3(32, 0), {}), "launch of kernel k has an empty block (32,0,1); every dimension must be at least 1");
  EXPECT_EQ(msg(dim3(1), dim3(64, 32), {}), "launch of kernel k asks for blocks of 2048 threads (64,32,1); at most 1024 are allowed");
  EXPECT_EQ(msg(dim3(1), dim3(32), opts(48)), "launch of kernel k asks for wave size 48; RDNA waves have 32 or 64 lanes");
  EXPECT_EQ(msg(dim3(1), dim3(32), opts(32, 65537)),
            "launch of kernel k asks for 65537 bytes of dynamic shared memory; gfx12 allows at most 65536 bytes per workgroup");
  EXPECT_NO_THROW(simt::launch("k", dim3(1), dim3(1), opts(32, 65536), noop));
}

TEST(SimtFaults, LaunchesFromInsideAKernelAreRejected) {
  const simt::KernelFault f = fault_of("outer", dim3(1), dim3(1), [] { simt::launch("inner", dim3(1), dim3(1), [] {}); });
  EXPECT_EQ(f.kind, simt::FaultKind::exception);
  EXPECT_THAT(f.what(), HasSubstr("kernel inner was launched from inside kernel outer; launches must come from host code"));
}

}  // namespace
