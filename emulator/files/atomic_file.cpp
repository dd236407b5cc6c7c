#include "wmmasim/files/atomic_file.hpp"

#include <fcntl.h>
#include <signal.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstring>
#include <string>

#include "wmmasim/error.hpp"

namespace wmmasim::files {
namespace {

// The temporary file being written, for the signal handler: a fixed buffer (nothing the handler
// reads is allocated or freed while it may run) published through a lock-free flag.
char g_unfinished[4096];
std::atomic<bool> g_has_unfinished{false};
static_assert(std::atomic<bool>::is_always_lock_free);

void on_interrupt(int sig) {
  if (g_has_unfinished.load(std::memory_order_acquire)) ::unlink(g_unfinished);
  ::signal(sig, SIG_DFL);
  ::raise(sig);
}

// Removes the temporary file on every way out of write_atomically, including exceptions.
struct Unfinished {
  explicit Unfinished(const std::string& path) {
    if (path.size() < sizeof g_unfinished) {
      std::memcpy(g_unfinished, path.c_str(), path.size() + 1);
      g_has_unfinished.store(true, std::memory_order_release);
    }
  }
  void done() { g_has_unfinished.store(false, std::memory_order_release); }
  ~Unfinished() {
    if (g_has_unfinished.exchange(false)) ::unlink(g_unfinished);
  }
};

[[noreturn]] void fail(std::string_view what, const std::filesystem::path& path, int err) {
  throw UserError("cannot write " + std::string(what) + " " + path.string() + ": " + std::strerror(err));
}

}  // namespace

void write_atomically(const std::filesystem::path& path, std::string_view contents, std::string_view what) {
  if (path.empty()) throw UserError("cannot write " + std::string(what) + ": the file name is empty");
  if (std::error_code ec; std::filesystem::is_directory(path, ec))
    throw UserError("cannot write " + std::string(what) + " " + path.string() + ": it is a directory");
  // Same directory as the destination, so the rename never crosses file systems; hidden, and named
  // after the process so two writers of the same file never share one.
  std::string name = path.filename().string();
  name.insert(name.begin(), '.');
  name += ".tmp." + std::to_string(::getpid());
  const std::filesystem::path tmp = path.parent_path() / name;
  Unfinished guard(tmp.string());
  const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
  if (fd < 0) fail(what, path, errno);
  const char* p = contents.data();
  std::size_t left = contents.size();
  while (left > 0) {
    const ssize_t n = ::write(fd, p, left);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      const int err = n < 0 ? errno : ENOSPC;
      ::close(fd);
      fail(what, path, err);
    }
    p += n;
    left -= static_cast<std::size_t>(n);
  }
  if (::close(fd) != 0) fail(what, path, errno);
  if (::rename(tmp.c_str(), path.c_str()) != 0) fail(what, path, errno);
  guard.done();
}

void remove_unfinished_file_on_interrupt() {
  struct sigaction sa {};
  sa.sa_handler = on_interrupt;
  sigemptyset(&sa.sa_mask);
  for (int sig : {SIGINT, SIGTERM, SIGHUP}) ::sigaction(sig, &sa, nullptr);
}

}  // namespace wmmasim::files
