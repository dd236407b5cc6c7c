// HIP's hip_bfloat16.h for programs built by wmmasim-hipcc: the hip_bfloat16 struct (ROCm's
// amd_hip_bfloat16.h API), implemented for the CPU emulator (docs/hip-on-cpu.md). As in ROCm, a
// HIP compile of this header also brings in hip_runtime.h.
#pragma once
#if defined(__HIPCC__)
#include "hip/hip_runtime.h"
#endif
#include "wmmasim/hip/detail/legacy_bfloat16.hpp"
