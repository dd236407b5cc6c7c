// The benchmark's C interface to the AMD-example-style GEMM (policy_gemm.hip). Every function
// returns 0 on success, -1 if a HIP call failed or the shape does not fit the tiles (M and N
// multiples of 64, K of 32).
#pragma once

#include <cstdint>

extern "C" {
int policy_gemm_setup(const uint16_t* a, const uint16_t* b, int m, int n, int k);
// C = A * B (load_tr: B through global_load_tr_b128), then waits.
int policy_gemm_run(int load_tr);
int policy_gemm_result(float* c);
void policy_gemm_teardown();
}
