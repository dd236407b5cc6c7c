// A chain of WMMAs whose D register is the next one's A, with no trip through memory:
//   A1 = D0 ; D1 = A1 * B1 + C1 ; A2 = D1 ; D2 = A2 * B2 + C2 ; ...
// using __builtin_amdgcn_wmma_f16_16x16x16_f16_w32_gfx12 (f16 in, f16 out: D is 8 halves per lane,
// exactly the size of an A fragment).
// What it teaches: reusing a register changes what it means. Lane l's D slot i is D[8*(l/16)+i][l%16];
// the same slot read as A is A[l%16][k] with k = (i & 3) + 4*(l/16) + 8*(i >> 2). So the A the next
// step sees is D transposed, with its K order permuted: A_next[m][k] = D[8*((k>>2)&1) + (k&3) + 4*(k>>3)][m].
// A model (or a mental model) with the wrong K order inside a fragment gets every plain GEMM right
// when loads and layouts agree with each other, and only a chain like this one exposes it.
// Run: ./chain [dump-file]
#include <hip/hip_runtime.h>

#include <vector>

#include "example_utils.h"

typedef __fp16 half8 __attribute__((ext_vector_type(8)));

constexpr int kSteps = 3;

// A0 (16 x 16), then for each step B (16 x 16) and C (16 x 16), all row-major f16; D of every step out.
__global__ void chain(const _Float16* A0, const _Float16* Bs, const _Float16* Cs, _Float16* Ds) {
  const int lane = threadIdx.x, mn = lane % 16, half = lane / 16;
  half8 a;
  for (int i = 0; i < 8; ++i) a[i] = A0[mn * 16 + (i & 3) + 4 * half + 8 * (i >> 2)];
  for (int s = 0; s < kSteps; ++s) {
    const _Float16* B = Bs + s * 256;
    const _Float16* C = Cs + s * 256;
    half8 b, c;
    for (int i = 0; i < 8; ++i) {
      b[i] = B[((i & 3) + 4 * half + 8 * (i >> 2)) * 16 + mn];
      c[i] = C[(8 * half + i) * 16 + mn];
    }
    const half8 d = __builtin_amdgcn_wmma_f16_16x16x16_f16_w32_gfx12(a, b, c);
    for (int i = 0; i < 8; ++i) Ds[s * 256 + (8 * half + i) * 16 + mn] = d[i];
    a = d;  // the chain: this D is the next A, register for register
  }
}

int main(int argc, char** argv) {
  MatrixDump dump(argc, argv);
  Xorshift rng(7);
  std::vector<_Float16> a0(256), bs(kSteps * 256), cs(kSteps * 256);
  for (auto& v : a0) v = static_cast<_Float16>(rng.eighths(8));
  // Each column of each B has two nonzeros of +-1/2 or +-1, so values stay exact in f16 along the
  // chain and every element of D still depends on which K went where.
  for (int s = 0; s < kSteps; ++s)
    for (int n = 0; n < 16; ++n) {
      const int k1 = rng.range(0, 15), k2 = (k1 + rng.range(1, 15)) % 16;
      for (int k : {k1, k2}) bs[s * 256 + k * 16 + n] = static_cast<_Float16>(rng.range(1, 2) * (rng.next() % 2 ? 0.5f : -0.5f));
    }
  for (auto& v : cs) v = static_cast<_Float16>(rng.eighths(8));

  // Host reference with the register reinterpretation written out; every sum is exact in f16.
  std::vector<float> want(kSteps * 256);
  std::vector<float> a(256);
  for (int i = 0; i < 256; ++i) a[i] = static_cast<float>(a0[i]);
  for (int s = 0; s < kSteps; ++s) {
    for (int m = 0; m < 16; ++m)
      for (int n = 0; n < 16; ++n) {
        float sum = static_cast<float>(cs[s * 256 + m * 16 + n]);
        for (int k = 0; k < 16; ++k) sum += a[m * 16 + k] * static_cast<float>(bs[s * 256 + k * 16 + n]);
        want[s * 256 + m * 16 + n] = sum;
      }
    for (int m = 0; m < 16; ++m)
      for (int k = 0; k < 16; ++k) a[m * 16 + k] = want[s * 256 + (8 * ((k >> 2) & 1) + (k & 3) + 4 * (k >> 3)) * 16 + m];
  }

  _Float16 *dA0, *dB, *dC, *dD;
  HIP_CHECK(hipMalloc(&dA0, a0.size() * sizeof(_Float16)));
  HIP_CHECK(hipMalloc(&dB, bs.size() * sizeof(_Float16)));
  HIP_CHECK(hipMalloc(&dC, cs.size() * sizeof(_Float16)));
  HIP_CHECK(hipMalloc(&dD, cs.size() * sizeof(_Float16)));
  HIP_CHECK(hipMemcpy(dA0, a0.data(), a0.size() * sizeof(_Float16), hipMemcpyHostToDevice));
  HIP_CHECK(hipMemcpy(dB, bs.data(), bs.size() * sizeof(_Float16), hipMemcpyHostToDevice));
  HIP_CHECK(hipMemcpy(dC, cs.data(), cs.size() * sizeof(_Float16), hipMemcpyHostToDevice));
  chain<<<1, 32>>>(dA0, dB, dC, dD);
  HIP_CHECK(hipGetLastError());
  HIP_CHECK(hipDeviceSynchronize());
  std::vector<_Float16> d(cs.size());
  HIP_CHECK(hipMemcpy(d.data(), dD, d.size() * sizeof(_Float16), hipMemcpyDeviceToHost));

  dump.write("A0", a0.data(), 16, 16, 16);
  dump.write("B", bs.data(), kSteps * 16, 16, 16);  // the steps' B matrices stacked
  dump.write("C", cs.data(), kSteps * 16, 16, 16);
  dump.write("D", d.data(), kSteps * 16, 16, 16);
  long bad = 0;
  for (size_t i = 0; i < d.size(); ++i) bad += static_cast<float>(d[i]) != want[i];
  HIP_CHECK(hipFree(dA0));
  HIP_CHECK(hipFree(dB));
  HIP_CHECK(hipFree(dC));
  HIP_CHECK(hipFree(dD));
  return report("chain", bad, static_cast<long>(d.size()));
}
