// How a kernel launch runs on the CPU.
#pragma once

#include <chrono>
#include <cstddef>

namespace wmmasim::simt {

class TraceSink;
class LayoutCheck;
class SyncNoteSink;
class RaceNoteSink;
class InitWatch;

struct LaunchOptions {
  std::size_t dynamic_shared_bytes = 0;   // extern __shared__ size; gfx12 allows 64 KiB per workgroup
  int wave_size = 32;                     // 32 or 64; consecutive linear thread ids form a wave
  unsigned threads = 0;                   // OS threads running blocks in parallel; 0 = all cores
  // The watchdog stops a launch in which no lane reached a barrier, a wave collective or its end,
  // and no block finished, for this long (a hang, not a long run); 0 = no watchdog.
  std::chrono::milliseconds timeout{std::chrono::seconds(60)};
  std::chrono::milliseconds total_timeout{0};  // a limit on the whole launch however it progresses; 0 = none
  // One updating line on stderr while a launch runs for more than two seconds: kernel, launch, blocks
  // done, elapsed and estimated time left.
  bool progress = false;
  std::size_t lane_stack_bytes = 256 * 1024;  // each lane's fiber stack (guard page below it)
  TraceSink* trace = nullptr;             // per-wave event trace for the cycle model; off when null
  // Checks every matrix instruction's fragments against its layout (wmmasim/diagnosis/check.hpp);
  // null: only when the environment has WMMASIM_CHECK_LAYOUTS=1 (docs/diagnosis.md).
  LayoutCheck* check_layouts = nullptr;
  // A run the program must not notice (the layout check's tagged runs): the kernel's device printf
  // and assert are silent (in_hidden_run()); whatever it writes is undone by its caller.
  bool hidden = false;
  // Hears of barriers that relied on the hardware's rules where HIP's are stricter
  // (wmmasim/simt/sync_notes.hpp); null: not asked, nothing is collected.
  SyncNoteSink* sync_notes = nullptr;
  // Lanes of a wave take turns at each memory access of code compiled with wmmasim-hipcc's access
  // hooks, so wave-synchronous code computes what the GPU computes (docs/simt.md, "Wave-synchronous
  // code"). Code without the hooks (C++ kernels built by another compiler) runs lane after lane.
  bool lockstep = true;
  // Hears of conflicting accesses that no barrier orders (wmmasim/simt/race_notes.hpp); null: no
  // shadow is kept.
  RaceNoteSink* race_notes = nullptr;
  // Checks every load against what has been written (wmmasim/simt/init_notes.hpp); null: nothing is
  // tracked.
  InitWatch* init_watch = nullptr;
};

}  // namespace wmmasim::simt
