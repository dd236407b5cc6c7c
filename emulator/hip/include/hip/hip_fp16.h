// HIP's hip_fp16.h for programs built by wmmasim-hipcc: __half and __half2 (ROCm's amd_hip_fp16.h API),
// implemented for the CPU emulator (docs/hip-on-cpu.md, "Types and device functions").
#pragma once
#include "wmmasim/hip/detail/fp16.hpp"
