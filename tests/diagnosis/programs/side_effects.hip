// A kernel with effects the host sees besides its result: it counts its lanes with atomicAdd into
// managed memory reached only through a struct argument, and marks each finished tile in
// host-mapped memory. Under WMMASIM_CHECK_LAYOUTS=1 the tagged runs must leave no trace of either:
// the counts and marks the program prints are those of one run.
#include <hip/hip_runtime.h>

#include <cstdio>
#include <cstdlib>
#include <vector>

#define HIP_CHECK(call)                                                              \
  do {                                                                               \
    const hipError_t status = (call);                                                \
    if (status != hipSuccess) {                                                      \
      std::fprintf(stderr, "%s at %s:%d\n", hipGetErrorString(status), __FILE__, __LINE__); \
      std::exit(1);                                                                  \
    }                                                                                \
  } while (0)

typedef _Float16 half8 __attribute__((ext_vector_type(8)));
typedef float float8 __attribute__((ext_vector_type(8)));

struct Stats {
  int* lanes;      // managed memory
  int* tile_done;  // host-mapped memory, one flag per tile
};

__global__ void gemm_counted(const _Float16* A, const _Float16* B, float* D, Stats stats) {
  const int lane = threadIdx.x, g = lane / 16, mn = lane % 16;
  const int n0 = blockIdx.x * 16;
  half8 a, b;
  for (int e = 0; e < 8; ++e) {
    const int k = (e & 3) + 4 * g + 8 * (e >> 2);
    a[e] = A[mn * 16 + k];
    b[e] = B[k * 32 + n0 + mn];
  }
  const float8 d = __builtin_amdgcn_wmma_f32_16x16x16_f16_w32_gfx12(a, b, float8{});
  for (int v = 0; v < 8; ++v) D[(v + 8 * g) * 32 + n0 + mn] = d[v];
  atomicAdd(stats.lanes, 1);
  if (lane == 0) stats.tile_done[blockIdx.x] += 1;
}

int main() {
  std::vector<_Float16> a(16 * 16), b(16 * 32);
  for (int i = 0; i < 256; ++i) a[i] = static_cast<_Float16>(i % 3 - 1);
  for (int i = 0; i < 512; ++i) b[i] = static_cast<_Float16>(i % 5 - 2);
  _Float16 *dA, *dB;
  float* dD;
  Stats stats;
  HIP_CHECK(hipMalloc(&dA, a.size() * sizeof(_Float16)));
  HIP_CHECK(hipMalloc(&dB, b.size() * sizeof(_Float16)));
  HIP_CHECK(hipMalloc(&dD, 16 * 32 * sizeof(float)));
  HIP_CHECK(hipMallocManaged(&stats.lanes, sizeof(int)));
  HIP_CHECK(hipHostMalloc(&stats.tile_done, 2 * sizeof(int), 0));
  *stats.lanes = 0;
  stats.tile_done[0] = stats.tile_done[1] = 0;
  HIP_CHECK(hipMemcpy(dA, a.data(), a.size() * sizeof(_Float16), hipMemcpyHostToDevice));
  HIP_CHECK(hipMemcpy(dB, b.data(), b.size() * sizeof(_Float16), hipMemcpyHostToDevice));
  for (int i = 0; i < 3; ++i) gemm_counted<<<2, 32>>>(dA, dB, dD, stats);
  HIP_CHECK(hipDeviceSynchronize());
  const int lanes = *stats.lanes;
  std::printf("side_effects: %d lanes counted, tiles done %d and %d times\n", lanes, stats.tile_done[0], stats.tile_done[1]);
  HIP_CHECK(hipFree(dA));
  HIP_CHECK(hipFree(dB));
  HIP_CHECK(hipFree(dD));
  HIP_CHECK(hipFree(stats.lanes));
  HIP_CHECK(hipHostFree(stats.tile_done));
  return lanes == 192 ? 0 : 1;
}
