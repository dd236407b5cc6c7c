#include "hip_api.hpp"

#include <cstdlib>
#include <dlfcn.h>
#include <vector>

#include "wmmasim/error.hpp"

#ifndef WMMASIM_HIP_RUNTIME_LIBRARY
#define WMMASIM_HIP_RUNTIME_LIBRARY ""
#endif

namespace wmmasim::hw {
namespace {

#define WMMASIM_STRINGIFY_EXPANDED(x) WMMASIM_STRINGIFY(x)
#define WMMASIM_STRINGIFY(x) #x

HipApi load_api() {
  // WMMASIM_HIP_LIBRARY overrides; then the library found at build time (the headers' own runtime);
  // then the dynamic linker's search under the usual sonames.
  std::vector<std::string> candidates;
  if (const char* env = std::getenv("WMMASIM_HIP_LIBRARY"); env && *env) candidates.emplace_back(env);
  else {
    if (*WMMASIM_HIP_RUNTIME_LIBRARY) candidates.emplace_back(WMMASIM_HIP_RUNTIME_LIBRARY);
    for (const char* name : {"libamdhip64.so", "libamdhip64.so.7", "libamdhip64.so.6", "libamdhip64.so.5",
                             "/opt/rocm/lib/libamdhip64.so"})
      candidates.emplace_back(name);
  }
  void* handle = nullptr;
  HipApi api;
  for (const std::string& c : candidates) {
    handle = ::dlopen(c.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (handle) {
      api.library = c;
      break;
    }
  }
  if (!handle)
    throw UserError("the HIP runtime library (libamdhip64.so) could not be loaded (tried " + candidates.front() +
                    (candidates.size() > 1 ? " and the usual names" : "") +
                    "); install ROCm's HIP runtime or set WMMASIM_HIP_LIBRARY to its path");
#define WMMASIM_HIP_RESOLVE(fn)                                                                      \
  api.fn = reinterpret_cast<decltype(api.fn)>(::dlsym(handle, WMMASIM_STRINGIFY_EXPANDED(fn)));       \
  if (!api.fn)                                                                                       \
    throw UserError("the HIP runtime " + api.library + " has no function " WMMASIM_STRINGIFY_EXPANDED(fn) \
                    "; it does not match the HIP headers wmmasim was built with");
  WMMASIM_HIP_FUNCTIONS(WMMASIM_HIP_RESOLVE)
  WMMASIM_HIP_RESOLVE(hipMalloc)
#undef WMMASIM_HIP_RESOLVE
  return api;  // the handle stays open for the life of the process
}

}  // namespace

const HipApi& HipApi::load() {
  static const HipApi api = load_api();
  return api;
}

std::string HipApi::describe(hipError_t e) const {
  const char* name = hipGetErrorName ? hipGetErrorName(e) : nullptr;
  const char* text = hipGetErrorString ? hipGetErrorString(e) : nullptr;
  std::string s = name ? name : "hipError " + std::to_string(static_cast<int>(e));
  if (text && *text && s != text) s += std::string(" (") + text + ")";
  return s;
}

}  // namespace wmmasim::hw
