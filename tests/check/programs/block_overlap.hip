// Blocks that store to the same bytes. Built as is, each block writes its own 64 elements of `out`
// and all blocks set the same `done` flag to 1: correct (the flag's stores agree, as on the GPU).
// With FORGOT_BLOCK_OFFSET the output index leaves out blockIdx.x, the classic mistake of a grid
// mapping: every block writes elements 0-63 with its own values, and which block's survive depends
// on the order the GPU runs them.
#include <hip/hip_runtime.h>

#include <cstdio>
#include <vector>

constexpr int kBlocks = 8, kThreads = 64;

__global__ void scale(const float* in, float* out, int* done) {
  const int i = blockIdx.x * kThreads + threadIdx.x;
#ifdef FORGOT_BLOCK_OFFSET
  out[threadIdx.x] = 2.0f * in[i];
#else
  out[i] = 2.0f * in[i];
#endif
  if (threadIdx.x == 0) *done = 1;
}

int main() {
  const int n = kBlocks * kThreads;
  std::vector<float> host(n);
  for (int i = 0; i < n; ++i) host[i] = static_cast<float>(i);
  float *in, *out;
  int* done;
  if (hipMalloc(&in, n * 4) || hipMalloc(&out, n * 4) || hipMalloc(&done, 4)) return 1;
  if (hipMemcpy(in, host.data(), n * 4, hipMemcpyHostToDevice) || hipMemset(out, 0, n * 4) || hipMemset(done, 0, 4))
    return 1;
  scale<<<kBlocks, kThreads>>>(in, out, done);
  std::vector<float> result(n);
  if (hipMemcpy(result.data(), out, n * 4, hipMemcpyDeviceToHost)) return 1;
  int wrong = 0;
  for (int i = 0; i < n; ++i) wrong += result[i] != 2.0f * host[i];
  std::printf("block_overlap: %d of %d wrong\n", wrong, n);
  return wrong != 0;
}
