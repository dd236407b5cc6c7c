#include "signals.hpp"

#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <ucontext.h>
#include <unistd.h>
#include <fcntl.h>
#include <link.h>

#include <array>
#include <atomic>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <string>

#include "block_runner.hpp"
#include "text.hpp"
#include "wmmasim/simt/memory_faults.hpp"

extern char** environ;

namespace wmmasim::simt {
namespace detail {

thread_local BlockRunner* t_runner = nullptr;

namespace {

constexpr std::size_t kAltStackBytes = 64 * 1024;
constexpr int kSignals[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL};
struct sigaction g_previous[std::size(kSignals)];

std::mutex g_describer_mutex;
AddressDescriber g_describer;
std::atomic<bool> g_has_describer{false};

// What the handler saw, for the fault entry (a thread's own record: written in the handler, read by
// the same thread once the handler has returned).
struct TrappedFault {
  int signal = 0, code = 0;
  const void* address = nullptr;
  MemoryAccess access = MemoryAccess::unknown;
  const void* pc = nullptr;
};
thread_local TrappedFault t_trapped;

std::size_t slot_of(int sig) {
  for (std::size_t i = 0; i < std::size(kSignals); ++i)
    if (kSignals[i] == sig) return i;
  return 0;
}

// Makes the interrupted code continue in `entry` on its own stack, below its red zone, as if the
// faulting instruction had called it. False where the CPU is not supported (the fault then happens
// again with the previous handler, as without wmmasim).
bool redirect(void* context, void (*entry)()) {
  auto* uc = static_cast<ucontext_t*>(context);
#if defined(__x86_64__)
  auto& g = uc->uc_mcontext.gregs;
  std::uintptr_t sp = static_cast<std::uintptr_t>(g[REG_RSP]) - 256;  // past the 128-byte red zone
  sp &= ~std::uintptr_t{15};
  sp -= 8;  // entry sees the stack as after a call: the "return address" is the faulting instruction
  *reinterpret_cast<std::uintptr_t*>(sp) = static_cast<std::uintptr_t>(g[REG_RIP]);
  g[REG_RSP] = static_cast<greg_t>(sp);
  g[REG_RIP] = reinterpret_cast<greg_t>(entry);
  return true;
#elif defined(__aarch64__)
  auto& m = uc->uc_mcontext;
  m.regs[30] = m.pc;
  m.sp = (m.sp - 256) & ~std::uint64_t{15};
  m.pc = reinterpret_cast<std::uint64_t>(entry);
  return true;
#else
  (void)uc;
  (void)entry;
  return false;
#endif
}

void record(int sig, const siginfo_t* info, const void* context) {
  t_trapped = TrappedFault{sig, info->si_code, info->si_addr, MemoryAccess::unknown, nullptr};
  const auto* uc = static_cast<const ucontext_t*>(context);
#if defined(__x86_64__)
  t_trapped.pc = reinterpret_cast<const void*>(uc->uc_mcontext.gregs[REG_RIP]);
  if (sig == SIGSEGV && uc->uc_mcontext.gregs[REG_TRAPNO] == 14)  // page fault: bit 1 of the error code
    t_trapped.access = (uc->uc_mcontext.gregs[REG_ERR] & 2) ? MemoryAccess::write : MemoryAccess::read;
#elif defined(__aarch64__)
  t_trapped.pc = reinterpret_cast<const void*>(uc->uc_mcontext.pc);
#else
  (void)uc;
#endif
}

std::string hex(const void* p) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "0x%" PRIxPTR, reinterpret_cast<std::uintptr_t>(p));
  return buf;
}

const char* verb(MemoryAccess a) { return a == MemoryAccess::read ? "read" : a == MemoryAccess::write ? "write" : "access"; }

// The sentence's start for a trapped fault, and its kind.
std::pair<FaultKind, std::string> describe(const TrappedFault& f, const BlockRunner* block) {
  if (f.signal == SIGFPE)
    return {FaultKind::trap, "integer division by zero or overflow (a GPU does not trap here; its result would be unspecified)"};
  if (f.signal == SIGILL)
    return {FaultKind::trap, "a trap instruction (__builtin_trap, abort, or __builtin_unreachable reached)"};
  if (block) {
    if (auto off = block->dynamic_shared.offset_of(f.address)) {
      const std::size_t n = block->dynamic_shared.size();
      return {FaultKind::out_of_bounds, "out-of-bounds " + std::string(verb(f.access)) + " of dynamic shared memory (" +
                                            std::to_string(n) + " bytes) at byte " + std::to_string(*off)};
    }
  }
  if (g_has_describer.load()) {
    AddressDescriber d;
    {
      std::lock_guard lock(g_describer_mutex);
      d = g_describer;
    }
    if (d) {
      std::string what = d(f.address, f.access);
      if (!what.empty()) return {FaultKind::out_of_bounds, what};
    }
  }
  if (f.signal == SIGSEGV && f.code == SI_KERNEL)  // a general-protection fault carries no address
    return {FaultKind::out_of_bounds,
            "an invalid memory access the CPU gives no address for (a misaligned vector access, or a non-canonical "
            "wild pointer)"};
  if (reinterpret_cast<std::uintptr_t>(f.address) < 65536)
    return {FaultKind::out_of_bounds, std::string(verb(f.access)) + " through a null pointer (address " + hex(f.address) + ")"};
  return {FaultKind::out_of_bounds, std::string(verb(f.access)) + " of address " + hex(f.address) +
                                        ", which belongs to no buffer (a wild or dangling pointer)"};
}

// Where kernel code lands after a trapped fault (see signals.hpp).
[[noreturn]] void lane_fault_entry() {
  BlockRunner& b = *t_lane->block;
  {
    // Nothing after this scope returns (the lane is dropped by a jump), so every string is built and
    // destroyed inside it: a temporary still alive at the jump would never be freed (LeakSanitizer
    // found one per trapped fault).
    const TrappedFault f = t_trapped;
    auto [kind, what] = describe(f, &b);
    const std::string where = code_location(f.pc);
    b.record_trapped_fault(kind, what + " " + b.lane_context(*t_lane) + (where.empty() ? "" : " at " + where));
  }
  b.drop_faulted_lane(*t_lane);
}

// Host code that hit memory the describer knows (a device buffer's guard page, a freed buffer).
[[noreturn]] void host_fault_entry() {
  const TrappedFault f = t_trapped;
  auto [kind, what] = describe(f, nullptr);
  (void)kind;
  const std::string where = code_location(f.pc);
  const std::string s = "wmmasim: host code made " + std::string(what.rfind("out-of-bounds", 0) == 0 ? "an " : "a ") + what +
                        (where.empty() ? "" : " at " + where) + "; stopping the process with status 2\n";
  std::fflush(nullptr);
  [[maybe_unused]] auto n = ::write(STDERR_FILENO, s.data(), s.size());
  ::_exit(2);
}

// A fixed buffer that text and numbers are appended to, for signal handlers (no allocation).
struct SignalSafeText {
  char text[1024];
  std::size_t size = 0;
  SignalSafeText& add(const char* s) {
    while (*s && size + 1 < sizeof text) text[size++] = *s++;
    return *this;
  }
  SignalSafeText& add(unsigned long long v) {
    char digits[24];
    int n = 0;
    do digits[n++] = static_cast<char>('0' + v % 10); while ((v /= 10) != 0);
    while (n > 0 && size + 1 < sizeof text) text[size++] = digits[--n];
    return *this;
  }
  SignalSafeText& add(int v) {
    if (v < 0) add("-");
    return add(static_cast<unsigned long long>(v < 0 ? -static_cast<long long>(v) : v));
  }
  SignalSafeText& add(unsigned v) { return add(static_cast<unsigned long long>(v)); }
  SignalSafeText& add(unsigned long v) { return add(static_cast<unsigned long long>(v)); }
};

void on_fault(int sig, siginfo_t* info, void* context) {
  BlockRunner* r = t_runner;
  LaneState* lane = r ? r->running.load(std::memory_order_relaxed) : nullptr;
  if (sig == SIGSEGV && lane && r->is_stack_guard(info->si_addr)) {
    // Built without allocating (a handler must not call malloc; TSan reports it): the lane's stack is
    // exhausted and the process ends right after, so the sentence is the point.
    SignalSafeText t;
    t.add("kernel ").add(r->launch.kernel.c_str()).add(" overflowed its ").add(r->launch.options.lane_stack_bytes / 1024)
        .add(" KiB lane stack in block (").add(r->block_idx.x).add(",").add(r->block_idx.y).add(",").add(r->block_idx.z)
        .add("), wave ").add(lane->wave).add(", lane ").add(lane->lane)
        .add(" (raise LaunchOptions::lane_stack_bytes); stopping the process with status 2\n");
    [[maybe_unused]] auto n = ::write(STDERR_FILENO, t.text, t.size);
    ::_exit(2);
  }
  const bool synchronous = info->si_code > 0;  // raised by the CPU, not sent by kill() or raise()
  if (synchronous && lane && !r->in_exec) {
    record(sig, info, context);
    if (redirect(context, &lane_fault_entry)) return;
  }
  if (synchronous && !lane && (sig == SIGSEGV || sig == SIGBUS) && g_has_describer.load()) {
    record(sig, info, context);
    // Only memory the describer knows is reported; anything else crashes as it would without us.
    if (redirect(context, &host_fault_entry)) return;
  }
  ::sigaction(sig, &g_previous[slot_of(sig)], nullptr);  // not ours: let it happen again, as before
}

}  // namespace

void install_fault_handlers() {
  static std::once_flag once;
  std::call_once(once, [] {
    for (std::size_t i = 0; i < std::size(kSignals); ++i) {
      struct sigaction sa {};
      sa.sa_sigaction = on_fault;
      sa.sa_flags = SA_SIGINFO | SA_ONSTACK;
      sigemptyset(&sa.sa_mask);
      ::sigaction(kSignals[i], &sa, &g_previous[i]);
    }
  });
}

AltSignalStack::AltSignalStack() : memory_(std::make_unique<char[]>(kAltStackBytes)) {
  stack_t ss{}, previous{};
  ::sigaltstack(nullptr, &previous);
  if (!(previous.ss_flags & SS_DISABLE)) return;  // the thread has one already (the host thread may)
  ss.ss_sp = memory_.get();
  ss.ss_size = kAltStackBytes;
  installed_ = ::sigaltstack(&ss, nullptr) == 0;
}

AltSignalStack::~AltSignalStack() {
  if (!installed_) return;
  stack_t ss{};
  ss.ss_flags = SS_DISABLE;
  ::sigaltstack(&ss, nullptr);
}

}  // namespace detail

void set_address_describer(AddressDescriber describer) {
  {
    std::lock_guard lock(detail::g_describer_mutex);
    detail::g_describer = std::move(describer);
  }
  detail::g_has_describer.store(static_cast<bool>(detail::g_describer));
  detail::install_fault_handlers();
}

namespace {

// Runs llvm-symbolizer on one address of one object; its first two output lines are the function
// and file:line:column of the innermost inlined frame.
std::string symbolize(const char* object, std::uintptr_t offset) {
  static const char* const tools[] = {"/usr/bin/llvm-symbolizer-19", "/usr/lib/llvm-19/bin/llvm-symbolizer",
                                      "/usr/bin/llvm-symbolizer"};
  const char* tool = nullptr;
  for (const char* t : tools)
    if (::access(t, X_OK) == 0) {
      tool = t;
      break;
    }
  if (!tool) return "";
  int out[2];
  if (::pipe(out) != 0) return "";
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, out[1], STDOUT_FILENO);
  posix_spawn_file_actions_addclose(&actions, out[0]);
  posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0);
  const std::string obj = std::string("--obj=") + object;
  char addr[32];
  std::snprintf(addr, sizeof addr, "0x%" PRIxPTR, offset);
  char* argv[] = {const_cast<char*>(tool), const_cast<char*>("--functions=short"),
                  const_cast<char*>(obj.c_str()), addr, nullptr};
  pid_t pid = -1;
  const int rc = ::posix_spawn(&pid, tool, &actions, nullptr, argv, environ);
  posix_spawn_file_actions_destroy(&actions);
  ::close(out[1]);
  std::string text;
  if (rc == 0) {
    char buf[512];
    ssize_t n;
    while ((n = ::read(out[0], buf, sizeof buf)) > 0) text.append(buf, static_cast<std::size_t>(n));
    int status = 0;
    ::waitpid(pid, &status, 0);
  }
  ::close(out[0]);
  const std::size_t nl = text.find('\n');
  if (nl == std::string::npos) return "";
  const std::string function = text.substr(0, nl);
  std::string line = text.substr(nl + 1, text.find('\n', nl + 1) - nl - 1);
  if (line.rfind("??", 0) == 0) line.clear();
  // file:line:column -> basename:line
  if (!line.empty()) {
    const std::size_t colon2 = line.rfind(':');
    const std::size_t colon1 = colon2 == std::string::npos ? colon2 : line.rfind(':', colon2 - 1);
    if (colon1 != std::string::npos) line = line.substr(0, colon2);
    const std::size_t slash = line.rfind('/');
    if (slash != std::string::npos) line = line.substr(slash + 1);
  }
  const bool known_function = !function.empty() && function != "??";
  if (line.empty()) return known_function ? "in " + function : "";
  return known_function ? line + " (in " + function + ")" : line;
}

}  // namespace

std::string code_location(const void* code_address) {
  if (!code_address) return "";
  // The loaded object holding the address, and its load bias: the address as the file gives it is
  // code_address - bias, for position-independent and fixed-address programs alike.
  struct Search {
    std::uintptr_t pc;
    std::string object;
    std::uintptr_t bias = 0;
    bool found = false;
  } search{reinterpret_cast<std::uintptr_t>(code_address), {}};
  ::dl_iterate_phdr(
      [](dl_phdr_info* info, std::size_t, void* data) {
        auto& s = *static_cast<Search*>(data);
        for (int i = 0; i < info->dlpi_phnum; ++i) {
          const ElfW(Phdr)& ph = info->dlpi_phdr[i];
          const std::uintptr_t start = info->dlpi_addr + ph.p_vaddr;
          if (ph.p_type == PT_LOAD && s.pc >= start && s.pc < start + ph.p_memsz) {
            s.object = info->dlpi_name ? info->dlpi_name : "";
            s.bias = info->dlpi_addr;
            s.found = true;
            return 1;
          }
        }
        return 0;
      },
      &search);
  if (!search.found) return "";
  if (search.object.empty() || search.object[0] != '/') {  // the program itself
    char self[4096];
    const ssize_t n = ::readlink("/proc/self/exe", self, sizeof self - 1);
    if (n <= 0) return "";
    search.object.assign(self, static_cast<std::size_t>(n));
  }
  return symbolize(search.object.c_str(), search.pc - search.bias);
}

}  // namespace wmmasim::simt
