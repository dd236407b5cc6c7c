// The builtins the example kernels use, one small struct each: the builtin's name (to find its
// layouts in the instruction table), its vector types, and the call spelled literally, which is what
// lets the same source compile for the GPU (clang's real builtin) and the CPU (wmmasim's).
#pragma once

#include "wmmasim/kernel.hpp"

namespace wmmasim::examples {

struct WmmaF16 {  // f16 x f16 -> f32
  static constexpr const char* builtin = "wmma_f32_16x16x16_f16_w32_gfx12";
  using In = _Float16;
  using A = v8h;
  using B = v8h;
  using Acc = v8f;
  using Out = float;
  WMMASIM_DEVICE static Acc mma(A a, B b, Acc c) { return __builtin_amdgcn_wmma_f32_16x16x16_f16_w32_gfx12(a, b, c); }
};

struct WmmaFp8 {  // OCP E4M3 x E4M3 -> f32 (numerics: fp8-dot8-quads-hypothesis until hardware decides)
  static constexpr const char* builtin = "wmma_f32_16x16x16_fp8_fp8_w32_gfx12";
  using In = unsigned char;
  using A = v2i;
  using B = v2i;
  using Acc = v8f;
  using Out = float;
  WMMASIM_DEVICE static Acc mma(A a, B b, Acc c) { return __builtin_amdgcn_wmma_f32_16x16x16_fp8_fp8_w32_gfx12(a, b, c); }
};

struct WmmaI8 {  // signed int8 x signed int8 -> i32, wrapping
  static constexpr const char* builtin = "wmma_i32_16x16x16_iu8_w32_gfx12";
  using In = signed char;
  using A = v2i;
  using B = v2i;
  using Acc = v8i;
  using Out = int;
  WMMASIM_DEVICE static Acc mma(A a, B b, Acc c) {
    return __builtin_amdgcn_wmma_i32_16x16x16_iu8_w32_gfx12(true, a, true, b, c, false);
  }
};

}  // namespace wmmasim::examples
