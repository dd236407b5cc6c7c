// warpSize: the wave size the program was compiled for (wmmasim-hipcc defines __AMDGCN_WAVEFRONT_SIZE
// from --offload-arch and -mwavefrontsize64); launches run waves of this size. A header of its own
// because the launch code needs it without the coordinate objects (coordinates.hpp).
#pragma once

#ifndef __AMDGCN_WAVEFRONT_SIZE
#define __AMDGCN_WAVEFRONT_SIZE 32
#endif
inline constexpr int warpSize = __AMDGCN_WAVEFRONT_SIZE;
