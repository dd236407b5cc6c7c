// Barriers follow S_BARRIER's rules (RDNA3/RDNA4 ISA guides, "S_BARRIER"; docs/simt.md): a barrier
// waits only for the waves still running, a wave arrives as a whole whatever its lanes do, and waves
// at different barrier instructions release each other. Programs that rely on that run as on the
// GPU (results checked exactly); where HIP's model is stricter the SyncNoteSink hears of it; what the
// GPU would get wrong still stops the launch with its sentence.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <mutex>
#include <numeric>
#include <vector>

#include "wmmasim/simt/simt.hpp"

namespace simt = wmmasim::simt;
using simt::dim3;
using ::testing::ElementsAre;
using ::testing::MatchesRegex;

namespace {

std::vector<unsigned> range(unsigned first, unsigned last) {  // first..last inclusive
  std::vector<unsigned> v(last - first + 1);
  std::iota(v.begin(), v.end(), first);
  return v;
}

simt::LaunchOptions shared_bytes(std::size_t bytes, simt::SyncNoteSink* notes = nullptr) {
  simt::LaunchOptions o;
  o.dynamic_shared_bytes = bytes;
  o.sync_notes = notes;
  return o;
}

struct RecordingSink : simt::SyncNoteSink {
  std::mutex mutex;
  std::vector<simt::SyncNote> notes;
  void note(const simt::SyncNote& n) override {
    std::lock_guard lock(mutex);
    notes.push_back(n);
  }
  std::vector<simt::SyncNoteKind> kinds() {
    std::vector<simt::SyncNoteKind> k;
    for (const simt::SyncNote& n : notes) k.push_back(n.kind);
    return k;
  }
};

template <class... A> simt::KernelFault fault_of(A&&... a) {
  try {
    simt::launch(std::forward<A>(a)...);
  } catch (const simt::KernelFault& f) {
    return f;
  }
  ADD_FAILURE() << "the launch did not fault";
  return simt::KernelFault(simt::FaultKind::misuse, "");
}

int wave_sum(int mine, std::source_location where = std::source_location::current()) {
  return simt::wave_collective<int, int>("wave_sum", mine, [](simt::LaneValues<const int> in, simt::LaneValues<int> out) {
    int total = 0;
    for (int v : in) total += v;
    for (int& o : out) o = total;
  }, where);
}

// Threads 0-63 each put 10*t in LDS and meet at a barrier; thread t then reads thread 63-t's value.
// Threads >= first_exit return at once (waves 2-3 in a block of 128).
void exchange(simt::checked_ptr<int> out, unsigned first_exit) {
  const unsigned t = simt::thread_idx().x;
  if (t >= first_exit) return;
  auto lds = simt::dynamic_shared<int>();
  lds[t] = static_cast<int>(10 * t);
  simt::sync_threads();
  out[simt::block_idx().x * 64 + t] = lds[63 - t];
}

TEST(SimtBarrier, WavesThatReturnEarlyDoNotHoldUpTheOthers) {
  // Waves 2-3 return while waves 0-1 meet at the barrier, as rocWMMA's simple_dlrm does: S_BARRIER
  // waits only for the waves still running. The last lane to exit completes the barrier.
  simt::Buffer<int> out("out", 3 * 64);
  simt::launch("early_return", dim3(3), dim3(128), shared_bytes(64 * sizeof(int)), exchange, out, 64u);
  for (unsigned i = 0; i < 3 * 64; ++i) EXPECT_EQ(out.host()[i], static_cast<int>(10 * (63 - i % 64))) << i;
}

TEST(SimtBarrier, TheLastArrivalCompletesABarrierWhoseOtherWavesAlreadyExited) {
  // Waves 0-1 exit first, waves 2-3 arrive after them.
  simt::Buffer<int> out("out", 64);
  simt::launch("late_arrivals", dim3(1), dim3(128), shared_bytes(64 * sizeof(int)), [](simt::checked_ptr<int> out) {
    const unsigned t = simt::thread_idx().x;
    if (t < 64) return;
    auto lds = simt::dynamic_shared<int>();
    lds[t - 64] = static_cast<int>(t);
    simt::sync_threads();
    out[t - 64] = lds[127 - t];
  }, out);
  for (unsigned i = 0; i < 64; ++i) EXPECT_EQ(out.host()[i], static_cast<int>(127 - i)) << i;
}

TEST(SimtBarrier, HalfAWaveReturnsAndTheOtherHalfReachesTheBarrier) {
  // Wave 0's lanes 0-15 return; its lanes 16-31 arrive, and the wave has arrived (whatever its EXEC).
  simt::Buffer<int> out("out", 64);
  simt::launch("half_wave", dim3(1), dim3(64), shared_bytes(64 * sizeof(int)), [](simt::checked_ptr<int> out) {
    const unsigned t = simt::thread_idx().x;
    if (t < 16) return;
    auto lds = simt::dynamic_shared<int>();
    lds[t] = static_cast<int>(t * t);
    simt::sync_threads();
    out[t] = lds[79 - t];  // 16..63 <-> 63..16
  }, out);
  for (unsigned t = 16; t < 64; ++t) EXPECT_EQ(out.host()[t], static_cast<int>((79 - t) * (79 - t))) << t;
  for (unsigned t = 0; t < 16; ++t) EXPECT_EQ(out.host()[t], 0) << t;
}

TEST(SimtBarrier, WavesAtTwoDifferentBarrierLinesReleaseEachOther) {
  // The barrier is a counter, not a program point.
  simt::Buffer<int> out("out", 64);
  simt::launch("two_lines", dim3(1), dim3(64), shared_bytes(64 * sizeof(int)), [](simt::checked_ptr<int> out) {
    const unsigned t = simt::thread_idx().x;
    auto lds = simt::dynamic_shared<int>();
    lds[t] = static_cast<int>(t + 100);
    if (simt::wave_id() == 0) simt::sync_threads();
    else simt::sync_threads();
    out[t] = lds[(t + 32) % 64];
  }, out);
  for (unsigned t = 0; t < 64; ++t) EXPECT_EQ(out.host()[t], static_cast<int>((t + 32) % 64 + 100)) << t;
}

TEST(SimtBarrier, LanesResumeInThreadOrderAfterABarrierCompletedByAnExit) {
  // The lowest lane still runs first: the order a reader expects, and the one faults are named in.
  simt::Buffer<int> order("order", 96);
  simt::launch("order", dim3(1), dim3(96), shared_bytes(sizeof(int)), [](simt::checked_ptr<int> order) {
    const unsigned t = simt::thread_idx().x;
    if (t >= 64) return;
    auto next = simt::dynamic_shared<int>();
    if (t == 0) next[0] = 0;
    simt::sync_threads();
    const int position = next[0];
    next[0] = position + 1;
    order[t] = position;
  }, order);
  for (int t = 0; t < 64; ++t) EXPECT_EQ(order.host()[t], t) << t;
}

TEST(SimtBarrier, VotesCountOnlyTheThreadsThatArrive) {
  // Block of 128; threads 100-127 exit. Of threads 0-99, those with t % 3 == 0 vote true: 0, 3, ..., 99 = 34.
  simt::Buffer<int> out("out", 3 * 128);
  simt::launch("count", dim3(1), dim3(128), [](simt::checked_ptr<int> out) {
    const unsigned t = simt::thread_idx().x;
    if (t >= 100) return;
    out[t] = simt::sync_threads_count(t % 3 == 0);
    out[128 + t] = simt::sync_threads_and(t < 100);  // true for every arriving thread
    out[256 + t] = simt::sync_threads_or(t == 99);
  }, out);
  for (unsigned t = 0; t < 100; ++t) {
    EXPECT_EQ(out.host()[t], 34) << t;
    EXPECT_EQ(out.host()[128 + t], 1) << t;
    EXPECT_EQ(out.host()[256 + t], 1) << t;
  }
}

TEST(SimtBarrier, VotesAtDifferentLinesAreOneVote) {
  // ROCm's vote is the same barriers and LDS word wherever it is called: two call sites merge.
  simt::Buffer<int> out("out", 64);
  simt::launch("votes", dim3(1), dim3(64), [](simt::checked_ptr<int> out) {
    const unsigned t = simt::thread_idx().x;
    if (simt::wave_id() == 0) out[t] = simt::sync_threads_count(t < 10);
    else out[t] = simt::sync_threads_count(t >= 60);
  }, out);
  for (unsigned t = 0; t < 64; ++t) EXPECT_EQ(out.host()[t], 14) << t;
}

TEST(SimtBarrier, InAOneWaveBlockTheVoteIsAWaveReductionOverTheLanesThatArrive) {
  // Lanes 0-15 exit; ROCm's vote in a single-wave block needs no lane 0 (no LDS word): 16-31, odd ones.
  simt::Buffer<int> out("out", 32);
  simt::launch("one_wave", dim3(1), dim3(32), [](simt::checked_ptr<int> out) {
    const unsigned t = simt::thread_idx().x;
    if (t < 16) return;
    out[t] = simt::sync_threads_count(t % 2);
  }, out);
  for (unsigned t = 16; t < 32; ++t) EXPECT_EQ(out.host()[t], 8) << t;
}

// ---- what the GPU would get wrong: still faults -------------------------------------------------

TEST(SimtBarrier, ALaneAtABarrierWhileTheRestOfItsWaveWaitsAtACollectiveIsAFault) {
  const simt::KernelFault f = fault_of("beside_shuffle", dim3(1), dim3(64), [] {
    if (simt::thread_idx().x % 32 < 16) simt::sync_threads();
    else wave_sum(1);
  });
  EXPECT_EQ(f.kind, simt::FaultKind::barrier);
  EXPECT_THAT(f.what(), MatchesRegex("lanes 16-31 of wave 0 wait at wave collective 'wave_sum' at barrier_test.cpp:[0-9]+ "
                                     "while lanes 0-15 wait at the barrier at barrier_test.cpp:[0-9]+, in kernel "
                                     "beside_shuffle, block \\(0,0,0\\) \\(a wave collective needs every lane of its wave\\)"));
}

TEST(SimtBarrier, AVoteBesidePlainBarriersInABlockOfSeveralWavesIsAFault) {
  const simt::KernelFault f = fault_of("mixed", dim3(1), dim3(64), [] {
    if (simt::wave_id() == 0) (void)simt::sync_threads_count(1);
    else simt::sync_threads();
  });
  EXPECT_EQ(f.kind, simt::FaultKind::barrier);
  EXPECT_THAT(f.what(), MatchesRegex("threads 0-31 \\(wave 0, lanes 0-31\\) wait at the barrier vote \\(__syncthreads_count/_and/_or\\) "
                                     "at barrier_test.cpp:[0-9]+ while threads 32-63 \\(wave 1, lanes 0-31\\) wait at the "
                                     "plain barrier at barrier_test.cpp:[0-9]+, in kernel mixed, block \\(0,0,0\\): in a block of "
                                     "several waves ROCm's vote is three barriers \\(__ockl_wgred_\\*\\), so on the GPU these "
                                     "barriers would not line up"));
}

TEST(SimtBarrier, AVoteWithoutAWavesLaneZeroIsAFault) {
  const simt::KernelFault lost = fault_of("lane0", dim3(1), dim3(64), [] {
    if (simt::thread_idx().x == 32) return;
    (void)simt::sync_threads_count(1);
  });
  EXPECT_THAT(lost.what(), MatchesRegex("the barrier vote \\(__syncthreads_count/_and/_or\\) at barrier_test.cpp:[0-9]+ in kernel "
                                        "lane0, block \\(0,0,0\\) is reached by threads 0-31, 33-63 \\(.*\\) but not by thread 32 "
                                        "\\(wave 1, lane 0\\), which exited: ROCm's vote \\(__ockl_wgred_\\*\\) passes each "
                                        "wave's vote on through its lane 0, so on the GPU the votes of wave 1 would be lost"));
  const simt::KernelFault garbage = fault_of("wave0", dim3(1), dim3(64), [] {
    if (simt::wave_id() == 0) return;
    (void)simt::sync_threads_or(1);
  });
  EXPECT_THAT(garbage.what(), MatchesRegex(".* is reached by threads 32-63 \\(wave 1, lanes 0-31\\) but not by thread 0 "
                                           "\\(wave 0, lane 0\\), which exited: ROCm's vote \\(__ockl_wgred_\\*\\) starts from "
                                           "wave 0's lane 0, so on the GPU the result would start from an uninitialised LDS word"));
}

// ---- the HIP model's view: notes, not faults ------------------------------------------------------

TEST(SimtBarrierNotes, ExitedWavesAreNotedOncePerBlock) {
  RecordingSink sink;
  simt::Buffer<int> out("out", 2 * 64);
  simt::launch("early_return", dim3(2), dim3(128), shared_bytes(64 * sizeof(int), &sink), exchange, out, 64u);
  ASSERT_EQ(sink.notes.size(), 2u);  // one per block; the exited waves are whole, no wave diverged
  for (const simt::SyncNote& n : sink.notes) {
    EXPECT_EQ(n.kind, simt::SyncNoteKind::barrier_with_exited_threads);
    EXPECT_EQ(n.kernel, "early_return");
    EXPECT_EQ(n.threads, range(64, 127));
    EXPECT_THAT(n.where.file_name(), ::testing::EndsWith("barrier_test.cpp"));
    EXPECT_EQ(n.other_where.line(), 0u);
  }
  EXPECT_NE(sink.notes[0].block, sink.notes[1].block);
  for (unsigned i = 0; i < 2 * 64; ++i) EXPECT_EQ(out.host()[i], static_cast<int>(10 * (63 - i % 64))) << i;
}

TEST(SimtBarrierNotes, HalfAWaveExitedIsADivergentWave) {
  RecordingSink sink;
  simt::launch("half_wave", dim3(1), dim3(64), shared_bytes(0, &sink), [] {
    if (simt::thread_idx().x < 16) return;
    simt::sync_threads();
  });
  EXPECT_THAT(sink.kinds(), ElementsAre(simt::SyncNoteKind::barrier_with_exited_threads,
                                        simt::SyncNoteKind::barrier_in_divergent_wave));
  EXPECT_EQ(sink.notes[0].threads, range(0, 15));
  EXPECT_EQ(sink.notes[1].threads, range(0, 15));
}

TEST(SimtBarrierNotes, DifferentBarrierLinesNameBoth) {
  RecordingSink sink;
  unsigned line_a = 0, line_b = 0;
  simt::launch("two_lines", dim3(1), dim3(96), shared_bytes(0, &sink), [&] {
    const auto a = std::source_location::current();
    const auto b = std::source_location::current();
    line_a = a.line();
    line_b = b.line();
    if (simt::wave_id() == 1) simt::sync_threads(b);
    else simt::sync_threads(a);
  });
  ASSERT_THAT(sink.kinds(), ElementsAre(simt::SyncNoteKind::barriers_at_different_points));
  EXPECT_EQ(sink.notes[0].where.line(), line_a);  // the first arrival's: wave 0's
  EXPECT_EQ(sink.notes[0].other_where.line(), line_b);
  EXPECT_EQ(sink.notes[0].threads, range(32, 63));
}

TEST(SimtBarrierNotes, LanesOfOneWaveAtTwoBarriersAreADivergentWave) {
  RecordingSink sink;
  simt::launch("split_wave", dim3(1), dim3(32), shared_bytes(0, &sink), [] {
    if (simt::lane_id() < 8) simt::sync_threads();
    else simt::sync_threads();
  });
  EXPECT_THAT(sink.kinds(), ElementsAre(simt::SyncNoteKind::barriers_at_different_points,
                                        simt::SyncNoteKind::barrier_in_divergent_wave));
  EXPECT_EQ(sink.notes[0].threads, range(8, 31));
  EXPECT_EQ(sink.notes[1].threads, range(8, 31));
}

TEST(SimtBarrierNotes, UniformBarriersAreNotNoted) {
  // No false alarms: every thread at the same barriers, in a loop, over several blocks.
  RecordingSink sink;
  simt::Buffer<int> out("out", 4);
  simt::launch("uniform", dim3(4), dim3(256), shared_bytes(256 * sizeof(int), &sink), [](simt::checked_ptr<int> out) {
    const unsigned t = simt::thread_idx().x;
    auto lds = simt::dynamic_shared<int>();
    lds[t] = 1;
    simt::sync_threads();
    for (unsigned s = 128; s > 0; s /= 2) {
      if (t < s) lds[t] = lds[t] + lds[t + s];
      simt::sync_threads();
    }
    const int everyone = simt::sync_threads_count(1);
    if (t == 0) out[simt::block_idx().x] = lds[0] + everyone - 256;
  }, out);
  EXPECT_TRUE(sink.notes.empty());
  EXPECT_THAT(out.to_host(), ElementsAre(256, 256, 256, 256));
}

}  // namespace
