// The launch's signal handling. A lane's stack overflow ends the process with one sentence (the
// stack is gone, nothing can run on it). Any other synchronous fault in kernel code (a guard page, a
// freed or wild pointer, division by zero, a trap) is redirected: the handler rewrites the lane's
// registers so that, when it returns, the lane calls a fault entry instead of retrying the faulting
// instruction. That entry runs as ordinary code, names the fault in one sentence and abandons the
// lane without unwinding it (its frames were cut mid-instruction), and the block stops as it does
// for any other fault.
#pragma once

#include <cstddef>
#include <memory>

namespace wmmasim::simt::detail {

class BlockRunner;
extern thread_local BlockRunner* t_runner;  // the worker's runner while it runs blocks

void install_fault_handlers();  // once per process; idempotent

// Each worker thread's handler stack: the faulting stack may be exhausted.
class AltSignalStack {
 public:
  AltSignalStack();
  ~AltSignalStack();
  AltSignalStack(const AltSignalStack&) = delete;
  AltSignalStack& operator=(const AltSignalStack&) = delete;

 private:
  std::unique_ptr<char[]> memory_;
  bool installed_ = false;
};

}  // namespace wmmasim::simt::detail
