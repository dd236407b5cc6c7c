// What clang's HIP mode gives every source before its first line (clang's
// __clang_hip_runtime_wrapper.h, which the driver force-includes): the C++ library headers it pulls
// in. (Its HIP_VERSION macros come with hip_runtime.h here.) Sources written for hipcc rely on them without including anything (rocWMMA's
// rocwmma.hpp names uint32_t before any header of its own declares it), so wmmasim-hipcc
// force-includes this file in every compile.
#pragma once

#include <algorithm>
#include <cmath>
#include <complex>
#include <cstdlib>
#include <new>
#include <stdlib.h>
