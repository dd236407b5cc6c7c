// Turns what a kernel wrote (raw per-lane words, timer deltas) into a run-file record, through the
// operand layouts of the table. No HIP here: tests build records from made-up outputs.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "wmmasim/hw/inputs.hpp"
#include "wmmasim/hw/probes.hpp"
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

// A probe's record: its base program's record, named after the probe, with the modifiers the kernel
// applied (so `wmmasim diff` replays them) and notes saying what it decides. Timed probes measure a
// multi-instruction region, so their D is kept only as raw registers (no replayable `outputs`).
runfile::ProgramRecord probe_record(const Probe& probe, std::uint64_t seed, const std::string& target,
                                    const std::vector<InputMatrix>& inputs, const RawOutput& raw, const WallClock& clock);

}  // namespace wmmasim::hw
