// Modules on the CPU emulator: an image from hiprtcGetCode (module_image.hpp) holds a host shared
// object that wmmasim-hipcc built. hipModuleLoadData puts it in an anonymous file and dlopens it;
// it has no copy of the runtime (wmmasim-hipcc links it against none, and links every program with
// its whole runtime exported), so its kernels use this program's allocations, sticky errors, checks
// and printf. Its static initialisers register its kernels, as a program's own are registered
// (launch.hpp), tagged with the module; hipModuleGetFunction finds a kernel by its symbol name
// (an extern "C" name or a lowered C++ name) and launches go through that registration.
#include <dlfcn.h>
#include <link.h>
#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <iterator>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "module_image.hpp"
#include "runtime_state.hpp"

struct ihipModule_t {
  void* handle = nullptr;
  int fd = -1;             // the anonymous file the shared object lives in, kept for the symbolizer
  std::string path;        // "/proc/<pid>/fd/<fd>", as the loader and the symbolizer name it
  bool loaded = true;
};

struct ihipModuleSymbol_t {
  ihipModule_t* module;
  const void* address;
  std::string symbol;  // the name hipModuleGetFunction was given
};

namespace wmmasim::hip::runtime {
namespace {

// Every module and function handle ever returned, under state().mutex; an unloaded module's stay
// (marked) so that a late use is named rather than undefined.
std::set<ihipModule_t*>& modules() {
  static auto* m = new std::set<ihipModule_t*>;
  return *m;
}
std::set<ihipModuleSymbol_t*>& functions() {
  static auto* f = new std::set<ihipModuleSymbol_t*>;
  return *f;
}

hipError_t check_module(hipModule_t m, const char* function) {
  std::lock_guard lock(state().mutex);
  if (!m || !modules().count(m))
    return fail(hipErrorInvalidHandle, function, "the module handle was not returned by hipModuleLoad or hipModuleLoadData");
  if (!m->loaded) return fail(hipErrorInvalidHandle, function, "the module was unloaded (hipModuleUnload)");
  return hipSuccess;
}

// Whether `address` lies in the module's own shared object (dlsym on a handle also finds what the
// object's dependencies, libc among them, define).
bool in_module(const ihipModule_t& m, const void* address) {
  Dl_info info{};
  return dladdr(address, &info) != 0 && info.dli_fname && m.path == info.dli_fname;
}

// "'name'", appended piecewise: g++ 12 warns falsely (-Wrestrict) on "'" + std::string.
std::string quoted(const char* name) {
  std::string s(1, '\'');
  s += name;
  s += '\'';
  return s;
}

std::string symbol_name(const void* address) {
  Dl_info info{};
  if (dladdr(address, &info) && info.dli_sname && info.dli_saddr == address) return info.dli_sname;
  return "";
}

// "gemm_rocwmma_d, _Z4kernIfEvPT_": the kernels of a module, by the names hipModuleGetFunction takes.
std::string kernel_names(const ihipModule_t& m) {
  std::string out;
  for (const auto& [address, kernel] : kernels())
    if (kernel.module == &m) {
      const std::string name = symbol_name(address);
      out += (out.empty() ? "" : ", ") + (name.empty() ? kernel.name : name);
    }
  return out;
}

hipError_t load(hipModule_t* out, std::span<const std::byte> bytes, const char* function) {
  module_image::Image image;
  try {
    image = module_image::read(bytes);
  } catch (const module_image::ImageError& e) {
    return fail(hipErrorInvalidImage, function, e.what());
  }
  if (image.arch != target().arch)
    return fail(hipErrorNoBinaryForGpu, function,
                "the module was compiled for " + image.arch + ", but the device is " + target().arch +
                    " (compile it for " + target().arch + ", or give hipRTC no target: it then compiles for the device)");
  const int fd = memfd_create("wmmasim-module", MFD_CLOEXEC);
  if (fd < 0) return fail(hipErrorOutOfMemory, function, std::string("cannot create the module's file: ") + std::strerror(errno));
  std::size_t written = 0;
  while (written < image.shared_object.size()) {
    const ssize_t n = ::write(fd, image.shared_object.data() + written, image.shared_object.size() - written);
    if (n <= 0) {
      ::close(fd);
      return fail(hipErrorOutOfMemory, function, std::string("cannot write the module's file: ") + std::strerror(errno));
    }
    written += static_cast<std::size_t>(n);
  }
  auto module = std::make_unique<ihipModule_t>();
  module->fd = fd;
  module->path = "/proc/" + std::to_string(::getpid()) + "/fd/" + std::to_string(fd);
  // Not under state().mutex: the loader's lock is taken inside, and a fault being described holds
  // them the other way round. The module's kernels register themselves (under the mutex) meanwhile.
  loading_module() = module.get();
  module->handle = dlopen(module->path.c_str(), RTLD_NOW | RTLD_LOCAL);
  loading_module() = nullptr;
  if (!module->handle) {
    std::string why = dlerror();
    const std::size_t colon = why.find(module->path + ": ");
    if (colon != std::string::npos) why.erase(colon, module->path.size() + 2);
    ::close(fd);
    std::lock_guard lock(state().mutex);
    for (auto it = kernels().begin(); it != kernels().end();)
      it = it->second.module == module.get() ? kernels().erase(it) : std::next(it);
    const bool missing = why.find("undefined symbol") != std::string::npos;
    return fail(hipErrorSharedObjectInitFailed, function,
                "the module could not be loaded (" + why + ")" +
                    (missing ? "; a program that loads modules must be linked by wmmasim-hipcc, which gives them its runtime" : ""));
  }
  std::lock_guard lock(state().mutex);
  *out = module.get();
  modules().insert(module.release());
  return succeed();
}

}  // namespace
}  // namespace wmmasim::hip::runtime

using namespace wmmasim::hip::runtime;
namespace module_image = wmmasim::hip::module_image;

extern "C" {

hipError_t hipModuleLoadData(hipModule_t* module, const void* image) {
  if (!module || !image) return fail(hipErrorInvalidValue, "hipModuleLoadData", "a pointer is null");
  const auto* bytes = static_cast<const std::byte*>(image);
  std::size_t size = 0;
  try {
    size = module_image::size_from_header(bytes);
  } catch (const module_image::ImageError& e) {
    return fail(hipErrorInvalidImage, "hipModuleLoadData", e.what());
  }
  return load(module, {bytes, size}, "hipModuleLoadData");
}

hipError_t hipModuleLoadDataEx(hipModule_t* module, const void* image, unsigned int, hipJitOption*, void**) {
  return hipModuleLoadData(module, image);  // the JIT options are hints ROCm ignores too
}

hipError_t hipModuleLoad(hipModule_t* module, const char* fname) {
  if (!module || !fname) return fail(hipErrorInvalidValue, "hipModuleLoad", "a pointer is null");
  std::ifstream in(fname, std::ios::binary);
  if (!in) return fail(hipErrorFileNotFound, "hipModuleLoad", "cannot open " + quoted(fname) + " (" + std::strerror(errno) + ")");
  std::vector<char> file((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::vector<std::byte> bytes(std::max(file.size(), module_image::kHeaderBytes));  // zero-padded for the header checks
  std::memcpy(bytes.data(), file.data(), file.size());
  try {
    (void)module_image::size_from_header(bytes.data());
  } catch (const module_image::ImageError& e) {
    return fail(hipErrorInvalidImage, "hipModuleLoad", quoted(fname) + ": " + e.what());
  }
  bytes.resize(file.size());
  return load(module, bytes, "hipModuleLoad");
}

hipError_t hipModuleUnload(hipModule_t module) {
  if (hipError_t e = check_module(module, "hipModuleUnload")) return e;
  std::unique_lock lock(state().mutex);
  if (state().in_launch)
    return fail(hipErrorNotSupported, "hipModuleUnload", "a kernel is running; unload modules between launches");
  for (auto it = kernels().begin(); it != kernels().end();)
    it = it->second.module == module ? kernels().erase(it) : std::next(it);
  module->loaded = false;
  void* handle = std::exchange(module->handle, nullptr);
  lock.unlock();
  dlclose(handle);
  ::close(std::exchange(module->fd, -1));
  return succeed();
}

hipError_t hipModuleGetFunction(hipFunction_t* function, hipModule_t module, const char* kname) {
  if (!function || !kname) return fail(hipErrorInvalidValue, "hipModuleGetFunction", "a pointer is null");
  if (hipError_t e = check_module(module, "hipModuleGetFunction")) return e;
  const void* address = dlsym(module->handle, kname);
  std::lock_guard lock(state().mutex);
  if (!address || !in_module(*module, address)) {
    const std::string names = kernel_names(*module);
    return fail(hipErrorNotFound, "hipModuleGetFunction",
                "the module has no kernel " + quoted(kname) + " (" +
                    (names.empty() ? std::string("it has none") : "its kernels: " + names) +
                    "; a C++ kernel goes by its lowered name, from hiprtcGetLoweredName, unless it is extern \"C\")");
  }
  const auto kernel = kernels().find(address);
  if (kernel == kernels().end() || kernel->second.module != module)
    return fail(hipErrorNotFound, "hipModuleGetFunction",
                quoted(kname) + " in the module is not a kernel it registered: wmmasim-hipcc registers "
                "the non-template, non-overloaded __global__ functions, and hipRTC those its name expressions name");
  for (ihipModuleSymbol_t* f : functions())
    if (f->module == module && f->address == address) {
      *function = f;
      return succeed();
    }
  auto* f = new ihipModuleSymbol_t{module, address, kname};
  functions().insert(f);
  *function = f;
  return succeed();
}

hipError_t hipModuleGetGlobal(hipDeviceptr_t* dptr, size_t* bytes, hipModule_t module, const char* name) {
  if (!name) return fail(hipErrorInvalidValue, "hipModuleGetGlobal", "the name is null");
  if (hipError_t e = check_module(module, "hipModuleGetGlobal")) return e;
  void* address = dlsym(module->handle, name);
  Dl_info info{};
  void* entry = nullptr;
  if (!address || !in_module(*module, address) || !dladdr1(address, &info, &entry, RTLD_DL_SYMENT) || !entry)
    return fail(hipErrorNotFound, "hipModuleGetGlobal", "the module has no variable " + quoted(name));
  const auto* symbol = static_cast<const ElfW(Sym)*>(entry);
  if (ELF64_ST_TYPE(symbol->st_info) == STT_FUNC)
    return fail(hipErrorNotFound, "hipModuleGetGlobal", quoted(name) + " in the module is a function, not a variable");
  if (dptr) *dptr = address;
  if (bytes) *bytes = symbol->st_size;
  return succeed();
}

hipError_t hipModuleLaunchKernel(hipFunction_t f, unsigned int gridDimX, unsigned int gridDimY, unsigned int gridDimZ,
                                 unsigned int blockDimX, unsigned int blockDimY, unsigned int blockDimZ,
                                 unsigned int sharedMemBytes, hipStream_t stream, void** kernelParams, void** extra) {
  const char* const fn = "hipModuleLaunchKernel";
  std::unique_lock lock(state().mutex);
  if (!f || !functions().count(f))
    return fail(hipErrorInvalidHandle, fn, "the function handle was not returned by hipModuleGetFunction");
  if (!f->module->loaded) return fail(hipErrorInvalidHandle, fn, "the function's module was unloaded (hipModuleUnload)");
  const auto it = kernels().find(f->address);
  if (it == kernels().end()) return fail(hipErrorInvalidHandle, fn, "the function's module was unloaded (hipModuleUnload)");
  const RegisteredKernel kernel = it->second;
  lock.unlock();
  const std::string who = "kernel '" + kernel.name + "'";
  if (kernelParams && extra) return fail(hipErrorInvalidValue, fn, "pass the arguments as kernelParams or in extra, not both");
  std::vector<void*> arguments;
  if (extra) {
    const std::byte* buffer = nullptr;
    const std::size_t* buffer_size = nullptr;
    std::size_t i = 0;
    for (constexpr std::size_t kMaxEntries = 64; extra[i] != HIP_LAUNCH_PARAM_END; i += 2) {
      if (i >= kMaxEntries) return fail(hipErrorInvalidValue, fn, "extra has no HIP_LAUNCH_PARAM_END among its first 64 entries");
      if (extra[i] == HIP_LAUNCH_PARAM_BUFFER_POINTER) buffer = static_cast<const std::byte*>(extra[i + 1]);
      else if (extra[i] == HIP_LAUNCH_PARAM_BUFFER_SIZE) buffer_size = static_cast<const std::size_t*>(extra[i + 1]);
      else
        return fail(hipErrorInvalidValue, fn,
                    "extra holds an entry that is none of HIP_LAUNCH_PARAM_BUFFER_POINTER, HIP_LAUNCH_PARAM_BUFFER_SIZE, "
                    "HIP_LAUNCH_PARAM_END (entry " + std::to_string(i) + ")");
    }
    if (!buffer && !kernel.parameters.empty())
      return fail(hipErrorInvalidValue, fn, "extra gives no HIP_LAUNCH_PARAM_BUFFER_POINTER for " + who + "'s arguments");
    // Each parameter at the next offset its alignment allows, as in the kernarg segment.
    std::size_t offset = 0;
    std::string sizes;
    for (const auto& p : kernel.parameters) {
      offset = (offset + p.alignment - 1) / p.alignment * p.alignment;
      arguments.push_back(const_cast<std::byte*>(buffer) + offset);
      offset += p.size;
      sizes += (sizes.empty() ? "" : ", ") + std::to_string(p.size);
    }
    if (buffer_size && *buffer_size < offset)
      return fail(hipErrorInvalidValue, fn,
                  "the argument buffer holds " + std::to_string(*buffer_size) + " bytes, but " + who + " takes " +
                      std::to_string(offset) + " (parameters of " + sizes + " bytes, each at its alignment)");
  } else if (!kernel.parameters.empty()) {
    if (!kernelParams)
      return fail(hipErrorInvalidValue, fn, who + " takes " + std::to_string(kernel.parameters.size()) +
                                                " arguments; kernelParams and extra are both null");
    arguments.assign(kernelParams, kernelParams + kernel.parameters.size());
  }
  void* none = nullptr;
  return kernel.invoker(f->address, kernel.name.c_str(), dim3(gridDimX, gridDimY, gridDimZ),
                        dim3(blockDimX, blockDimY, blockDimZ), sharedMemBytes, stream,
                        arguments.empty() ? &none : arguments.data());
}

hipError_t hipFuncGetAttribute(int* value, hipFunction_attribute attrib, hipFunction_t hfunc) {
  if (!value) return fail(hipErrorInvalidValue, "hipFuncGetAttribute", "the value pointer is null");
  {
    std::lock_guard lock(state().mutex);
    if (!hfunc || !functions().count(hfunc))
      return fail(hipErrorInvalidHandle, "hipFuncGetAttribute", "the function handle was not returned by hipModuleGetFunction");
  }
  // As hipFuncGetAttributes: the launch limits the emulator enforces; no registers or static LDS figures.
  switch (attrib) {
    case HIP_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK: *value = 1024; break;
    case HIP_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES: *value = 64 * 1024; break;
    case HIP_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES:
    case HIP_FUNC_ATTRIBUTE_CONST_SIZE_BYTES:
    case HIP_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES:
    case HIP_FUNC_ATTRIBUTE_NUM_REGS:
    case HIP_FUNC_ATTRIBUTE_PTX_VERSION:
    case HIP_FUNC_ATTRIBUTE_BINARY_VERSION:
    case HIP_FUNC_ATTRIBUTE_CACHE_MODE_CA:
    case HIP_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT: *value = 0; break;
    default:
      return fail(hipErrorInvalidValue, "hipFuncGetAttribute", "attribute " + std::to_string(static_cast<int>(attrib)) +
                                                                   " is not a hipFunction_attribute");
  }
  return succeed();
}

}  // extern "C"
