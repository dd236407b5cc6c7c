#include "context_switch.hpp"

#include <boost/context/detail/fcontext.hpp>
#include <cstdint>
#include <cstdlib>

namespace wmmasim::simt::detail {

// ------------------------------------------------------------------ Boost.Context ---------------

namespace {

namespace fc = boost::context::detail;

struct Start {
  ContextEntry entry;
  void* arg;
};

// Runs once at make() to take its Start and hand the new context back; the first real jump to it
// resumes it here with the jumper's save slot.
void boost_start(fc::transfer_t t) {
  const Start start = *static_cast<const Start*>(t.data);
  t = fc::jump_fcontext(t.fctx, nullptr);
  *static_cast<void**>(t.data) = t.fctx;
  start.entry(start.arg);
  std::abort();  // entries never return
}

}  // namespace

void* BoostContexts::make(void* stack_top, std::size_t stack_bytes, ContextEntry entry, void* arg) {
  Start start{entry, arg};
  const fc::fcontext_t fresh = fc::make_fcontext(stack_top, stack_bytes, boost_start);
  return fc::jump_fcontext(fresh, &start).fctx;
}

// The context jumped to learns where the jumper is and stores it in the jumper's slot.
void BoostContexts::jump(void** save, void* to) {
  const fc::transfer_t t = fc::jump_fcontext(to, save);
  *static_cast<void**>(t.data) = t.fctx;
}

// ------------------------------------------------------------------ x86-64 System V -------------

#ifdef WMMASIM_ASM_CONTEXTS

extern "C" void wmmasim_context_jump(void** save, void* to);
extern "C" void wmmasim_context_start();

// jump: push the callee-saved registers, save the stack pointer, load the other one, pop its
// registers, return into it. start: the return address of a fresh context; calls entry(arg) (kept
// in r13 and r12 by make) on a 16-byte aligned stack, and marks the outermost frame for unwinders.
asm(R"(
  .text
  .globl wmmasim_context_jump
  .type wmmasim_context_jump, @function
  .p2align 4
wmmasim_context_jump:
  .cfi_startproc
  pushq %rbp
  .cfi_adjust_cfa_offset 8
  pushq %rbx
  .cfi_adjust_cfa_offset 8
  pushq %r12
  .cfi_adjust_cfa_offset 8
  pushq %r13
  .cfi_adjust_cfa_offset 8
  pushq %r14
  .cfi_adjust_cfa_offset 8
  pushq %r15
  .cfi_adjust_cfa_offset 8
  movq %rsp, (%rdi)
  movq %rsi, %rsp
  popq %r15
  .cfi_adjust_cfa_offset -8
  popq %r14
  .cfi_adjust_cfa_offset -8
  popq %r13
  .cfi_adjust_cfa_offset -8
  popq %r12
  .cfi_adjust_cfa_offset -8
  popq %rbx
  .cfi_adjust_cfa_offset -8
  popq %rbp
  .cfi_adjust_cfa_offset -8
  ret
  .cfi_endproc
  .size wmmasim_context_jump, .-wmmasim_context_jump

  .globl wmmasim_context_start
  .type wmmasim_context_start, @function
  .p2align 4
wmmasim_context_start:
  .cfi_startproc
  .cfi_undefined rip
  movq %r12, %rdi
  andq $-16, %rsp
  callq *%r13
  ud2
  .cfi_endproc
  .size wmmasim_context_start, .-wmmasim_context_start
)");

void* AsmContexts::make(void* stack_top, std::size_t, ContextEntry entry, void* arg) {
  auto* sp = reinterpret_cast<std::uintptr_t*>(reinterpret_cast<std::uintptr_t>(stack_top) & ~std::uintptr_t{15});
  *--sp = 0;                                                       // start's own return address: none
  *--sp = reinterpret_cast<std::uintptr_t>(&wmmasim_context_start);  // where jump returns to
  *--sp = 0;                                                       // rbp
  *--sp = 0;                                                       // rbx
  *--sp = reinterpret_cast<std::uintptr_t>(arg);                   // r12
  *--sp = reinterpret_cast<std::uintptr_t>(entry);                 // r13
  *--sp = 0;                                                       // r14
  *--sp = 0;                                                       // r15
  return sp;
}

void AsmContexts::jump(void** save, void* to) { wmmasim_context_jump(save, to); }

#endif

}  // namespace wmmasim::simt::detail
