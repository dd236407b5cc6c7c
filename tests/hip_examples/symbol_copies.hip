// hipMemcpyToSymbol / hipMemcpyFromSymbol with HIP_SYMBOL(x), as HIP programs write them: the copies
// reach the __device__ and __constant__ variables a kernel uses. Exit status 0 when they do.
#include <hip/hip_runtime.h>

#include <cstdio>

__constant__ float scale;
__device__ int result[4];

__global__ void scale_indices() { result[threadIdx.x] = static_cast<int>(scale * threadIdx.x); }

int main() {
  const float three = 3.0f;
  if (hipMemcpyToSymbol(HIP_SYMBOL(scale), &three, sizeof three) != hipSuccess) return 1;
  scale_indices<<<1, 4>>>();
  if (hipDeviceSynchronize() != hipSuccess) return 1;
  int got[4] = {-1, -1, -1, -1};
  if (hipMemcpyFromSymbol(got, HIP_SYMBOL(result), sizeof got) != hipSuccess) return 1;
  for (int i = 0; i < 4; ++i)
    if (got[i] != 3 * i) {
      std::printf("result[%d] = %d, expected %d\n", i, got[i], 3 * i);
      return 1;
    }
  // A copy past the end of the variable is refused.
  if (hipMemcpyFromSymbol(got, HIP_SYMBOL(scale), sizeof got) == hipSuccess) return 1;
  std::printf("symbol copies: PASS\n");
  return 0;
}
