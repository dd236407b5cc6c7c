#include "record_program.hpp"

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <map>

#include "wmmasim/error.hpp"
#include "wmmasim/record/recorder.hpp"

#ifndef WMMASIM_RECORD_LIBRARY_BUILT
#define WMMASIM_RECORD_LIBRARY_BUILT ""
#endif

namespace wmmasim::hw {

std::string record_library() {
  if (const char* env = std::getenv("WMMASIM_RECORD_LIBRARY"); env && *env) {
    if (!std::filesystem::exists(env)) throw UserError(std::string("WMMASIM_RECORD_LIBRARY is ") + env + ", which does not exist");
    return env;
  }
  std::error_code ec;
  const auto self = std::filesystem::read_symlink("/proc/self/exe", ec);
  if (!ec) {
    const auto installed = self.parent_path().parent_path() / "lib" / "libwmmasim_record.so";
    if (std::filesystem::exists(installed)) return installed.string();
  }
  if (*WMMASIM_RECORD_LIBRARY_BUILT && std::filesystem::exists(WMMASIM_RECORD_LIBRARY_BUILT)) return WMMASIM_RECORD_LIBRARY_BUILT;
  throw UserError(*WMMASIM_RECORD_LIBRARY_BUILT
                      ? "libwmmasim_record.so was not found (looked next to wmmasim and at " WMMASIM_RECORD_LIBRARY_BUILT
                        "); set WMMASIM_RECORD_LIBRARY to its path"
                      : "this wmmasim was built without the HIP headers, so it has no libwmmasim_record.so to record a GPU "
                        "program with; set WMMASIM_RECORD_LIBRARY to one built elsewhere");
}

int record_program(const RecordOptions& options, std::ostream& out) {
  if (options.command.empty()) throw UserError("wmmasim hw record needs the program to run: wmmasim hw record -- ./prog args");
  const std::filesystem::path path = std::filesystem::absolute(options.out);
  std::map<std::string, std::string> env = {{"WMMASIM_RECORD", path.string()},
                                            {"WMMASIM_RECORD_ONLY_OUTPUTS", options.only_outputs ? "1" : ""},
                                            {"WMMASIM_RECORD_LAUNCHES", options.launches},
                                            {"WMMASIM_RECORD_MAX_BYTES", options.max_bytes}};
  // The same parser the recorder runs in the program, so a bad option is reported here, not there.
  record::Options::from([&](const char* name) -> const char* {
    auto it = env.find(name);
    return it == env.end() || it->second.empty() ? nullptr : it->second.c_str();
  });
  if (!std::filesystem::is_directory(path.parent_path()))
    throw UserError("--out " + options.out + " is in a directory that does not exist");
  const std::string library = record_library();
  const char* preload = std::getenv("LD_PRELOAD");
  env["LD_PRELOAD"] = library + (preload && *preload ? std::string(":") + preload : "");
  std::error_code ec;
  const bool existed = std::filesystem::exists(path, ec);
  const auto before = existed ? std::filesystem::last_write_time(path, ec) : std::filesystem::file_time_type{};

  int report[2];
  if (::pipe2(report, O_CLOEXEC) != 0) throw UserError("cannot create a pipe to start the program");
  const pid_t pid = ::fork();
  if (pid < 0) throw UserError("cannot start a process for the program");
  if (pid == 0) {
    ::close(report[0]);
    for (const auto& [name, value] : env)
      if (value.empty()) ::unsetenv(name.c_str());
      else ::setenv(name.c_str(), value.c_str(), 1);
    std::vector<char*> argv;
    for (const std::string& a : options.command) argv.push_back(const_cast<char*>(a.c_str()));
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
  const std::string& prog = options.command.front();
  if (exec_failed) throw UserError("cannot run " + prog + ": " + std::strerror(exec_error));
  if (WIFSIGNALED(status))
    throw UserError(prog + " was killed by signal " + std::to_string(WTERMSIG(status)) + " (" + strsignal(WTERMSIG(status)) +
                    "); no run file was written");
  const int code = WIFEXITED(status) ? WEXITSTATUS(status) : 2;
  const bool written = std::filesystem::exists(path, ec) && (!existed || std::filesystem::last_write_time(path, ec) != before);
  if (!written) {
    if (code != 0) throw UserError(prog + " exited with status " + std::to_string(code) + " and wrote no run file");
    throw UserError(prog + " finished without a run file: it made no HIP call through a dynamically linked HIP runtime "
                    "(libamdhip64), so there was nothing to record");
  }
  out << "recorded " << prog << " into " << path.string();
  if (code != 0) out << " (the program exited with status " << code << ")";
  out << "\n";
  return code;
}

}  // namespace wmmasim::hw
