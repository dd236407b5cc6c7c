// Wave-synchronous code with no barrier at all, as it runs correctly on RDNA hardware: a wave's
// loads and stores complete in program order for all of its lanes, so a lane may read what another
// lane of its own wave stored just before (simple_dlrm's forward pass in rocWMMA does this with a
// global buffer), or overwrite a slot another lane read just before. The CPU must compute what the
// GPU computes (docs/simt.md, "Wave-synchronous code"); with WMMASIM_LOCKSTEP=0 it runs lane after
// lane and the reads of other lanes' stores see the old values.
#include "builtin_checks.h"

constexpr int kWaves = 2;

__global__ void exchange(const int* in, int* scratch, int* out) {
  __shared__ int slots[kWaves][64];
  const int n = warpSize;
  const int lane = threadIdx.x % n, wave = threadIdx.x / n;
  int* mine = scratch + wave * n;  // each wave's part of a global buffer
  // LDS, read after write: reverse the wave's values.
  slots[wave][lane] = in[threadIdx.x];
  int v = slots[wave][n - 1 - lane];
  // LDS, write after read: rotate by one, each lane overwriting a slot its neighbour has just read.
  const int left = slots[wave][(lane + 1) % n];
  slots[wave][lane] = left + 1000;
  v += slots[wave][(lane + 2) % n];
  // LDS, write after write: each lane stores its own slot, then its neighbour's, which the neighbour
  // stored just before; the second store wins, and the lane reads back its own slot.
  slots[wave][lane] = v;
  slots[wave][(lane + 1) % n] = -v;
  v += slots[wave][lane];
  // Global memory, read after write (rocWMMA's simple_dlrm: store a tile, read it back transposed).
  mine[lane] = v;
  out[threadIdx.x] = mine[(lane * 5 + 3) % n] * 2;
}

int main() {
  const int n = warpSize, threads = kWaves * n;
  int host_in[kWaves * 64], host_out[kWaves * 64] = {};
  for (int t = 0; t < threads; ++t) host_in[t] = t * t + 7;
  int *in = nullptr, *scratch = nullptr, *out = nullptr;
  (void)hipMalloc(&in, sizeof host_in);
  (void)hipMalloc(&scratch, sizeof host_in);
  (void)hipMalloc(&out, sizeof host_out);
  (void)hipMemcpy(in, host_in, sizeof host_in, hipMemcpyHostToDevice);
  (void)hipMemset(scratch, 0, sizeof host_in);
  exchange<<<1, threads>>>(in, scratch, out);
  (void)hipMemcpy(host_out, out, sizeof host_out, hipMemcpyDeviceToHost);
  for (int t = 0; t < threads; ++t) {
    const int wave = t / n, base = wave * n;
    const auto after_reverse = [&](int lane) { return host_in[base + (n - 1 - lane)]; };
    // After the rotation slot s holds the old slot s + 1 plus 1000, and lane l adds slot l + 2.
    const auto v0 = [&](int lane) {
      return after_reverse(lane) + host_in[base + (lane + 3) % n] + 1000;
    };
    // After the write-after-write slot s holds -v0(s - 1).
    const auto v = [&](int lane) { return v0(lane) - v0((lane + n - 1) % n); };
    const int lane = t % n;
    expect_equal("reverse, rotate, global read-back", t, host_out[t], 2LL * v((lane * 5 + 3) % n));
  }
  (void)hipFree(in);
  (void)hipFree(scratch);
  (void)hipFree(out);
  return report("wave_synchronous");
}
