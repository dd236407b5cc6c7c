// `wmmasim run prog.hip`: builds a plain HIP program with wmmasim-hipcc and runs it on the CPU
// emulator in one step. The program's exit status is the command's.
#include "run_hip_source.hpp"

#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "wmmasim/error.hpp"

extern char** environ;

namespace wmmasim::cli {
namespace {

namespace fs = std::filesystem;

// wmmasim-hipcc beside this program (installed) or in the build tree's driver directory.
fs::path find_driver() {
  std::error_code ec;
  const fs::path self = fs::read_symlink("/proc/self/exe", ec).parent_path();
  for (const fs::path& candidate : {self / "wmmasim-hipcc", self / ".." / "hip" / "driver" / "wmmasim-hipcc"})
    if (fs::exists(candidate, ec)) return candidate;
  throw UserError("wmmasim-hipcc was not found next to wmmasim; build it (cmake --build build) or install both");
}

int spawn(const std::vector<std::string>& command) {
  std::vector<char*> argv;
  for (const std::string& a : command) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  pid_t pid = 0;
  if (posix_spawn(&pid, argv[0], nullptr, nullptr, argv.data(), environ) != 0)
    throw UserError("cannot run " + command[0]);
  int status = 0;
  waitpid(pid, &status, 0);
  if (WIFSIGNALED(status)) return 128 + WTERMSIG(status);
  return WEXITSTATUS(status);
}

}  // namespace

bool is_hip_source(const std::string& program) {
  for (const char* ext : {".hip", ".cpp", ".cu", ".cc", ".cxx"})
    if (program.size() > std::string(ext).size() && program.ends_with(ext)) return true;
  return false;
}

int build_hip_source(const std::string& source, const std::vector<std::string>& compiler_options, const std::string& output) {
  if (!fs::exists(source)) throw UserError("there is no file " + source);
  std::vector<std::string> build = {find_driver().string()};
  build.insert(build.end(), compiler_options.begin(), compiler_options.end());
  build.insert(build.end(), {source, "-o", output});
  return spawn(build);
}

int run_hip_source(const std::string& source, const std::vector<std::string>& compiler_options,
                   const std::vector<std::string>& program_args) {
  if (!fs::exists(source)) throw UserError("there is no file " + source);
  const char* tmp = std::getenv("TMPDIR");
  std::string pattern = std::string(tmp && *tmp ? tmp : "/tmp") + "/wmmasim-run-XXXXXX";
  if (!mkdtemp(pattern.data())) throw UserError("cannot create a temporary directory in " + pattern);
  const fs::path dir = pattern;
  const fs::path program = dir / fs::path(source).stem();
  std::vector<std::string> build = {find_driver().string()};
  build.insert(build.end(), compiler_options.begin(), compiler_options.end());
  build.insert(build.end(), {source, "-o", program.string()});
  int status = spawn(build);
  if (status == 0) {
    std::vector<std::string> run = {program.string()};
    run.insert(run.end(), program_args.begin(), program_args.end());
    status = spawn(run);
  }
  std::error_code ec;
  fs::remove_all(dir, ec);
  return status;
}

}  // namespace wmmasim::cli
