// Declarations that make a call to a builtin the emulator does not run fail to compile at the call,
// with one sentence naming it, from the list (amdgcn_builtin_list.hpp):
//  * a builtin clang-19 refuses for the compiled target: clang's "'X' needs target feature F";
//  * a refused one: "'X' is not emulated by the wmmasim CPU emulator (docs/hip-on-cpu.md): why".
// Each is an extern "C" function with GCC's error attribute: clang reports a call to it when it emits
// the call, as clang's own target-feature check does for the GPU, so a builtin in an inline
// function that is never used does not stop the build, and one that is used stops it at its line.
#pragma once

#include "wmmasim/hip/detail/amdgcn_builtin_list.hpp"
#include "wmmasim/hip/detail/amdgcn_support.hpp"

// The list's result types as C++ types.
#define WMMASIM_AMDGCN_T_void void
#define WMMASIM_AMDGCN_T_bool bool
#define WMMASIM_AMDGCN_T_u8 unsigned char
#define WMMASIM_AMDGCN_T_u16 unsigned short
#define WMMASIM_AMDGCN_T_i16 short
#define WMMASIM_AMDGCN_T_u32 unsigned
#define WMMASIM_AMDGCN_T_i32 int
#define WMMASIM_AMDGCN_T_u64 unsigned long
#define WMMASIM_AMDGCN_T_f16 _Float16
#define WMMASIM_AMDGCN_T_f32 float
#define WMMASIM_AMDGCN_T_f64 double
#define WMMASIM_AMDGCN_T_void_constant_ptr void*
#define WMMASIM_AMDGCN_T_rsrc __amdgpu_buffer_rsrc_t
#define WMMASIM_AMDGCN_V(T, n) ::wmmasim::hip::detail::amdgcn::vec<T, n>
#define WMMASIM_AMDGCN_T_u32x2 WMMASIM_AMDGCN_V(unsigned, 2)
#define WMMASIM_AMDGCN_T_u32x3 ::wmmasim::hip::detail::amdgcn::ext<unsigned, 3>
#define WMMASIM_AMDGCN_T_u32x4 WMMASIM_AMDGCN_V(unsigned, 4)
#define WMMASIM_AMDGCN_T_i32x4 WMMASIM_AMDGCN_V(int, 4)
#define WMMASIM_AMDGCN_T_i32x16 WMMASIM_AMDGCN_V(int, 16)
#define WMMASIM_AMDGCN_T_i32x32 WMMASIM_AMDGCN_V(int, 32)
#define WMMASIM_AMDGCN_T_i16x2 WMMASIM_AMDGCN_V(short, 2)
#define WMMASIM_AMDGCN_T_i16x2e ::wmmasim::hip::detail::amdgcn::ext<short, 2>
#define WMMASIM_AMDGCN_T_u16x2e ::wmmasim::hip::detail::amdgcn::ext<unsigned short, 2>
#define WMMASIM_AMDGCN_T_f16x2 WMMASIM_AMDGCN_V(_Float16, 2)
#define WMMASIM_AMDGCN_T_f32x2 WMMASIM_AMDGCN_V(float, 2)
#define WMMASIM_AMDGCN_T_f32x4 WMMASIM_AMDGCN_V(float, 4)
#define WMMASIM_AMDGCN_T_f32x16 WMMASIM_AMDGCN_V(float, 16)
#define WMMASIM_AMDGCN_T_f32x32 WMMASIM_AMDGCN_V(float, 32)
#define WMMASIM_AMDGCN_T_f64x4 WMMASIM_AMDGCN_V(double, 4)

// The buffer-resource type clang predefines for the GPU, so code naming it reaches the refusal.
typedef struct __wmmasim_amdgpu_buffer_rsrc* __amdgpu_buffer_rsrc_t;

// The column of the compiled target in the list's (gfx12 w32, gfx12 w64, gfx11 w32, gfx11 w64).
#if defined(__GFX11__) && __AMDGCN_WAVEFRONT_SIZE == 64
#define WMMASIM_AMDGCN_HERE(a, b, c, d) d
#elif defined(__GFX11__)
#define WMMASIM_AMDGCN_HERE(a, b, c, d) c
#elif __AMDGCN_WAVEFRONT_SIZE == 64
#define WMMASIM_AMDGCN_HERE(a, b, c, d) b
#else
#define WMMASIM_AMDGCN_HERE(a, b, c, d) a
#endif

#define WMMASIM_AMDGCN_CAT(a, b) WMMASIM_AMDGCN_CAT_(a, b)
#define WMMASIM_AMDGCN_CAT_(a, b) a##b
#define WMMASIM_AMDGCN_DECLARE(name, result, params, targets, feature, how, why) \
  WMMASIM_AMDGCN_CAT(WMMASIM_AMDGCN_CAT(WMMASIM_AMDGCN_, how), WMMASIM_AMDGCN_HERE targets)(name, result, feature, why)

#define WMMASIM_AMDGCN_REFUSE(name, result, sentence) \
  extern "C" WMMASIM_AMDGCN_T_##result __builtin_amdgcn_##name(...) __attribute__((error(sentence)));
#define WMMASIM_AMDGCN_UNAVAILABLE(name, result, feature, why) \
  WMMASIM_AMDGCN_REFUSE(name, result,                          \
                        "'__builtin_amdgcn_" #name "' needs target feature " feature " (clang-19 refuses it for this target too)")

// Available and run by a header: nothing to declare here.
#define WMMASIM_AMDGCN_emulated1(name, result, feature, why)
#define WMMASIM_AMDGCN_approximate1(name, result, feature, why)
#define WMMASIM_AMDGCN_matrix1(name, result, feature, why)
#define WMMASIM_AMDGCN_refused1(name, result, feature, why) \
  WMMASIM_AMDGCN_REFUSE(name, result, "'__builtin_amdgcn_" #name "' is not emulated by the wmmasim CPU emulator (docs/hip-on-cpu.md): " why)
#define WMMASIM_AMDGCN_emulated0 WMMASIM_AMDGCN_UNAVAILABLE
#define WMMASIM_AMDGCN_approximate0 WMMASIM_AMDGCN_UNAVAILABLE
#define WMMASIM_AMDGCN_refused0 WMMASIM_AMDGCN_UNAVAILABLE
// The matrix builtins are callable objects whose target rule is checked at the call (matrix_builtins.hpp).
#define WMMASIM_AMDGCN_matrix0(name, result, feature, why)

WMMASIM_FOR_EACH_AMDGCN_BUILTIN(WMMASIM_AMDGCN_DECLARE)
