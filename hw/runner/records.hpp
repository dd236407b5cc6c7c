// Turns what a kernel wrote (raw per-lane words, timer deltas) into a run-file record, through the
// operand layouts of the table. No HIP here: tests build records from made-up outputs.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "wmmasim/hw/inputs.hpp"
#include "wmmasim/runfile/run_file.hpp"

namespace wmmasim::hw {

struct RawOutput {
  int waves = 1;
  std::vector<std::uint32_t> d_words;  // waves * lanes * vgprs_cd, lane-major per wave
  std::vector<std::uint64_t> timing;   // waves * kTimingWords (timed programs)
};

struct WallClock {
  double hz = 0;
  std::string source;
};

// The input buffer a kernel reads: the blocks of kernel_abi(), in order.
std::vector<std::uint32_t> kernel_input(const Program& p, const std::vector<InputMatrix>& inputs);

runfile::ProgramRecord program_record(const Program& p, std::uint64_t seed, const std::string& target,
                                      const std::vector<InputMatrix>& inputs, const RawOutput& raw,
                                      const WallClock& clock);

}  // namespace wmmasim::hw
