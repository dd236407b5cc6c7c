// Per-lane source addresses for the global_load_tr layout probes (spec layouts.md section 7).
// Each lane fetches `elements_per_lane` consecutive elements of a 256-element row-major tile in
// global memory; the addressing decides which. Host and HIP device code (the hw kernels compute
// their addresses with these very functions, the emulator replays them).
#pragma once

#include <cstdint>

#include "wmmasim/layouts/instruction.hpp"

namespace wmmasim::hw {

enum class Addressing : std::uint8_t {
  none,             // not a load_tr program
  linear,           // lane s reads elements [s*n, s*n+n): the result shows the raw lane shuffle
  documented_8x32,  // spec 7.1 (b128, wave32): 8x32 tile, lane s reads row s/4, columns 8*(s%4)..+7
  isa_b,            // spec 7.1 hypothesis (b128) and 7.2 (b64), wave32: one call gives the ISA B operand
};

WMMASIM_HD constexpr const char* addressing_name(Addressing a) {
  switch (a) {
    case Addressing::linear: return "linear";
    case Addressing::documented_8x32: return "documented_8x32";
    case Addressing::isa_b: return "isa_b";
    default: return "none";
  }
}

// Which addressings a load_tr builtin is probed with: the documented and hypothesised ones exist
// for wave32 only (spec 7.3: no public wave64 mapping), the b128 8x32 form for 16-bit elements only.
WMMASIM_HD constexpr bool addressing_applies(const Instruction& ins, Addressing a) {
  if (ins.family != Family::load_tr) return a == Addressing::none;
  switch (a) {
    case Addressing::linear: return true;
    case Addressing::documented_8x32: return ins.wave == 32 && format_bits(ins.cd) == 16;
    case Addressing::isa_b: return ins.wave == 32;
    default: return false;
  }
}

WMMASIM_HD constexpr int tile_elements() { return 256; }
WMMASIM_HD constexpr int tile_rows(Addressing a) { return a == Addressing::documented_8x32 ? 8 : 16; }
WMMASIM_HD constexpr int tile_cols(Addressing a) { return tile_elements() / tile_rows(a); }

// Elements one lane fetches: 128 or 64 bits in wave32, half of that in wave64.
WMMASIM_HD constexpr int elements_per_lane(const Instruction& ins) {
  return ins.vgprs_cd * 32 / format_bits(ins.cd);
}

// Row-major element offset, inside the tile, of the first element lane `s` fetches.
WMMASIM_HD constexpr int lane_element_offset(const Instruction& ins, Addressing a, int s) {
  const int cols = tile_cols(a);
  switch (a) {
    case Addressing::documented_8x32:  // ptr(s) = &B[s/4][(s%4)*8]
      return (s / 4) * cols + (s % 4) * 8;
    case Addressing::isa_b:
      if (format_bits(ins.cd) == 16) {  // row (e&3) + 4g + 8(e>>2), e = s%8, g = s/16; column half (s/8)&1
        const int e = s % 8, g = s / 16;
        return ((e & 3) + 4 * g + 8 * (e >> 2)) * cols + 8 * ((s / 8) & 1);
      }
      return (4 * (s >> 3) + (s & 3)) * cols + 8 * ((s >> 2) & 1);  // b64: row 4(s>>3)+(s&3), bytes 8((s>>2)&1)
    default:
      return s * elements_per_lane(ins);
  }
}

}  // namespace wmmasim::hw
