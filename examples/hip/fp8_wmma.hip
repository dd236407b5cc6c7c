// FP8 (OCP E4M3) WMMA on RDNA4: D = A * B + C for a 16 x 16 tile with K = 64, one wave of 32 lanes
// issuing __builtin_amdgcn_wmma_f32_16x16x16_fp8_fp8_w32_gfx12 four times along K.
// What it teaches: FP8 values are plain bytes on the device (8 of them, two ints, per lane and
// operand); the host encodes them (round to nearest even, saturating at +-448 as HIP's default
// __hip_fp8_e4m3 does); A's fragment is row l%16, K 8*(l/16)..+7, B's the same along a column, and C
// and D are lane l's column l%16, rows 8*(l/16)..+7.
// The host encodes through hip_fp8.h's __hip_fp8_e4m3 where the HIP headers have it (ROCm 6.2 and
// later, and wmmasim's CPU headers); with older headers (Debian's HIP 5.2, used for the GPU build
// here) it falls back to the equivalent encoder below.
// Run: ./fp8_wmma [dump-file]
#include <hip/hip_runtime.h>

#include <cmath>
#include <vector>

#include "example_utils.h"

typedef int int2v __attribute__((ext_vector_type(2)));      // 8 FP8 bytes
typedef float float8 __attribute__((ext_vector_type(8)));

// ---- E4M3 on the host ---------------------------------------------------------------------------
#if __has_include(<hip/hip_fp8.h>)
#include <hip/hip_fp8.h>
float e4m3_to_float(uint8_t code) {
  __hip_fp8_e4m3 v;
  v.__x = code;
  return static_cast<float>(v);
}
uint8_t float_to_e4m3(float x) { return __hip_fp8_e4m3(x).__x; }  // nearest even, saturating at 448
#else
float e4m3_to_float(uint8_t code) {
  const int exponent = (code >> 3) & 0xF, mantissa = code & 0x7;
  float magnitude;
  if ((code & 0x7F) == 0x7F) magnitude = NAN;
  else if (exponent == 0) magnitude = std::ldexp(static_cast<float>(mantissa), -9);
  else magnitude = std::ldexp(1.0f + mantissa / 8.0f, exponent - 7);
  return (code & 0x80) ? -magnitude : magnitude;
}

// The nearest finite code (ties to the even code); beyond 448 the largest: saturation.
uint8_t float_to_e4m3(float x) {
  const uint8_t sign = std::signbit(x) ? 0x80 : 0x00;
  if (std::isnan(x)) return sign | 0x7F;
  const float a = std::fabs(x);
  uint8_t best = 0;
  for (uint8_t code = 1; code <= 0x7E; ++code) {
    const float d = std::fabs(e4m3_to_float(code) - a), best_d = std::fabs(e4m3_to_float(best) - a);
    if (d < best_d || (d == best_d && (code & 1) == 0)) best = code;
  }
  return sign | best;
}
#endif

// ---- Device -------------------------------------------------------------------------------------
__global__ void fp8_gemm_16x16(const uint8_t* A, const uint8_t* B, const float* C, float* D, int K) {
  const int lane = threadIdx.x;
  const int mn = lane % 16, half = lane / 16;
  float8 acc;
  for (int i = 0; i < 8; ++i) acc[i] = C[(8 * half + i) * 16 + mn];
  for (int k0 = 0; k0 < K; k0 += 16) {
    uint8_t a_bytes[8], b_bytes[8];
    for (int i = 0; i < 8; ++i) {
      a_bytes[i] = A[mn * K + k0 + 8 * half + i];    // A is 16 x K, row-major
      b_bytes[i] = B[(k0 + 8 * half + i) * 16 + mn];  // B is K x 16, row-major
    }
    int2v a, b;
    __builtin_memcpy(&a, a_bytes, 8);
    __builtin_memcpy(&b, b_bytes, 8);
    acc = __builtin_amdgcn_wmma_f32_16x16x16_fp8_fp8_w32_gfx12(a, b, acc);
  }
  for (int i = 0; i < 8; ++i) D[(8 * half + i) * 16 + mn] = acc[i];
}

int main(int argc, char** argv) {
  MatrixDump dump(argc, argv);
  const int M = 16, N = 16, K = 64;
  Xorshift rng(8);
  // Values with more precision than E4M3 has, so encoding rounds; magnitudes in [1/4, 2).
  std::vector<float> a_f(M * K), b_f(K * N), c(M * N);
  for (auto& x : a_f) x = (rng.next() % 2 ? -1.0f : 1.0f) * (0.25f + (rng.next() % 1000) / 571.0f);
  for (auto& x : b_f) x = (rng.next() % 2 ? -1.0f : 1.0f) * (0.25f + (rng.next() % 1000) / 571.0f);
  for (auto& x : c) x = rng.eighths(16);
  std::vector<uint8_t> a(M * K), b(K * N);
  for (int i = 0; i < M * K; ++i) a[i] = float_to_e4m3(a_f[i]);
  for (int i = 0; i < K * N; ++i) b[i] = float_to_e4m3(b_f[i]);

  // E4M3 products in this range are multiples of 2^-10 below 4: float sums 64 of them exactly.
  std::vector<float> want(c);
  for (int i = 0; i < M; ++i)
    for (int j = 0; j < N; ++j)
      for (int k = 0; k < K; ++k) want[i * N + j] += e4m3_to_float(a[i * K + k]) * e4m3_to_float(b[k * N + j]);

  uint8_t *dA, *dB;
  float *dC, *dD;
  HIP_CHECK(hipMalloc(&dA, a.size()));
  HIP_CHECK(hipMalloc(&dB, b.size()));
  HIP_CHECK(hipMalloc(&dC, c.size() * sizeof(float)));
  HIP_CHECK(hipMalloc(&dD, c.size() * sizeof(float)));
  HIP_CHECK(hipMemcpy(dA, a.data(), a.size(), hipMemcpyHostToDevice));
  HIP_CHECK(hipMemcpy(dB, b.data(), b.size(), hipMemcpyHostToDevice));
  HIP_CHECK(hipMemcpy(dC, c.data(), c.size() * sizeof(float), hipMemcpyHostToDevice));
  fp8_gemm_16x16<<<1, 32>>>(dA, dB, dC, dD, K);
  HIP_CHECK(hipGetLastError());
  HIP_CHECK(hipDeviceSynchronize());
  std::vector<float> d(M * N);
  HIP_CHECK(hipMemcpy(d.data(), dD, d.size() * sizeof(float), hipMemcpyDeviceToHost));

  dump.write("A_float", a_f.data(), M, K, 32);
  dump.write("B_float", b_f.data(), K, N, 32);
  dump.write("A", a.data(), M, K, 8);
  dump.write("B", b.data(), K, N, 8);
  dump.write("C", c.data(), M, N, 32);
  dump.write("D", d.data(), M, N, 32);
  long bad = 0;
  for (int i = 0; i < M * N; ++i) bad += d[i] != want[i];
  HIP_CHECK(hipFree(dA));
  HIP_CHECK(hipFree(dB));
  HIP_CHECK(hipFree(dC));
  HIP_CHECK(hipFree(dD));
  return report("fp8_wmma", bad, M * N);
}
