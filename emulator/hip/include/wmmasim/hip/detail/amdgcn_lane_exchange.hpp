// The one wave collective the cross-lane builtins (DPP, swizzle, permute, permlane, readlane) are
// made of: every lane brings one 32-bit word plus the operands that steer the exchange, a lane map
// computes every lane's result at once. Lanes of a CPU wave are all active (wave functions need the
// whole wave), so an instruction's EXEC-dependent cases (inactive source lanes, fetch-inactive,
// bound_ctrl for inactive lanes) never arise here; out-of-range sources still do.
#pragma once

#include <cstdint>
#include <source_location>
#include <stdexcept>
#include <string>

#include "wmmasim/simt/wave_collective.hpp"

namespace wmmasim::hip::detail::amdgcn {

struct LaneWord {
  std::uint32_t value = 0;    // the lane's data operand
  std::uint32_t operand = 0;  // a per-lane operand: address, old value, lane select
  std::uint64_t control = 0;  // the call's constant controls (equal in every lane) or a uniform operand
};

using LaneWords = simt::LaneValues<const LaneWord>;
using LaneResults = simt::LaneValues<std::uint32_t>;

// Runs map(in, out) once for the wave. Constant controls must agree across lanes: lanes that pass
// different ones are at one call site of different template instances, which a wave cannot be.
template <class Map>
std::uint32_t exchange(const char* builtin, const LaneWord& mine, Map map, std::source_location where,
                       bool uniform_control = true) {
  return simt::wave_collective<LaneWord, std::uint32_t>(
      builtin, mine,
      [&map, builtin, uniform_control](LaneWords in, LaneResults out) {
        if (uniform_control)
          for (const LaneWord& w : in)
            if (w.control != in[0].control)
              throw std::invalid_argument(std::string("the lanes of the wave passed different constant arguments to ") +
                                          builtin);
        map(in, out);
      },
      where);
}

}  // namespace wmmasim::hip::detail::amdgcn
