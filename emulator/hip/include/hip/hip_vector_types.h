// HIP's hip_vector_types.h for programs built by wmmasim-hipcc: char1 .. double4 and make_* (ROCm's amd_hip_vector_types.h layout),
// implemented for the CPU emulator (docs/hip-on-cpu.md, "Types and device functions").
#pragma once
#include "wmmasim/hip/detail/vector_types.hpp"
