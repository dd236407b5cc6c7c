// ds_swizzle (every offset mode), ds_permute / ds_bpermute, permlane16 / permlanex16 (and gfx12's
// _var forms), permlane64, readlane, readfirstlane, the ballots, the lane-mask comparisons and
// read_exec, each checked against a lane map written by hand from the RDNA ISA guides' pseudocode.
#include "builtin_checks.h"

#include <cmath>

constexpr int kSwizzles = 9;
constexpr int kSwizzleOffset[kSwizzles] = {
    0x401F,  // bit masks: xor 0x10 (swap the 16-lane halves of each 32)
    0x0058,  // bit masks: and 0x18, or 2 (lane 2 of each group of 8 to all of it)
    0x1C1F,  // bit masks: xor 7 (reverse each group of 8)
    0x80B1,  // quad permute [1, 0, 3, 2]
    0xC060,  // rotate by 3 (lane i reads i + 3)
    0xC460,  // rotate by 3 the other way (lane i reads i - 3)
    0xC0A3,  // rotate by 5 outside mask 3 (the ISA's (i & mask) | ((i + 5) & ~mask))
    0xE000,  // FFT, mask 0: bit-reversed lane
    0xE010,  // FFT, mask 0x10
};
// The lane each lane of a 32-lane group reads (in wave64 the second group adds 32, except the quad
// permute, which is the same rule everywhere).
constexpr int kSwizzleSource[kSwizzles][32] = {
    {16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15},
    {2, 2, 2, 2, 2, 2, 2, 2, 10, 10, 10, 10, 10, 10, 10, 10, 18, 18, 18, 18, 18, 18, 18, 18, 26, 26, 26, 26, 26, 26, 26, 26},
    {7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8, 23, 22, 21, 20, 19, 18, 17, 16, 31, 30, 29, 28, 27, 26, 25, 24},
    {1, 0, 3, 2, 5, 4, 7, 6, 9, 8, 11, 10, 13, 12, 15, 14, 17, 16, 19, 18, 21, 20, 23, 22, 25, 24, 27, 26, 29, 28, 31, 30},
    {3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 0, 1, 2},
    {29, 30, 31, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28},
    {4, 5, 6, 11, 8, 9, 10, 15, 12, 13, 14, 19, 16, 17, 18, 23, 20, 21, 22, 27, 24, 25, 26, 31, 28, 29, 30, 3, 0, 1, 2, 7},
    {0, 16, 8, 24, 4, 20, 12, 28, 2, 18, 10, 26, 6, 22, 14, 30, 1, 17, 9, 25, 5, 21, 13, 29, 3, 19, 11, 27, 7, 23, 15, 31},
    {0, 8, 4, 12, 2, 10, 6, 14, 1, 9, 5, 13, 3, 11, 7, 15, 16, 24, 20, 28, 18, 26, 22, 30, 17, 25, 21, 29, 19, 27, 23, 31},
};

template <int Offset> __device__ int swizzle(int v) { return __builtin_amdgcn_ds_swizzle(v, Offset); }

__global__ void swizzles(int* out) {
  const int lane = threadIdx.x, v = 1000 + lane;
  out[0 * 64 + lane] = swizzle<kSwizzleOffset[0]>(v);
  out[1 * 64 + lane] = swizzle<kSwizzleOffset[1]>(v);
  out[2 * 64 + lane] = swizzle<kSwizzleOffset[2]>(v);
  out[3 * 64 + lane] = swizzle<kSwizzleOffset[3]>(v);
  out[4 * 64 + lane] = swizzle<kSwizzleOffset[4]>(v);
  out[5 * 64 + lane] = swizzle<kSwizzleOffset[5]>(v);
  out[6 * 64 + lane] = swizzle<kSwizzleOffset[6]>(v);
  out[7 * 64 + lane] = swizzle<kSwizzleOffset[7]>(v);
  out[8 * 64 + lane] = swizzle<kSwizzleOffset[8]>(v);
}

__global__ void exchanges(int* out) {
  const int lane = threadIdx.x, v = 1000 + lane, n = warpSize;
  const unsigned u = static_cast<unsigned>(v);
  out[9 * 64 + lane] = __builtin_amdgcn_ds_bpermute(4 * (lane + 5), v);           // pull from lane + 5
  out[10 * 64 + lane] = __builtin_amdgcn_ds_permute(4 * ((3 * lane) % n), v);    // push to lane 3i
  out[11 * 64 + lane] = __builtin_amdgcn_ds_permute(0, v);                        // everyone to lane 0
  out[12 * 64 + lane] = __builtin_amdgcn_ds_bpermute(4 * lane + 0x1000, v);       // high bits ignored
  // src1 selects lanes 0-7, src2 lanes 8-15, four bits each: lane i reads lane 15 - i of its row.
  out[13 * 64 + lane] = static_cast<int>(__builtin_amdgcn_permlane16(0u, u, 0x89ABCDEFu, 0x01234567u, false, false));
  out[14 * 64 + lane] = static_cast<int>(__builtin_amdgcn_permlanex16(0u, u, 0x89ABCDEFu, 0x01234567u, false, false));
#if defined(__GFX12__)
  const unsigned select = static_cast<unsigned>(5 * lane) & 15u;
  out[15 * 64 + lane] = static_cast<int>(__builtin_amdgcn_permlane16_var(0u, u, select, false, false));
  out[16 * 64 + lane] = static_cast<int>(__builtin_amdgcn_permlanex16_var(0u, u, select, false, false));
#endif
  out[17 * 64 + lane] = static_cast<int>(__builtin_amdgcn_permlane64(u));
  out[18 * 64 + lane] = __builtin_amdgcn_readlane(10 * lane, 7);
  out[19 * 64 + lane] = __builtin_amdgcn_readlane(10 * lane, 40);
  out[20 * 64 + lane] = __builtin_amdgcn_readfirstlane(v);
  const unsigned long third = __builtin_amdgcn_ballot_w64(lane % 3 == 0);
  out[21 * 64 + lane] = static_cast<int>(third);
  out[22 * 64 + lane] = static_cast<int>(third >> 32);
#if __AMDGCN_WAVEFRONT_SIZE == 32
  out[23 * 64 + lane] = static_cast<int>(__builtin_amdgcn_ballot_w32(lane % 3 == 0));
#endif
  out[24 * 64 + lane] = static_cast<int>(__builtin_amdgcn_sicmp(lane, 10, 40 /* ICMP_SLT */));
  const unsigned long ugt = __builtin_amdgcn_uicmp(static_cast<unsigned>(lane - 5), 3u, 34 /* ICMP_UGT */);
  out[25 * 64 + lane] = static_cast<int>(ugt);
  out[26 * 64 + lane] = static_cast<int>(ugt >> 32);
  const float x = lane == 7 ? std::nanf("") : static_cast<float>(lane);
  out[27 * 64 + lane] = static_cast<int>(__builtin_amdgcn_fcmpf(x, 3.0f, 8 /* FCMP_UNO */));
  const unsigned long oge = __builtin_amdgcn_fcmpf(static_cast<float>(lane), 3.0f, 3 /* FCMP_OGE */);
  out[28 * 64 + lane] = static_cast<int>(oge);
  out[29 * 64 + lane] = static_cast<int>(oge >> 32);
  out[30 * 64 + lane] = static_cast<int>(__builtin_amdgcn_read_exec_lo());
  out[31 * 64 + lane] = static_cast<int>(__builtin_amdgcn_read_exec_hi());
}

int main() {
  WaveResults<32> r;
  swizzles<<<1, warpSize>>>(r.device);
  exchanges<<<1, warpSize>>>(r.device);
  r.fetch();
  const int n = warpSize;
#if defined(__GFX12__)
  const bool gfx12 = true;
#else
  const bool gfx12 = false;
#endif
  for (int c = 0; c < kSwizzles; ++c)
    for (int lane = 0; lane < n; ++lane) {
      const int source = c == 3 ? (lane & ~31) + kSwizzleSource[c][lane & 31] : (lane & 32) | kSwizzleSource[c][lane & 31];
      expect_equal("ds_swizzle", lane, r.at(c, lane), 1000 + source);
    }
  for (int lane = 0; lane < n; ++lane) {
    // RDNA4: the address names a lane modulo the wave; RDNA3: modulo 32, each wave64 half on its own.
    const bool halves = !gfx12 && n == 64;
    const int half = halves ? lane & 32 : 0, m = halves ? 32 : n;
    expect_equal("ds_bpermute lane+5", lane, r.at(9, lane), 1000 + half + (lane + 5) % m);
    const int inverse3 = m == 32 ? 11 : 43;  // 3 * 11 = 33, 3 * 43 = 129: 1 modulo 32 / 64
    expect_equal("ds_permute to 3*lane", lane, r.at(10, lane), 1000 + half + (inverse3 * (lane - half)) % m);
    expect_equal("ds_permute to lane 0", lane, r.at(11, lane), lane - half == 0 ? 1000 + half + m - 1 : 0);
    expect_equal("ds_bpermute high bits", lane, r.at(12, lane), 1000 + lane);
    const int row = lane & ~15, other = row ^ 16;
    expect_equal("permlane16", lane, r.at(13, lane), 1000 + row + 15 - (lane & 15));
    expect_equal("permlanex16", lane, r.at(14, lane), 1000 + other + 15 - (lane & 15));
    if (gfx12) {
      expect_equal("permlane16_var", lane, r.at(15, lane), 1000 + row + ((5 * lane) & 15));
      expect_equal("permlanex16_var", lane, r.at(16, lane), 1000 + other + ((5 * lane) & 15));
    }
    expect_equal("permlane64", lane, r.at(17, lane), 1000 + (n == 64 ? lane ^ 32 : lane));
    expect_equal("readlane 7", lane, r.at(18, lane), 70);
    expect_equal("readlane 40", lane, r.at(19, lane), n == 64 ? 400 : 80);  // 40 & 31 = 8
    expect_equal("readfirstlane", lane, r.at(20, lane), 1000);
    expect_equal("ballot_w64 lo", lane, r.at(21, lane), 0x49249249);
    expect_equal("ballot_w64 hi", lane, r.at(22, lane), n == 64 ? static_cast<int>(0x92492492u) : 0);
    if (n == 32) expect_equal("ballot_w32", lane, r.at(23, lane), 0x49249249);
    expect_equal("sicmp slt", lane, r.at(24, lane), 0x3FF);
    expect_equal("uicmp ugt lo", lane, r.at(25, lane), static_cast<int>(0xFFFFFE1Fu));
    expect_equal("uicmp ugt hi", lane, r.at(26, lane), n == 64 ? -1 : 0);
    expect_equal("fcmpf uno", lane, r.at(27, lane), 0x80);
    expect_equal("fcmpf oge lo", lane, r.at(28, lane), static_cast<int>(0xFFFFFFF8u));
    expect_equal("fcmpf oge hi", lane, r.at(29, lane), n == 64 ? -1 : 0);
    expect_equal("read_exec_lo", lane, r.at(30, lane), -1);
    expect_equal("read_exec_hi", lane, r.at(31, lane), n == 64 ? -1 : 0);
  }
  return report("builtins_cross_lane");
}
