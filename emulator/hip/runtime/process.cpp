// What a HIP program's process gets from the CPU runtime: device printf (optionally prefixed with the
// block and thread, WMMASIM_PRINTF_PREFIX=1), device assert as a kernel fault (hipErrorAssert), and an
// exit status that cannot hide a kernel fault: a program that ends with status 0 after one ends with
// status 2 instead (WMMASIM_FAULT_EXIT=0 keeps the program's own status). In a hidden run (the layout
// check's tagged runs, docs/diagnosis.md) device printf prints nothing and a failed assert stops only
// that run, which the check then leaves unchecked: the program sees its real run alone.
#include <dlfcn.h>
#include <unistd.h>

#include <atomic>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "check_session.hpp"
#include "runtime_state.hpp"
#include "wmmasim/simt/fault.hpp"
#include "wmmasim/simt/lane_context.hpp"
#include "wmmasim/simt/layout_check.hpp"
#include "wmmasim/simt/shared_memory.hpp"

namespace wmmasim::hip::runtime {
namespace {

std::atomic<bool> g_assert_failed{false};

void exit_status_guard(int status, void*) {
  if (status != 0 || sticky_error() == hipSuccess) return;
  const char* keep = std::getenv("WMMASIM_FAULT_EXIT");
  if (keep && std::strcmp(keep, "0") == 0) return;
  wmmasim::simt::finish_default_layout_check();  // _exit skips the check's own exit handler
  finish_check();                                // and the checking session's
  std::fflush(nullptr);
  std::fprintf(stderr, "wmmasim: the program ended with status 0 after a kernel fault (%s); exiting with status 2\n",
               hipGetErrorName(sticky_error()));
  _exit(2);
}

}  // namespace

void note_kernel_fault() {
  static const bool registered = [] { return on_exit(exit_status_guard, nullptr) == 0; }();
  (void)registered;
}

bool take_assert_failure() { return g_assert_failed.exchange(false); }

}  // namespace wmmasim::hip::runtime

namespace wmmasim::hip::detail {
void* dynamic_shared_base() { return simt::detail::dynamic_shared_data(); }
}  // namespace wmmasim::hip::detail

extern "C" {

// Device printf: lines from lanes come out in the order the lanes run (one at a time).
int printf(const char* format, ...) {
  va_list args;
  va_start(args, format);
  int written = 0;
  if (wmmasim::simt::in_hidden_run()) {  // what the real run will print: the same count, nothing shown
    written = std::vsnprintf(nullptr, 0, format, args);
    va_end(args);
    return written;
  }
  if (wmmasim::simt::in_kernel()) {
    static const bool prefix = [] {
      const char* p = std::getenv("WMMASIM_PRINTF_PREFIX");
      return p && *p && std::strcmp(p, "0") != 0;
    }();
    if (prefix) {
      const auto& c = wmmasim::simt::coordinates("printf");
      written += std::fprintf(stdout, "[block (%u,%u,%u) thread (%u,%u,%u)] ", c.block_idx.x, c.block_idx.y,
                              c.block_idx.z, c.thread_idx.x, c.thread_idx.y, c.thread_idx.z);
    }
  }
  written += std::vfprintf(stdout, format, args);
  va_end(args);
  return written;
}

// assert() in a kernel stops the launch like a GPU's device-side assert; in host code it is glibc's.
[[noreturn]] void __assert_fail(const char* assertion, const char* file, unsigned int line, const char* function) noexcept(true) {
  if (wmmasim::simt::in_kernel()) {
    // A hidden run's assert stops that run only: it is not the program's hipErrorAssert.
    if (!wmmasim::simt::in_hidden_run()) wmmasim::hip::runtime::g_assert_failed = true;
    const char* slash = std::strrchr(file, '/');
    // Thread-local, not a temporary: the lane's frames are dropped without unwinding.
    static thread_local std::string sentence;
    sentence = std::string("assertion '") + assertion + "' failed in " + function + " at " + (slash ? slash + 1 : file) +
               ":" + std::to_string(line);
    wmmasim::simt::detail::abandon_lane(wmmasim::simt::FaultKind::trap, sentence);
  }
  using Real = void (*)(const char*, const char*, unsigned int, const char*);
  if (auto real = reinterpret_cast<Real>(dlsym(RTLD_NEXT, "__assert_fail"))) real(assertion, file, line, function);
  std::abort();
}

}  // extern "C"
