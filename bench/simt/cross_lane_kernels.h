// The C interface of the cross-lane builtin kernels (cross_lane_kernels.hip, built by wmmasim-hipcc).
#pragma once

extern "C" {
// The collective each kernel repeats: HIP's __shfl_xor (the reference) and the amdgcn builtins.
enum CrossLaneOp { kShflXor, kUpdateDpp, kMovDpp8, kDsSwizzle, kDsBpermute, kPermlanex16, kWaveBarrier, kCrossLaneOps };
const char* cross_lane_name(int op);
// One block of `threads` lanes (waves of 32), each passing `iterations` of the op; 0 on success.
int cross_lane_run(int op, int threads, int iterations);
}
