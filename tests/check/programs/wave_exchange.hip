// Lanes of one wave exchange values through LDS: with __builtin_amdgcn_wave_barrier between the
// store and the load (as rocPRIM orders it) it is portable; without (NO_WAVE_BARRIER) it is correct
// on RDNA hardware, whose waves complete their LDS accesses in order, but a race in HIP's memory
// model: `wmmasim check` warns, and calls nothing an error. Waves 2 and 3 return before the final
// barrier that waves 0 and 1 reach: fine on RDNA (S_BARRIER waits for running waves only), a
// synccheck warning.
#include <hip/hip_runtime.h>

#include <cstdio>

__global__ void exchange(int* out) {
  __shared__ int slots[4][32];
  const int lane = threadIdx.x % 32, wave = threadIdx.x / 32;
  slots[wave][lane] = 100 * wave + lane;
#ifndef NO_WAVE_BARRIER
  __builtin_amdgcn_wave_barrier();
#endif
  const int v = slots[wave][(lane + 1) % 32];
  if (wave >= 2) {
    out[threadIdx.x] = v;
    return;
  }
  __syncthreads();
  out[threadIdx.x] = v + 1000;
}

int main() {
  int* d;
  int h[128];
  if (hipMalloc(&d, sizeof h)) return 1;
  exchange<<<1, 128>>>(d);
  if (hipMemcpy(h, d, sizeof h, hipMemcpyDeviceToHost)) return 1;
  int wrong = 0;
  for (int t = 0; t < 128; ++t) {
    const int wave = t / 32, want = 100 * wave + (t % 32 + 1) % 32 + (wave < 2 ? 1000 : 0);
    wrong += h[t] != want;
  }
  std::printf("wave_exchange: %d of 128 wrong\n", wrong);
  (void)hipFree(d);
  return wrong != 0;
}
