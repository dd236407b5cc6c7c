// Faults that plain pointers cause are trapped, not checked: a guard page, a null or wild pointer,
// division by zero. Each still stops the launch with one sentence naming the lane and, with line
// tables, the source line; the other lanes are unwound and the next launch runs normally.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <atomic>
#include <cstring>
#include <string>

#include "wmmasim/simt/guarded_memory.hpp"
#include "wmmasim/simt/memory_faults.hpp"
#include "wmmasim/simt/simt.hpp"

namespace simt = wmmasim::simt;
using simt::dim3;
using ::testing::HasSubstr;
using ::testing::MatchesRegex;
using ::testing::StartsWith;

namespace {

template <class... A> simt::KernelFault fault_of(A&&... a) {
  try {
    simt::launch(std::forward<A>(a)...);
  } catch (const simt::KernelFault& f) {
    return f;
  }
  ADD_FAILURE() << "the launch did not fault";
  return simt::KernelFault(simt::FaultKind::misuse, "");
}

simt::LaunchOptions one_thread(std::size_t shared = 0) {
  simt::LaunchOptions o;
  o.threads = 1;
  o.dynamic_shared_bytes = shared;
  return o;
}

simt::GuardedRegion* g_buffer = nullptr;

// The describer a front end registers: here it knows the one test buffer.
std::string describe(const void* address, simt::MemoryAccess access) {
  if (!g_buffer) return "";
  const auto off = g_buffer->offset_of(address);
  if (!off) return "";
  return std::string("out-of-bounds ") + (access == simt::MemoryAccess::write ? "write" : "read") +
         " of test buffer at byte " + std::to_string(*off);
}

std::atomic<int> g_destroyed{0};
struct Counted {
  ~Counted() { ++g_destroyed; }
};

void write_past_end(float* out, int n) {
  Counted c;
  const unsigned t = simt::thread_idx().x;
  simt::sync_threads();
  out[t == 37 ? n : t] = 1.0f;  // thread 37 (wave 1, lane 5) writes one element past the end
  simt::sync_threads();
}

TEST(TrappedFaults, GuardPageWriteNamesTheBufferTheLaneAndTheLine) {
  simt::GuardedRegion buffer(64 * sizeof(float), 256);
  g_buffer = &buffer;
  simt::set_address_describer(describe);
  g_destroyed = 0;
  const simt::KernelFault f =
      fault_of("write_past_end", dim3(1), dim3(64), one_thread(), write_past_end, reinterpret_cast<float*>(buffer.data()), 64);
  EXPECT_EQ(f.kind, simt::FaultKind::out_of_bounds);
  EXPECT_THAT(f.what(), StartsWith("out-of-bounds write of test buffer at byte 256 in kernel write_past_end, block "
                                   "(0,0,0), wave 1, lane 5 at trapped_fault_test.cpp:"));
  // The other 63 lanes were waiting at the second barrier and were unwound; the faulting lane was not.
  EXPECT_EQ(g_destroyed.load(), 63);
  g_buffer = nullptr;
}

void read_dynamic_shared(int* out) {
  auto* lds = reinterpret_cast<int*>(simt::detail::dynamic_shared_region().unchecked());
  const unsigned t = simt::thread_idx().x;
  out[t] = lds[t + 1];  // thread 31 reads the int just past 128 bytes
}

TEST(TrappedFaults, DynamicSharedMemoryEndsAtAGuardPage) {
  simt::GuardedRegion buffer(32 * sizeof(int), 256);
  const simt::KernelFault f = fault_of("read_dynamic_shared", dim3(1), dim3(32), one_thread(32 * sizeof(int)),
                                       read_dynamic_shared, reinterpret_cast<int*>(buffer.data()));
  EXPECT_EQ(f.kind, simt::FaultKind::out_of_bounds);
  EXPECT_THAT(f.what(), StartsWith("out-of-bounds read of dynamic shared memory (128 bytes) at byte 128 in kernel "
                                   "read_dynamic_shared, block (0,0,0), wave 0, lane 31"));
}

void null_read(const float* p, float* out) { out[simt::thread_idx().x] = p[simt::thread_idx().x + 3]; }

TEST(TrappedFaults, NullPointer) {
  float out[32];
  const simt::KernelFault f = fault_of("null_read", dim3(1), dim3(32), one_thread(), null_read, nullptr, out);
  EXPECT_THAT(f.what(), StartsWith("read through a null pointer (address 0xc) in kernel null_read, block (0,0,0), wave 0, lane 0"));
}

void divide(const int* d, int* out) {
  const unsigned t = simt::thread_idx().x;
  out[t] = 100 / d[t];
}

TEST(TrappedFaults, IntegerDivisionByZeroIsATrapNotACrash) {
  int d[32], out[32];
  for (int& x : d) x = 1;
  d[9] = 0;
  const simt::KernelFault f = fault_of("divide", dim3(1), dim3(32), one_thread(), divide, d, out);
  EXPECT_EQ(f.kind, simt::FaultKind::trap);
  EXPECT_THAT(f.what(), StartsWith("integer division by zero or overflow"));
  EXPECT_THAT(f.what(), HasSubstr("in kernel divide, block (0,0,0), wave 0, lane 9"));
}

void plain(int* out) { out[simt::thread_idx().x] = static_cast<int>(simt::thread_idx().x) * 3; }

TEST(TrappedFaults, TheNextLaunchRunsNormallyOnEveryThread) {
  float out[32];
  (void)fault_of("null_read", dim3(2), dim3(32), simt::LaunchOptions{}, null_read, nullptr, out);
  int result[64] = {};
  simt::launch("plain", dim3(1), dim3(64), simt::LaunchOptions{}, plain, result);
  for (int i = 0; i < 64; ++i) EXPECT_EQ(result[i], 3 * i);
}

TEST(TrappedFaults, SlackBesideTheBytesRevealsWritesTheGuardPagesMiss) {
  simt::GuardedRegion r(100, 256);  // 100 bytes, start aligned to 256: 156 slack bytes before the guard page
  EXPECT_EQ(reinterpret_cast<std::uintptr_t>(r.data()) % 256, 0u);
  EXPECT_FALSE(r.slack_damage().has_value());
  r.data()[103] = std::byte{1};
  ASSERT_TRUE(r.slack_damage().has_value());
  EXPECT_EQ(*r.slack_damage(), 103);
}

TEST(TrappedFaultsDeathTest, HostCodeOnAKnownGuardPageStopsWithOneSentence) {
  simt::GuardedRegion buffer(64, 64);
  EXPECT_EXIT(
      {
        g_buffer = &buffer;
        simt::set_address_describer(describe);
        volatile char* p = reinterpret_cast<volatile char*>(buffer.data());
        p[64] = 1;
      },
      ::testing::ExitedWithCode(2),
      "wmmasim: host code made an out-of-bounds write of test buffer at byte 64 .*; stopping the process with status 2");
}

}  // namespace
