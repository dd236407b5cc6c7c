// HIP's hip_ext.h for programs built by wmmasim-hipcc: hipExtLaunchKernelGGL and hipExtLaunchKernel
// (launches that record a start and a stop event), over the CPU runtime (docs/hip-on-cpu.md).
#pragma once
#include "hip/hip_runtime.h"
#include "wmmasim/hip/detail/ext_launch.hpp"
