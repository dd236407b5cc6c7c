// Runtime compilation as AMD's hipRTC documentation and samples use it: a saxpy compiled from a
// string and launched through hipModuleLaunchKernel's `extra` buffer, and a WMMA kernel template
// (with a named header) found by its name expression's lowered name and launched with kernelParams.
// Every result is compared with exact values computed here.
#include <hip/hip_runtime.h>
#include <hip/hiprtc.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

#define CHECK_HIP(expr)                                                                     \
  do {                                                                                      \
    const hipError_t e = (expr);                                                            \
    if (e != hipSuccess) {                                                                  \
      std::printf("%s failed: %s (line %d)\n", #expr, hipGetErrorString(e), __LINE__);      \
      std::exit(1);                                                                         \
    }                                                                                       \
  } while (0)
#define CHECK_HIPRTC(expr)                                                                  \
  do {                                                                                      \
    const hiprtcResult r = (expr);                                                          \
    if (r != HIPRTC_SUCCESS) {                                                              \
      std::printf("%s failed: %s (line %d)\n", #expr, hiprtcGetErrorString(r), __LINE__);   \
      std::exit(1);                                                                         \
    }                                                                                       \
  } while (0)

static constexpr auto saxpy_source = R"(
#include <hip/hip_runtime.h>

extern "C" __device__ float bias;

extern "C" __global__ void saxpy(float a, float* x, float* y, float* out, size_t n) {
  size_t tid = blockIdx.x * blockDim.x + threadIdx.x;
  if (tid < n) out[tid] = a * x[tid] + y[tid] + bias;
}

extern "C" __device__ float bias = 0.0f;
)";

// One 16 x 16 x 16 product per wave with the gfx12 wave32 builtin; the fragment layouts are RDNA4's
// (A: row l%16, K 4g..4g+3 and 8+4g..8+4g+3 with g = l/16; B: the same K down column l%16;
// D: column l%16, rows 8g..8g+7).
static constexpr auto tile_header = R"(
#pragma once
typedef _Float16 half8 __attribute__((ext_vector_type(8)));
typedef float float8 __attribute__((ext_vector_type(8)));
)";
static constexpr auto tile_source = R"(
#include "tile.h"

template <class T>
__global__ void tile_product(const T* a, const T* b, float* d) {  // row-major A (16x16), B (16x16), D
  const int lane = threadIdx.x % 32, g = lane / 16, mn = lane % 16;
  half8 fa, fb;
  for (int i = 0; i < 8; ++i) {
    const int k = (i < 4 ? 4 * g + i : 8 + 4 * g + i - 4);
    fa[i] = a[mn * 16 + k];
    fb[i] = b[k * 16 + mn];
  }
  float8 acc = {};
  acc = __builtin_amdgcn_wmma_f32_16x16x16_f16_w32_gfx12(fa, fb, acc);
  for (int i = 0; i < 8; ++i) d[(8 * g + i) * 16 + mn] = acc[i];
}
)";

int main() {
  int checks = 0, passed = 0;
  const auto check = [&](bool ok, const char* what) {
    ++checks;
    if (ok) ++passed;
    else std::printf("hiprtc_module: %s is wrong\n", what);
  };
  hipDeviceProp_t props;
  CHECK_HIP(hipGetDeviceProperties(&props, 0));
  const std::string arch = std::string("--gpu-architecture=") + props.gcnArchName;

  // ---- saxpy, as in AMD's hipRTC guide ----
  hiprtcProgram prog;
  CHECK_HIPRTC(hiprtcCreateProgram(&prog, saxpy_source, "saxpy.cu", 0, nullptr, nullptr));
  const char* options[] = {arch.c_str(), "-O2"};
  const hiprtcResult compiled = hiprtcCompileProgram(prog, 2, options);
  size_t log_size = 0;
  CHECK_HIPRTC(hiprtcGetProgramLogSize(prog, &log_size));
  if (log_size) {
    std::string log(log_size, '\0');
    CHECK_HIPRTC(hiprtcGetProgramLog(prog, &log[0]));
    std::printf("saxpy.cu log: %s\n", log.c_str());
  }
  CHECK_HIPRTC(compiled);
  size_t code_size = 0;
  CHECK_HIPRTC(hiprtcGetCodeSize(prog, &code_size));
  std::vector<char> code(code_size);
  CHECK_HIPRTC(hiprtcGetCode(prog, code.data()));
  CHECK_HIPRTC(hiprtcDestroyProgram(&prog));

  hipModule_t module;
  hipFunction_t kernel;
  CHECK_HIP(hipModuleLoadData(&module, code.data()));
  CHECK_HIP(hipModuleGetFunction(&kernel, module, "saxpy"));
  int max_threads = 0;
  CHECK_HIP(hipFuncGetAttribute(&max_threads, HIP_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK, kernel));
  check(max_threads == 1024, "HIP_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK");

  hipDeviceptr_t bias = nullptr;
  size_t bias_bytes = 0;
  CHECK_HIP(hipModuleGetGlobal(&bias, &bias_bytes, module, "bias"));
  check(bias_bytes == sizeof(float), "the size hipModuleGetGlobal gives");
  const float half = 0.5f;
  CHECK_HIP(hipMemcpyHtoD(bias, &half, sizeof half));

  const size_t n = 1000;
  std::vector<float> hx(n), hy(n), hout(n);
  for (size_t i = 0; i < n; ++i) {
    hx[i] = static_cast<float>(i);
    hy[i] = static_cast<float>(3 * i % 17);
  }
  float *dx, *dy, *dout;
  CHECK_HIP(hipMalloc(&dx, n * sizeof(float)));
  CHECK_HIP(hipMalloc(&dy, n * sizeof(float)));
  CHECK_HIP(hipMalloc(&dout, n * sizeof(float)));
  CHECK_HIP(hipMemcpy(dx, hx.data(), n * sizeof(float), hipMemcpyHostToDevice));
  CHECK_HIP(hipMemcpy(dy, hy.data(), n * sizeof(float), hipMemcpyHostToDevice));
  struct {
    float a;
    float* x;
    float* y;
    float* out;
    size_t n;
  } args{2.0f, dx, dy, dout, n};
  size_t args_size = sizeof(args);
  void* config[] = {HIP_LAUNCH_PARAM_BUFFER_POINTER, &args, HIP_LAUNCH_PARAM_BUFFER_SIZE, &args_size, HIP_LAUNCH_PARAM_END};
  CHECK_HIP(hipModuleLaunchKernel(kernel, (n + 127) / 128, 1, 1, 128, 1, 1, 0, nullptr, nullptr, config));
  CHECK_HIP(hipMemcpy(hout.data(), dout, n * sizeof(float), hipMemcpyDeviceToHost));
  bool ok = true;
  for (size_t i = 0; i < n; ++i) ok &= hout[i] == 2.0f * static_cast<float>(i) + static_cast<float>(3 * i % 17) + 0.5f;
  check(ok, "saxpy through extra");

  // The same image written to a file and loaded from it.
  const char* path = "hiprtc_module_saxpy.co";
  std::ofstream(path, std::ios::binary).write(code.data(), static_cast<std::streamsize>(code.size()));
  hipModule_t from_file;
  hipFunction_t saxpy2;
  CHECK_HIP(hipModuleLoad(&from_file, path));
  CHECK_HIP(hipModuleGetFunction(&saxpy2, from_file, "saxpy"));
  float a = -1.0f;
  size_t count = n;
  void* params[] = {&a, &dx, &dy, &dout, &count};
  CHECK_HIP(hipModuleLaunchKernel(saxpy2, (n + 63) / 64, 1, 1, 64, 1, 1, 0, nullptr, params, nullptr));
  CHECK_HIP(hipMemcpy(hout.data(), dout, n * sizeof(float), hipMemcpyDeviceToHost));
  ok = true;
  for (size_t i = 0; i < n; ++i) ok &= hout[i] == -static_cast<float>(i) + static_cast<float>(3 * i % 17);  // its own bias: 0
  check(ok, "saxpy from a file, through kernelParams");
  CHECK_HIP(hipModuleUnload(from_file));
  CHECK_HIP(hipModuleUnload(module));
  std::remove(path);

  // ---- a WMMA kernel template, by name expression, with a named header ----
  const char* headers[] = {tile_header};
  const char* header_names[] = {"tile.h"};
  CHECK_HIPRTC(hiprtcCreateProgram(&prog, tile_source, "tile_product.hip", 1, headers, header_names));
  CHECK_HIPRTC(hiprtcAddNameExpression(prog, "tile_product<_Float16>"));
  CHECK_HIPRTC(hiprtcCompileProgram(prog, 0, nullptr));
  const char* lowered = nullptr;
  CHECK_HIPRTC(hiprtcGetLoweredName(prog, "tile_product<_Float16>", &lowered));
  check(std::string(lowered) == "_Z12tile_productIDF16_EvPKT_S2_Pf", "the lowered name");
  CHECK_HIPRTC(hiprtcGetCodeSize(prog, &code_size));
  code.resize(code_size);
  CHECK_HIPRTC(hiprtcGetCode(prog, code.data()));
  CHECK_HIP(hipModuleLoadData(&module, code.data()));
  CHECK_HIP(hipModuleGetFunction(&kernel, module, lowered));
  CHECK_HIPRTC(hiprtcDestroyProgram(&prog));

  std::vector<_Float16> ha(256), hb(256);
  std::vector<float> hd(256);
  for (int i = 0; i < 16; ++i)
    for (int k = 0; k < 16; ++k) {
      ha[i * 16 + k] = static_cast<_Float16>((i + 2 * k) % 5 - 2);
      hb[i * 16 + k] = static_cast<_Float16>((3 * i + k) % 7 - 3);
    }
  _Float16 *da, *db;
  float* dd;
  CHECK_HIP(hipMalloc(&da, 256 * sizeof(_Float16)));
  CHECK_HIP(hipMalloc(&db, 256 * sizeof(_Float16)));
  CHECK_HIP(hipMalloc(&dd, 256 * sizeof(float)));
  CHECK_HIP(hipMemcpy(da, ha.data(), 256 * sizeof(_Float16), hipMemcpyHostToDevice));
  CHECK_HIP(hipMemcpy(db, hb.data(), 256 * sizeof(_Float16), hipMemcpyHostToDevice));
  void* tile_args[] = {&da, &db, &dd};
  CHECK_HIP(hipModuleLaunchKernel(kernel, 1, 1, 1, 32, 1, 1, 0, nullptr, tile_args, nullptr));
  CHECK_HIP(hipMemcpy(hd.data(), dd, 256 * sizeof(float), hipMemcpyDeviceToHost));
  ok = true;
  for (int i = 0; i < 16; ++i)
    for (int j = 0; j < 16; ++j) {
      int exact = 0;  // small integers: every product and sum is exact in f16 and f32
      for (int k = 0; k < 16; ++k) exact += ((i + 2 * k) % 5 - 2) * ((3 * k + j) % 7 - 3);
      ok &= hd[i * 16 + j] == static_cast<float>(exact);
    }
  check(ok, "the WMMA tile product");
  CHECK_HIP(hipModuleUnload(module));
  CHECK_HIP(hipDeviceSynchronize());
  std::printf("hiprtc_module: %d of %d checks passed\n", passed, checks);
  return passed == checks ? 0 : 1;
}
