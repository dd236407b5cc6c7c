// hipRTC and modules given what they must refuse, each checked for its result code and, where the
// program gets text (the program log) or the runtime prints one, for what it says.
#include <hip/hip_runtime.h>
#include <hip/hiprtc.h>

#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

static constexpr auto broken_source = R"(#include <hip/hip_runtime.h>

extern "C" __global__ void scale(float* x, float s) {
  x[threadIdx.x] = s * undefined_factor;
}
)";

static constexpr auto good_source = R"(
extern "C" __global__ void fill(int* out, int value) { out[threadIdx.x] = value; }
__device__ int not_a_kernel(int x) { return x + 1; }
)";

std::string log_of(hiprtcProgram prog) {
  size_t size = 0;
  if (hiprtcGetProgramLogSize(prog, &size) != HIPRTC_SUCCESS || size == 0) return "";
  std::string log(size, '\0');
  if (hiprtcGetProgramLog(prog, &log[0]) != HIPRTC_SUCCESS) return "";
  return log.c_str();
}

std::vector<char> compile(const char* source, const char* name) {
  hiprtcProgram prog;
  std::vector<char> code;
  if (hiprtcCreateProgram(&prog, source, name, 0, nullptr, nullptr) != HIPRTC_SUCCESS) return code;
  if (hiprtcCompileProgram(prog, 0, nullptr) == HIPRTC_SUCCESS) {
    size_t size = 0;
    (void)hiprtcGetCodeSize(prog, &size);
    code.resize(size);
    (void)hiprtcGetCode(prog, code.data());
  }
  (void)hiprtcDestroyProgram(&prog);
  return code;
}

int main() {
  int checks = 0, passed = 0;
  const auto check = [&](bool ok, const char* what) {
    ++checks;
    if (ok) ++passed;
    else std::printf("hiprtc_errors: %s: not as expected\n", what);
  };

  // A compile error: HIPRTC_ERROR_COMPILATION, and the log names the program and the user's line.
  hiprtcProgram prog;
  check(hiprtcCreateProgram(&prog, broken_source, "broken.cu", 0, nullptr, nullptr) == HIPRTC_SUCCESS, "create");
  check(hiprtcCompileProgram(prog, 0, nullptr) == HIPRTC_ERROR_COMPILATION, "a compile error's result");
  std::string log = log_of(prog);
  std::printf("broken.cu log:\n%s\n", log.c_str());
  check(log.find("broken.cu:4:") != std::string::npos && log.find("undefined_factor") != std::string::npos,
        "the compile error's log");
  check(log.find("x[threadIdx.x] = s * undefined_factor;") != std::string::npos, "the user's line in the log");
  size_t size = 1;
  check(hiprtcGetCodeSize(prog, &size) == HIPRTC_SUCCESS && size == 0, "no code after a compile error");
  check(hiprtcDestroyProgram(&prog) == HIPRTC_SUCCESS, "destroy");

  // An unknown option: HIPRTC_ERROR_INVALID_OPTION and a log line naming it; a GPU-only target too.
  (void)hiprtcCreateProgram(&prog, good_source, "good.cu", 0, nullptr, nullptr);
  const char* unknown[] = {"-O2", "--frobnicate"};
  check(hiprtcCompileProgram(prog, 2, unknown) == HIPRTC_ERROR_INVALID_OPTION, "an unknown option's result");
  log = log_of(prog);
  std::printf("good.cu log: %s", log.c_str());
  check(log.find("unknown option '--frobnicate'") != std::string::npos, "the unknown option's log");
  const char* gfx90a[] = {"--gpu-architecture=gfx90a:sramecc+:xnack-"};
  check(hiprtcCompileProgram(prog, 1, gfx90a) == HIPRTC_ERROR_INVALID_OPTION, "a target the emulator does not model");
  const char* lowered = nullptr;
  check(hiprtcGetLoweredName(prog, "fill", &lowered) == HIPRTC_ERROR_NO_LOWERED_NAMES_BEFORE_COMPILATION,
        "a lowered name before compiling");
  (void)hiprtcDestroyProgram(&prog);
  check(hiprtcCompileProgram(prog, 0, nullptr) == HIPRTC_ERROR_INVALID_PROGRAM, "a destroyed program");

  // Images that are not ours: hipErrorInvalidImage, with a sentence on stderr.
  hipModule_t module;
  const char garbage[64] = "this is not a module image at all";
  check(hipModuleLoadData(&module, garbage) == hipErrorInvalidImage, "a garbage image");
  unsigned char gpu_elf[64] = {0x7f, 'E', 'L', 'F', 2, 1, 1, 0x40};
  gpu_elf[18] = 224;  // e_machine: EM_AMDGPU
  check(hipModuleLoadData(&module, gpu_elf) == hipErrorInvalidImage, "a GPU code object");
  check(hipModuleLoad(&module, "no_such_file.co") == hipErrorFileNotFound, "a missing file");

  std::vector<char> code = compile(good_source, "good.cu");
  check(!code.empty(), "compiling good.cu");
  std::vector<char> truncated(code.begin(), code.begin() + static_cast<long>(code.size() / 2));
  check(hipModuleLoadData(&module, truncated.data()) == hipErrorInvalidImage, "a truncated image");

  // A missing function, a device function that is no kernel, an unloaded module.
  check(hipModuleLoadData(&module, code.data()) == hipSuccess, "loading good.cu");
  hipFunction_t f;
  check(hipModuleGetFunction(&f, module, "fil") == hipErrorNotFound, "a missing kernel name");
  check(hipModuleGetFunction(&f, module, "_Z12not_a_kerneli") == hipErrorNotFound, "a device function");
  check(hipModuleGetFunction(&f, module, "printf") == hipErrorNotFound, "a symbol from outside the module");
  check(hipModuleGetFunction(&f, module, "fill") == hipSuccess, "the kernel");
  int* out;
  (void)hipMalloc(&out, 32 * sizeof(int));
  struct {
    int* out;
  } short_args{out};
  size_t short_size = sizeof(short_args);
  void* config[] = {HIP_LAUNCH_PARAM_BUFFER_POINTER, &short_args, HIP_LAUNCH_PARAM_BUFFER_SIZE, &short_size,
                    HIP_LAUNCH_PARAM_END};
  check(hipModuleLaunchKernel(f, 1, 1, 1, 32, 1, 1, 0, nullptr, nullptr, config) == hipErrorInvalidValue,
        "an argument buffer too small for the kernel");
  check(hipModuleLaunchKernel(f, 1, 1, 1, 32, 1, 1, 0, nullptr, nullptr, nullptr) == hipErrorInvalidValue, "no arguments");
  check(hipModuleUnload(module) == hipSuccess, "unload");
  int value = 5;
  void* params[] = {&out, &value};
  check(hipModuleLaunchKernel(f, 1, 1, 1, 32, 1, 1, 0, nullptr, params, nullptr) == hipErrorInvalidHandle,
        "a kernel of an unloaded module");
  check(hipModuleUnload(module) == hipErrorInvalidHandle, "unloading twice");

  // A module compiled for another target than the device's.
  (void)hiprtcCreateProgram(&prog, good_source, "good.cu", 0, nullptr, nullptr);
  const char* gfx1100[] = {"-arch=gfx1100"};
  check(hiprtcCompileProgram(prog, 1, gfx1100) == HIPRTC_SUCCESS, "compiling for gfx1100");
  (void)hiprtcGetCodeSize(prog, &size);
  code.assign(size, 0);
  (void)hiprtcGetCode(prog, code.data());
  (void)hiprtcDestroyProgram(&prog);
  check(hipModuleLoadData(&module, code.data()) == hipErrorNoBinaryForGpu, "a module for another target");

  check(hipDeviceSynchronize() == hipSuccess, "no sticky error");
  std::printf("hiprtc_errors: %d of %d checks passed\n", passed, checks);
  return passed == checks ? 0 : 1;
}
