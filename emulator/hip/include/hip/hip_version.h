// Part of HIP's host API on the CPU emulator: see hip/hip_runtime_api.h.
#pragma once
#include "hip/hip_runtime_api.h"
