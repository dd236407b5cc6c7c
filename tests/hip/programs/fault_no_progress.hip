// Lanes that spin on a flag nobody sets, storing as they go: each store lets the other lanes take
// their turn (lockstep), so the lanes keep switching, but no lane ever reaches a barrier, a wave
// function or its end. The watchdog stops the launch after WMMASIM_TIMEOUT_SECONDS without progress.
#include <hip/hip_runtime.h>

#include <cstdio>

__global__ void wait_forever(const int* flag, int* ticks) {
  int i = 0;
  while (*(volatile const int*)flag == 0) ticks[threadIdx.x] = ++i;
}

int main() {
  int *flag, *ticks;
  if (hipMalloc(&flag, 4) || hipMalloc(&ticks, 64 * 4) || hipMemset(flag, 0, 4)) return 1;
  wait_forever<<<1, 64>>>(flag, ticks);
  const hipError_t e = hipDeviceSynchronize();
  std::printf("wait_forever: %s\n", hipGetErrorName(e));
  return e == hipErrorLaunchTimeOut ? 0 : 1;
}
