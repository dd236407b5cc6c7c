// One source for RDNA3 (gfx11) and RDNA4 (gfx12): the same 16 x 16 f16 -> f32 tile product with
// K = 32, D = A * B + C, with the WMMA path chosen at compile time by the architecture macros the
// device compiler defines (__GFX12__ / __GFX11__, or the exact __gfx1201__, __gfx1100__, ...).
// What it teaches: the two generations' builtins and layouts differ.
//  - RDNA4 (__builtin_amdgcn_wmma_f32_16x16x16_f16_w32_gfx12): 8 halves per lane and operand;
//    A: row l%16, K (i&3) + 4*(l/16) + 8*(i>>2); D: column l%16, rows 8*(l/16) + i.
//  - RDNA3 (__builtin_amdgcn_wmma_f32_16x16x16_f16_w32): 16 halves per lane; A: row l%16, all 16 K
//    (lanes 16-31 repeat lanes 0-15); B: column l%16, all 16 K; D: column l%16, rows 2*i + l/16.
// RDNA3 rounds after every two products, so its results may differ from the exact sum in the last
// bits (the check allows for that); RDNA4 rounds once. The kernel reports which path it ran. Build for either:
//   --offload-arch=gfx1201 (or gfx1200)   or   --offload-arch=gfx1100 (gfx1101, gfx1102, ...)
// Run: ./rdna3_rdna4 [dump-file]
#include <hip/hip_runtime.h>

#include <vector>

#include "example_utils.h"

typedef __fp16 half8 __attribute__((ext_vector_type(8)));
typedef __fp16 half16 __attribute__((ext_vector_type(16)));
typedef float float8 __attribute__((ext_vector_type(8)));

__global__ void tile_product(const _Float16* A, const _Float16* B, const float* C, float* D, int K, int* path) {
  const int lane = threadIdx.x, mn = lane % 16, half = lane / 16;
#if defined(__GFX12__)
  float8 acc;
  for (int i = 0; i < 8; ++i) acc[i] = C[(8 * half + i) * 16 + mn];
  for (int k0 = 0; k0 < K; k0 += 16) {
    half8 a, b;
    for (int i = 0; i < 8; ++i) {
      const int k = k0 + (i & 3) + 4 * half + 8 * (i >> 2);
      a[i] = A[mn * K + k];
      b[i] = B[k * 16 + mn];
    }
    acc = __builtin_amdgcn_wmma_f32_16x16x16_f16_w32_gfx12(a, b, acc);
  }
  for (int i = 0; i < 8; ++i) D[(8 * half + i) * 16 + mn] = acc[i];
  if (lane == 0) *path = 12;
#elif defined(__gfx1100__) || defined(__gfx1101__) || defined(__gfx1102__) || defined(__gfx1103__) || \
    defined(__gfx1150__) || defined(__gfx1151__)
  float8 acc;
  for (int i = 0; i < 8; ++i) acc[i] = C[(2 * i + half) * 16 + mn];
  for (int k0 = 0; k0 < K; k0 += 16) {
    half16 a, b;
    for (int i = 0; i < 16; ++i) {
      a[i] = A[mn * K + k0 + i];
      b[i] = B[(k0 + i) * 16 + mn];
    }
    acc = __builtin_amdgcn_wmma_f32_16x16x16_f16_w32(a, b, acc);
  }
  for (int i = 0; i < 8; ++i) D[(2 * i + half) * 16 + mn] = acc[i];
  if (lane == 0) *path = 11;
#else
  // The host pass of a GPU build, or a target without WMMA: nothing runs here.
  if (lane == 0) *path = 0;
#endif
}

int main(int argc, char** argv) {
  MatrixDump dump(argc, argv);
  const int K = 32;
  Xorshift rng(3);
  std::vector<_Float16> a(16 * K), b(K * 16);
  std::vector<float> c(256);
  for (auto& x : a) x = static_cast<_Float16>(rng.eighths(8));
  for (auto& x : b) x = static_cast<_Float16>(rng.eighths(8));
  for (auto& x : c) x = rng.eighths(64);
  // The exact result (products of eighths sum exactly in float) and the size of its terms.
  std::vector<float> want(c), magnitude(256);
  for (int i = 0; i < 16; ++i)
    for (int j = 0; j < 16; ++j) {
      magnitude[i * 16 + j] = c[i * 16 + j] < 0 ? -c[i * 16 + j] : c[i * 16 + j];
      for (int k = 0; k < K; ++k) {
        const float p = static_cast<float>(a[i * K + k]) * static_cast<float>(b[k * 16 + j]);
        want[i * 16 + j] += p;
        magnitude[i * 16 + j] += p < 0 ? -p : p;
      }
    }

  hipDeviceProp_t props;
  HIP_CHECK(hipGetDeviceProperties(&props, 0));
  _Float16 *dA, *dB;
  float *dC, *dD;
  int* dPath;
  HIP_CHECK(hipMalloc(&dA, a.size() * sizeof(_Float16)));
  HIP_CHECK(hipMalloc(&dB, b.size() * sizeof(_Float16)));
  HIP_CHECK(hipMalloc(&dC, c.size() * sizeof(float)));
  HIP_CHECK(hipMalloc(&dD, c.size() * sizeof(float)));
  HIP_CHECK(hipMalloc(&dPath, sizeof(int)));
  HIP_CHECK(hipMemcpy(dA, a.data(), a.size() * sizeof(_Float16), hipMemcpyHostToDevice));
  HIP_CHECK(hipMemcpy(dB, b.data(), b.size() * sizeof(_Float16), hipMemcpyHostToDevice));
  HIP_CHECK(hipMemcpy(dC, c.data(), c.size() * sizeof(float), hipMemcpyHostToDevice));
  tile_product<<<1, 32>>>(dA, dB, dC, dD, K, dPath);
  HIP_CHECK(hipGetLastError());
  HIP_CHECK(hipDeviceSynchronize());
  std::vector<float> d(c.size());
  int path = 0;
  HIP_CHECK(hipMemcpy(d.data(), dD, d.size() * sizeof(float), hipMemcpyDeviceToHost));
  HIP_CHECK(hipMemcpy(&path, dPath, sizeof(int), hipMemcpyDeviceToHost));
  std::printf("device %s ran the gfx%d path\n", props.gcnArchName, path);

  dump.write("path", &path, 1, 1, 32);
  dump.write("A", a.data(), 16, K, 16);
  dump.write("B", b.data(), K, 16, 16);
  dump.write("C", c.data(), 16, 16, 32);
  dump.write("D", d.data(), 16, 16, 32);
  // RDNA4 rounds once, so its result is the exact one. RDNA3 accumulates in DOT2 steps (two products
  // at a time), each rounded to f32: 16 roundings for K = 32, each within 2^-24 of the terms' size.
  long bad = path == 0;
  for (int i = 0; i < 256; ++i) {
    const float diff = d[i] > want[i] ? d[i] - want[i] : want[i] - d[i];
    bad += path == 12 ? d[i] != want[i] : diff > magnitude[i] * 0x1p-20f;
  }
  HIP_CHECK(hipFree(dA));
  HIP_CHECK(hipFree(dB));
  HIP_CHECK(hipFree(dC));
  HIP_CHECK(hipFree(dD));
  HIP_CHECK(hipFree(dPath));
  return report("rdna3_rdna4", bad, 257);
}
