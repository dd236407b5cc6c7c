// libwmmasim_record.so: records a HIP program's kernel launches on a real GPU into a run file, with
// the same recorder as the CPU emulator (wmmasim/record/recorder.hpp), so the two recordings diff.
//
//   WMMASIM_RECORD=gpu.json LD_PRELOAD=libwmmasim_record.so ./prog args     (or: wmmasim hw record -- ./prog args)
//
// It defines the HIP entry points below; each forwards to the next definition (the real libamdhip64,
// found with dlsym(RTLD_NEXT)) and notes what it needs:
// - __hipRegisterFatBinary / hipModuleLoadData / hipModuleLoad: the code objects, whose AMDGPU
//   metadata gives every kernel's argument sizes and offsets and its wave size;
// - __hipRegisterFunction / hipModuleGetFunction: which host stub or hipFunction_t is which kernel;
// - hipMalloc* / hipHostMalloc / hipFree*: the allocations a pointer argument can reach;
// - hipMemcpy*: counted (the run file's environment says how many copies the program made);
// - hipLaunchKernel (what `<<<>>>` ends in: clang's stub pops the configuration that
//   __hipPushCallConfiguration stored and calls hipLaunchKernel, so the push/pop pair itself carries
//   nothing to record and is not intercepted) and hipModuleLaunchKernel: around each launch the
//   device is synchronised and every reachable allocation copied to the host, before and after.
// Without WMMASIM_RECORD every hook only forwards. The program's results are not touched: the
// recorder only reads device memory, and every hook returns what the runtime returned.
#include <dlfcn.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <map>
#include <mutex>
#include <string>
#include <vector>

#define __HIP_PLATFORM_AMD__ 1
#include <hip/hip_runtime_api.h>

#include "kernel_metadata.hpp"
#include "wmmasim/record/recorder.hpp"

#ifndef WMMASIM_VERSION
#define WMMASIM_VERSION "0"
#endif

#define WMMASIM_EXPORT extern "C" __attribute__((visibility("default")))


namespace wmmasim::record {
namespace {

// The next definition of a HIP function (the real runtime's). Resolved once; a missing function is
// fatal only when the program calls it.
template <class F>
F next(const char* name) {
  void* f = ::dlsym(RTLD_NEXT, name);
  if (!f) {
    std::fprintf(stderr, "wmmasim record: the HIP runtime has no function %s (is libamdhip64 loaded?)\n", name);
    std::_Exit(2);
  }
  return reinterpret_cast<F>(f);
}
#define WMMASIM_NEXT(fn) static const auto real = next<decltype(&::fn)>(#fn)

// Hooks reached from inside another hook (the recorder's own copies, a runtime calling its exported
// functions) only forward.
thread_local int t_depth = 0;
struct Inside {
  Inside() { ++t_depth; }
  ~Inside() { --t_depth; }
  static bool nested() { return t_depth > 0; }
};

struct State {
  std::mutex mutex;
  std::map<std::string, KernelInfo> kernels;           // by mangled name (the first code object's)
  std::map<const void*, std::string> stubs;            // host stub -> mangled name
  std::map<const void*, std::string> functions;        // hipFunction_t -> mangled name
  std::vector<std::string> problems;                   // code objects whose metadata could not be read
  std::uint64_t copies = 0, copied_bytes = 0;
};
State& state() {
  static State* s = new State;  // never destroyed: hooks may run during exit
  return *s;
}

void finish_environment();

Recorder* recorder() {
  static Recorder* r = [] {
    Recorder* rec = process_recorder({"hip", "libwmmasim_record (wmmasim " WMMASIM_VERSION ")", std::nullopt},
                                     {{"recorder", "libwmmasim_record.so (LD_PRELOAD over the HIP runtime)"}});
    if (rec) std::atexit(finish_environment);  // runs before the recorder's finish (registered earlier)
    return rec;
  }();
  return r;
}

void finish_environment() {
  State& s = state();
  std::lock_guard lock(s.mutex);
  recorder()->set_environment("host_copies", {{"count", s.copies}, {"bytes", s.copied_bytes}});
  if (!s.problems.empty()) recorder()->set_environment("code_object_problems", s.problems);
}

void learn(std::vector<KernelInfo> kernels, const std::string& problem, const std::string& what) {
  State& s = state();
  std::lock_guard lock(s.mutex);
  for (KernelInfo& k : kernels) s.kernels.try_emplace(k.name, std::move(k));
  if (!problem.empty()) s.problems.push_back(what + ": " + problem);
}

std::string error_text(hipError_t e) {
  WMMASIM_NEXT(hipGetErrorName);
  const char* name = real(e);
  return name ? name : "hipError " + std::to_string(static_cast<int>(e));
}

std::string copy_from_device(std::uint64_t address, void* host, std::size_t bytes) {
  WMMASIM_NEXT(hipMemcpy);
  const hipError_t e = real(host, reinterpret_cast<const void*>(address), bytes, hipMemcpyDefault);
  return e == hipSuccess ? "" : "hipMemcpy returned " + error_text(e);
}


// Builds the launch from what the code object says; `arg_at(i, info)` gives argument i's bytes.
template <class ArgAt>
Launch describe(const std::string& symbol, unsigned gx, unsigned gy, unsigned gz, unsigned bx, unsigned by, unsigned bz,
                std::uint64_t lds, ArgAt arg_at) {
  Launch l;
  l.symbol = symbol;
  l.kernel = symbol.empty() ? "(unknown kernel)" : demangle(symbol);
  l.grid = {gx, gy, gz};
  l.block = {bx, by, bz};
  l.dynamic_lds = lds;
  State& s = state();
  KernelInfo info;
  bool known = false;
  {
    std::lock_guard lock(s.mutex);
    auto it = s.kernels.find(symbol);
    if (it != s.kernels.end()) {
      info = it->second;
      known = true;
    }
  }
  if (!known) {
    l.notes.push_back("no code-object metadata for this kernel, so its argument sizes are unknown and no argument is recorded");
    return l;
  }
  l.wave_size = info.wave_size;
  const std::vector<std::string> types = parameter_types(l.kernel);
  const bool typed = types.size() == info.arguments.size();
  if (!typed && !types.empty())
    l.notes.push_back("the demangled name has " + std::to_string(types.size()) + " parameters but the metadata " +
                      std::to_string(info.arguments.size()) + "; parameter types not used");
  for (std::size_t i = 0; i < info.arguments.size(); ++i) {
    const KernelArgumentInfo& a = info.arguments[i];
    const void* value = arg_at(i, a);
    Argument arg;
    arg.type = typed ? types[i] : "";
    if (value) arg.value.assign(static_cast<const std::uint8_t*>(value), static_cast<const std::uint8_t*>(value) + a.size);
    arg.kind = a.value_kind == "global_buffer" ? Argument::Kind::pointer
               : a.value_kind == "by_value"    ? (typed ? Argument::Kind::from_type : Argument::Kind::value)
                                               : Argument::Kind::value;
    l.arguments.push_back(std::move(arg));
  }
  return l;
}

// Synchronises, records the contents before, launches, synchronises, records the contents after.
template <class LaunchFn>
hipError_t recorded_launch(Recorder& rec, const Launch& launch, LaunchFn launch_fn) {
  WMMASIM_NEXT(hipDeviceSynchronize);
  Inside inside;
  const hipError_t before = real();
  const Recorder::Ticket ticket = rec.before_launch(
      launch, before == hipSuccess ? CopyFromDevice(copy_from_device)
                                   : CopyFromDevice([before](std::uint64_t, void*, std::size_t) {
                                       return "the device could not be synchronised before the launch (" + error_text(before) + ")";
                                     }));
  const hipError_t result = launch_fn();
  if (result != hipSuccess) {
    rec.after_launch(ticket, nullptr, error_text(result));
    return result;
  }
  const hipError_t after = real();
  if (after != hipSuccess) rec.after_launch(ticket, nullptr, "the kernel failed: " + error_text(after));
  else rec.after_launch(ticket, CopyFromDevice(copy_from_device));
  return result;
}

void note_allocation(hipError_t e, void** ptr, std::size_t bytes) {
  if (e != hipSuccess || Inside::nested() || !ptr || !*ptr) return;
  if (Recorder* r = recorder()) r->note_allocation(reinterpret_cast<std::uint64_t>(*ptr), bytes);
}

void note_free(hipError_t e, void* ptr) {
  if (e != hipSuccess || Inside::nested() || !ptr) return;
  if (Recorder* r = recorder()) r->note_free(reinterpret_cast<std::uint64_t>(ptr));
}

void count_copy(hipError_t e, std::size_t bytes) {
  if (e != hipSuccess || Inside::nested()) return;
  State& s = state();
  std::lock_guard lock(s.mutex);
  ++s.copies;
  s.copied_bytes += bytes;
}

}  // namespace
}  // namespace wmmasim::record

using namespace wmmasim::record;

// ---- registration (clang-generated constructors call these before main) ----

WMMASIM_EXPORT void** __hipRegisterFatBinary(const void* data) {
  using Fn = void** (*)(const void*);
  static const auto real = next<Fn>("__hipRegisterFatBinary");
  std::string problem;
  auto kernels = kernels_in_fat_binary_wrapper(data, problem);
  learn(std::move(kernels), problem, "a registered fat binary");
  Inside inside;
  return real(data);
}

WMMASIM_EXPORT void __hipRegisterFunction(void** modules, const void* host_function, char* device_function,
                                          const char* device_name, unsigned thread_limit, uint3* tid, uint3* bid,
                                          dim3* block_dim, dim3* grid_dim, int* wave_size) {
  using Fn = void (*)(void**, const void*, char*, const char*, unsigned, uint3*, uint3*, dim3*, dim3*, int*);
  static const auto real = next<Fn>("__hipRegisterFunction");
  {
    State& s = state();
    std::lock_guard lock(s.mutex);
    s.stubs[host_function] = device_name ? device_name : device_function;
  }
  Inside inside;
  real(modules, host_function, device_function, device_name, thread_limit, tid, bid, block_dim, grid_dim, wave_size);
}

WMMASIM_EXPORT hipError_t hipModuleLoadData(hipModule_t* module, const void* image) {
  WMMASIM_NEXT(hipModuleLoadData);
  if (!Inside::nested() && image && recorder()) {
    std::string problem;
    auto kernels = kernels_in_image(image, 0, problem);
    learn(std::move(kernels), problem, "hipModuleLoadData");
  }
  Inside inside;
  return real(module, image);
}

WMMASIM_EXPORT hipError_t hipModuleLoad(hipModule_t* module, const char* fname) {
  WMMASIM_NEXT(hipModuleLoad);
  if (!Inside::nested() && fname && recorder()) {
    std::ifstream in(fname, std::ios::binary);
    const std::vector<char> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    std::string problem;
    auto kernels = bytes.empty() ? std::vector<KernelInfo>{} : kernels_in_image(bytes.data(), bytes.size(), problem);
    learn(std::move(kernels), problem, std::string("hipModuleLoad ") + fname);
  }
  Inside inside;
  return real(module, fname);
}

WMMASIM_EXPORT hipError_t hipModuleGetFunction(hipFunction_t* function, hipModule_t module, const char* name) {
  WMMASIM_NEXT(hipModuleGetFunction);
  Inside inside;
  const hipError_t e = real(function, module, name);
  if (e == hipSuccess && function && name) {
    State& s = state();
    std::lock_guard lock(s.mutex);
    s.functions[*function] = name;
  }
  return e;
}

// ---- memory ----

WMMASIM_EXPORT hipError_t hipMalloc(void** ptr, size_t size) {
  using Fn = hipError_t (*)(void**, size_t);  // the headers add a template overload
  static const auto real = next<Fn>("hipMalloc");
  const hipError_t e = real(ptr, size);
  note_allocation(e, ptr, size);
  return e;
}
WMMASIM_EXPORT hipError_t hipExtMallocWithFlags(void** ptr, size_t size, unsigned int flags) {
  WMMASIM_NEXT(hipExtMallocWithFlags);
  const hipError_t e = real(ptr, size, flags);
  note_allocation(e, ptr, size);
  return e;
}
WMMASIM_EXPORT hipError_t hipMallocManaged(void** ptr, size_t size, unsigned int flags) {
  using Fn = hipError_t (*)(void**, size_t, unsigned int);
  static const auto real = next<Fn>("hipMallocManaged");
  const hipError_t e = real(ptr, size, flags);
  note_allocation(e, ptr, size);
  return e;
}
WMMASIM_EXPORT hipError_t hipHostMalloc(void** ptr, size_t size, unsigned int flags) {
  using Fn = hipError_t (*)(void**, size_t, unsigned int);
  static const auto real = next<Fn>("hipHostMalloc");
  const hipError_t e = real(ptr, size, flags);
  note_allocation(e, ptr, size);
  return e;
}
WMMASIM_EXPORT hipError_t hipMallocPitch(void** ptr, size_t* pitch, size_t width, size_t height) {
  WMMASIM_NEXT(hipMallocPitch);
  const hipError_t e = real(ptr, pitch, width, height);
  if (pitch) note_allocation(e, ptr, *pitch * height);
  return e;
}
WMMASIM_EXPORT hipError_t hipMallocAsync(void** ptr, size_t size, hipStream_t stream) {
  using Fn = hipError_t (*)(void**, size_t, hipStream_t);
  static const auto real = next<Fn>("hipMallocAsync");
  const hipError_t e = real(ptr, size, stream);
  note_allocation(e, ptr, size);
  return e;
}
WMMASIM_EXPORT hipError_t hipFree(void* ptr) {
  WMMASIM_NEXT(hipFree);
  const hipError_t e = real(ptr);
  note_free(e, ptr);
  return e;
}
WMMASIM_EXPORT hipError_t hipHostFree(void* ptr) {
  WMMASIM_NEXT(hipHostFree);
  const hipError_t e = real(ptr);
  note_free(e, ptr);
  return e;
}
WMMASIM_EXPORT hipError_t hipFreeAsync(void* ptr, hipStream_t stream) {
  WMMASIM_NEXT(hipFreeAsync);
  const hipError_t e = real(ptr, stream);
  note_free(e, ptr);
  return e;
}

// ---- copies (counted) ----

WMMASIM_EXPORT hipError_t hipMemcpy(void* dst, const void* src, size_t bytes, hipMemcpyKind kind) {
  WMMASIM_NEXT(hipMemcpy);
  const hipError_t e = real(dst, src, bytes, kind);
  count_copy(e, bytes);
  return e;
}
WMMASIM_EXPORT hipError_t hipMemcpyAsync(void* dst, const void* src, size_t bytes, hipMemcpyKind kind, hipStream_t stream) {
  WMMASIM_NEXT(hipMemcpyAsync);
  const hipError_t e = real(dst, src, bytes, kind, stream);
  count_copy(e, bytes);
  return e;
}
WMMASIM_EXPORT hipError_t hipMemcpyHtoD(hipDeviceptr_t dst, void* src, size_t bytes) {
  WMMASIM_NEXT(hipMemcpyHtoD);
  const hipError_t e = real(dst, src, bytes);
  count_copy(e, bytes);
  return e;
}
WMMASIM_EXPORT hipError_t hipMemcpyDtoH(void* dst, hipDeviceptr_t src, size_t bytes) {
  WMMASIM_NEXT(hipMemcpyDtoH);
  const hipError_t e = real(dst, src, bytes);
  count_copy(e, bytes);
  return e;
}
WMMASIM_EXPORT hipError_t hipMemcpyDtoD(hipDeviceptr_t dst, hipDeviceptr_t src, size_t bytes) {
  WMMASIM_NEXT(hipMemcpyDtoD);
  const hipError_t e = real(dst, src, bytes);
  count_copy(e, bytes);
  return e;
}

// ---- launches ----

WMMASIM_EXPORT hipError_t hipLaunchKernel(const void* function, dim3 grid, dim3 block, void** args, size_t lds, hipStream_t stream) {
  WMMASIM_NEXT(hipLaunchKernel);
  Recorder* rec = Inside::nested() ? nullptr : recorder();
  if (!rec) return real(function, grid, block, args, lds, stream);
  std::string symbol;
  {
    State& s = state();
    std::lock_guard lock(s.mutex);
    if (auto it = s.stubs.find(function); it != s.stubs.end()) symbol = it->second;
  }
  const Launch launch = describe(symbol, grid.x, grid.y, grid.z, block.x, block.y, block.z, lds,
                                 [&](std::size_t i, const KernelArgumentInfo&) -> const void* { return args ? args[i] : nullptr; });
  return recorded_launch(*rec, launch, [&] { return real(function, grid, block, args, lds, stream); });
}

WMMASIM_EXPORT hipError_t hipModuleLaunchKernel(hipFunction_t f, unsigned gx, unsigned gy, unsigned gz, unsigned bx, unsigned by,
                                                unsigned bz, unsigned lds, hipStream_t stream, void** params, void** extra) {
  WMMASIM_NEXT(hipModuleLaunchKernel);
  Recorder* rec = Inside::nested() ? nullptr : recorder();
  if (!rec) return real(f, gx, gy, gz, bx, by, bz, lds, stream, params, extra);
  std::string symbol;
  {
    State& s = state();
    std::lock_guard lock(s.mutex);
    if (auto it = s.functions.find(f); it != s.functions.end()) symbol = it->second;
  }
  // `extra` passes the whole kernarg buffer: HIP_LAUNCH_PARAM_BUFFER_POINTER, ptr, ..._SIZE, &size, ..._END.
  const char* kernarg = nullptr;
  for (void** e = extra; e && *e != HIP_LAUNCH_PARAM_END; e += 2)
    if (*e == HIP_LAUNCH_PARAM_BUFFER_POINTER) kernarg = static_cast<const char*>(e[1]);
  const Launch launch = describe(symbol, gx, gy, gz, bx, by, bz, lds, [&](std::size_t i, const KernelArgumentInfo& a) -> const void* {
    if (params) return params[i];
    return kernarg ? kernarg + a.offset : nullptr;
  });
  return recorded_launch(*rec, launch, [&] { return real(f, gx, gy, gz, bx, by, bz, lds, stream, params, extra); });
}
