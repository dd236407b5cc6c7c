// The vector types of the AMDGPU builtins (clang's ext_vector_type), spelled so that one kernel
// source compiles with clang (HIP) and with g++ (CPU backend). On g++ they are GCC vectors: same
// size, alignment and element order; kernels index them as v[i] (no .x swizzles). bf16 values
// travel as short, as in the bf16 builtins.
#pragma once

#if defined(__clang__)
#define WMMASIM_VECTOR(T, N) T __attribute__((ext_vector_type(N)))
#else
#define WMMASIM_VECTOR(T, N) T __attribute__((vector_size(N * sizeof(T))))
#endif

namespace wmmasim {
typedef WMMASIM_VECTOR(float, 2) v2f;
typedef WMMASIM_VECTOR(float, 4) v4f;
typedef WMMASIM_VECTOR(float, 8) v8f;
typedef WMMASIM_VECTOR(_Float16, 2) v2h;
typedef WMMASIM_VECTOR(_Float16, 4) v4h;
typedef WMMASIM_VECTOR(_Float16, 8) v8h;
typedef WMMASIM_VECTOR(_Float16, 16) v16h;
typedef WMMASIM_VECTOR(short, 2) v2s;
typedef WMMASIM_VECTOR(short, 4) v4s;
typedef WMMASIM_VECTOR(short, 8) v8s;
typedef WMMASIM_VECTOR(short, 16) v16s;
typedef WMMASIM_VECTOR(int, 2) v2i;
typedef WMMASIM_VECTOR(int, 4) v4i;
typedef WMMASIM_VECTOR(int, 8) v8i;
}  // namespace wmmasim

#undef WMMASIM_VECTOR

// Kernels usually spell these unqualified, as in AMD's examples.
#ifndef WMMASIM_NO_GLOBAL_VECTOR_TYPES
using wmmasim::v2f, wmmasim::v4f, wmmasim::v8f, wmmasim::v2h, wmmasim::v4h, wmmasim::v8h, wmmasim::v16h,
    wmmasim::v2s, wmmasim::v4s, wmmasim::v8s, wmmasim::v16s, wmmasim::v2i, wmmasim::v4i, wmmasim::v8i;
#endif
