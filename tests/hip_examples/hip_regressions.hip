// HIP spellings the CPU headers once got wrong, as programs write them; exit status 0 when all work.
// - hipMemcpyToSymbol / hipMemcpyFromSymbol with HIP_SYMBOL(x) reach the __device__ and __constant__
//   variables a kernel uses;
// - `extern __shared__ __align__(16) T name[];` compiles and is aligned.
#include <hip/hip_runtime.h>

#include <cstdio>

__constant__ float scale;
__device__ int result[4];

__global__ void scale_indices() { result[threadIdx.x] = static_cast<int>(scale * threadIdx.x); }

__global__ void aligned_dynamic_shared(int* misaligned) {
  extern __shared__ __align__(16) unsigned char bytes[];
  if (threadIdx.x == 0) *misaligned = reinterpret_cast<uintptr_t>(bytes) % 16 != 0;
}

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
  int* misaligned;
  int host_misaligned = -1;
  if (hipMalloc(&misaligned, sizeof(int)) != hipSuccess) return 1;
  aligned_dynamic_shared<<<1, 32, 40>>>(misaligned);
  if (hipMemcpy(&host_misaligned, misaligned, sizeof(int), hipMemcpyDeviceToHost) != hipSuccess || host_misaligned != 0) {
    std::printf("extern __shared__ __align__(16): misaligned (%d)\n", host_misaligned);
    return 1;
  }
  std::printf("HIP regressions: PASS\n");
  return 0;
}
