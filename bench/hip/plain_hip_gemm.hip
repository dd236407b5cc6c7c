// The plain-HIP tiled GEMM of examples/hip/tile_policy_gemm.hip, unchanged (its main left out),
// behind a C interface the benchmark calls: it is compiled by wmmasim-hipcc, the benchmark by g++.
#define TILE_POLICY_GEMM_NO_MAIN
#include "../../examples/hip/tile_policy_gemm.hip"

#include "plain_hip_gemm.h"

namespace {
_Float16 *g_a = nullptr, *g_b = nullptr;
float* g_c = nullptr;
int g_m = 0, g_n = 0, g_k = 0;
}  // namespace

extern "C" {

int plain_hip_gemm_setup(const uint16_t* a, const uint16_t* b, int m, int n, int k) {
  g_m = m, g_n = n, g_k = k;
  if (hipMalloc(&g_a, sizeof(_Float16) * m * k) != hipSuccess || hipMalloc(&g_b, sizeof(_Float16) * k * n) != hipSuccess ||
      hipMalloc(&g_c, sizeof(float) * m * n) != hipSuccess)
    return -1;
  if (hipMemcpy(g_a, a, sizeof(_Float16) * m * k, hipMemcpyHostToDevice) != hipSuccess ||
      hipMemcpy(g_b, b, sizeof(_Float16) * k * n, hipMemcpyHostToDevice) != hipSuccess)
    return -1;
  return 0;
}

int plain_hip_gemm_run(int load_tr) {
  if (tile_policy_gemm(g_a, g_b, g_c, g_m, g_n, g_k, load_tr != 0) != hipSuccess) return -1;
  return hipDeviceSynchronize() == hipSuccess ? 0 : -1;
}

int plain_hip_gemm_result(float* c) {
  return hipMemcpy(c, g_c, sizeof(float) * g_m * g_n, hipMemcpyDeviceToHost) == hipSuccess ? 0 : -1;
}

void plain_hip_gemm_teardown() {
  (void)hipFree(g_a);
  (void)hipFree(g_b);
  (void)hipFree(g_c);
  g_a = g_b = nullptr;
  g_c = nullptr;
}

}  // extern "C"
