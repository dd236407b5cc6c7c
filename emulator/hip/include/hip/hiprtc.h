// hipRTC for programs built by wmmasim-hipcc: ROCm's names, values and signatures (ROCm 6.3
// hiprtc.h). A program is compiled by the same toolchain that built the program, into a module
// that hipModuleLoadData loads into this process (docs/hip-on-cpu.md, "Runtime compilation").
#pragma once

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum hiprtcResult {
  HIPRTC_SUCCESS = 0,
  HIPRTC_ERROR_OUT_OF_MEMORY = 1,
  HIPRTC_ERROR_PROGRAM_CREATION_FAILURE = 2,
  HIPRTC_ERROR_INVALID_INPUT = 3,
  HIPRTC_ERROR_INVALID_PROGRAM = 4,
  HIPRTC_ERROR_INVALID_OPTION = 5,
  HIPRTC_ERROR_COMPILATION = 6,
  HIPRTC_ERROR_BUILTIN_OPERATION_FAILURE = 7,
  HIPRTC_ERROR_NO_NAME_EXPRESSIONS_AFTER_COMPILATION = 8,
  HIPRTC_ERROR_NO_LOWERED_NAMES_BEFORE_COMPILATION = 9,
  HIPRTC_ERROR_NAME_EXPRESSION_NOT_VALID = 10,
  HIPRTC_ERROR_INTERNAL_ERROR = 11,
  HIPRTC_ERROR_LINKING = 100
} hiprtcResult;

typedef struct _hiprtcProgram* hiprtcProgram;

const char* hiprtcGetErrorString(hiprtcResult result);
hiprtcResult hiprtcVersion(int* major, int* minor);
hiprtcResult hiprtcCreateProgram(hiprtcProgram* prog, const char* src, const char* name, int numHeaders,
                                 const char** headers, const char** includeNames);
hiprtcResult hiprtcDestroyProgram(hiprtcProgram* prog);
hiprtcResult hiprtcAddNameExpression(hiprtcProgram prog, const char* name_expression);
hiprtcResult hiprtcCompileProgram(hiprtcProgram prog, int numOptions, const char** options);
hiprtcResult hiprtcGetLoweredName(hiprtcProgram prog, const char* name_expression, const char** lowered_name);
hiprtcResult hiprtcGetProgramLogSize(hiprtcProgram prog, size_t* logSizeRet);
hiprtcResult hiprtcGetProgramLog(hiprtcProgram prog, char* log);
hiprtcResult hiprtcGetCodeSize(hiprtcProgram prog, size_t* codeSizeRet);
hiprtcResult hiprtcGetCode(hiprtcProgram prog, char* code);

#ifdef __cplusplus
}  // extern "C"
#endif

// The driver that built this program compiles its hipRTC programs too: it passes its own path.
#if defined(__cplusplus) && defined(WMMASIM_HIPCC_EXECUTABLE) && !defined(WMMASIM_HIP_RUNTIME_BUILD)
namespace wmmasim::hip::detail {
bool register_hipcc(const char* path);
inline const bool hipcc_registered = register_hipcc(WMMASIM_HIPCC_EXECUTABLE);
}  // namespace wmmasim::hip::detail
#endif
