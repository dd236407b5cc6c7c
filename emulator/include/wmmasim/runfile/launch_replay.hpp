// `wmmasim replay RECORDING --program PROG [-- ARGS]`: hands a recording of a user's program (made
// on the GPU by `wmmasim hw record`, or on the CPU by WMMASIM_RECORD) to the same program built for
// the CPU emulator by wmmasim-hipcc, and compares what the emulator computes from exactly the
// recorded inputs with what the recording holds, buffer by buffer, typed as `wmmasim diff` types
// them. The program runs in replay mode (wmmasim/record/replay_session.hpp explains the mechanism
// and why it was chosen); where a differing launch ran matrix instructions, the layout check's
// verdict on it is printed with the difference.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "wmmasim/runfile/launch_diff.hpp"

namespace wmmasim::runfile {

struct LaunchReplayOptions {
  std::string recording;                // the run file (version 2) to replay
  std::vector<std::string> command;     // the CPU program and its arguments
  std::vector<std::uint64_t> launches;  // --launch N: launch numbers of the recording; empty: every launch
  std::string kernel;                   // --kernel NAME: launches of this kernel (name or glob, without parameters)
  std::vector<TypeOverride> types;
  std::size_t max_listed = 20;
  bool check_layouts = true;
};

struct LaunchReplayReport {
  std::string recording, program;
  LaunchDiffReport diff;                  // the recording (first) against the replay (second)
  std::vector<std::string> not_replayed;  // one sentence per selected launch that could not be replayed
  std::size_t selected = 0;
  std::uint64_t differing() const { return diff.differing(); }
};

// Throws UserError (one sentence) for bad input: not a recording, a selection it does not hold, a
// program that cannot be run or made no launch, and when no selected launch could be replayed.
LaunchReplayReport replay_launches(const LaunchReplayOptions& options);

// The comparison as `wmmasim diff` prints two recordings, then the launches that were not replayed.
std::string launch_replay_text(const LaunchReplayReport& report);

// Exit status: 2 when a selected launch could not be replayed, 1 when anything differs, 0 otherwise.
int launch_replay_status(const LaunchReplayReport& report);

}  // namespace wmmasim::runfile
