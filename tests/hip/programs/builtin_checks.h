// Counting checks for the __builtin_amdgcn_* test programs. Each program is plain HIP, built by
// wmmasim-hipcc for the CPU and, by tests/hip/CMakeLists.txt, by clang++-19 for the GPU.
#pragma once

#include <hip/hip_runtime.h>

#include <cstdio>

static int g_checks = 0, g_failures = 0;

// Compares a lane's result with the expected value; prints the first failures with their lane.
inline void expect_equal(const char* what, int lane, long long got, long long want) {
  ++g_checks;
  if (got != want && ++g_failures <= 20) std::printf("FAILED %s, lane %d: got %lld, expected %lld\n", what, lane, got, want);
}

inline int report(const char* program) {
  std::printf("%s: %d of %d checks passed (wave%d, %s)\n", program, g_checks - g_failures, g_checks, warpSize,
#if defined(__GFX11__)
              "gfx11"
#else
              "gfx12"
#endif
  );
  return g_failures == 0 ? 0 : 1;
}

// Device results for one wave: kCases blocks of 64 ints (one per lane of a wave64).
constexpr int kLanes = 64;
template <int Cases> struct WaveResults {
  int* device = nullptr;
  int host[Cases * kLanes] = {};
  WaveResults() {
    (void)hipMalloc(&device, sizeof host);
    (void)hipMemset(device, 0, sizeof host);
  }
  ~WaveResults() { (void)hipFree(device); }
  void fetch() { (void)hipMemcpy(host, device, sizeof host, hipMemcpyDeviceToHost); }
  int at(int c, int lane) const { return host[c * kLanes + lane]; }
};
