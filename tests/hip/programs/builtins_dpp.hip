// DPP as rocWMMA's AOS<->SOA transforms use it (update_dpp with a row rotation merged into `old` by a
// bank mask), and one case for each DPP16 control, the row and bank masks, bound_ctrl both ways,
// mov_dpp and mov_dpp8. Expected values are tables written by hand from the RDNA ISA guides' DPP
// section: an entry is the source lane within the 16-lane row, OLD (the lane keeps `old`) or ZERO.
#include "builtin_checks.h"

constexpr int OLD = -1, ZERO = -2;

// Each lane l holds the pair (2l, 2l+1) of a row's 32 elements (AOS). Two DPP steps, as rocWMMA's
// 4-element rotate-and-merge, move the even elements of 4 neighbouring pairs into banks 0 and 2 and
// the odd ones into banks 1 and 3 (SOA within each group of 8 lanes).
__global__ void aos_to_soa(int* out) {
  const int lane = threadIdx.x;
  const int evens = 2 * lane, odds = 2 * lane + 1;
  const int lo = __builtin_amdgcn_update_dpp(evens, odds, 0x124 /* row_ror:4 */, 0xF, 0xA, false);
  const int hi = __builtin_amdgcn_update_dpp(odds, evens, 0x12C /* row_ror:12 */, 0xF, 0x5, false);
  out[0 * 64 + lane] = lo;
  out[1 * 64 + lane] = hi;
}

__global__ void controls(int* out) {
  const int lane = threadIdx.x, old = 100 + lane;
  int c = 2;
  out[c++ * 64 + lane] = __builtin_amdgcn_update_dpp(old, lane, 0x1B /* quad_perm:[3,2,1,0] */, 0xF, 0xF, false);
  out[c++ * 64 + lane] = __builtin_amdgcn_update_dpp(old, lane, 0x101 /* row_shl:1 */, 0xF, 0xF, false);
  out[c++ * 64 + lane] = __builtin_amdgcn_update_dpp(old, lane, 0x101 /* row_shl:1 */, 0xF, 0xF, true);
  out[c++ * 64 + lane] = __builtin_amdgcn_update_dpp(old, lane, 0x113 /* row_shr:3 */, 0xF, 0xF, false);
  out[c++ * 64 + lane] = __builtin_amdgcn_update_dpp(old, lane, 0x125 /* row_ror:5 */, 0xF, 0xF, false);
  out[c++ * 64 + lane] = __builtin_amdgcn_update_dpp(old, lane, 0x140 /* row_mirror */, 0xF, 0xF, false);
  out[c++ * 64 + lane] = __builtin_amdgcn_update_dpp(old, lane, 0x141 /* row_half_mirror */, 0xF, 0xF, false);
  out[c++ * 64 + lane] = __builtin_amdgcn_update_dpp(old, lane, 0x155 /* row_share:5 */, 0xF, 0xF, false);
  out[c++ * 64 + lane] = __builtin_amdgcn_update_dpp(old, lane, 0x166 /* row_xmask:6 */, 0xF, 0xF, false);
  out[c++ * 64 + lane] = __builtin_amdgcn_update_dpp(old, lane, 0x111 /* row_shr:1 */, 0x2, 0xF, false);
  out[c++ * 64 + lane] = __builtin_amdgcn_update_dpp(old, lane, 0x124 /* row_ror:4 */, 0xF, 0x5, false);
  out[c++ * 64 + lane] = __builtin_amdgcn_mov_dpp(lane, 0x111 /* row_shr:1 */, 0xF, 0xF, true);
  // DPP8: lane j of each group of 8 reads lane 7 - j.
  constexpr unsigned reverse8 = 7u | 6u << 3 | 5u << 6 | 4u << 9 | 3u << 12 | 2u << 15 | 1u << 18 | 0u << 21;
  out[c++ * 64 + lane] = static_cast<int>(__builtin_amdgcn_mov_dpp8(static_cast<unsigned>(lane), reverse8));
  out[c++ * 64 + lane] = __builtin_amdgcn_update_dpp(old, lane, 0x111 /* row_shr:1 */, 0xF, 0x1, true);
}

struct Case {
  const char* what;
  int row[16];  // per lane of a row
  int row_mask; // rows written (others keep OLD)
};
const Case kCases[] = {
    {"quad_perm:[3,2,1,0]", {3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12}, 0xF},
    {"row_shl:1", {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, OLD}, 0xF},
    {"row_shl:1 bound_ctrl", {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, ZERO}, 0xF},
    {"row_shr:3", {OLD, OLD, OLD, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}, 0xF},
    {"row_ror:5", {11, 12, 13, 14, 15, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10}, 0xF},
    {"row_mirror", {15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0}, 0xF},
    {"row_half_mirror", {7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8}, 0xF},
    {"row_share:5", {5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5}, 0xF},
    {"row_xmask:6", {6, 7, 4, 5, 2, 3, 0, 1, 14, 15, 12, 13, 10, 11, 8, 9}, 0xF},
    {"row_shr:1 row_mask:0x2", {OLD, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14}, 0x2},
    {"row_ror:4 bank_mask:0x5", {12, 13, 14, 15, OLD, OLD, OLD, OLD, 4, 5, 6, 7, OLD, OLD, OLD, OLD}, 0xF},
    {"mov_dpp row_shr:1 bound_ctrl", {ZERO, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14}, 0xF},
    {"mov_dpp8 reverse", {7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8}, 0xF},
    {"row_shr:1 bank_mask:0x1 bound_ctrl", {ZERO, 0, 1, 2, OLD, OLD, OLD, OLD, OLD, OLD, OLD, OLD, OLD, OLD, OLD, OLD}, 0xF},
};

int main() {
  WaveResults<16> r;
  aos_to_soa<<<1, warpSize>>>(r.device);
  controls<<<1, warpSize>>>(r.device);
  r.fetch();
  // The AOS -> SOA result of row 0 (rows further on add 32 to every element).
  const int soa_lo[16] = {0, 2, 4, 6, 1, 3, 5, 7, 16, 18, 20, 22, 17, 19, 21, 23};
  const int soa_hi[16] = {8, 10, 12, 14, 9, 11, 13, 15, 24, 26, 28, 30, 25, 27, 29, 31};
  for (int lane = 0; lane < warpSize; ++lane) {
    expect_equal("AOS->SOA lo", lane, r.at(0, lane), soa_lo[lane & 15] + 32 * (lane >> 4));
    expect_equal("AOS->SOA hi", lane, r.at(1, lane), soa_hi[lane & 15] + 32 * (lane >> 4));
  }
  for (int c = 0; c < 14; ++c) {
    const Case& k = kCases[c];
    for (int lane = 0; lane < warpSize; ++lane) {
      const int entry = (k.row_mask >> (lane >> 4) & 1) ? k.row[lane & 15] : OLD;
      const int want = entry == OLD ? 100 + lane : entry == ZERO ? 0 : (lane & ~15) + entry;
      expect_equal(k.what, lane, r.at(c + 2, lane), want);
    }
  }
  return report("builtins_dpp");
}
