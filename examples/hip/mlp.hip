// A two-layer perceptron on one wave: Y = ReLU(X * W1) * W2 for a batch of 16 rows, 32 inputs,
// 32 hidden units and 16 outputs, f16 data with f32 accumulation
// (__builtin_amdgcn_wmma_f32_16x16x16_f16_w32_gfx12).
// What it teaches: a layer's output is in the D layout (lane l: column l%16, rows 8*(l/16)..+7)
// but the next layer needs it in the A layout (row l%16, K spread over slots); the usual way across
// is LDS: each lane applies ReLU, rounds to f16 and writes its D elements to a shared H tile, a
// barrier, then every lane reads its A fragment of H back.
// Run: ./mlp [dump-file]
#include <hip/hip_runtime.h>

#include <vector>

#include "example_utils.h"

typedef __fp16 half8 __attribute__((ext_vector_type(8)));
typedef float float8 __attribute__((ext_vector_type(8)));

constexpr int kBatch = 16, kIn = 32, kHidden = 32, kOut = 16;

// K of fragment slot i for lane `lane` (gfx12 wave32, 16-bit A and B).
__device__ inline int slot_k(int lane, int i) { return (i & 3) + 4 * (lane / 16) + 8 * (i >> 2); }

// One 16 x 16 output tile of a row-major (M x K) * (K x ld) product, K = 32: two WMMAs.
__device__ float8 tile_16x16x32(const _Float16* a, int lda, const _Float16* b, int ldb, int n0, int lane) {
  float8 acc = {};
  for (int k0 = 0; k0 < 32; k0 += 16) {
    half8 af, bf;
    for (int i = 0; i < 8; ++i) {
      af[i] = a[(lane % 16) * lda + k0 + slot_k(lane, i)];
      bf[i] = b[(k0 + slot_k(lane, i)) * ldb + n0 + lane % 16];
    }
    acc = __builtin_amdgcn_wmma_f32_16x16x16_f16_w32_gfx12(af, bf, acc);
  }
  return acc;
}

__global__ void mlp_forward(const _Float16* X, const _Float16* W1, const _Float16* W2, _Float16* H_out, float* Y) {
  __shared__ _Float16 h[kBatch][kHidden];
  const int lane = threadIdx.x;
  for (int n0 = 0; n0 < kHidden; n0 += 16) {
    const float8 z = tile_16x16x32(X, kIn, W1, kHidden, n0, lane);
    for (int i = 0; i < 8; ++i) {
      const float relu = z[i] > 0.0f ? z[i] : 0.0f;
      h[8 * (lane / 16) + i][n0 + lane % 16] = static_cast<_Float16>(relu);
    }
  }
  __syncthreads();  // every lane's H elements are in LDS before any lane reads a fragment of H
  const float8 y = tile_16x16x32(&h[0][0], kHidden, W2, kOut, 0, lane);
  for (int i = 0; i < 8; ++i) Y[(8 * (lane / 16) + i) * kOut + lane % 16] = y[i];
  for (int e = lane; e < kBatch * kHidden; e += warpSize) H_out[e] = h[e / kHidden][e % kHidden];
}

int main(int argc, char** argv) {
  MatrixDump dump(argc, argv);
  Xorshift rng(2);
  std::vector<_Float16> x(kBatch * kIn), w1(kIn * kHidden), w2(kHidden * kOut);
  for (auto& v : x) v = static_cast<_Float16>(rng.eighths(8));
  for (auto& v : w1) v = static_cast<_Float16>(rng.eighths(8));
  for (auto& v : w2) v = static_cast<_Float16>(rng.eighths(8));

  // Host reference: both layers' sums are exact in float; H is rounded to f16 like the kernel does.
  std::vector<_Float16> h_want(kBatch * kHidden);
  std::vector<float> y_want(kBatch * kOut, 0.0f);
  for (int r = 0; r < kBatch; ++r)
    for (int j = 0; j < kHidden; ++j) {
      float z = 0.0f;
      for (int k = 0; k < kIn; ++k) z += static_cast<float>(x[r * kIn + k]) * static_cast<float>(w1[k * kHidden + j]);
      h_want[r * kHidden + j] = static_cast<_Float16>(z > 0.0f ? z : 0.0f);
    }
  for (int r = 0; r < kBatch; ++r)
    for (int j = 0; j < kOut; ++j)
      for (int k = 0; k < kHidden; ++k)
        y_want[r * kOut + j] += static_cast<float>(h_want[r * kHidden + k]) * static_cast<float>(w2[k * kOut + j]);

  _Float16 *dX, *dW1, *dW2, *dH;
  float* dY;
  HIP_CHECK(hipMalloc(&dX, x.size() * sizeof(_Float16)));
  HIP_CHECK(hipMalloc(&dW1, w1.size() * sizeof(_Float16)));
  HIP_CHECK(hipMalloc(&dW2, w2.size() * sizeof(_Float16)));
  HIP_CHECK(hipMalloc(&dH, h_want.size() * sizeof(_Float16)));
  HIP_CHECK(hipMalloc(&dY, y_want.size() * sizeof(float)));
  HIP_CHECK(hipMemcpy(dX, x.data(), x.size() * sizeof(_Float16), hipMemcpyHostToDevice));
  HIP_CHECK(hipMemcpy(dW1, w1.data(), w1.size() * sizeof(_Float16), hipMemcpyHostToDevice));
  HIP_CHECK(hipMemcpy(dW2, w2.data(), w2.size() * sizeof(_Float16), hipMemcpyHostToDevice));
  mlp_forward<<<1, 32>>>(dX, dW1, dW2, dH, dY);
  HIP_CHECK(hipGetLastError());
  HIP_CHECK(hipDeviceSynchronize());
  std::vector<_Float16> h(h_want.size());
  std::vector<float> y(y_want.size());
  HIP_CHECK(hipMemcpy(h.data(), dH, h.size() * sizeof(_Float16), hipMemcpyDeviceToHost));
  HIP_CHECK(hipMemcpy(y.data(), dY, y.size() * sizeof(float), hipMemcpyDeviceToHost));

  dump.write("X", x.data(), kBatch, kIn, 16);
  dump.write("W1", w1.data(), kIn, kHidden, 16);
  dump.write("W2", w2.data(), kHidden, kOut, 16);
  dump.write("H", h.data(), kBatch, kHidden, 16);
  dump.write("Y", y.data(), kBatch, kOut, 32);
  long bad = 0;
  for (size_t i = 0; i < h.size(); ++i) bad += static_cast<float>(h[i]) != static_cast<float>(h_want[i]);
  for (size_t i = 0; i < y.size(); ++i) bad += y[i] != y_want[i];
  HIP_CHECK(hipFree(dX));
  HIP_CHECK(hipFree(dW1));
  HIP_CHECK(hipFree(dW2));
  HIP_CHECK(hipFree(dH));
  HIP_CHECK(hipFree(dY));
  return report("mlp", bad, static_cast<long>(h.size() + y.size()));
}
