// A wave-synchronous exchange through LDS, as rocPRIM's warp exchange and CK's intra-wave shuffles
// write it: every lane stores, __builtin_amdgcn_wave_barrier, every lane loads another lane's slot,
// barrier again, the slots are reused. On the GPU the lanes run in lockstep; on the CPU they run one
// at a time, so only the barrier's rendezvous makes each load see the other lane's store.
#include "builtin_checks.h"

constexpr int kWaves = 4;

__global__ void exchange(int* out) {
  __shared__ int slots[kWaves][64];
  const int lane = threadIdx.x % warpSize, wave = threadIdx.x / warpSize;
  int v = 1000 * wave + lane;
  for (int round = 1; round <= 3; ++round) {
    slots[wave][lane] = v;
    __builtin_amdgcn_wave_barrier();
    v = slots[wave][(lane * 7 + round) % warpSize] + 100000;  // 7 is odd: a permutation of the lanes
    __builtin_amdgcn_wave_barrier();
  }
  out[threadIdx.x] = v;
}

int main() {
  int* device = nullptr;
  int host[kWaves * 64] = {};
  (void)hipMalloc(&device, sizeof host);
  exchange<<<1, kWaves * warpSize>>>(device);
  (void)hipMemcpy(host, device, sizeof host, hipMemcpyDeviceToHost);
  const int n = warpSize;
  for (int t = 0; t < kWaves * n; ++t) {
    // Three rounds: the lane read in round r is (7 * lane + r) mod n, applied from the last round back.
    const int wave = t / n;
    int lane = t % n;
    for (int round = 3; round >= 1; --round) lane = (lane * 7 + round) % n;
    expect_equal("three LDS exchange rounds", t, host[t], 1000 * wave + lane + 300000);
  }
  (void)hipFree(device);
  return report("builtins_wave_barrier");
}
