// HIP's hip_fp8.h for programs built by wmmasim-hipcc: the OCP and FNUZ fp8 types and __hip_cvt_* conversions (ROCm's amd_hip_fp8.h API),
// implemented for the CPU emulator (docs/hip-on-cpu.md, "Types and device functions").
#pragma once
#include "wmmasim/hip/detail/fp8.hpp"
