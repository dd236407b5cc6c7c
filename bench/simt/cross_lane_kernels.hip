// Kernels that repeat one cross-lane operation, for cross_lane_bench: HIP's __shfl_xor, and the
// __builtin_amdgcn_* collectives (DPP16, DPP8, ds_swizzle, ds_bpermute, permlanex16, wave_barrier).
// Each lane's value depends on the previous exchange, so no iteration can be dropped.
#include <hip/hip_runtime.h>

#include "cross_lane_kernels.h"

template <int Op> __global__ void repeat(int* out, int iterations) {
  const int lane = threadIdx.x;
  int v = lane;
  for (int i = 0; i < iterations; ++i) {
    if constexpr (Op == kShflXor) v = __shfl_xor(v, 1) + i;
    if constexpr (Op == kUpdateDpp) v = __builtin_amdgcn_update_dpp(v, v, 0x111 /* row_shr:1 */, 0xF, 0xF, false) + i;
    if constexpr (Op == kMovDpp8) v = static_cast<int>(__builtin_amdgcn_mov_dpp8(static_cast<unsigned>(v), 0x000FAC68u)) + i;
    if constexpr (Op == kDsSwizzle) v = __builtin_amdgcn_ds_swizzle(v, 0x041F /* xor 1 */) + i;
    if constexpr (Op == kDsBpermute) v = __builtin_amdgcn_ds_bpermute(4 * (lane ^ 1), v) + i;
    if constexpr (Op == kPermlanex16)
      v = static_cast<int>(__builtin_amdgcn_permlanex16(0u, static_cast<unsigned>(v), 0x76543210u, 0xFEDCBA98u, false, false)) + i;
    if constexpr (Op == kWaveBarrier) {
      v += i;
      __builtin_amdgcn_wave_barrier();
    }
  }
  out[lane] = v;
}

extern "C" const char* cross_lane_name(int op) {
  static const char* const names[] = {"__shfl_xor", "update_dpp", "mov_dpp8", "ds_swizzle", "ds_bpermute", "permlanex16",
                                      "wave_barrier"};
  return op >= 0 && op < kCrossLaneOps ? names[op] : "?";
}

extern "C" int cross_lane_run(int op, int threads, int iterations) {
  int* out = nullptr;
  if (hipMalloc(&out, threads * sizeof(int)) != hipSuccess) return -1;
  switch (op) {
    case kShflXor: repeat<kShflXor><<<1, threads>>>(out, iterations); break;
    case kUpdateDpp: repeat<kUpdateDpp><<<1, threads>>>(out, iterations); break;
    case kMovDpp8: repeat<kMovDpp8><<<1, threads>>>(out, iterations); break;
    case kDsSwizzle: repeat<kDsSwizzle><<<1, threads>>>(out, iterations); break;
    case kDsBpermute: repeat<kDsBpermute><<<1, threads>>>(out, iterations); break;
    case kPermlanex16: repeat<kPermlanex16><<<1, threads>>>(out, iterations); break;
    case kWaveBarrier: repeat<kWaveBarrier><<<1, threads>>>(out, iterations); break;
    default: break;
  }
  const bool ok = hipDeviceSynchronize() == hipSuccess && hipGetLastError() == hipSuccess;
  (void)hipFree(out);
  return ok ? 0 : -1;
}
