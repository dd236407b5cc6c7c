#include "wmmasim/runfile/launch_replay.hpp"

#include <fcntl.h>
#include <fnmatch.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <map>
#include <set>

#include "wmmasim/error.hpp"
#include "wmmasim/record/replay_session.hpp"

namespace wmmasim::runfile {
namespace {

namespace fs = std::filesystem;

std::string label(const LaunchRecord& l) { return "launch " + std::to_string(l.index) + " (" + kernel_base_name(l.kernel) + ")"; }

std::string list_of(const std::vector<std::string>& names) {
  std::string s;
  for (const std::string& n : names) s += (s.empty() ? "" : ", ") + n;
  return s;
}

// The launches the options select, in recording order; UserError when the selection holds none.
std::vector<const LaunchRecord*> select(const RunFile& recording, const LaunchReplayOptions& o) {
  std::vector<const LaunchRecord*> all;
  for (const LaunchRecord& l : recording.launches) all.push_back(&l);
  std::stable_sort(all.begin(), all.end(), [](auto* a, auto* b) { return a->index < b->index; });
  std::vector<std::string> kernels;
  for (const LaunchRecord* l : all)
    if (std::find(kernels.begin(), kernels.end(), kernel_base_name(l->kernel)) == kernels.end()) kernels.push_back(kernel_base_name(l->kernel));
  for (std::uint64_t n : o.launches)
    if (std::none_of(all.begin(), all.end(), [n](auto* l) { return l->index == n; }))
      throw UserError(o.recording + " has no launch " + std::to_string(n) + " (its launches are numbered " +
                      std::to_string(all.front()->index) + " to " + std::to_string(all.back()->index) + ")");
  const auto kernel_matches = [&](const LaunchRecord& l) {
    if (o.kernel.empty()) return true;
    const std::string base = kernel_base_name(l.kernel);
    return fnmatch(o.kernel.c_str(), base.c_str(), 0) == 0 || comparable_kernel_name(l.kernel) == comparable_kernel_name(o.kernel);
  };
  std::vector<const LaunchRecord*> chosen;
  for (const LaunchRecord* l : all) {
    const bool by_number = o.launches.empty() || std::find(o.launches.begin(), o.launches.end(), l->index) != o.launches.end();
    if (by_number && kernel_matches(*l)) chosen.push_back(l);
  }
  if (chosen.empty())
    throw UserError(o.recording + " has no launch of kernel " + o.kernel + (o.launches.empty() ? "" : " among the selected numbers") +
                    " (it launched " + list_of(kernels) + ")");
  return chosen;
}

struct ProgramRun {
  int status = 0;  // exit status
};

// Runs the program with `env` changes (an empty value unsets the variable); its standard output
// goes to standard error, so that the report is all that `wmmasim replay` prints on standard output.
ProgramRun run_program(const std::vector<std::string>& command, const std::map<std::string, std::string>& env) {
  int report[2];
  if (::pipe2(report, O_CLOEXEC) != 0) throw UserError("cannot create a pipe to start the program");
  const pid_t pid = ::fork();
  if (pid < 0) throw UserError("cannot start a process for the program");
  if (pid == 0) {
    ::close(report[0]);
    for (const auto& [name, value] : env)
      if (value.empty()) ::unsetenv(name.c_str());
      else ::setenv(name.c_str(), value.c_str(), 1);
    ::dup2(2, 1);
    std::vector<char*> argv;
    for (const std::string& a : command) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    ::execvp(argv[0], argv.data());
    const int err = errno;
    [[maybe_unused]] auto n = ::write(report[1], &err, sizeof err);
    ::_exit(127);
  }
  ::close(report[1]);
  int exec_error = 0;
  const bool exec_failed = ::read(report[0], &exec_error, sizeof exec_error) == static_cast<ssize_t>(sizeof exec_error);
  ::close(report[0]);
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (exec_failed) throw UserError("cannot run " + command.front() + ": " + std::strerror(exec_error));
  if (WIFSIGNALED(status))
    throw UserError(command.front() + " was killed by signal " + std::to_string(WTERMSIG(status)) + " (" + strsignal(WTERMSIG(status)) +
                    ") during the replay");
  return {WIFEXITED(status) ? WEXITSTATUS(status) : 2};
}

class TemporaryDirectory {
 public:
  TemporaryDirectory() {
    const char* tmp = std::getenv("TMPDIR");
    std::string pattern = std::string(tmp && *tmp ? tmp : "/tmp") + "/wmmasim-replay-XXXXXX";
    if (!::mkdtemp(pattern.data())) throw UserError("cannot create a temporary directory in " + pattern);
    path_ = pattern;
  }
  ~TemporaryDirectory() {
    std::error_code ec;
    fs::remove_all(path_, ec);
  }
  const fs::path& path() const { return path_; }

 private:
  fs::path path_;
};

// Only the outputs are compared: a replay starts from the recorded inputs, so they agree by construction.
LaunchRecord outputs_only(LaunchRecord l) {
  for (LaunchBuffer& b : l.buffers) b.before.reset();
  return l;
}

}  // namespace

LaunchReplayReport replay_launches(const LaunchReplayOptions& o) {
  if (o.command.empty()) throw UserError("wmmasim replay needs the program built by wmmasim-hipcc: --program PROG");
  const RunFile recording = read_run_file(o.recording);
  if (recording.launches.empty())
    throw UserError(o.recording + " is not a recording of a program's launches (it holds no launch records; "
                    "make one with wmmasim hw record or WMMASIM_RECORD)");
  LaunchReplayReport report;
  report.recording = o.recording;
  report.program = o.command.front();
  const std::vector<const LaunchRecord*> chosen = select(recording, o);
  report.selected = chosen.size();
  std::vector<const LaunchRecord*> replayable;
  for (const LaunchRecord* l : chosen) {
    if (auto why = record::replay_obstacle(*l)) report.not_replayed.push_back(*why);
    else replayable.push_back(l);
  }
  if (replayable.empty()) throw UserError(report.not_replayed.front());

  TemporaryDirectory dir;
  const fs::path out = dir.path() / "replayed.json";
  std::string numbers;
  for (const LaunchRecord* l : replayable) numbers += (numbers.empty() ? "" : ",") + std::to_string(l->index);
  std::map<std::string, std::string> env = {
      {"WMMASIM_REPLAY", fs::absolute(o.recording).string()}, {"WMMASIM_REPLAY_OUT", out.string()},
      {"WMMASIM_REPLAY_LAUNCHES", numbers}, {"WMMASIM_REPLAY_CHECK_LAYOUTS", o.check_layouts ? "1" : "0"},
      // A replay records nothing and checks nothing beyond what it asks for itself.
      {"WMMASIM_RECORD", ""}, {"WMMASIM_CHECK_LAYOUTS", ""}, {"WMMASIM_CHECK_LAYOUTS_JSON", ""}};
  const ProgramRun run = run_program(o.command, env);
  std::error_code ec;
  if (!fs::exists(out, ec))
    throw UserError(o.command.front() + " made no kernel launch on the CPU emulator's HIP runtime (it exited with status " +
                    std::to_string(run.status) + "), so nothing was replayed: is it the program built by wmmasim-hipcc, run with "
                    "the arguments it was recorded with?");
  const RunFile replay = read_run_file(out);
  const nlohmann::json info = replay.environment.value("replay", nlohmann::json::object());
  std::map<std::uint64_t, std::string> failures;
  for (const auto& f : info.value("failures", nlohmann::json::array()))
    failures[f.value("index", std::uint64_t{0})] = f.value("sentence", std::string());
  std::map<std::uint64_t, std::vector<std::string>> layout;
  for (const auto& c : info.value("layout_checks", nlohmann::json::array()))
    layout[c.value("index", std::uint64_t{0})] = c.value("lines", std::vector<std::string>{});
  std::map<std::uint64_t, const LaunchRecord*> replayed;
  for (const LaunchRecord& l : replay.launches) replayed[l.index] = &l;
  const auto seen = info.value("launches_seen", std::uint64_t{0});
  const bool stopped = info.value("stopped", false);

  RunFile first, second;
  for (const LaunchRecord* l : replayable) {
    if (auto it = replayed.find(l->index); it != replayed.end()) {
      first.launches.push_back(outputs_only(*l));
      second.launches.push_back(outputs_only(*it->second));
    } else if (auto f = failures.find(l->index); f != failures.end()) {
      report.not_replayed.push_back(f->second);
    } else if (stopped) {
      report.not_replayed.push_back(label(*l) + " was not replayed: the replay stopped where the program's launches left the recording's");
    } else {
      std::vector<std::string> kernels;
      for (const std::string& k : info.value("kernels_seen", std::vector<std::string>{}))
        if (std::find(kernels.begin(), kernels.end(), k) == kernels.end()) kernels.push_back(k);
      report.not_replayed.push_back(label(*l) + " was not replayed: " + o.command.front() + " made only " + std::to_string(seen) +
                                    " launches (" + (kernels.empty() ? "none" : list_of(kernels)) + ") and exited with status " +
                                    std::to_string(run.status) + "; run it with the arguments it was recorded with");
    }
  }
  if (first.launches.empty()) throw UserError(report.not_replayed.front());
  report.diff = diff_launches(first, second, o.types, o.max_listed);
  for (LaunchDiff& d : report.diff.launches) {
    d.position = d.index_first;
    if (d.differing())
      if (auto it = layout.find(d.index_first); it != layout.end()) d.explanations = it->second;
  }
  return report;
}

std::string launch_replay_text(const LaunchReplayReport& r) {
  std::string out = "replay of " + r.recording + " on the CPU emulator (" + r.program + "): recorded vs emulated outputs\n";
  out += launch_diff_text(r.diff);
  for (const std::string& s : r.not_replayed) out += "not replayed: " + s + "\n";
  if (!r.not_replayed.empty())
    out += std::to_string(r.not_replayed.size()) + " of " + std::to_string(r.selected) + " selected launches could not be replayed\n";
  return out;
}

int launch_replay_status(const LaunchReplayReport& r) {
  if (!r.not_replayed.empty() || r.diff.failed()) return 2;
  return r.differing() ? 1 : 0;
}

}  // namespace wmmasim::runfile
