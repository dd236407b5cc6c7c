// Runs GPU work in a child process. A memory fault makes the HIP runtime abort its process, and a
// kernel that never ends blocks it; in a child, either costs the child, and the parent can still say
// in one sentence what happened and leave no partial run file behind.
#pragma once

#include <chrono>
#include <functional>
#include <string>

namespace wmmasim::hw {

class ChildChannel {
 public:
  explicit ChildChannel(int fd) : fd_(fd) {}
  // Announces the step that runs now (e.g. a program name) and restarts the parent's timeout.
  void step(const std::string& what);

 private:
  friend struct ChildProtocol;
  int fd_;
};

struct ChildReport {
  enum Outcome { finished, failed, crashed, timed_out } outcome = crashed;
  std::string payload;      // finished: what the body returned
  std::string sentence;     // failed: the body's UserError sentence
  std::string last_step;    // the last step announced before the end
  std::string stderr_tail;  // the last non-empty line the child wrote to stdout/stderr
  int exit_code = 0, signal = 0;
  int user_exit_code = 2;   // failed: the UserError's exit code
};

// Forks; the child runs `body` with its stdout/stderr captured and returns its payload (or throws
// UserError). `step_timeout` bounds the time between two steps (and from the start to the first).
ChildReport run_in_child(const std::function<std::string(ChildChannel&)>& body,
                         std::chrono::milliseconds step_timeout);

}  // namespace wmmasim::hw
