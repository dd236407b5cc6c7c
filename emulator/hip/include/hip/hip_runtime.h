// HIP for programs built by wmmasim-hipcc: host API, kernel launches and device code run on wmmasim's
// CPU emulator with every access, barrier and wave operation checked (docs/hip-on-cpu.md).
#pragma once

#include <cassert>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "wmmasim/hip/detail/qualifiers.hpp"
#include "hip/hip_runtime_api.h"
#include "hip/hip_vector_types.h"
#include "wmmasim/hip/detail/atomics.hpp"
#include "wmmasim/hip/detail/device_math.hpp"
#include "wmmasim/hip/detail/integer_intrinsics.hpp"
#include "wmmasim/hip/detail/coordinates.hpp"
#include "wmmasim/hip/detail/launch.hpp"
#include "wmmasim/hip/detail/matrix_builtins.hpp"
#include "wmmasim/hip/detail/memory_spaces.hpp"
#include "wmmasim/hip/detail/sync.hpp"
#include "wmmasim/hip/detail/wave_ops.hpp"
#include "wmmasim/hip/detail/amdgcn_dispatch.hpp"
#include "wmmasim/hip/detail/amdgcn_cross_lane.hpp"
#include "wmmasim/hip/detail/amdgcn_dpp.hpp"
#include "wmmasim/hip/detail/amdgcn_scheduling.hpp"
#include "wmmasim/hip/detail/amdgcn_integer_ops.hpp"
#include "wmmasim/hip/detail/amdgcn_float_ops.hpp"
#include "wmmasim/hip/detail/amdgcn_dot.hpp"
#include "wmmasim/hip/detail/amdgcn_atomics.hpp"
#include "wmmasim/hip/detail/amdgcn_refusals.hpp"
#include "wmmasim/hip/detail/prepass_markers.hpp"
