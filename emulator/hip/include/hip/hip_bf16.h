// HIP's hip_bf16.h for programs built by wmmasim-hipcc: __hip_bfloat16 and __hip_bfloat162 (ROCm's amd_hip_bf16.h API),
// implemented for the CPU emulator (docs/hip-on-cpu.md, "Types and device functions").
#pragma once
#include "wmmasim/hip/detail/bf16.hpp"
