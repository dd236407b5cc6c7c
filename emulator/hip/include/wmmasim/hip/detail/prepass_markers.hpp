// While wmmasim-hipcc preprocesses a source (WMMASIM_PREPASS_MARKERS), __global__, __shared__,
// __device__, __host__ and __constant__ become markers that its pre-pass rewrites
// (emulator/hip/prepass): it must see them however a program spells them or hides them in its own
// macros. They take effect after hip_runtime.h, so wmmasim's own headers before it see the plain
// qualifiers.
#pragma once

#ifdef WMMASIM_PREPASS_MARKERS
#undef __global__
#define __global__ __wmmasim_global__
#undef __shared__
#define __shared__ __wmmasim_shared__
#undef __device__
#define __device__ __wmmasim_device__
#undef __host__
#define __host__ __wmmasim_host__
#undef __constant__
#define __constant__ __wmmasim_constant__
#endif
