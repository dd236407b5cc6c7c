// Atomics under several OS threads (as blocks of a launch run): no update is lost, and the
// returned old values are each seen exactly once.
#include <gtest/gtest.h>

#include <algorithm>
#include <thread>
#include <vector>

#include "wmmasim/hip/detail/atomics.hpp"

namespace {

constexpr int kThreads = 8;
constexpr int kPerThread = 20000;

template <class F> void on_threads(F body) {
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) threads.emplace_back(body, t);
  for (auto& t : threads) t.join();
}

TEST(HipAtomics, ConcurrentAddsLoseNothing) {
  int i = 0;
  unsigned long long u = 0;
  float f = 0;  // sums of 1.0 stay exact below 2^24
  double d = 0;
  unsigned int dec = 0;
  on_threads([&](int) {
    for (int k = 0; k < kPerThread; ++k) {
      atomicAdd(&i, 1);
      atomicAdd(&u, 3ull);
      atomicAdd(&f, 1.0f);
      unsafeAtomicAdd(&d, 0.5);
      atomicSub(&i, 0);
      atomicInc(&dec, ~0u);
    }
  });
  EXPECT_EQ(i, kThreads * kPerThread);
  EXPECT_EQ(u, 3ull * kThreads * kPerThread);
  EXPECT_EQ(f, static_cast<float>(kThreads * kPerThread));
  EXPECT_EQ(d, 0.5 * kThreads * kPerThread);
  EXPECT_EQ(dec, static_cast<unsigned>(kThreads * kPerThread));
}

TEST(HipAtomics, ReturnedOldValuesAreDistinct) {
  unsigned int counter = 0;
  std::vector<std::vector<unsigned>> seen(kThreads);
  on_threads([&](int t) {
    for (int k = 0; k < kPerThread; ++k) seen[t].push_back(atomicAdd(&counter, 1u));
  });
  std::vector<unsigned> all;
  for (auto& s : seen) all.insert(all.end(), s.begin(), s.end());
  std::sort(all.begin(), all.end());
  for (unsigned k = 0; k < all.size(); ++k) ASSERT_EQ(all[k], k);
}

TEST(HipAtomics, CasMaxMinBitOpsUnderContention) {
  int mx = INT_MIN, mn = INT_MAX, cas_counter = 0;
  unsigned bits = 0;
  float fmx = -1.0f;
  long long llmin = 0;
  on_threads([&](int t) {
    for (int k = 0; k < kPerThread; ++k) {
      const int v = t * kPerThread + k;
      atomicMax(&mx, v);
      atomicMin(&mn, -v);
      atomicMax(&fmx, static_cast<float>(v));
      atomicMin(&llmin, -static_cast<long long>(v) * 1000000000ll);
      for (;;) {  // increment by CAS
        const int old = cas_counter;
        if (atomicCAS(&cas_counter, old, old + 1) == old) break;
      }
    }
    atomicOr(&bits, 1u << t);
  });
  EXPECT_EQ(mx, kThreads * kPerThread - 1);
  EXPECT_EQ(mn, -(kThreads * kPerThread - 1));
  EXPECT_EQ(fmx, static_cast<float>(kThreads * kPerThread - 1));
  EXPECT_EQ(llmin, -static_cast<long long>(kThreads * kPerThread - 1) * 1000000000ll);
  EXPECT_EQ(cas_counter, kThreads * kPerThread);
  EXPECT_EQ(bits, (1u << kThreads) - 1);
}

TEST(HipAtomics, SingleThreadSemantics) {
  unsigned v = 5;
  EXPECT_EQ(atomicInc(&v, 5u), 5u);  // old >= limit: wraps to 0
  EXPECT_EQ(v, 0u);
  EXPECT_EQ(atomicDec(&v, 7u), 0u);  // old == 0: becomes limit
  EXPECT_EQ(v, 7u);
  EXPECT_EQ(atomicDec(&v, 3u), 7u);  // old > limit: becomes limit
  EXPECT_EQ(v, 3u);
  int x = 0b1100;
  EXPECT_EQ(atomicAnd(&x, 0b0100), 0b1100);
  EXPECT_EQ(atomicXor(&x, 0b0110), 0b0100);
  EXPECT_EQ(atomicExch(&x, 42), 0b0010);
  EXPECT_EQ(atomicCAS(&x, 41, 7), 42);  // no swap
  EXPECT_EQ(x, 42);
  float f = 1.5f;
  EXPECT_EQ(atomicExch(&f, 2.5f), 1.5f);
  EXPECT_EQ(atomicCAS(&f, 2.5f, 3.5f), 2.5f);
  EXPECT_EQ(f, 3.5f);
  double d = 1.0;
  EXPECT_EQ(atomicSub_system(&d, 0.25), 1.0);
  EXPECT_EQ(atomicMin(&d, -2.0), 0.75);
  EXPECT_EQ(d, -2.0);
  unsigned long long u = ~0ull;
  EXPECT_EQ(atomicAdd_system(&u, 1ull), ~0ull);  // wraps
  EXPECT_EQ(u, 0ull);
}

}  // namespace
