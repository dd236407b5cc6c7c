// X-macro list of the table's builtins, for the typed front ends (C++ cannot make function names from
// data). builtins_are_listed() proves at compile time that it names every table entry exactly once.
#pragma once

#include "wmmasim/wave/builtin_types.hpp"

// clang-format off
#define WMMASIM_FOR_EACH_BUILTIN(X) \
  X(wmma_f32_16x16x16_f16_w32_gfx12) X(wmma_f32_16x16x16_bf16_w32_gfx12) X(wmma_f16_16x16x16_f16_w32_gfx12) \
  X(wmma_bf16_16x16x16_bf16_w32_gfx12) X(wmma_i32_16x16x16_iu8_w32_gfx12) X(wmma_i32_16x16x16_iu4_w32_gfx12) \
  X(wmma_f32_16x16x16_fp8_fp8_w32_gfx12) X(wmma_f32_16x16x16_fp8_bf8_w32_gfx12) X(wmma_f32_16x16x16_bf8_fp8_w32_gfx12) \
  X(wmma_f32_16x16x16_bf8_bf8_w32_gfx12) X(wmma_i32_16x16x32_iu4_w32_gfx12) \
  X(wmma_f32_16x16x16_f16_w64_gfx12) X(wmma_f32_16x16x16_bf16_w64_gfx12) X(wmma_f16_16x16x16_f16_w64_gfx12) \
  X(wmma_bf16_16x16x16_bf16_w64_gfx12) X(wmma_i32_16x16x16_iu8_w64_gfx12) X(wmma_i32_16x16x16_iu4_w64_gfx12) \
  X(wmma_f32_16x16x16_fp8_fp8_w64_gfx12) X(wmma_f32_16x16x16_fp8_bf8_w64_gfx12) X(wmma_f32_16x16x16_bf8_fp8_w64_gfx12) \
  X(wmma_f32_16x16x16_bf8_bf8_w64_gfx12) X(wmma_i32_16x16x32_iu4_w64_gfx12) \
  X(swmmac_f32_16x16x32_f16_w32) X(swmmac_f32_16x16x32_bf16_w32) X(swmmac_f16_16x16x32_f16_w32) \
  X(swmmac_bf16_16x16x32_bf16_w32) X(swmmac_i32_16x16x32_iu8_w32) X(swmmac_i32_16x16x32_iu4_w32) \
  X(swmmac_i32_16x16x64_iu4_w32) X(swmmac_f32_16x16x32_fp8_fp8_w32) X(swmmac_f32_16x16x32_fp8_bf8_w32) \
  X(swmmac_f32_16x16x32_bf8_fp8_w32) X(swmmac_f32_16x16x32_bf8_bf8_w32) \
  X(swmmac_f32_16x16x32_f16_w64) X(swmmac_f32_16x16x32_bf16_w64) X(swmmac_f16_16x16x32_f16_w64) \
  X(swmmac_bf16_16x16x32_bf16_w64) X(swmmac_i32_16x16x32_iu8_w64) X(swmmac_i32_16x16x32_iu4_w64) \
  X(swmmac_i32_16x16x64_iu4_w64) X(swmmac_f32_16x16x32_fp8_fp8_w64) X(swmmac_f32_16x16x32_fp8_bf8_w64) \
  X(swmmac_f32_16x16x32_bf8_fp8_w64) X(swmmac_f32_16x16x32_bf8_bf8_w64) \
  X(wmma_f32_16x16x16_f16_w32) X(wmma_f32_16x16x16_bf16_w32) X(wmma_f16_16x16x16_f16_w32) \
  X(wmma_bf16_16x16x16_bf16_w32) X(wmma_f16_16x16x16_f16_tied_w32) X(wmma_bf16_16x16x16_bf16_tied_w32) \
  X(wmma_i32_16x16x16_iu8_w32) X(wmma_i32_16x16x16_iu4_w32) \
  X(wmma_f32_16x16x16_f16_w64) X(wmma_f32_16x16x16_bf16_w64) X(wmma_f16_16x16x16_f16_w64) \
  X(wmma_bf16_16x16x16_bf16_w64) X(wmma_f16_16x16x16_f16_tied_w64) X(wmma_bf16_16x16x16_bf16_tied_w64) \
  X(wmma_i32_16x16x16_iu8_w64) X(wmma_i32_16x16x16_iu4_w64) \
  X(global_load_tr_b64_v2i32) X(global_load_tr_b128_v8i16) X(global_load_tr_b128_v8f16) X(global_load_tr_b128_v8bf16) \
  X(global_load_tr_b64_i32) X(global_load_tr_b128_v4i16) X(global_load_tr_b128_v4f16) X(global_load_tr_b128_v4bf16)
// clang-format on

namespace wmmasim::builtin_types {
constexpr bool builtins_are_listed() {
  bool seen[kInstructionCount] = {};
  int n = 0;
#define WMMASIM_MARK(name) seen[builtin_index(#name)] = true, ++n;
  WMMASIM_FOR_EACH_BUILTIN(WMMASIM_MARK)
#undef WMMASIM_MARK
  for (bool s : seen)
    if (!s) return false;
  return n == static_cast<int>(kInstructionCount);
}
static_assert(builtins_are_listed(), "WMMASIM_FOR_EACH_BUILTIN must name every instruction of the table once");
}  // namespace wmmasim::builtin_types
