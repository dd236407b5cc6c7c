#include "sanitizer_fibers.hpp"

#include <pthread.h>

namespace wmmasim::simt::detail {

#if defined(WMMASIM_ASAN_FIBERS) || defined(WMMASIM_TSAN_FIBERS)

void make_lane_fiber(SanitizerFiber& f, void* top, std::size_t bytes) {
  f.stack_bottom = static_cast<char*>(top) - bytes;
  f.stack_bytes = bytes;
  f.asan_fake_stack = nullptr;
#ifdef WMMASIM_TSAN_FIBERS
  if (!f.tsan_fiber) {
    f.tsan_fiber = __tsan_create_fiber(0);
    f.owns_tsan_fiber = true;
  }
#endif
}

void make_thread_fiber(SanitizerFiber& f) {
  pthread_attr_t attr;
  if (pthread_getattr_np(pthread_self(), &attr) == 0) {
    void* addr = nullptr;
    std::size_t size = 0;
    pthread_attr_getstack(&attr, &addr, &size);
    pthread_attr_destroy(&attr);
    f.stack_bottom = addr;
    f.stack_bytes = size;
  }
  f.asan_fake_stack = nullptr;
#ifdef WMMASIM_TSAN_FIBERS
  f.tsan_fiber = __tsan_get_current_fiber();
  f.owns_tsan_fiber = false;
#endif
}

void destroy_fiber(SanitizerFiber& f) {
#ifdef WMMASIM_TSAN_FIBERS
  if (f.owns_tsan_fiber) __tsan_destroy_fiber(f.tsan_fiber);
  f.tsan_fiber = nullptr;
  f.owns_tsan_fiber = false;
#else
  (void)f;
#endif
}

#endif

}  // namespace wmmasim::simt::detail
