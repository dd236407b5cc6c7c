// A plain HIP program for the replay tests (replay_cpu.sh): a 16x16x16 f16 WMMA tile (one wave), a
// template kernel launched from a host template (its launch is written axpy<T><<<...>>>), and an
// extern "C" kernel. Its inputs come from std::random_device, so no two runs compute the same
// thing, and its size from the command line:
//   replay_program [N] [skip-tile | stop-after-tile]
// skip-tile leaves out the first launch (host code that no longer makes the recorded launches);
// stop-after-tile returns after it. Built with -DREPLAY_B_TRANSPOSED, the tile kernel reads B as
// if it were stored transposed: a later, wrong revision of the kernel.
#include <hip/hip_runtime.h>

#include <cstdio>
#include <cstring>
#include <random>
#include <string>
#include <vector>

typedef _Float16 half8 __attribute__((ext_vector_type(8)));
typedef float float8 __attribute__((ext_vector_type(8)));

#define CHECK(call)                                                  \
  do {                                                               \
    if ((call) != hipSuccess) {                                      \
      std::fprintf(stderr, "replay_program: %s failed\n", #call);   \
      return 1;                                                      \
    }                                                                \
  } while (0)

// D = A * B + C for one 16x16 tile, A and B 16x16 row-major f16, C and D f32.
__global__ void wmma_tile(const _Float16* A, const _Float16* B, const float* C, float* D) {
  const int lane = threadIdx.x, g = lane / 16, mn = lane % 16;
  half8 a, b;
  for (int e = 0; e < 8; ++e) {
    const int k = (e & 3) + 4 * g + 8 * (e >> 2);  // RDNA4 16-bit A/B: the K of element e in lane group g
    a[e] = A[mn * 16 + k];
#ifdef REPLAY_B_TRANSPOSED
    b[e] = B[mn * 16 + k];
#else
    b[e] = B[k * 16 + mn];
#endif
  }
  float8 c;
  for (int v = 0; v < 8; ++v) c[v] = C[(v + 8 * g) * 16 + mn];
  const float8 d = __builtin_amdgcn_wmma_f32_16x16x16_f16_w32_gfx12(a, b, c);
  for (int v = 0; v < 8; ++v) D[(v + 8 * g) * 16 + mn] = d[v];
}

template <class T> __global__ void axpy(T a, const T* x, T* y, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = a * x[i] + y[i];
}

extern "C" __global__ void iota(int* z, int start, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) z[i] = start + i;
}

template <class T> int run_axpy(T a, const std::vector<T>& x, std::vector<T>& y) {
  const int n = static_cast<int>(x.size());
  T *dx = nullptr, *dy = nullptr;
  CHECK(hipMalloc(&dx, n * sizeof(T)));
  CHECK(hipMalloc(&dy, n * sizeof(T)));
  CHECK(hipMemcpy(dx, x.data(), n * sizeof(T), hipMemcpyHostToDevice));
  CHECK(hipMemcpy(dy, y.data(), n * sizeof(T), hipMemcpyHostToDevice));
  axpy<T><<<(n + 63) / 64, 64>>>(a, dx, dy, n);
  CHECK(hipGetLastError());
  CHECK(hipMemcpy(y.data(), dy, n * sizeof(T), hipMemcpyDeviceToHost));
  CHECK(hipFree(dx));
  CHECK(hipFree(dy));
  return 0;
}

int main(int argc, char** argv) {
  const int n = argc > 1 ? std::atoi(argv[1]) : 100;
  const std::string mode = argc > 2 ? argv[2] : "";
  std::random_device device;
  std::mt19937 random(device());
  std::uniform_int_distribution<int> small(-8, 8);

  if (mode != "skip-tile") {
    std::vector<_Float16> a(256), b(256);
    std::vector<float> c(256), d(256);
    for (int i = 0; i < 256; ++i) {
      a[i] = static_cast<_Float16>(small(random) * 0.375f);
      b[i] = static_cast<_Float16>(small(random) * 0.625f);
      c[i] = small(random) * 0.5f;
    }
    _Float16 *dA = nullptr, *dB = nullptr;
    float *dC = nullptr, *dD = nullptr;
    CHECK(hipMalloc(&dA, 256 * sizeof(_Float16)));
    CHECK(hipMalloc(&dB, 256 * sizeof(_Float16)));
    CHECK(hipMalloc(&dC, 256 * sizeof(float)));
    CHECK(hipMalloc(&dD, 256 * sizeof(float)));
    CHECK(hipMemcpy(dA, a.data(), 256 * sizeof(_Float16), hipMemcpyHostToDevice));
    CHECK(hipMemcpy(dB, b.data(), 256 * sizeof(_Float16), hipMemcpyHostToDevice));
    CHECK(hipMemcpy(dC, c.data(), 256 * sizeof(float), hipMemcpyHostToDevice));
    wmma_tile<<<1, 32>>>(dA, dB, dC, dD);
    CHECK(hipMemcpy(d.data(), dD, 256 * sizeof(float), hipMemcpyDeviceToHost));
    double sum = 0;
    for (float v : d) sum += v;
    std::printf("tile sum %.3f\n", sum);
    for (void* p : {static_cast<void*>(dA), static_cast<void*>(dB), static_cast<void*>(dC), static_cast<void*>(dD)}) CHECK(hipFree(p));
    if (mode == "stop-after-tile") return 0;
  }

  std::vector<float> x(n), y(n);
  for (int i = 0; i < n; ++i) {
    x[i] = static_cast<float>(small(random));
    y[i] = static_cast<float>(small(random));
  }
  if (run_axpy(0.5f * small(random), x, y)) return 1;

  int* dz = nullptr;
  CHECK(hipMalloc(&dz, n * sizeof(int)));
  iota<<<(n + 31) / 32, 32>>>(dz, small(random), n);
  std::vector<int> z(n);
  CHECK(hipMemcpy(z.data(), dz, n * sizeof(int), hipMemcpyDeviceToHost));
  CHECK(hipFree(dz));
  std::printf("axpy y[0] %.1f iota z[%d] %d\n", y[0], n - 1, z[n - 1]);
  return 0;
}
