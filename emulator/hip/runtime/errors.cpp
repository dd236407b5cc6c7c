// Error codes, names and strings. The last error is per host thread, as in HIP; a kernel fault is
// sticky: every later call that would start or wait for device work returns it, and
// hipGetErrorString gives the fault's own sentence (docs/hip-on-cpu.md, "How a fault reaches you").
#include <cstdio>
#include <string>

#include "runtime_state.hpp"

namespace wmmasim::hip::runtime {
namespace {

thread_local hipError_t t_last_error = hipSuccess;

struct ErrorText {
  hipError_t code;
  const char* name;
  const char* text;
};

// Names are ROCm's; the texts say what the emulated runtime means by each.
constexpr ErrorText kErrors[] = {
    {hipSuccess, "hipSuccess", "no error"},
    {hipErrorInvalidValue, "hipErrorInvalidValue", "invalid argument"},
    {hipErrorOutOfMemory, "hipErrorOutOfMemory", "out of memory"},
    {hipErrorNotInitialized, "hipErrorNotInitialized", "initialization error"},
    {hipErrorDeinitialized, "hipErrorDeinitialized", "driver shutting down"},
    {hipErrorInvalidConfiguration, "hipErrorInvalidConfiguration", "invalid configuration argument"},
    {hipErrorInvalidPitchValue, "hipErrorInvalidPitchValue", "invalid pitch argument"},
    {hipErrorInvalidSymbol, "hipErrorInvalidSymbol", "invalid device symbol"},
    {hipErrorInvalidDevicePointer, "hipErrorInvalidDevicePointer", "invalid device pointer"},
    {hipErrorInvalidMemcpyDirection, "hipErrorInvalidMemcpyDirection", "invalid copy direction for memcpy"},
    {hipErrorInsufficientDriver, "hipErrorInsufficientDriver", "driver version is insufficient for runtime version"},
    {hipErrorMissingConfiguration, "hipErrorMissingConfiguration", "__global__ function call is not configured"},
    {hipErrorPriorLaunchFailure, "hipErrorPriorLaunchFailure", "unspecified launch failure in prior launch"},
    {hipErrorInvalidDeviceFunction, "hipErrorInvalidDeviceFunction", "invalid device function"},
    {hipErrorNoDevice, "hipErrorNoDevice", "no ROCm-capable device is detected"},
    {hipErrorInvalidDevice, "hipErrorInvalidDevice", "invalid device ordinal"},
    {hipErrorInvalidImage, "hipErrorInvalidImage", "device kernel image is invalid"},
    {hipErrorNoBinaryForGpu, "hipErrorNoBinaryForGpu", "no kernel image is available for execution on the device"},
    {hipErrorInvalidContext, "hipErrorInvalidContext", "invalid device context"},
    {hipErrorInvalidKernelFile, "hipErrorInvalidKernelFile", "invalid kernel file"},
    {hipErrorInvalidSource, "hipErrorInvalidSource", "device kernel image is invalid"},
    {hipErrorFileNotFound, "hipErrorFileNotFound", "file not found"},
    {hipErrorSharedObjectSymbolNotFound, "hipErrorSharedObjectSymbolNotFound", "shared object symbol not found"},
    {hipErrorSharedObjectInitFailed, "hipErrorSharedObjectInitFailed", "shared object initialization failed"},
    {hipErrorInvalidHandle, "hipErrorInvalidHandle", "invalid resource handle"},
    {hipErrorIllegalState, "hipErrorIllegalState", "the operation cannot be performed in the present state"},
    {hipErrorNotFound, "hipErrorNotFound", "named symbol not found"},
    {hipErrorNotReady, "hipErrorNotReady", "device not ready"},
    {hipErrorIllegalAddress, "hipErrorIllegalAddress", "an illegal memory access was encountered"},
    {hipErrorLaunchOutOfResources, "hipErrorLaunchOutOfResources", "too many resources requested for launch"},
    {hipErrorLaunchTimeOut, "hipErrorLaunchTimeOut", "the launch timed out and was terminated"},
    {hipErrorAssert, "hipErrorAssert", "device-side assert triggered"},
    {hipErrorHostMemoryAlreadyRegistered, "hipErrorHostMemoryAlreadyRegistered",
     "part or all of the requested memory range is already mapped"},
    {hipErrorHostMemoryNotRegistered, "hipErrorHostMemoryNotRegistered",
     "pointer does not correspond to a registered memory region"},
    {hipErrorLaunchFailure, "hipErrorLaunchFailure", "unspecified launch failure"},
    {hipErrorCooperativeLaunchTooLarge, "hipErrorCooperativeLaunchTooLarge",
     "too many blocks in cooperative launch"},
    {hipErrorNotSupported, "hipErrorNotSupported", "operation not supported"},
    {hipErrorUnknown, "hipErrorUnknown", "unknown error"},
};

const ErrorText* find(hipError_t e) {
  for (const ErrorText& t : kErrors)
    if (t.code == e) return &t;
  return nullptr;
}

hipError_t g_sticky = hipSuccess;
std::string g_sticky_sentence;

}  // namespace

// Every call leaves its result for hipGetLastError, success included, as ROCm does (clr's HIP_RETURN).
hipError_t fail(hipError_t e, const char* function, const std::string& sentence) {
  t_last_error = e;
  if (!sentence.empty()) std::fprintf(stderr, "wmmasim: %s: %s\n", function, sentence.c_str());
  return e;
}

hipError_t succeed() {
  t_last_error = hipSuccess;
  return hipSuccess;
}

hipError_t sticky_error() { return g_sticky; }
const std::string& sticky_sentence() { return g_sticky_sentence; }
void set_sticky_error(hipError_t e, const std::string& sentence) {
  std::lock_guard lock(state().mutex);
  if (g_sticky != hipSuccess) return;  // the first fault is the one that explains the rest
  g_sticky = e;
  g_sticky_sentence = sentence;
  t_last_error = e;
}

}  // namespace wmmasim::hip::runtime

using namespace wmmasim::hip::runtime;

extern "C" {

hipError_t hipGetLastError(void) {
  const hipError_t e = sticky_error() != hipSuccess ? sticky_error() : t_last_error;
  t_last_error = hipSuccess;
  return e;
}
hipError_t hipExtGetLastError(void) { return hipGetLastError(); }
hipError_t hipPeekAtLastError(void) { return sticky_error() != hipSuccess ? sticky_error() : t_last_error; }

const char* hipGetErrorName(hipError_t e) {
  const ErrorText* t = find(e);
  return t ? t->name : "hipErrorUnknown";
}
const char* hipGetErrorString(hipError_t e) {
  if (e != hipSuccess && e == sticky_error()) return sticky_sentence().c_str();
  const ErrorText* t = find(e);
  return t ? t->text : "unknown error";
}
hipError_t hipDrvGetErrorName(hipError_t e, const char** s) {
  if (!s) return fail(hipErrorInvalidValue, "hipDrvGetErrorName", "the result pointer is null");
  if (!find(e)) return fail(hipErrorInvalidValue, "hipDrvGetErrorName");
  *s = hipGetErrorName(e);
  return hipSuccess;
}
hipError_t hipDrvGetErrorString(hipError_t e, const char** s) {
  if (!s) return fail(hipErrorInvalidValue, "hipDrvGetErrorString", "the result pointer is null");
  if (!find(e)) return fail(hipErrorInvalidValue, "hipDrvGetErrorString");
  *s = hipGetErrorString(e);
  return hipSuccess;
}

}  // extern "C"
