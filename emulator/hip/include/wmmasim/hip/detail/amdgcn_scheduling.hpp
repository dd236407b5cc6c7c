// The barrier, fence, wait and hint builtins. s_barrier is the block barrier (counted, as
// __syncthreads); fence is a full fence (lanes of a block share one OS thread, blocks run on several).
// The rest change only when the GPU does something, never what it computes: scheduling hints and
// groups (sched_barrier, sched_group_barrier, iglp_opt), waits for memory counters (s_waitcnt: CPU
// accesses complete in program order), sleeps and priorities, and cache maintenance (the CPU's caches
// are coherent). They compile to nothing, with their constant arguments checked as clang checks them.
#pragma once

#include <atomic>
#include <source_location>

#include "wmmasim/hip/detail/amdgcn_support.hpp"
#include "wmmasim/simt/lane_context.hpp"

inline void __builtin_amdgcn_s_barrier(std::source_location where = std::source_location::current()) {
  ::wmmasim::simt::sync_threads(where);
}

inline void __builtin_amdgcn_fence(unsigned order, const char* scope) {
  (void)scope;
  std::atomic_thread_fence(order == __ATOMIC_RELAXED ? std::memory_order_relaxed : std::memory_order_seq_cst);
}

#define WMMASIM_AMDGCN_HINT1(name, T)                                                                        \
  inline void __builtin_amdgcn_##name(T a) WMMASIM_AMDGCN_CONSTANT("__builtin_amdgcn_" #name, a) { (void)a; }
WMMASIM_AMDGCN_HINT1(sched_barrier, int)
WMMASIM_AMDGCN_HINT1(iglp_opt, int)
WMMASIM_AMDGCN_HINT1(s_waitcnt, int)
WMMASIM_AMDGCN_HINT1(s_sleep, int)
WMMASIM_AMDGCN_HINT1(s_setprio, short)
WMMASIM_AMDGCN_HINT1(s_incperflevel, int)
WMMASIM_AMDGCN_HINT1(s_decperflevel, int)
#undef WMMASIM_AMDGCN_HINT1

inline void __builtin_amdgcn_sched_group_barrier(int mask, int size, int sync_id)
    WMMASIM_AMDGCN_CONSTANT("__builtin_amdgcn_sched_group_barrier", mask)
        WMMASIM_AMDGCN_CONSTANT("__builtin_amdgcn_sched_group_barrier", size)
            WMMASIM_AMDGCN_CONSTANT("__builtin_amdgcn_sched_group_barrier", sync_id) {
  (void)mask, (void)size, (void)sync_id;
}

inline void __builtin_amdgcn_s_ttracedata(int) {}
inline void __builtin_amdgcn_s_ttracedata_imm(short data) WMMASIM_AMDGCN_CONSTANT("__builtin_amdgcn_s_ttracedata_imm", data) {
  (void)data;
}

#if !defined(__GFX11__)
inline void __builtin_amdgcn_s_sleep_var(unsigned) {}

// gfx12's split barrier, as code writes the workgroup barrier with it: signal(-1) then wait(-1).
// The signal does nothing and the wait is the block barrier, so what a wave does between the two
// is visible to the others after the wait (on the GPU it may be). Named barriers are not emulated.
inline void __builtin_amdgcn_s_barrier_signal(int id) WMMASIM_AMDGCN_CONSTANT("__builtin_amdgcn_s_barrier_signal", id)
    __attribute__((diagnose_if(id != -1, "'__builtin_amdgcn_s_barrier_signal' is emulated for the workgroup barrier (-1) only "
                                         "by the wmmasim CPU emulator (docs/hip-on-cpu.md)", "error"))) {
  (void)id;
}
inline void __builtin_amdgcn_s_barrier_wait(short id, std::source_location where = std::source_location::current())
    WMMASIM_AMDGCN_CONSTANT("__builtin_amdgcn_s_barrier_wait", id)
        __attribute__((diagnose_if(id != -1, "'__builtin_amdgcn_s_barrier_wait' is emulated for the workgroup barrier (-1) only "
                                             "by the wmmasim CPU emulator (docs/hip-on-cpu.md)", "error"))) {
  (void)id;
  ::wmmasim::simt::sync_threads(where);
}
#endif

inline void __builtin_amdgcn_s_dcache_inv() {}
inline void __builtin_amdgcn_s_dcache_inv_vol() {}
inline void __builtin_amdgcn_s_dcache_wb() {}
inline void __builtin_amdgcn_buffer_wbinvl1() {}
inline void __builtin_amdgcn_buffer_wbinvl1_vol() {}
