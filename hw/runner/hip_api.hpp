// The HIP runtime, loaded at run time with dlopen: the wmmasim binary does not link libamdhip64, so
// every emulator command works on machines without it, and `wmmasim hw` explains what is missing.
// Types and enum values come from the HIP headers found at build time (the runtime's own version on
// a ROCm machine), so the function table below always matches the declarations.
#pragma once

#ifndef __HIP_PLATFORM_AMD__
#define __HIP_PLATFORM_AMD__ 1
#endif
#include <hip/hip_runtime_api.h>

#include <string>

namespace wmmasim::hw {

struct HipApi {
  // One member per function used; hipGetDeviceProperties may be a macro for a versioned symbol
  // (ROCm 6: hipGetDevicePropertiesR0600), which the loader resolves under its real name.
#define WMMASIM_HIP_FUNCTIONS(X)                                                                    \
  X(hipGetDeviceCount) X(hipGetDeviceProperties) X(hipDeviceGetAttribute) X(hipDeviceGetName)      \
  X(hipSetDevice) X(hipDriverGetVersion) X(hipRuntimeGetVersion) X(hipGetErrorName)               \
  X(hipGetErrorString) X(hipFree) X(hipMemcpy) X(hipMemset) X(hipModuleLoadData)      \
  X(hipModuleUnload) X(hipModuleGetFunction) X(hipModuleLaunchKernel) X(hipDeviceSynchronize)            \
  X(hipEventCreate) X(hipEventDestroy) X(hipEventRecord) X(hipEventSynchronize) X(hipEventElapsedTime)
#define WMMASIM_HIP_MEMBER(fn) decltype(&::fn) fn = nullptr;
  WMMASIM_HIP_FUNCTIONS(WMMASIM_HIP_MEMBER)
#undef WMMASIM_HIP_MEMBER
  // The C++ header adds a template overload of hipMalloc, so its type is spelled out.
  hipError_t (*hipMalloc)(void**, size_t) = nullptr;

  std::string library;  // the path dlopen succeeded with

  // Loads the runtime; throws UserError (one sentence, status 2) when it or a function is missing.
  static const HipApi& load();

  // "hipErrorNoDevice (no ROCm-capable device is detected)".
  std::string describe(hipError_t e) const;
};

}  // namespace wmmasim::hw
