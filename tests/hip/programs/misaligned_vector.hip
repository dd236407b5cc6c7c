// Vector loads and stores at addresses that are not a multiple of the vector's size, as rocWMMA's
// contamination tests write them: *reinterpret_cast<const VecT*>(ptr + offset). RDNA's global and
// LDS accesses take any address (ROCm runs them in unaligned mode), so this is valid device code.
// Also a 16-byte atomic, which the host implements in libatomic.
#include <hip/hip_runtime.h>

#include <cstdio>

typedef _Float16 half8 __attribute__((ext_vector_type(8)));

__global__ void shifted_copy(const float* in, float* out, const _Float16* hin, _Float16* hout, int offset) {
  const int i = threadIdx.x * 4;
  const float4 v = *reinterpret_cast<const float4*>(in + i + offset);  // 4-byte, not 16-byte, aligned
  *reinterpret_cast<float4*>(out + i + offset) = v;
  const half8 h = *reinterpret_cast<const half8*>(hin + threadIdx.x * 8 + offset);  // 2-byte aligned
  *reinterpret_cast<half8*>(hout + threadIdx.x * 8 + offset) = h;
}

__global__ void through_lds(const float* in, float* out, int offset) {
  __shared__ float tile[64 * 4 + 4];
  const int i = threadIdx.x * 4;
  *reinterpret_cast<float4*>(tile + i + offset) = *reinterpret_cast<const float4*>(in + i);
  __syncthreads();
  out[i] = tile[i + offset];
  out[i + 3] = reinterpret_cast<const float4*>(tile + i + offset)->w;
}

__global__ void wide_atomic(unsigned __int128* word, unsigned __int128* seen) {
  if (threadIdx.x == 0) *seen = __atomic_load_n(word, __ATOMIC_RELAXED);
}

int main() {
  const int n = 64 * 4 + 8, hn = 64 * 8 + 8;
  float *in, *out;
  _Float16 *hin, *hout;
  unsigned __int128 *word, *seen;
  (void)hipMallocManaged(&in, n * sizeof(float));
  (void)hipMallocManaged(&out, n * sizeof(float));
  (void)hipMallocManaged(&hin, hn * sizeof(_Float16));
  (void)hipMallocManaged(&hout, hn * sizeof(_Float16));
  (void)hipMallocManaged(&word, sizeof *word);
  (void)hipMallocManaged(&seen, sizeof *seen);
  int wrong = 0;
  for (int offset = 1; offset < 4; ++offset) {
    for (int k = 0; k < n; ++k) in[k] = static_cast<float>(k), out[k] = -1.0f;
    for (int k = 0; k < hn; ++k) hin[k] = static_cast<_Float16>(k % 1024), hout[k] = -1;
    shifted_copy<<<1, 64>>>(in, out, hin, hout, offset);
    if (hipDeviceSynchronize() != hipSuccess) return 1;
    for (int k = offset; k < offset + 256; ++k) wrong += out[k] != in[k];
    for (int k = offset; k < offset + 512; ++k) wrong += hout[k] != hin[k];
    through_lds<<<1, 64>>>(in, out, offset);
    if (hipDeviceSynchronize() != hipSuccess) return 1;
    for (int k = 0; k < 256; k += 4) wrong += out[k] != in[k] || out[k + 3] != in[k + 3];
  }
  *word = (static_cast<unsigned __int128>(0x0123456789abcdefull) << 64) | 0xfedcba9876543210ull;
  wide_atomic<<<1, 32>>>(word, seen);
  (void)hipDeviceSynchronize();
  wrong += *seen != *word;
  std::printf("misaligned_vector: %d wrong\n", wrong);
  return wrong == 0 ? 0 : 1;
}
