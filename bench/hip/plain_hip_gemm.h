// The benchmark's C interface to the plain-HIP GEMM (plain_hip_gemm.hip). Every function returns 0
// on success, -1 if a HIP call failed.
#pragma once

#include <cstdint>

extern "C" {
// Copies A (m x k) and B (k x n), row-major f16 bits, to device memory.
int plain_hip_gemm_setup(const uint16_t* a, const uint16_t* b, int m, int n, int k);
// C = A * B by the example's kernel (load_tr: the global_load_tr_b128 policy), then waits.
int plain_hip_gemm_run(int load_tr);
// Copies C (m x n, f32) to the host.
int plain_hip_gemm_result(float* c);
void plain_hip_gemm_teardown();
}
