#include "supervisor.hpp"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <csignal>
#include <cstring>
#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>

#include "wmmasim/error.hpp"

namespace wmmasim::hw {

// Messages from child to parent: one kind letter, the byte count, '\n', the bytes.
// S = step, R = result payload, F = failure sentence (followed by the exit code in the kind line).
struct ChildProtocol {
  static void send(int fd, char kind, const std::string& bytes, int code = 0) {
    char head[64];
    std::snprintf(head, sizeof head, "%c%zu %d\n", kind, bytes.size(), code);
    std::string msg = head;
    msg += bytes;
    const char* p = msg.data();
    std::size_t left = msg.size();
    while (left > 0) {
      const ssize_t n = ::write(fd, p, left);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) ::_exit(4);  // the parent is gone
      p += n;
      left -= static_cast<std::size_t>(n);
    }
  }
};

void ChildChannel::step(const std::string& what) { ChildProtocol::send(fd_, 'S', what); }

namespace {

[[noreturn]] void child_main(const std::function<std::string(ChildChannel&)>& body, int msg_fd, int out_fd) {
  ::dup2(out_fd, STDOUT_FILENO);
  ::dup2(out_fd, STDERR_FILENO);
  ::close(out_fd);
  ChildChannel channel(msg_fd);
  int code = 0;
  try {
    const std::string payload = body(channel);
    ChildProtocol::send(msg_fd, 'R', payload);
  } catch (const UserError& e) {
    ChildProtocol::send(msg_fd, 'F', e.what(), e.exit_code);
    code = 2;
  } catch (const std::exception& e) {
    ChildProtocol::send(msg_fd, 'F', std::string("internal error: ") + e.what(), 3);
    code = 3;
  }
  ::close(msg_fd);
  ::_exit(code);  // no atexit handlers or static destructors of the parent's program
}

// Parses complete messages at the front of `buf` into the report.
void take_messages(std::string& buf, ChildReport& r, bool& got_end, bool& got_step) {
  for (;;) {
    const auto nl = buf.find('\n');
    if (nl == std::string::npos) return;
    const char kind = buf[0];
    std::size_t size = 0;
    int code = 0;
    if (std::sscanf(buf.c_str() + 1, "%zu %d", &size, &code) != 2) {
      buf.clear();
      return;
    }
    if (buf.size() < nl + 1 + size) return;
    std::string bytes = buf.substr(nl + 1, size);
    buf.erase(0, nl + 1 + size);
    if (kind == 'S') {
      r.last_step = std::move(bytes);
      got_step = true;
    } else if (kind == 'R') {
      r.outcome = ChildReport::finished;
      r.payload = std::move(bytes);
      got_end = true;
    } else if (kind == 'F') {
      r.outcome = ChildReport::failed;
      r.sentence = std::move(bytes);
      r.user_exit_code = code;
      got_end = true;
    }
  }
}

void keep_last_line(const std::string& text, std::string& tail) {
  std::size_t end = text.find_last_not_of("\r\n \t");
  if (end == std::string::npos) return;
  const std::size_t start = text.find_last_of('\n', end);
  tail = text.substr(start == std::string::npos ? 0 : start + 1, end + 1 - (start == std::string::npos ? 0 : start + 1));
}

}  // namespace

ChildReport run_in_child(const std::function<std::string(ChildChannel&)>& body, std::chrono::milliseconds step_timeout) {
  int msg[2], out[2];
  if (::pipe(msg) != 0 || ::pipe(out) != 0) throw UserError("cannot create pipes for the GPU child process");
  std::fflush(nullptr);
  const pid_t pid = ::fork();
  if (pid < 0) throw UserError("cannot fork the GPU child process");
  if (pid == 0) {
    ::close(msg[0]);
    ::close(out[0]);
    child_main(body, msg[1], out[1]);
  }
  ::close(msg[1]);
  ::close(out[1]);
  ChildReport r;
  std::string msg_buf, out_text;
  bool msg_open = true, out_open = true, got_end = false, got_step = false;
  auto deadline = std::chrono::steady_clock::now() + step_timeout;
  char chunk[65536];
  while (msg_open || out_open) {
    const auto now = std::chrono::steady_clock::now();
    if (now >= deadline) {
      ::kill(pid, SIGKILL);  // our own child, by its pid
      if (!got_end) r.outcome = ChildReport::timed_out;
      break;
    }
    pollfd fds[2] = {{msg_open ? msg[0] : -1, POLLIN, 0}, {out_open ? out[0] : -1, POLLIN, 0}};
    const auto wait_ms = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - now).count();
    const int n = ::poll(fds, 2, static_cast<int>(std::min<long long>(wait_ms, 1000)));
    if (n < 0 && errno != EINTR) break;
    for (int i = 0; i < 2; ++i) {
      if (!(fds[i].revents & (POLLIN | POLLHUP | POLLERR))) continue;
      const ssize_t got = ::read(fds[i].fd, chunk, sizeof chunk);
      if (got <= 0) {
        (i == 0 ? msg_open : out_open) = false;
        continue;
      }
      if (i == 0) {
        msg_buf.append(chunk, static_cast<std::size_t>(got));
        got_step = false;
        take_messages(msg_buf, r, got_end, got_step);
        if (got_step) deadline = std::chrono::steady_clock::now() + step_timeout;
      } else {
        out_text.append(chunk, static_cast<std::size_t>(got));
        if (out_text.size() > 1 << 20) out_text.erase(0, out_text.size() - (1 << 16));
      }
    }
  }
  ::close(msg[0]);
  ::close(out[0]);
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (WIFSIGNALED(status)) r.signal = WTERMSIG(status);
  if (WIFEXITED(status)) r.exit_code = WEXITSTATUS(status);
  if (r.outcome != ChildReport::timed_out && !got_end) r.outcome = ChildReport::crashed;
  keep_last_line(out_text, r.stderr_tail);
  return r;
}

}  // namespace wmmasim::hw
