// A stand-in for libamdhip64 used only by the runner tests (loaded through WMMASIM_HIP_LIBRARY), so
// that every error path of `wmmasim hw run` can be exercised on a machine without a GPU. It runs no
// kernel: "device memory" is host memory and a launch computes nothing. Behaviour comes from
// WMMASIM_FAKE_HIP = none | <gfx target>[:fault|:hang|:error]. Never installed.
//
// For the recording tests it also takes a whole HIP program built by clang (tests/hw/record_program.hip):
// it registers its fat binary and kernels, keeps the <<<>>> configuration, and "runs" a kernel by
// calling the program's host version of it, `extern "C" void wmmasim_fake_kernel_<mangled name>(void**
// args, dim3 grid, dim3 block)`, when the program exports one. WMMASIM_FAKE_HIP_FLIP=L:A:B:b flips bit
// b of byte B of the buffer that argument A points to after launch L (0-based): a GPU that computed
// one bit differently.
#include <chrono>
#include <dlfcn.h>
#include <list>
#include <map>
#include <set>
#include <vector>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <elf.h>
#include <string>
#include <thread>

#define __HIP_PLATFORM_AMD__ 1
#include <hip/hip_runtime_api.h>

namespace {

std::string setting() {
  const char* s = std::getenv("WMMASIM_FAKE_HIP");
  return s ? s : "none";
}
std::string target() { return setting().substr(0, setting().find(':')); }
std::string behaviour() {
  const auto colon = setting().find(':');
  return colon == std::string::npos ? "" : setting().substr(colon + 1);
}

struct FakeModule {
  const unsigned char* image;
  std::size_t size;
};
// The runtime owns loaded modules until they are unloaded or the process ends, as the real one does:
// a program that never calls hipModuleUnload leaks nothing (LeakSanitizer saw the test program's).
std::list<FakeModule>& loaded_modules() {
  static auto* modules = new std::list<FakeModule>;
  return *modules;
}

// Kernel names live as long as the process: a hipFunction_t is a pointer to its name.
const std::string* interned(const std::string& name) {
  static std::set<std::string>* names = new std::set<std::string>;
  return &*names->insert(name).first;
}
std::map<const void*, const std::string*>& stubs() {
  static auto* m = new std::map<const void*, const std::string*>;
  return *m;
}
struct CallConfiguration {
  dim3 grid, block;
  size_t shared;
  hipStream_t stream;
};
thread_local std::vector<CallConfiguration> t_configurations;
thread_local hipError_t t_last_launch_error = hipSuccess;  // what hipGetLastError reports, as HIP's does
int g_launches = 0;

// Runs the program's host version of `name`, if it has one, then applies WMMASIM_FAKE_HIP_FLIP.
bool run_host_version(const std::string& name, void** args, dim3 grid, dim3 block) {
  using HostKernel = void (*)(void**, dim3, dim3);
  auto fn = reinterpret_cast<HostKernel>(::dlsym(RTLD_DEFAULT, ("wmmasim_fake_kernel_" + name).c_str()));
  if (!fn) return false;
  fn(args, grid, block);
  const int launch = g_launches++;
  if (const char* flip = std::getenv("WMMASIM_FAKE_HIP_FLIP")) {
    int l = -1, a = -1, byte = -1, bit = -1;
    if (std::sscanf(flip, "%d:%d:%d:%d", &l, &a, &byte, &bit) == 4 && l == launch)
      (*static_cast<unsigned char**>(args[a]))[byte] ^= static_cast<unsigned char>(1u << bit);
  }
  return true;
}

}  // namespace

extern "C" {

hipError_t hipGetDeviceCount(int* count) {
  *count = target() == "none" ? 0 : 1;
  return *count ? hipSuccess : hipErrorNoDevice;
}
hipError_t hipGetDeviceProperties(hipDeviceProp_t* p, int) {
  std::memset(p, 0, sizeof *p);
  std::snprintf(p->name, sizeof p->name, "wmmasim fake HIP runtime (test double, no GPU)");
  std::snprintf(p->gcnArchName, sizeof p->gcnArchName, "%s", target().c_str());
  return hipSuccess;
}
hipError_t hipDeviceGetAttribute(int* v, hipDeviceAttribute_t, int) {
  *v = 0;
  return hipSuccess;
}
hipError_t hipDeviceGetName(char* name, int len, hipDevice_t) {
  std::snprintf(name, static_cast<std::size_t>(len), "fake");
  return hipSuccess;
}
hipError_t hipSetDevice(int) { return hipSuccess; }
hipError_t hipDriverGetVersion(int* v) { *v = 0; return hipSuccess; }
hipError_t hipRuntimeGetVersion(int* v) { *v = 0; return hipSuccess; }
const char* hipGetErrorName(hipError_t e) {
  switch (e) {
    case hipErrorNoDevice: return "hipErrorNoDevice";
    case hipErrorLaunchFailure: return "hipErrorLaunchFailure";
    case hipErrorNotFound: return "hipErrorNotFound";
    default: return "hipErrorUnknown";
  }
}
const char* hipGetErrorString(hipError_t e) { return hipGetErrorName(e); }
hipError_t hipMalloc(void** p, size_t n) {
  *p = std::malloc(n);
  return hipSuccess;
}
hipError_t hipFree(void* p) {
  std::free(p);
  return hipSuccess;
}
hipError_t hipMemcpy(void* d, const void* s, size_t n, hipMemcpyKind) {
  std::memcpy(d, s, n);
  return hipSuccess;
}
hipError_t hipMemset(void* d, int v, size_t n) {
  std::memset(d, v, n);
  return hipSuccess;
}
// Keeps the code object, bounded by its ELF section headers, to look kernels up by name.
hipError_t hipModuleLoadData(hipModule_t* m, const void* image) {
  const auto* eh = static_cast<const Elf64_Ehdr*>(image);
  if (std::memcmp(eh->e_ident, ELFMAG, SELFMAG) != 0 || eh->e_machine != EM_AMDGPU) return hipErrorInvalidImage;
  const FakeModule fm{static_cast<const unsigned char*>(image), eh->e_shoff + static_cast<std::size_t>(eh->e_shnum) * eh->e_shentsize};
  *m = reinterpret_cast<hipModule_t>(&*loaded_modules().insert(loaded_modules().end(), fm));
  return hipSuccess;
}
hipError_t hipModuleUnload(hipModule_t m) {
  loaded_modules().remove_if([m](const FakeModule& fm) { return &fm == reinterpret_cast<const FakeModule*>(m); });
  return hipSuccess;
}
hipError_t hipModuleGetFunction(hipFunction_t* f, hipModule_t m, const char* name) {
  const auto* fm = reinterpret_cast<const FakeModule*>(m);
  const std::size_t n = std::strlen(name) + 1;  // the name with its terminating NUL, as in .dynstr
  for (std::size_t i = 0; i + n <= fm->size; ++i)
    if (std::memcmp(fm->image + i, name, n) == 0 && (i == 0 || fm->image[i - 1] == 0)) {
      *f = reinterpret_cast<hipFunction_t>(const_cast<std::string*>(interned(name)));
      return hipSuccess;
    }
  return hipErrorNotFound;
}
hipError_t hipModuleLaunchKernel(hipFunction_t f, unsigned gx, unsigned gy, unsigned gz, unsigned block_x, unsigned by,
                                 unsigned bz, unsigned, hipStream_t, void** params, void**) {
  // One wave per work-group for the table's programs; 128 work-items for the example GEMMs.
  if (block_x != 32 && block_x != 64 && block_x != 128) return hipErrorInvalidValue;
  if (params) run_host_version(*reinterpret_cast<const std::string*>(f), params, dim3(gx, gy, gz), dim3(block_x, by, bz));
  return hipSuccess;
}

// ---- what clang's code for a HIP program calls (recording tests) ----
void** __hipRegisterFatBinary(const void*) {
  static void* handle = nullptr;
  return &handle;
}
void __hipUnregisterFatBinary(void**) {}
void __hipRegisterFunction(void**, const void* host_function, char*, const char* device_name, unsigned, void*, void*, dim3*,
                           dim3*, int*) {
  stubs()[host_function] = interned(device_name);
}
void __hipRegisterVar(void**, void*, char*, const char*, int, size_t, int, int) {}
hipError_t __hipPushCallConfiguration(dim3 grid, dim3 block, size_t shared, hipStream_t stream) {
  t_configurations.push_back({grid, block, shared, stream});
  return hipSuccess;
}
hipError_t __hipPopCallConfiguration(dim3* grid, dim3* block, size_t* shared, hipStream_t* stream) {
  if (t_configurations.empty()) return hipErrorMissingConfiguration;
  *grid = t_configurations.back().grid;
  *block = t_configurations.back().block;
  *shared = t_configurations.back().shared;
  *stream = t_configurations.back().stream;
  t_configurations.pop_back();
  return hipSuccess;
}
hipError_t hipLaunchKernel(const void* function, dim3 grid, dim3 block, void** args, size_t, hipStream_t) {
  auto it = stubs().find(function);
  if (it == stubs().end()) return hipErrorInvalidDeviceFunction;
  if (std::getenv("WMMASIM_FAKE_HIP_LAUNCH_ERROR")) return t_last_launch_error = hipErrorLaunchFailure;
  run_host_version(*it->second, args, grid, block);
  return hipSuccess;
}
hipError_t hipGetLastError() {
  const hipError_t e = t_last_launch_error;
  t_last_launch_error = hipSuccess;
  return e;
}
hipError_t hipHostMalloc(void** p, size_t n, unsigned int) {
  *p = std::malloc(n);
  return hipSuccess;
}
hipError_t hipHostFree(void* p) {
  std::free(p);
  return hipSuccess;
}
hipError_t hipMemcpyAsync(void* d, const void* s, size_t n, hipMemcpyKind, hipStream_t) {
  std::memcpy(d, s, n);
  return hipSuccess;
}
// Events keep the host time of their last record, so elapsed times are small and positive.
hipError_t hipEventCreate(hipEvent_t* e) {
  *e = reinterpret_cast<hipEvent_t>(new std::chrono::steady_clock::time_point(std::chrono::steady_clock::now()));
  return hipSuccess;
}
hipError_t hipEventDestroy(hipEvent_t e) {
  delete reinterpret_cast<std::chrono::steady_clock::time_point*>(e);
  return hipSuccess;
}
hipError_t hipEventRecord(hipEvent_t e, hipStream_t) {
  *reinterpret_cast<std::chrono::steady_clock::time_point*>(e) = std::chrono::steady_clock::now();
  return hipSuccess;
}
hipError_t hipEventSynchronize(hipEvent_t) { return hipSuccess; }
hipError_t hipEventElapsedTime(float* ms, hipEvent_t start, hipEvent_t stop) {
  const auto& a = *reinterpret_cast<std::chrono::steady_clock::time_point*>(start);
  const auto& b = *reinterpret_cast<std::chrono::steady_clock::time_point*>(stop);
  *ms = std::chrono::duration<float, std::milli>(b - a).count();
  return hipSuccess;
}
hipError_t hipDeviceSynchronize() {
  if (behaviour() == "fault") {
    std::fprintf(stderr, "Memory access fault by GPU node-1 (fake): page not present\n");
    std::abort();
  }
  if (behaviour() == "hang") std::this_thread::sleep_for(std::chrono::hours(1));
  if (behaviour() == "error") return hipErrorLaunchFailure;
  return hipSuccess;
}

}  // extern "C"
