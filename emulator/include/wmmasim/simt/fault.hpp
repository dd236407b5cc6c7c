// What a launch throws on the host thread when a kernel goes wrong: one sentence naming the kernel,
// the block, the wave, the lanes and, where known, the source line.
#pragma once

#include <cstdint>
#include <string>

#include "wmmasim/error.hpp"

namespace wmmasim::simt {

enum class FaultKind : std::uint8_t {
  bad_launch,        // launch parameters the hardware would reject (empty grid, too much LDS, ...)
  out_of_bounds,     // an access outside its allocation (checked pointer, guard page, freed or wild pointer)
  barrier,           // __syncthreads not reached by every thread of a block, or reached at different lines
  wave_collective,   // a wave collective not reached by every lane of a wave, or from a partial wave
  exception,         // kernel code (or a collective's exec) threw
  trap,              // kernel code trapped: integer division by zero, a trap instruction, a failed assert
  timeout,           // the launch ran longer than LaunchOptions::timeout
  misuse,            // a kernel-only function called outside a kernel, a nested launch, ...
};

struct KernelFault : UserError {
  FaultKind kind;
  KernelFault(FaultKind k, const std::string& sentence) : UserError(sentence), kind(k) {}
};

}  // namespace wmmasim::simt
