// HIP's host API for programs built by wmmasim-hipcc: the same names, types and return codes as
// ROCm's hip_runtime_api.h, implemented over wmmasim's CPU emulator (docs/hip-on-cpu.md).
#pragma once
#include "wmmasim/hip/detail/runtime_api.hpp"
