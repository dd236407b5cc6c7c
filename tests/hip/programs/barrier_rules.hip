// Barriers as the GPU runs them (S_BARRIER waits for the waves still running, a wave arrives as a
// whole, and the barrier is a counter, not a program point): each kernel is correct on RDNA hardware
// and must run cleanly here, with exact results.
#include <hip/hip_runtime.h>
#include <cstdio>

// Waves 2-3 of a 128-thread block return early; waves 0-1 exchange through LDS.
__global__ void early_return(const int* in, int* out) {
  __shared__ int tile[64];
  const unsigned t = threadIdx.x;
  if (t >= 64) return;
  tile[t] = in[blockIdx.x * 64 + t];
  __syncthreads();
  out[blockIdx.x * 64 + t] = tile[63 - t];
}

// Only wave 0 takes the barrier; it completes when wave 1 has exited, and only wave 0 reads wave 1's data.
__global__ void barrier_in_one_wave(int* out) {
  __shared__ int tile[64];
  tile[threadIdx.x] = 3 * threadIdx.x;
  if (threadIdx.x < 32) {
    __syncthreads();
    out[threadIdx.x] = tile[63 - threadIdx.x];
  } else {
    out[threadIdx.x] = tile[threadIdx.x];
  }
}

// Lanes 0-15 of each wave return; lanes 16-31 reach the barrier.
__global__ void half_waves(int* out) {
  __shared__ int tile[64];
  const unsigned t = threadIdx.x;
  if (t % 32 < 16) return;
  tile[t] = static_cast<int>(t);
  __syncthreads();
  out[t] = tile[t ^ 32];  // the same lane of the other wave
}

// The two waves wait at different barrier instructions and release each other.
__global__ void two_barriers(int* out) {
  __shared__ int tile[64];
  tile[threadIdx.x] = 1000 + threadIdx.x;
  if (threadIdx.x < 32)
    __syncthreads();
  else
    __syncthreads();
  out[threadIdx.x] = tile[(threadIdx.x + 32) % 64];
}

// Threads 100-127 exit; the vote counts the 100 that arrive (t % 4 == 0: 25 of them).
__global__ void count_arrivals(int* out) {
  if (threadIdx.x >= 100) return;
  const int count = __syncthreads_count(threadIdx.x % 4 == 0);
  const int all = __syncthreads_and(threadIdx.x < 100);
  const int any = __syncthreads_or(threadIdx.x == 50);
  out[threadIdx.x] = count * 100 + all * 10 + any;
}

int main() {
  int checks = 0, passed = 0;
  const auto check = [&](bool ok, const char* what) {
    ++checks;
    if (ok) ++passed;
    else std::printf("barrier_rules: %s is wrong\n", what);
  };
  int host_in[4 * 64], host[4 * 64];
  for (int i = 0; i < 4 * 64; ++i) host_in[i] = i * 7 - 100;
  int *in, *out;
  (void)hipMalloc(&in, sizeof host_in);
  (void)hipMalloc(&out, sizeof host);
  (void)hipMemcpy(in, host_in, sizeof host_in, hipMemcpyHostToDevice);

  early_return<<<4, 128>>>(in, out);
  (void)hipMemcpy(host, out, sizeof host, hipMemcpyDeviceToHost);
  bool ok = true;
  for (int i = 0; i < 4 * 64; ++i) ok &= host[i] == host_in[i / 64 * 64 + 63 - i % 64];
  check(ok, "early_return");

  barrier_in_one_wave<<<1, 64>>>(out);
  (void)hipMemcpy(host, out, 64 * sizeof(int), hipMemcpyDeviceToHost);
  ok = true;
  for (int t = 0; t < 64; ++t) ok &= host[t] == 3 * (t < 32 ? 63 - t : t);
  check(ok, "barrier_in_one_wave");

  (void)hipMemset(out, 0, sizeof host);
  half_waves<<<1, 64>>>(out);
  (void)hipMemcpy(host, out, 64 * sizeof(int), hipMemcpyDeviceToHost);
  ok = true;
  for (int t = 0; t < 64; ++t) ok &= host[t] == (t % 32 < 16 ? 0 : t ^ 32);
  check(ok, "half_waves");

  two_barriers<<<1, 64>>>(out);
  (void)hipMemcpy(host, out, 64 * sizeof(int), hipMemcpyDeviceToHost);
  ok = true;
  for (int t = 0; t < 64; ++t) ok &= host[t] == 1000 + (t + 32) % 64;
  check(ok, "two_barriers");

  count_arrivals<<<1, 128>>>(out);
  (void)hipMemcpy(host, out, 100 * sizeof(int), hipMemcpyDeviceToHost);
  ok = true;
  for (int t = 0; t < 100; ++t) ok &= host[t] == 25 * 100 + 10 + 1;
  check(ok, "count_arrivals");

  check(hipDeviceSynchronize() == hipSuccess, "the sticky error");
  std::printf("barrier_rules: %d of %d checks passed\n", passed, checks);
  return passed == checks ? 0 : 1;
}
