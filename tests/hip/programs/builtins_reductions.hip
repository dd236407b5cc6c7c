// Wave reductions written with the cross-lane builtins, as libraries write them: a butterfly of
// ds_swizzle bit-mask patterns (xor 1, 2, 4, 8, 16) within each 32 lanes, permlanex16 to add across
// the 16-lane rows, permlane64 to finish a wave64, and a row_shr DPP scan. Expected values are exact
// integer sums.
#include "builtin_checks.h"

template <int Xor> __device__ int swizzle_xor(int v) { return __builtin_amdgcn_ds_swizzle(v, Xor << 10 | 0x1F); }

__global__ void reductions(int* out) {
  const int lane = threadIdx.x;
  const int v = lane * lane + 3;
  // Butterfly within each 32-lane group.
  int sum = v;
  sum += swizzle_xor<1>(sum);
  sum += swizzle_xor<2>(sum);
  sum += swizzle_xor<4>(sum);
  sum += swizzle_xor<8>(sum);
  sum += swizzle_xor<16>(sum);
  out[0 * 64 + lane] = sum;
  // Rows: a 16-lane sum by swizzle, then the other row of the pair by permlanex16 (identity selects).
  int row = v;
  row += swizzle_xor<1>(row);
  row += swizzle_xor<2>(row);
  row += swizzle_xor<4>(row);
  row += swizzle_xor<8>(row);
  const int pair = row + static_cast<int>(__builtin_amdgcn_permlanex16(0u, static_cast<unsigned>(row), 0x76543210u,
                                                                       0xFEDCBA98u, false, false));
  out[1 * 64 + lane] = pair;
  // The whole wave: in wave64 the two halves meet through permlane64 (a no-op in wave32).
  const int wave = warpSize == 64 ? sum + static_cast<int>(__builtin_amdgcn_permlane64(static_cast<unsigned>(sum))) : sum;
  out[2 * 64 + lane] = wave;
  // Inclusive scan of each 16-lane row with row_shr 1, 2, 4, 8 (bound_ctrl: out-of-row lanes add 0); the
  // GPU compiler fuses each DPP move into the add (v_add_nc_u32_dpp).
  int scan = v;
  scan += __builtin_amdgcn_update_dpp(0, scan, 0x111, 0xF, 0xF, true);
  scan += __builtin_amdgcn_update_dpp(0, scan, 0x112, 0xF, 0xF, true);
  scan += __builtin_amdgcn_update_dpp(0, scan, 0x114, 0xF, 0xF, true);
  scan += __builtin_amdgcn_update_dpp(0, scan, 0x118, 0xF, 0xF, true);
  out[3 * 64 + lane] = scan;
}

int main() {
  WaveResults<4> r;
  reductions<<<1, warpSize>>>(r.device);
  r.fetch();
  const int n = warpSize;
  auto value = [](int l) { return l * l + 3; };
  auto total = [&](int from, int count) {
    int s = 0;
    for (int l = from; l < from + count; ++l) s += value(l);
    return s;
  };
  for (int lane = 0; lane < n; ++lane) {
    expect_equal("ds_swizzle butterfly (32 lanes)", lane, r.at(0, lane), total(lane & ~31, 32));
    expect_equal("rows + permlanex16", lane, r.at(1, lane), total(lane & ~31, 32));
    expect_equal("whole wave", lane, r.at(2, lane), total(0, n));
    expect_equal("row_shr scan", lane, r.at(3, lane), total(lane & ~15, (lane & 15) + 1));
  }
  return report("builtins_reductions");
}
