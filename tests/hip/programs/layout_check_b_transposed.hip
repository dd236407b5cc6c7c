// A plain HIP WMMA kernel whose author read B as if it were stored transposed. Run with
// WMMASIM_CHECK_LAYOUTS=1, the layout check names the mistake at the WMMA line.
#include <hip/hip_runtime.h>
#include <vector>

typedef _Float16 half8 __attribute__((ext_vector_type(8)));
typedef float float8 __attribute__((ext_vector_type(8)));

__global__ void gemm16(const _Float16* A, const _Float16* B, float* D) {
  const int lane = threadIdx.x, g = lane / 16, mn = lane % 16;
  half8 a, b;
  for (int e = 0; e < 8; ++e) {
    const int k = (e & 3) + 4 * g + 8 * (e >> 2);  // RDNA4 16-bit A/B: K of element e in lane group g
    a[e] = A[mn * 16 + k];
    b[e] = B[mn * 16 + k];  // the bug: B is K x N row-major, so B[k * 16 + mn]
  }
  const float8 c = {};
  const float8 d = __builtin_amdgcn_wmma_f32_16x16x16_f16_w32_gfx12(a, b, c);
  for (int v = 0; v < 8; ++v) D[(v + 8 * g) * 16 + mn] = d[v];
}

int main() {
  std::vector<_Float16> a(256), b(256);
  for (int i = 0; i < 256; ++i) a[i] = b[i] = static_cast<_Float16>(i % 9);
  _Float16 *dA, *dB;
  float* dD;
  (void)hipMalloc(&dA, 512);
  (void)hipMalloc(&dB, 512);
  (void)hipMalloc(&dD, 1024);
  (void)hipMemcpy(dA, a.data(), 512, hipMemcpyHostToDevice);
  (void)hipMemcpy(dB, b.data(), 512, hipMemcpyHostToDevice);
  gemm16<<<1, 32>>>(dA, dB, dD);
  return hipDeviceSynchronize() == hipSuccess ? 0 : 1;
}
