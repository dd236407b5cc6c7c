// The instruction table: every RDNA4 WMMA and SWMMAC builtin (wave32 and wave64), every RDNA3 WMMA
// builtin, and the RDNA4 global_load_tr builtins. Facts and their sources: spec layouts.md sections
// 2.1 (opcodes, VGPR counts, cycles; AMD Matrix Instruction Calculator, LLVM MC tests), 2.3-2.6
// (builtin names and clang-19 type strings), timing.md section 2 (issue cycles).
#pragma once

#include <cstddef>
#include <string_view>

#include "wmmasim/layouts/instruction.hpp"

namespace wmmasim {

namespace table_detail {
constexpr Arch R3 = Arch::rdna3, R4 = Arch::rdna4;
constexpr Family WMMA = Family::wmma, SWMMAC = Family::swmmac, TR = Family::load_tr;
constexpr Format F16 = Format::f16, BF16 = Format::bf16, F32 = Format::f32, FP8 = Format::fp8,
                 BF8 = Format::bf8, IU8 = Format::iu8, IU4 = Format::iu4, I32 = Format::i32,
                 B16 = Format::b16, B8 = Format::b8;
constexpr bool TIED = true, PLAIN = false;
}  // namespace table_detail

// clang-format off
inline constexpr Instruction kInstructions[] = {
#define W(name, mnem, arch, fam, wave, op, K, A, B, CD, va, vb, vcd, vidx, cyc, type, tied) \
  Instruction{name, mnem, table_detail::arch, table_detail::fam, wave, op, 16, 16, K,        \
              table_detail::A, table_detail::B, table_detail::CD, va, vb, vcd, vidx, cyc, type, table_detail::tied},
  //  builtin name                              mnemonic                          arch fam  wave op  K   A     B     C/D   vA vB vCD vI cyc clang-19 type          tied
  // ---- RDNA4 dense WMMA, wave32 ----
  W("wmma_f32_16x16x16_f16_w32_gfx12",         "v_wmma_f32_16x16x16_f16",         R4, WMMA, 32, 0x40, 16, F16,  F16,  F32,  4, 4, 8, 0, 16, "V8fV8hV8hV8f",       PLAIN)
  W("wmma_f32_16x16x16_bf16_w32_gfx12",        "v_wmma_f32_16x16x16_bf16",        R4, WMMA, 32, 0x41, 16, BF16, BF16, F32,  4, 4, 8, 0, 16, "V8fV8sV8sV8f",       PLAIN)
  W("wmma_f16_16x16x16_f16_w32_gfx12",         "v_wmma_f16_16x16x16_f16",         R4, WMMA, 32, 0x42, 16, F16,  F16,  F16,  4, 4, 4, 0, 16, "V8hV8hV8hV8h",       PLAIN)
  W("wmma_bf16_16x16x16_bf16_w32_gfx12",       "v_wmma_bf16_16x16x16_bf16",       R4, WMMA, 32, 0x43, 16, BF16, BF16, BF16, 4, 4, 4, 0, 16, "V8sV8sV8sV8s",       PLAIN)
  W("wmma_i32_16x16x16_iu8_w32_gfx12",         "v_wmma_i32_16x16x16_iu8",         R4, WMMA, 32, 0x44, 16, IU8,  IU8,  I32,  2, 2, 8, 0,  8, "V8iIbV2iIbV2iV8iIb", PLAIN)
  W("wmma_i32_16x16x16_iu4_w32_gfx12",         "v_wmma_i32_16x16x16_iu4",         R4, WMMA, 32, 0x45, 16, IU4,  IU4,  I32,  1, 1, 8, 0,  8, "V8iIbiIbiV8iIb",     PLAIN)
  W("wmma_f32_16x16x16_fp8_fp8_w32_gfx12",     "v_wmma_f32_16x16x16_fp8_fp8",     R4, WMMA, 32, 0x46, 16, FP8,  FP8,  F32,  2, 2, 8, 0,  8, "V8fV2iV2iV8f",       PLAIN)
  W("wmma_f32_16x16x16_fp8_bf8_w32_gfx12",     "v_wmma_f32_16x16x16_fp8_bf8",     R4, WMMA, 32, 0x47, 16, FP8,  BF8,  F32,  2, 2, 8, 0,  8, "V8fV2iV2iV8f",       PLAIN)
  W("wmma_f32_16x16x16_bf8_fp8_w32_gfx12",     "v_wmma_f32_16x16x16_bf8_fp8",     R4, WMMA, 32, 0x48, 16, BF8,  FP8,  F32,  2, 2, 8, 0,  8, "V8fV2iV2iV8f",       PLAIN)
  W("wmma_f32_16x16x16_bf8_bf8_w32_gfx12",     "v_wmma_f32_16x16x16_bf8_bf8",     R4, WMMA, 32, 0x49, 16, BF8,  BF8,  F32,  2, 2, 8, 0,  8, "V8fV2iV2iV8f",       PLAIN)
  W("wmma_i32_16x16x32_iu4_w32_gfx12",         "v_wmma_i32_16x16x32_iu4",         R4, WMMA, 32, 0x4A, 32, IU4,  IU4,  I32,  2, 2, 8, 0,  8, "V8iIbV2iIbV2iV8iIb", PLAIN)
  // ---- RDNA4 dense WMMA, wave64: every vector halves ----
  W("wmma_f32_16x16x16_f16_w64_gfx12",         "v_wmma_f32_16x16x16_f16",         R4, WMMA, 64, 0x40, 16, F16,  F16,  F32,  2, 2, 4, 0, 16, "V4fV4hV4hV4f",       PLAIN)
  W("wmma_f32_16x16x16_bf16_w64_gfx12",        "v_wmma_f32_16x16x16_bf16",        R4, WMMA, 64, 0x41, 16, BF16, BF16, F32,  2, 2, 4, 0, 16, "V4fV4sV4sV4f",       PLAIN)
  W("wmma_f16_16x16x16_f16_w64_gfx12",         "v_wmma_f16_16x16x16_f16",         R4, WMMA, 64, 0x42, 16, F16,  F16,  F16,  2, 2, 2, 0, 16, "V4hV4hV4hV4h",       PLAIN)
  W("wmma_bf16_16x16x16_bf16_w64_gfx12",       "v_wmma_bf16_16x16x16_bf16",       R4, WMMA, 64, 0x43, 16, BF16, BF16, BF16, 2, 2, 2, 0, 16, "V4sV4sV4sV4s",       PLAIN)
  W("wmma_i32_16x16x16_iu8_w64_gfx12",         "v_wmma_i32_16x16x16_iu8",         R4, WMMA, 64, 0x44, 16, IU8,  IU8,  I32,  1, 1, 4, 0,  8, "V4iIbiIbiV4iIb",     PLAIN)
  W("wmma_i32_16x16x16_iu4_w64_gfx12",         "v_wmma_i32_16x16x16_iu4",         R4, WMMA, 64, 0x45, 16, IU4,  IU4,  I32,  1, 1, 4, 0,  8, "V4iIbiIbiV4iIb",     PLAIN)
  W("wmma_f32_16x16x16_fp8_fp8_w64_gfx12",     "v_wmma_f32_16x16x16_fp8_fp8",     R4, WMMA, 64, 0x46, 16, FP8,  FP8,  F32,  1, 1, 4, 0,  8, "V4fiiV4f",           PLAIN)
  W("wmma_f32_16x16x16_fp8_bf8_w64_gfx12",     "v_wmma_f32_16x16x16_fp8_bf8",     R4, WMMA, 64, 0x47, 16, FP8,  BF8,  F32,  1, 1, 4, 0,  8, "V4fiiV4f",           PLAIN)
  W("wmma_f32_16x16x16_bf8_fp8_w64_gfx12",     "v_wmma_f32_16x16x16_bf8_fp8",     R4, WMMA, 64, 0x48, 16, BF8,  FP8,  F32,  1, 1, 4, 0,  8, "V4fiiV4f",           PLAIN)
  W("wmma_f32_16x16x16_bf8_bf8_w64_gfx12",     "v_wmma_f32_16x16x16_bf8_bf8",     R4, WMMA, 64, 0x49, 16, BF8,  BF8,  F32,  1, 1, 4, 0,  8, "V4fiiV4f",           PLAIN)
  W("wmma_i32_16x16x32_iu4_w64_gfx12",         "v_wmma_i32_16x16x32_iu4",         R4, WMMA, 64, 0x4A, 32, IU4,  IU4,  I32,  1, 1, 4, 0,  8, "V4iIbiIbiV4iIb",     PLAIN)
  // ---- RDNA4 SWMMAC, wave32 (clang 19 passes the index as short; clang 22 as int) ----
  W("swmmac_f32_16x16x32_f16_w32",             "v_swmmac_f32_16x16x32_f16",       R4, SWMMAC, 32, 0x50, 32, F16,  F16,  F32,  4, 8, 8, 1, 16, "V8fV8hV16hV8fs",      PLAIN)
  W("swmmac_f32_16x16x32_bf16_w32",            "v_swmmac_f32_16x16x32_bf16",      R4, SWMMAC, 32, 0x51, 32, BF16, BF16, F32,  4, 8, 8, 1, 16, "V8fV8sV16sV8fs",      PLAIN)
  W("swmmac_f16_16x16x32_f16_w32",             "v_swmmac_f16_16x16x32_f16",       R4, SWMMAC, 32, 0x52, 32, F16,  F16,  F16,  4, 8, 4, 1, 16, "V8hV8hV16hV8hs",      PLAIN)
  W("swmmac_bf16_16x16x32_bf16_w32",           "v_swmmac_bf16_16x16x32_bf16",     R4, SWMMAC, 32, 0x53, 32, BF16, BF16, BF16, 4, 8, 4, 1, 16, "V8sV8sV16sV8ss",      PLAIN)
  W("swmmac_i32_16x16x32_iu8_w32",             "v_swmmac_i32_16x16x32_iu8",       R4, SWMMAC, 32, 0x54, 32, IU8,  IU8,  I32,  2, 4, 8, 1,  8, "V8iIbV2iIbV4iV8isIb", PLAIN)
  W("swmmac_i32_16x16x32_iu4_w32",             "v_swmmac_i32_16x16x32_iu4",       R4, SWMMAC, 32, 0x55, 32, IU4,  IU4,  I32,  1, 2, 8, 1,  8, "V8iIbiIbV2iV8isIb",   PLAIN)
  W("swmmac_i32_16x16x64_iu4_w32",             "v_swmmac_i32_16x16x64_iu4",       R4, SWMMAC, 32, 0x56, 64, IU4,  IU4,  I32,  2, 4, 8, 1,  8, "V8iIbV2iIbV4iV8isIb", PLAIN)
  W("swmmac_f32_16x16x32_fp8_fp8_w32",         "v_swmmac_f32_16x16x32_fp8_fp8",   R4, SWMMAC, 32, 0x57, 32, FP8,  FP8,  F32,  2, 4, 8, 1,  8, "V8fV2iV4iV8fs",       PLAIN)
  W("swmmac_f32_16x16x32_fp8_bf8_w32",         "v_swmmac_f32_16x16x32_fp8_bf8",   R4, SWMMAC, 32, 0x58, 32, FP8,  BF8,  F32,  2, 4, 8, 1,  8, "V8fV2iV4iV8fs",       PLAIN)
  W("swmmac_f32_16x16x32_bf8_fp8_w32",         "v_swmmac_f32_16x16x32_bf8_fp8",   R4, SWMMAC, 32, 0x59, 32, BF8,  FP8,  F32,  2, 4, 8, 1,  8, "V8fV2iV4iV8fs",       PLAIN)
  W("swmmac_f32_16x16x32_bf8_bf8_w32",         "v_swmmac_f32_16x16x32_bf8_bf8",   R4, SWMMAC, 32, 0x5A, 32, BF8,  BF8,  F32,  2, 4, 8, 1,  8, "V8fV2iV4iV8fs",       PLAIN)
  // ---- RDNA4 SWMMAC, wave64 ----
  W("swmmac_f32_16x16x32_f16_w64",             "v_swmmac_f32_16x16x32_f16",       R4, SWMMAC, 64, 0x50, 32, F16,  F16,  F32,  2, 4, 4, 1, 16, "V4fV4hV8hV4fs",       PLAIN)
  W("swmmac_f32_16x16x32_bf16_w64",            "v_swmmac_f32_16x16x32_bf16",      R4, SWMMAC, 64, 0x51, 32, BF16, BF16, F32,  2, 4, 4, 1, 16, "V4fV4sV8sV4fs",       PLAIN)
  W("swmmac_f16_16x16x32_f16_w64",             "v_swmmac_f16_16x16x32_f16",       R4, SWMMAC, 64, 0x52, 32, F16,  F16,  F16,  2, 4, 2, 1, 16, "V4hV4hV8hV4hs",       PLAIN)
  W("swmmac_bf16_16x16x32_bf16_w64",           "v_swmmac_bf16_16x16x32_bf16",     R4, SWMMAC, 64, 0x53, 32, BF16, BF16, BF16, 2, 4, 2, 1, 16, "V4sV4sV8sV4ss",       PLAIN)
  W("swmmac_i32_16x16x32_iu8_w64",             "v_swmmac_i32_16x16x32_iu8",       R4, SWMMAC, 64, 0x54, 32, IU8,  IU8,  I32,  1, 2, 4, 1,  8, "V4iIbiIbV2iV4isIb",   PLAIN)
  W("swmmac_i32_16x16x32_iu4_w64",             "v_swmmac_i32_16x16x32_iu4",       R4, SWMMAC, 64, 0x55, 32, IU4,  IU4,  I32,  1, 1, 4, 1,  8, "V4iIbiIbiV4isIb",     PLAIN)
  W("swmmac_i32_16x16x64_iu4_w64",             "v_swmmac_i32_16x16x64_iu4",       R4, SWMMAC, 64, 0x56, 64, IU4,  IU4,  I32,  1, 2, 4, 1,  8, "V4iIbiIbV2iV4isIb",   PLAIN)
  W("swmmac_f32_16x16x32_fp8_fp8_w64",         "v_swmmac_f32_16x16x32_fp8_fp8",   R4, SWMMAC, 64, 0x57, 32, FP8,  FP8,  F32,  1, 2, 4, 1,  8, "V4fiV2iV4fs",         PLAIN)
  W("swmmac_f32_16x16x32_fp8_bf8_w64",         "v_swmmac_f32_16x16x32_fp8_bf8",   R4, SWMMAC, 64, 0x58, 32, FP8,  BF8,  F32,  1, 2, 4, 1,  8, "V4fiV2iV4fs",         PLAIN)
  W("swmmac_f32_16x16x32_bf8_fp8_w64",         "v_swmmac_f32_16x16x32_bf8_fp8",   R4, SWMMAC, 64, 0x59, 32, BF8,  FP8,  F32,  1, 2, 4, 1,  8, "V4fiV2iV4fs",         PLAIN)
  W("swmmac_f32_16x16x32_bf8_bf8_w64",         "v_swmmac_f32_16x16x32_bf8_bf8",   R4, SWMMAC, 64, 0x5A, 32, BF8,  BF8,  F32,  1, 2, 4, 1,  8, "V4fiV2iV4fs",         PLAIN)
  // ---- RDNA3 WMMA (gfx11), wave32: A/B replicated in both lane groups; 16-bit D in one half (OPSEL) ----
  W("wmma_f32_16x16x16_f16_w32",               "v_wmma_f32_16x16x16_f16",         R3, WMMA, 32, 0x40, 16, F16,  F16,  F32,  8, 8, 8, 0, 32, "V8fV16hV16hV8f",      PLAIN)
  W("wmma_f32_16x16x16_bf16_w32",              "v_wmma_f32_16x16x16_bf16",        R3, WMMA, 32, 0x41, 16, BF16, BF16, F32,  8, 8, 8, 0, 32, "V8fV16sV16sV8f",      PLAIN)
  W("wmma_f16_16x16x16_f16_w32",               "v_wmma_f16_16x16x16_f16",         R3, WMMA, 32, 0x42, 16, F16,  F16,  F16,  8, 8, 8, 0, 32, "V16hV16hV16hV16hIb",  PLAIN)
  W("wmma_bf16_16x16x16_bf16_w32",             "v_wmma_bf16_16x16x16_bf16",       R3, WMMA, 32, 0x43, 16, BF16, BF16, BF16, 8, 8, 8, 0, 32, "V16sV16sV16sV16sIb",  PLAIN)
  W("wmma_f16_16x16x16_f16_tied_w32",          "v_wmma_f16_16x16x16_f16",         R3, WMMA, 32, 0x42, 16, F16,  F16,  F16,  8, 8, 8, 0, 32, "V16hV16hV16hV16hIb",  TIED)
  W("wmma_bf16_16x16x16_bf16_tied_w32",        "v_wmma_bf16_16x16x16_bf16",       R3, WMMA, 32, 0x43, 16, BF16, BF16, BF16, 8, 8, 8, 0, 32, "V16sV16sV16sV16sIb",  TIED)
  W("wmma_i32_16x16x16_iu8_w32",               "v_wmma_i32_16x16x16_iu8",         R3, WMMA, 32, 0x44, 16, IU8,  IU8,  I32,  4, 4, 8, 0, 32, "V8iIbV4iIbV4iV8iIb",  PLAIN)
  W("wmma_i32_16x16x16_iu4_w32",               "v_wmma_i32_16x16x16_iu4",         R3, WMMA, 32, 0x45, 16, IU4,  IU4,  I32,  2, 2, 8, 0, 16, "V8iIbV2iIbV2iV8iIb",  PLAIN)
  // ---- RDNA3 WMMA, wave64: A/B keep 16 halves per lane, C/D halve ----
  W("wmma_f32_16x16x16_f16_w64",               "v_wmma_f32_16x16x16_f16",         R3, WMMA, 64, 0x40, 16, F16,  F16,  F32,  8, 8, 4, 0, 32, "V4fV16hV16hV4f",      PLAIN)
  W("wmma_f32_16x16x16_bf16_w64",              "v_wmma_f32_16x16x16_bf16",        R3, WMMA, 64, 0x41, 16, BF16, BF16, F32,  8, 8, 4, 0, 32, "V4fV16sV16sV4f",      PLAIN)
  W("wmma_f16_16x16x16_f16_w64",               "v_wmma_f16_16x16x16_f16",         R3, WMMA, 64, 0x42, 16, F16,  F16,  F16,  8, 8, 4, 0, 32, "V8hV16hV16hV8hIb",    PLAIN)
  W("wmma_bf16_16x16x16_bf16_w64",             "v_wmma_bf16_16x16x16_bf16",       R3, WMMA, 64, 0x43, 16, BF16, BF16, BF16, 8, 8, 4, 0, 32, "V8sV16sV16sV8sIb",    PLAIN)
  W("wmma_f16_16x16x16_f16_tied_w64",          "v_wmma_f16_16x16x16_f16",         R3, WMMA, 64, 0x42, 16, F16,  F16,  F16,  8, 8, 4, 0, 32, "V8hV16hV16hV8hIb",    TIED)
  W("wmma_bf16_16x16x16_bf16_tied_w64",        "v_wmma_bf16_16x16x16_bf16",       R3, WMMA, 64, 0x43, 16, BF16, BF16, BF16, 8, 8, 4, 0, 32, "V8sV16sV16sV8sIb",    TIED)
  W("wmma_i32_16x16x16_iu8_w64",               "v_wmma_i32_16x16x16_iu8",         R3, WMMA, 64, 0x44, 16, IU8,  IU8,  I32,  4, 4, 4, 0, 32, "V4iIbV4iIbV4iV4iIb",  PLAIN)
  W("wmma_i32_16x16x16_iu4_w64",               "v_wmma_i32_16x16x16_iu4",         R3, WMMA, 64, 0x45, 16, IU4,  IU4,  I32,  2, 2, 4, 0, 16, "V4iIbV2iIbV2iV4iIb",  PLAIN)
  // ---- RDNA4 global_load_tr (A/B unused: the result D is a lane shuffle of per-lane loads) ----
  W("global_load_tr_b64_v2i32",                "global_load_tr_b64",              R4, TR, 32, 0, 0, B8,  B8,  B8,  0, 0, 2, 0, 0, "V2iV2i*1",  PLAIN)
  W("global_load_tr_b128_v8i16",               "global_load_tr_b128",             R4, TR, 32, 0, 0, B16, B16, B16, 0, 0, 4, 0, 0, "V8sV8s*1",  PLAIN)
  W("global_load_tr_b128_v8f16",               "global_load_tr_b128",             R4, TR, 32, 0, 0, B16, B16, B16, 0, 0, 4, 0, 0, "V8hV8h*1",  PLAIN)
  W("global_load_tr_b128_v8bf16",              "global_load_tr_b128",             R4, TR, 32, 0, 0, B16, B16, B16, 0, 0, 4, 0, 0, "V8yV8y*1",  PLAIN)
  W("global_load_tr_b64_i32",                  "global_load_tr_b64",              R4, TR, 64, 0, 0, B8,  B8,  B8,  0, 0, 1, 0, 0, "ii*1",      PLAIN)
  W("global_load_tr_b128_v4i16",               "global_load_tr_b128",             R4, TR, 64, 0, 0, B16, B16, B16, 0, 0, 2, 0, 0, "V4sV4s*1",  PLAIN)
  W("global_load_tr_b128_v4f16",               "global_load_tr_b128",             R4, TR, 64, 0, 0, B16, B16, B16, 0, 0, 2, 0, 0, "V4hV4h*1",  PLAIN)
  W("global_load_tr_b128_v4bf16",              "global_load_tr_b128",             R4, TR, 64, 0, 0, B16, B16, B16, 0, 0, 2, 0, 0, "V4yV4y*1",  PLAIN)
#undef W
};
// clang-format on

inline constexpr std::size_t kInstructionCount = sizeof(kInstructions) / sizeof(kInstructions[0]);
inline constexpr std::string_view kBuiltinPrefix = "__builtin_amdgcn_";

// Finds a builtin by its clang name, with or without the "__builtin_amdgcn_" prefix.
WMMASIM_HD constexpr const Instruction* find_builtin(std::string_view name) {
  if (name.substr(0, kBuiltinPrefix.size()) == kBuiltinPrefix) name.remove_prefix(kBuiltinPrefix.size());
  for (const Instruction& i : kInstructions)
    if (i.name == name) return &i;
  return nullptr;
}

// Finds the (non-tied) builtin of a mnemonic for one architecture and wave size.
WMMASIM_HD constexpr const Instruction* find_mnemonic(std::string_view mnemonic, int wave,
                                                      Arch arch = Arch::rdna4) {
  for (const Instruction& i : kInstructions)
    if (i.mnemonic == mnemonic && i.wave == wave && i.arch == arch && !i.tied) return &i;
  return nullptr;
}

}  // namespace wmmasim
