// HIP's function qualifiers for host C++ (ROCm include/hip/amd_detail/host_defines.h lists them).
// wmmasim-hipcc compiles device and host code as one host program, so every qualifier either
// disappears or becomes the host attribute with the same effect. Memory-space qualifiers
// (__shared__, __constant__, __managed__) belong to the runtime headers, not here.
#pragma once

// libstdc++'s <memory> spells __attribute__((__noinline__)); it must be read before __noinline__
// becomes a macro (clang's own CUDA wrappers work around the same clash).
#include <memory>

// A kernel is an ordinary function on the CPU; the annotation lets tools find kernels in the IR.
#ifndef __global__
#define __global__ __attribute__((annotate("wmmasim.hip.global")))
#endif
#ifndef __device__
#define __device__
#endif
#ifndef __host__
#define __host__
#endif
#ifndef __forceinline__
#define __forceinline__ inline __attribute__((always_inline))
#endif
#ifndef __noinline__
#define __noinline__ __attribute__((noinline))
#endif
// Occupancy hints mean nothing to the CPU; one or two arguments as in HIP (threads, min blocks/CU).
#ifndef __launch_bounds__
#define __launch_bounds__(...) __attribute__((annotate("wmmasim.hip.launch_bounds")))
#endif
#ifndef __align__
#define __align__(n) __attribute__((aligned(n)))
#endif
#ifndef __HOST_DEVICE__
#define __HOST_DEVICE__ __host__ __device__
#endif
