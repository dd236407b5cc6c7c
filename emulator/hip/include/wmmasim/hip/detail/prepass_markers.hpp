// While wmmasim-hipcc preprocesses a source (WMMASIM_PREPASS_MARKERS), __global__ and __shared__
// become markers that its pre-pass rewrites (emulator/hip/prepass): it must see them however a
// program spells them or hides them in its own macros.
#pragma once

#ifdef WMMASIM_PREPASS_MARKERS
#undef __global__
#define __global__ __wmmasim_global__
#undef __shared__
#define __shared__ __wmmasim_shared__
#endif
