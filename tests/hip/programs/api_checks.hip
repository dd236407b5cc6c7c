// The host API's return codes and the device side's basic operations, as a HIP program checks them.
#include <hip/hip_runtime.h>

#include <cstdio>
#include <cstring>
#include <vector>

static int failures = 0, checks = 0;
#define EXPECT(cond)                                                        \
  do {                                                                      \
    ++checks;                                                               \
    if (!(cond)) {                                                          \
      ++failures;                                                           \
      std::printf("FAILED at line %d: %s\n", __LINE__, #cond);              \
    }                                                                       \
  } while (0)

__global__ void scale(float* data, float factor, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) data[i] *= factor;
}

template <typename T, int Stride>
__global__ void fill_strided(T* out, T value) {
  out[threadIdx.x * Stride] = value + static_cast<T>(threadIdx.x);
}

// Dynamic shared memory: a block sum through extern __shared__.
__global__ void block_sum(const int* in, int* out) {
  extern __shared__ int partial[];
  partial[threadIdx.x] = in[blockIdx.x * blockDim.x + threadIdx.x];
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
    if (threadIdx.x < s) partial[threadIdx.x] += partial[threadIdx.x + s];
    __syncthreads();
  }
  if (threadIdx.x == 0) out[blockIdx.x] = partial[0];
}

__global__ void wave_ops(int* out) {
  const int lane = __lane_id();
  int v = lane;
  for (int offset = warpSize / 2; offset > 0; offset /= 2) v += __shfl_xor(v, offset);
  out[threadIdx.x * 4 + 0] = v;                                   // sum of 0..31 in every lane
  out[threadIdx.x * 4 + 1] = __shfl(lane * 10, 3);                // lane 3's value
  out[threadIdx.x * 4 + 2] = static_cast<int>(__ballot(lane % 2 == 0) & 0xffffffffu);
  out[threadIdx.x * 4 + 3] = __syncthreads_count(lane < 5);
}

int main() {
  void* p = nullptr;
  EXPECT(hipMalloc(nullptr, 16) == hipErrorInvalidValue);
  EXPECT(hipMalloc(&p, 0) == hipSuccess && p == nullptr);
  EXPECT(hipSetDevice(1) == hipErrorInvalidDevice);
  EXPECT(hipGetLastError() == hipErrorInvalidDevice);
  EXPECT(hipGetLastError() == hipSuccess);
  int count = 0;
  EXPECT(hipGetDeviceCount(&count) == hipSuccess && count == 1);

  hipDeviceProp_t prop;
  EXPECT(hipGetDeviceProperties(&prop, 0) == hipSuccess);
  EXPECT(std::strcmp(prop.gcnArchName, "gfx1201") == 0);
  EXPECT(prop.warpSize == 32 && prop.sharedMemPerBlock == 65536 && prop.maxThreadsPerBlock == 1024);
  int attr = 0;
  EXPECT(hipDeviceGetAttribute(&attr, hipDeviceAttributeWarpSize, 0) == hipSuccess && attr == 32);

  const int n = 1000;
  std::vector<float> host(n);
  for (int i = 0; i < n; ++i) host[i] = static_cast<float>(i);
  float* d = nullptr;
  EXPECT(hipMalloc(&d, n * sizeof(float)) == hipSuccess);
  EXPECT(hipMemcpy(d, host.data(), (n + 1) * sizeof(float), hipMemcpyHostToDevice) == hipErrorInvalidValue);
  EXPECT(hipMemcpy(d, host.data(), n * sizeof(float), hipMemcpyHostToDevice) == hipSuccess);

  hipEvent_t start, stop;
  EXPECT(hipEventCreate(&start) == hipSuccess && hipEventCreate(&stop) == hipSuccess);
  EXPECT(hipEventRecord(start) == hipSuccess);
  scale<<<(n + 255) / 256, 256>>>(d, 2.0f, n);
  EXPECT(hipGetLastError() == hipSuccess);
  EXPECT(hipEventRecord(stop) == hipSuccess && hipEventSynchronize(stop) == hipSuccess);
  float ms = -1.0f;
  EXPECT(hipEventElapsedTime(&ms, start, stop) == hipSuccess && ms >= 0.0f);
  EXPECT(hipDeviceSynchronize() == hipSuccess);
  EXPECT(hipMemcpy(host.data(), d, n * sizeof(float), hipMemcpyDeviceToHost) == hipSuccess);
  EXPECT(host[999] == 1998.0f && host[1] == 2.0f);

  // hipLaunchKernel with an argument array, and hipLaunchKernelGGL.
  float factor = 0.5f;
  int size = n;
  void* args[] = {&d, &factor, &size};
  EXPECT(hipLaunchKernel(reinterpret_cast<const void*>(scale), dim3(4), dim3(256), args, 0, nullptr) == hipSuccess);
  hipLaunchKernelGGL(scale, dim3(4), dim3(256), 0, 0, d, 3.0f, n);
  EXPECT(hipMemcpy(host.data(), d, n * sizeof(float), hipMemcpyDeviceToHost) == hipSuccess);
  EXPECT(host[10] == 30.0f);

  // A block larger than the device allows is refused at launch, and is not sticky.
  scale<<<1, 2048>>>(d, 1.0f, n);
  EXPECT(hipGetLastError() == hipErrorInvalidConfiguration);
  EXPECT(hipDeviceSynchronize() == hipSuccess);

  // Template kernels, streams.
  hipStream_t stream;
  EXPECT(hipStreamCreate(&stream) == hipSuccess);
  int* di = nullptr;
  EXPECT(hipMalloc(&di, 256 * sizeof(int)) == hipSuccess);
  fill_strided<int, 2><<<dim3(1), dim3(64), 0, stream>>>(di, 100);
  EXPECT(hipStreamSynchronize(stream) == hipSuccess);
  std::vector<int> hi(256);
  EXPECT(hipMemcpy(hi.data(), di, 256 * sizeof(int), hipMemcpyDeviceToHost) == hipSuccess);
  EXPECT(hi[0] == 100 && hi[2] == 101 && hi[126] == 163);
  EXPECT(hipStreamDestroy(stream) == hipSuccess);
  EXPECT(hipStreamDestroy(stream) == hipErrorInvalidHandle);

  // Dynamic shared memory.
  std::vector<int> ones(512, 1);
  int* din = nullptr;
  EXPECT(hipMalloc(&din, 512 * sizeof(int)) == hipSuccess);
  EXPECT(hipMemcpy(din, ones.data(), 512 * sizeof(int), hipMemcpyHostToDevice) == hipSuccess);
  block_sum<<<2, 256, 256 * sizeof(int)>>>(din, di);
  EXPECT(hipMemcpy(hi.data(), di, 2 * sizeof(int), hipMemcpyDeviceToHost) == hipSuccess);
  EXPECT(hi[0] == 256 && hi[1] == 256);

  // Wave operations with ROCm's semantics.
  int* dw = nullptr;
  EXPECT(hipMalloc(&dw, 64 * 4 * sizeof(int)) == hipSuccess);
  wave_ops<<<1, 64>>>(dw);
  std::vector<int> w(64 * 4);
  EXPECT(hipMemcpy(w.data(), dw, w.size() * sizeof(int), hipMemcpyDeviceToHost) == hipSuccess);
  EXPECT(w[0] == 496 && w[33 * 4] == 496);
  EXPECT(w[5 * 4 + 1] == 30 && w[40 * 4 + 1] == 30);
  EXPECT(w[7 * 4 + 2] == 0x55555555);
  EXPECT(w[50 * 4 + 3] == 10);  // lanes 0-4 of both waves

  // A module file that does not exist (hiprtc_errors.hip has the rest).
  hipModule_t module;
  EXPECT(hipModuleLoad(&module, "k.co") == hipErrorFileNotFound);

  EXPECT(hipFree(d) == hipSuccess);
  EXPECT(hipFree(d) == hipErrorInvalidValue);
  EXPECT(std::strcmp(hipGetErrorName(hipErrorIllegalAddress), "hipErrorIllegalAddress") == 0);
  (void)hipGetLastError();
  std::printf("api_checks: %d of %d checks passed\n", checks - failures, checks);
  return failures == 0 ? 0 : 1;
}
