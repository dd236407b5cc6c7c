// Element formats, operands and architectures shared by every part of wmmasim.
// Host and HIP device code: constexpr only, no exceptions, no heap, no iostream.
#pragma once

#include <cstdint>
#include <string_view>

#if defined(__HIP__) || defined(__CUDACC__)
#define WMMASIM_HD __host__ __device__
#else
#define WMMASIM_HD
#endif

namespace wmmasim {

enum class Arch : std::uint8_t { rdna3, rdna4 };

// gfx names users type; rdna3 = gfx11 (gfx1100 captured), rdna4 = gfx12 (gfx1200, gfx1201).
WMMASIM_HD constexpr std::string_view arch_name(Arch a) { return a == Arch::rdna3 ? "gfx11" : "gfx12"; }

enum class Format : std::uint8_t {
  f16,   // IEEE binary16
  bf16,  // upper half of binary32
  f32,   // IEEE binary32
  fp8,   // OCP E4M3 (FN: no infinities, NaN = S.1111.111)
  bf8,   // OCP E5M2
  iu8,   // 8-bit integer, signedness chosen per instruction
  iu4,   // 4-bit integer, signedness chosen per instruction
  i32,   // two's complement 32-bit accumulator
  b16,   // raw 16-bit element moved by global_load_tr_b128
  b8,    // raw 8-bit element moved by global_load_tr_b64
  none,
};

WMMASIM_HD constexpr int format_bits(Format f) {
  switch (f) {
    case Format::f32: case Format::i32: return 32;
    case Format::f16: case Format::bf16: case Format::b16: return 16;
    case Format::fp8: case Format::bf8: case Format::iu8: case Format::b8: return 8;
    case Format::iu4: return 4;
    case Format::none: return 0;
  }
  return 0;
}

WMMASIM_HD constexpr std::string_view format_name(Format f) {
  switch (f) {
    case Format::f16: return "f16";
    case Format::bf16: return "bf16";
    case Format::f32: return "f32";
    case Format::fp8: return "fp8";
    case Format::bf8: return "bf8";
    case Format::iu8: return "iu8";
    case Format::iu4: return "iu4";
    case Format::i32: return "i32";
    case Format::b16: return "b16";
    case Format::b8: return "b8";
    case Format::none: return "none";
  }
  return "?";
}

// The format whose format_name() is `name`; Format::none if there is none.
WMMASIM_HD constexpr Format format_named(std::string_view name) {
  for (int f = 0; f < static_cast<int>(Format::none); ++f)
    if (format_name(static_cast<Format>(f)) == name) return static_cast<Format>(f);
  return Format::none;
}

WMMASIM_HD constexpr bool is_float_format(Format f) {
  return f == Format::f16 || f == Format::bf16 || f == Format::f32 || f == Format::fp8 || f == Format::bf8;
}
WMMASIM_HD constexpr bool is_integer_format(Format f) {
  return f == Format::iu8 || f == Format::iu4 || f == Format::i32;
}

// The register operands of a matrix instruction. SWMMAC has no C: its accumulator is D itself.
// `index` is SWMMAC's sparse-index VGPR (SRC2).
enum class Operand : std::uint8_t { a, b, c, d, index };

WMMASIM_HD constexpr std::string_view operand_name(Operand o) {
  switch (o) {
    case Operand::a: return "A";
    case Operand::b: return "B";
    case Operand::c: return "C";
    case Operand::d: return "D";
    case Operand::index: return "index";
  }
  return "?";
}

}  // namespace wmmasim
