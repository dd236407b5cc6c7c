// DPP: __builtin_amdgcn_update_dpp, __builtin_amdgcn_mov_dpp (DPP16) and __builtin_amdgcn_mov_dpp8,
// as gfx10+ (RDNA3, RDNA4) execute v_mov_b32_dpp. DPP16 works in rows of 16 lanes (2 rows in wave32,
// 4 in wave64) and banks of 4 lanes within a row; DPP8 in groups of 8 lanes. The control encodings
// are LLVM's (SIDefines.h DppCtrl, which clang passes through unchanged); the lane maps are the
// RDNA3/RDNA4 ISA guides' DPP section:
//   quad_perm 0x000-0x0FF: lane 4q+i reads lane 4q + ctrl[2i+1:2i]
//   row_shl:n 0x101-0x10F: reads lane +n of its row, invalid past the row's end
//   row_shr:n 0x111-0x11F: reads lane -n of its row, invalid before the row's start
//   row_ror:n 0x121-0x12F: reads lane (i - n) mod 16 of its row
//   row_mirror 0x140, row_half_mirror 0x141: reads lane 15 - i of its row / of its half row
//   row_share:n 0x150-0x15F: reads lane n of its row;  row_xmask:m 0x160-0x16F: reads lane i ^ m
// A lane whose row (row_mask bit) or bank (bank_mask bit) is disabled is not written; a lane whose
// source is invalid gets 0 with bound_ctrl, otherwise is not written. Not written means: keeps `old`
// (update_dpp); for mov_dpp clang passes an undefined old value, and the emulator gives the lane its
// own source value (what v_mov_b32_dpp leaves when, as usual, the destination register is the source).
// wave_shl/rol/shr/ror (0x130, 0x134, 0x138, 0x13C) and row_bcast15/31 (0x142, 0x143) are GCN-only: clang's backend
// refuses them for gfx10+, and so does this header, at the call.
#pragma once

#include <cstdint>
#include <source_location>

#include "wmmasim/hip/detail/amdgcn_lane_exchange.hpp"
#include "wmmasim/hip/detail/amdgcn_support.hpp"

namespace wmmasim::hip::detail::amdgcn {

// Only the low bits of each field reach the instruction (clang truncates: row_mask 0x1F is 0xF).
inline constexpr int kDppCtrlBits = 0x1FF;

constexpr bool dpp16_control_is_valid(int ctrl) {
  if (ctrl < 0 || ctrl > kDppCtrlBits) return false;
  if (ctrl <= 0xFF) return true;
  const int n = ctrl & 0xF;
  switch (ctrl & ~0xF) {
    case 0x100:  // row_shl
    case 0x110:  // row_shr
    case 0x120:  // row_ror
      return n != 0;
    case 0x140: return ctrl == 0x140 || ctrl == 0x141;  // row_mirror, row_half_mirror
    case 0x150:                                          // row_share
    case 0x160:                                          // row_xmask
      return true;
    default: return false;
  }
}
// wave_shl:1 0x130, wave_rol:1 0x134, wave_shr:1 0x138, wave_ror:1 0x13C (GCN); the values between
// were never controls.
constexpr bool dpp16_control_is_wave_shift(int ctrl) { return ctrl >= 0x130 && ctrl <= 0x13C && ctrl % 4 == 0; }
constexpr bool dpp16_control_is_broadcast(int ctrl) { return ctrl == 0x142 || ctrl == 0x143; }

struct DppSource {
  int lane;
  bool valid;
};

// Which lane `lane` reads under a (valid) DPP16 control.
constexpr DppSource dpp16_source(int ctrl, int lane) {
  const int row = lane & ~15, i = lane & 15, n = ctrl & 0xF;
  if (ctrl <= 0xFF) return {(lane & ~3) + ((ctrl >> (2 * (lane & 3))) & 3), true};
  switch (ctrl & ~0xF) {
    case 0x100: return {lane + n, i + n <= 15};
    case 0x110: return {lane - n, i >= n};
    case 0x120: return {row + ((i - n) & 15), true};
    case 0x140: return ctrl == 0x140 ? DppSource{row + 15 - i, true} : DppSource{row + (i & 8) + 7 - (i & 7), true};
    case 0x150: return {row + n, true};
    case 0x160: return {row + (i ^ n), true};
  }
  return {lane, false};
}

// Which lane `lane` reads under a DPP8 selector (eight 3-bit lane indices).
constexpr int dpp8_source(std::uint32_t sel, int lane) {
  return (lane & ~7) | static_cast<int>((sel >> (3 * (lane & 7))) & 7u);
}

struct Dpp16Control {
  int ctrl, row_mask, bank_mask;
  bool bound_ctrl;
  constexpr std::uint64_t pack() const {
    return static_cast<std::uint64_t>(ctrl & kDppCtrlBits) | static_cast<std::uint64_t>(row_mask & 0xF) << 9 |
           static_cast<std::uint64_t>(bank_mask & 0xF) << 13 | static_cast<std::uint64_t>(bound_ctrl) << 17;
  }
};

// out[lane] for every lane: in[lane].operand is the lane's `old`.
inline void dpp16_exchange(LaneWords in, LaneResults out) {
  const std::uint64_t c = in[0].control;
  const int ctrl = static_cast<int>(c & kDppCtrlBits), row_mask = static_cast<int>(c >> 9 & 0xF),
            bank_mask = static_cast<int>(c >> 13 & 0xF);
  const bool bound_ctrl = (c >> 17 & 1) != 0;
  if (!dpp16_control_is_valid(ctrl)) throw std::invalid_argument("invalid dpp_ctrl value");
  const int n = static_cast<int>(in.size());
  for (int lane = 0; lane < n; ++lane) {
    const bool written = (row_mask >> (lane >> 4) & 1) && (bank_mask >> ((lane & 15) >> 2) & 1);
    const DppSource s = dpp16_source(ctrl, lane);
    if (!written) out[lane] = in[lane].operand;
    else if (s.valid && s.lane < n) out[lane] = in[s.lane].value;
    else out[lane] = bound_ctrl ? 0u : in[lane].operand;
  }
}

inline std::uint32_t update_dpp(const char* builtin, std::uint32_t old, std::uint32_t src, Dpp16Control c,
                                std::source_location where) {
  return exchange(builtin, LaneWord{src, old, c.pack()}, dpp16_exchange, where);
}

}  // namespace wmmasim::hip::detail::amdgcn

#define WMMASIM_DPP16_CONTROL_RULES(builtin)                                                                      \
  WMMASIM_AMDGCN_CONSTANT(builtin, dpp_ctrl)                                                                      \
  WMMASIM_AMDGCN_CONSTANT(builtin, row_mask) WMMASIM_AMDGCN_CONSTANT(builtin, bank_mask)                          \
  WMMASIM_AMDGCN_CONSTANT(builtin, bound_ctrl)                                                                    \
  __attribute__((diagnose_if(::wmmasim::hip::detail::amdgcn::dpp16_control_is_wave_shift(dpp_ctrl),               \
                             "Invalid dpp_ctrl value: wavefront shifts are not supported on GFX10+ ('" builtin    \
                             "': clang's backend stops with 'Illegal instruction detected')",                     \
                             "error")))                                                                           \
  __attribute__((diagnose_if(::wmmasim::hip::detail::amdgcn::dpp16_control_is_broadcast(dpp_ctrl),               \
                             "Invalid dpp_ctrl value: broadcasts are not supported on GFX10+ ('" builtin          \
                             "': clang's backend stops with 'Illegal instruction detected')",                     \
                             "error")))                                                                           \
  __attribute__((diagnose_if(!::wmmasim::hip::detail::amdgcn::dpp16_control_is_valid(dpp_ctrl) &&                 \
                                 !::wmmasim::hip::detail::amdgcn::dpp16_control_is_wave_shift(dpp_ctrl) &&        \
                                 !::wmmasim::hip::detail::amdgcn::dpp16_control_is_broadcast(dpp_ctrl),           \
                             "Invalid dpp_ctrl value ('" builtin                                                  \
                             "': clang's backend stops with 'Illegal instruction detected')",                     \
                             "error")))

inline int __builtin_amdgcn_update_dpp(int old, int src, int dpp_ctrl, int row_mask, int bank_mask, bool bound_ctrl,
                                       std::source_location where = std::source_location::current())
    WMMASIM_DPP16_CONTROL_RULES("__builtin_amdgcn_update_dpp") {
  return static_cast<int>(::wmmasim::hip::detail::amdgcn::update_dpp(
      "__builtin_amdgcn_update_dpp", static_cast<std::uint32_t>(old), static_cast<std::uint32_t>(src),
      {dpp_ctrl, row_mask, bank_mask, bound_ctrl}, where));
}

inline int __builtin_amdgcn_mov_dpp(int src, int dpp_ctrl, int row_mask, int bank_mask, bool bound_ctrl,
                                    std::source_location where = std::source_location::current())
    WMMASIM_DPP16_CONTROL_RULES("__builtin_amdgcn_mov_dpp") {
  return static_cast<int>(::wmmasim::hip::detail::amdgcn::update_dpp(
      "__builtin_amdgcn_mov_dpp", static_cast<std::uint32_t>(src), static_cast<std::uint32_t>(src),
      {dpp_ctrl, row_mask, bank_mask, bound_ctrl}, where));
}

inline unsigned __builtin_amdgcn_mov_dpp8(unsigned src, unsigned sel,
                                          std::source_location where = std::source_location::current())
    WMMASIM_AMDGCN_CONSTANT("__builtin_amdgcn_mov_dpp8", sel) {
  using namespace ::wmmasim::hip::detail::amdgcn;
  return exchange(
      "__builtin_amdgcn_mov_dpp8", LaneWord{src, 0, sel & 0xFFFFFFu},
      [](LaneWords in, LaneResults out) {
        const auto s = static_cast<std::uint32_t>(in[0].control);
        for (std::size_t lane = 0; lane < in.size(); ++lane) out[lane] = in[dpp8_source(s, static_cast<int>(lane))].value;
      },
      where);
}

#undef WMMASIM_DPP16_CONTROL_RULES
