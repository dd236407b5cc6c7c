// Part of HIP on the CPU emulator: see hip/hip_runtime.h.
#pragma once
#include "hip/hip_runtime.h"
