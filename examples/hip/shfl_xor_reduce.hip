// Reducing a WMMA result across lanes with __shfl_xor: one wave computes D = A * B (16 x 16 x 16,
// f16 in, f32 out), then the row sums of D and the sum of all of D without touching memory.
// What it teaches: lane l holds column l%16 of rows 8*(l/16)..+7 of D, so a row's 16 values are
// spread over the 16 lanes of one half of the wave. A butterfly of __shfl_xor with lane masks
// 8, 4, 2, 1 and width 16 sums within each half (every lane ends up with the sums); one more step
// with mask 16 over the full wave adds the two halves.
// Run: ./shfl_xor_reduce [dump-file]
#include <hip/hip_runtime.h>

#include <vector>

#include "example_utils.h"

typedef __fp16 half8 __attribute__((ext_vector_type(8)));
typedef float float8 __attribute__((ext_vector_type(8)));

__global__ void wmma_row_sums(const _Float16* A, const _Float16* B, float* D, float* row_sums, float* total) {
  const int lane = threadIdx.x, mn = lane % 16, half = lane / 16;
  half8 a, b;
  for (int i = 0; i < 8; ++i) {
    const int k = (i & 3) + 4 * half + 8 * (i >> 2);
    a[i] = A[mn * 16 + k];
    b[i] = B[k * 16 + mn];
  }
  const float8 zero = {};
  const float8 d = __builtin_amdgcn_wmma_f32_16x16x16_f16_w32_gfx12(a, b, zero);
  for (int i = 0; i < 8; ++i) D[(8 * half + i) * 16 + mn] = d[i];

  float sums[8], all = 0.0f;
  for (int i = 0; i < 8; ++i) {
    float s = d[i];
    for (int mask = 8; mask >= 1; mask /= 2) s += __shfl_xor(s, mask, 16);
    sums[i] = s;  // row 8*half + i, now in all 16 lanes of this half
    all += s;
  }
  all += __shfl_xor(all, 16);  // the other half's rows
  if (mn == 0)
    for (int i = 0; i < 8; ++i) row_sums[8 * half + i] = sums[i];
  if (lane == 0) *total = all;
}

int main(int argc, char** argv) {
  MatrixDump dump(argc, argv);
  Xorshift rng(32);
  std::vector<_Float16> a(256), b(256);
  for (auto& x : a) x = static_cast<_Float16>(rng.eighths(8));
  for (auto& x : b) x = static_cast<_Float16>(rng.eighths(8));
  // Everything is a multiple of 1/64 and small: every sum is exact in float, in any order.
  std::vector<float> d_want(256, 0.0f), rows_want(16, 0.0f);
  float total_want = 0.0f;
  for (int i = 0; i < 16; ++i)
    for (int j = 0; j < 16; ++j) {
      for (int k = 0; k < 16; ++k) d_want[i * 16 + j] += static_cast<float>(a[i * 16 + k]) * static_cast<float>(b[k * 16 + j]);
      rows_want[i] += d_want[i * 16 + j];
      total_want += d_want[i * 16 + j];
    }

  _Float16 *dA, *dB;
  float *dD, *dRows, *dTotal;
  HIP_CHECK(hipMalloc(&dA, 256 * sizeof(_Float16)));
  HIP_CHECK(hipMalloc(&dB, 256 * sizeof(_Float16)));
  HIP_CHECK(hipMalloc(&dD, 256 * sizeof(float)));
  HIP_CHECK(hipMalloc(&dRows, 16 * sizeof(float)));
  HIP_CHECK(hipMalloc(&dTotal, sizeof(float)));
  HIP_CHECK(hipMemcpy(dA, a.data(), 256 * sizeof(_Float16), hipMemcpyHostToDevice));
  HIP_CHECK(hipMemcpy(dB, b.data(), 256 * sizeof(_Float16), hipMemcpyHostToDevice));
  wmma_row_sums<<<1, 32>>>(dA, dB, dD, dRows, dTotal);
  HIP_CHECK(hipGetLastError());
  HIP_CHECK(hipDeviceSynchronize());
  std::vector<float> d(256), rows(16);
  float total = 0.0f;
  HIP_CHECK(hipMemcpy(d.data(), dD, 256 * sizeof(float), hipMemcpyDeviceToHost));
  HIP_CHECK(hipMemcpy(rows.data(), dRows, 16 * sizeof(float), hipMemcpyDeviceToHost));
  HIP_CHECK(hipMemcpy(&total, dTotal, sizeof(float), hipMemcpyDeviceToHost));

  dump.write("A", a.data(), 16, 16, 16);
  dump.write("B", b.data(), 16, 16, 16);
  dump.write("D", d.data(), 16, 16, 32);
  dump.write("row_sums", rows.data(), 16, 1, 32);
  dump.write("total", &total, 1, 1, 32);
  long bad = total != total_want;
  for (int i = 0; i < 256; ++i) bad += d[i] != d_want[i];
  for (int i = 0; i < 16; ++i) bad += rows[i] != rows_want[i];
  HIP_CHECK(hipFree(dA));
  HIP_CHECK(hipFree(dB));
  HIP_CHECK(hipFree(dD));
  HIP_CHECK(hipFree(dRows));
  HIP_CHECK(hipFree(dTotal));
  return report("shfl_xor_reduce", bad, 256 + 16 + 1);
}
