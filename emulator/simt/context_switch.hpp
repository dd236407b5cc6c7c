// Switching the OS thread from one execution (a lane, or a block's scheduler) to another. A
// suspended execution is its saved stack pointer; jump(&mine, theirs) saves the caller into `mine`
// and continues `theirs`, returning when something jumps back to `mine`.
//
// Two implementations with the same contract. Boost.Context's jump_fcontext enters the other stack
// with an indirect jump, so the call into it is never matched by a return: after every switch the
// CPU's return-address predictions are one entry out of step and each return up the resumed lane's
// call chain is mispredicted (about 20 ns per lane per rendezvous, most of the runtime's cost in the
// example GEMM). The x86-64 one is a call matched by a return, and the lanes of a wave stop at the
// same call site, so the predictions stay right. It keeps only what the System V ABI says a call
// preserves: the floating-point control state (MXCSR, x87 control word) is the OS thread's, shared
// by the lanes it runs, not saved per lane. Other CPUs use the Boost.Context one.
#pragma once

#include <cstddef>

namespace wmmasim::simt::detail {

using ContextEntry = void (*)(void* arg);  // must never return: it ends by jumping away for good

struct BoostContexts {
  // A context that calls entry(arg) on [stack_top - stack_bytes, stack_top) when first jumped to.
  static void* make(void* stack_top, std::size_t stack_bytes, ContextEntry entry, void* arg);
  static void jump(void** save, void* to);
};

#if defined(__x86_64__) && defined(__linux__)
#define WMMASIM_ASM_CONTEXTS 1
struct AsmContexts {
  static void* make(void* stack_top, std::size_t stack_bytes, ContextEntry entry, void* arg);
  static void jump(void** save, void* to);
};
using Contexts = AsmContexts;
#else
using Contexts = BoostContexts;
#endif

}  // namespace wmmasim::simt::detail
