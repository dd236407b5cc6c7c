// Two static __shared__ tiles side by side, as a tiled kernel declares them. With OFF_BY_ONE the
// copy loop's bound is `<=`: one row past a_tile, which on the GPU (and on the CPU, where the two
// are laid out the same way) is a valid address inside b_tile, so only the subscript shows it.
#include <hip/hip_runtime.h>
#include <cstdio>

__global__ void tiles(const float* in, float* out, int last_row) {
  __shared__ float a_tile[16][16];
  __shared__ float b_tile[16][16];
  const int t = threadIdx.x;
  for (int i = 0; i < 16; ++i) b_tile[i][t] = in[256 + i * 16 + t];
  for (int i = 0; i <= last_row; ++i) a_tile[i][t] = in[i * 16 + t];
  __syncthreads();
  float s = 0;
  for (int i = 0; i < 16; ++i) s += a_tile[t][i] * b_tile[i][t];
  out[t] = s;
}

int main() {
  float *in, *out;
  if (hipMalloc(&in, 512 * sizeof(float)) || hipMalloc(&out, 16 * sizeof(float))) return 1;
  float host[512];
  for (int i = 0; i < 512; ++i) host[i] = 1.0f;
  if (hipMemcpy(in, host, sizeof host, hipMemcpyHostToDevice)) return 1;
#ifdef OFF_BY_ONE
  const int last_row = 16;
#else
  const int last_row = 15;
#endif
  tiles<<<1, 16>>>(in, out, last_row);
  float result[16];
  if (hipMemcpy(result, out, sizeof result, hipMemcpyDeviceToHost)) return 1;
  int wrong = 0;
  for (float r : result) wrong += r != 16.0f;
  std::printf("shared_tiles: %d of 16 wrong\n", wrong);
  return wrong != 0;
}
