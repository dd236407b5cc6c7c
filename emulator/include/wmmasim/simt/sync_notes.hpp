// What a barrier did that RDNA hardware allows but HIP's programming model does not promise: data
// for the checking mode's portability warnings (`wmmasim check --tool synccheck`), never a fault.
//
// The runtime follows S_BARRIER's rules (docs/simt.md, "Barriers"): a barrier completes when every
// lane of the block waits at a barrier or has exited, whichever barrier instruction each waits at.
// HIP, like CUDA, asks every thread of the block to reach the same __syncthreads; where a completed
// barrier relied on the hardware's weaker rule, the launch's SyncNoteSink (LaunchOptions::sync_notes)
// hears about it: once per block for each kind and barrier location (and other location).
#pragma once

#include <source_location>
#include <string>
#include <vector>

#include "wmmasim/simt/dim3.hpp"

namespace wmmasim::simt {

enum class SyncNoteKind {
  barrier_with_exited_threads,   // threads of the block had exited when the barrier completed
  barriers_at_different_points,  // waves waited at different barrier instructions (lines) and released each other
  barrier_in_divergent_wave,     // some lanes of a wave arrived while others of the same wave exited or waited elsewhere
};

struct SyncNote {
  SyncNoteKind kind;
  std::string kernel;
  dim3 block;
  std::source_location where;        // the barrier that completed (the first arrival's)
  std::source_location other_where;  // barriers_at_different_points: another barrier's location
  std::vector<unsigned> threads;     // linear thread ids that exited / waited elsewhere / diverged
};

class SyncNoteSink {  // called from the worker threads running blocks, possibly concurrently
 public:
  virtual ~SyncNoteSink() = default;
  virtual void note(const SyncNote&) = 0;
};

}  // namespace wmmasim::simt
