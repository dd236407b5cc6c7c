// Replaying a recorded launch (run file version 2): fresh allocations get the recorded contents from
// before the launch, and the arguments are rebuilt with their pointers moved to the new allocations
// (same offsets). A runtime then launches the kernel it finds by name with these argument bytes, and
// compares what it computed with the recording through diff_launches. This is how a GPU recording is
// replayed on the CPU emulator, and how a CPU recording checks that replay gives identical outputs.
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "wmmasim/runfile/launch_record.hpp"

namespace wmmasim::record {

struct ReplayPlan {
  std::vector<std::vector<std::uint8_t>> arguments;  // the bytes to pass, argument by argument
  std::vector<std::uint64_t> buffers;                 // the new allocation of each recorded buffer
};

// `allocate(bytes)` returns the address of a new device allocation; `upload(address, contents)` fills
// it. Throws UserError (one sentence) when a buffer's contents before the launch were not recorded.
ReplayPlan plan_replay(const runfile::LaunchRecord& launch, const std::function<std::uint64_t(std::uint64_t bytes)>& allocate,
                       const std::function<void(std::uint64_t address, const std::vector<std::uint8_t>& contents)>& upload);

// The record of the replay: `recorded` with every buffer's contents after the launch read back through
// `download(address, bytes)` (so that diff_launches(recorded run, replayed run) compares them).
runfile::LaunchRecord replayed_record(const runfile::LaunchRecord& recorded, const ReplayPlan& plan,
                                      const std::function<std::vector<std::uint8_t>(std::uint64_t address, std::uint64_t bytes)>& download);

}  // namespace wmmasim::record
