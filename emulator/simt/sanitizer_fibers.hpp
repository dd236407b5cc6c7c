// Stack switches announced to the sanitizers. ASan keeps each thread's stack bounds (to tell stack
// from heap, and to unpoison the frames a throw skips in __asan_handle_no_return); TSan keeps a shadow
// state per thread. Both must hear of every switch between a lane's stack and another, or a lane's
// stack looks like memory nobody owns: ASan then stopped 19 SIMT tests on lane stacks (issue 11).
// Protocol (sanitizer/common_interface_defs.h, sanitizer/tsan_interface.h): before a jump,
// start_switch_fiber with the destination's stack and switch_to_fiber; first thing after landing,
// finish_switch_fiber. Everything here compiles to nothing in a build without sanitizers.
#pragma once

#include <cstddef>

#if defined(__SANITIZE_ADDRESS__)
#define WMMASIM_ASAN_FIBERS 1
#endif
#if defined(__SANITIZE_THREAD__)
#define WMMASIM_TSAN_FIBERS 1
#endif
#if defined(__has_feature)
#if __has_feature(address_sanitizer) && !defined(WMMASIM_ASAN_FIBERS)
#define WMMASIM_ASAN_FIBERS 1
#endif
#if __has_feature(thread_sanitizer) && !defined(WMMASIM_TSAN_FIBERS)
#define WMMASIM_TSAN_FIBERS 1
#endif
#endif

#ifdef WMMASIM_ASAN_FIBERS
#include <sanitizer/common_interface_defs.h>
#endif
#ifdef WMMASIM_TSAN_FIBERS
#include <sanitizer/tsan_interface.h>
#endif

namespace wmmasim::simt::detail {

// One execution (a lane, or a block's scheduler on its OS thread) as the sanitizers know it.
struct SanitizerFiber {
  const void* stack_bottom = nullptr;  // lowest address
  std::size_t stack_bytes = 0;
  void* asan_fake_stack = nullptr;     // ASan's handle for this execution while it is suspended
  void* tsan_fiber = nullptr;
  bool owns_tsan_fiber = false;
};

#if defined(WMMASIM_ASAN_FIBERS) || defined(WMMASIM_TSAN_FIBERS)
inline constexpr bool kSanitizerFibers = true;
// A lane's fiber on [top - bytes, top); a fresh one starts with no ASan fake stack.
void make_lane_fiber(SanitizerFiber& f, void* top, std::size_t bytes);
// The calling OS thread's own stack (where a block's scheduler runs).
void make_thread_fiber(SanitizerFiber& f);
void destroy_fiber(SanitizerFiber& f);
#else
inline constexpr bool kSanitizerFibers = false;
inline void make_lane_fiber(SanitizerFiber&, void*, std::size_t) {}
inline void make_thread_fiber(SanitizerFiber&) {}
inline void destroy_fiber(SanitizerFiber&) {}
#endif

// Right before jumping from `from` to `to`; `from_ends` when nothing will jump back to `from` (its
// ASan fake stack is released then).
[[gnu::always_inline]] inline void before_switch([[maybe_unused]] SanitizerFiber& from,
                                                 [[maybe_unused]] const SanitizerFiber& to,
                                                 [[maybe_unused]] bool from_ends) {
#ifdef WMMASIM_ASAN_FIBERS
  __sanitizer_start_switch_fiber(from_ends ? nullptr : &from.asan_fake_stack, to.stack_bottom, to.stack_bytes);
#endif
#ifdef WMMASIM_TSAN_FIBERS
  __tsan_switch_to_fiber(to.tsan_fiber, 0);  // flags 0: the switch orders the two executions
#endif
}

// First thing once a jump has landed in `self` (a lane's first entry included).
[[gnu::always_inline]] inline void after_switch([[maybe_unused]] SanitizerFiber& self) {
#ifdef WMMASIM_ASAN_FIBERS
  __sanitizer_finish_switch_fiber(self.asan_fake_stack, nullptr, nullptr);
#endif
}

}  // namespace wmmasim::simt::detail
