#include "validate_program.hpp"

#include <sys/wait.h>
#include <unistd.h>

#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>

#include "hw_backend.hpp"
#include "wmmasim/error.hpp"

#if WMMASIM_HW_BACKEND
#include "devices.hpp"
#endif

#ifndef WMMASIM_HIP_COMPILER
#define WMMASIM_HIP_COMPILER ""
#endif
#ifndef WMMASIM_HIP_PATH
#define WMMASIM_HIP_PATH ""
#endif

namespace wmmasim::hw {

#if WMMASIM_HW_BACKEND

namespace {

namespace fs = std::filesystem;

struct CommandResult {
  int status = 0;
  std::string output;  // stdout and stderr together
};

CommandResult run_capturing(const std::vector<std::string>& command) {
  char path[] = "/tmp/wmmasim-validate-build-XXXXXX";
  const int fd = ::mkstemp(path);
  if (fd < 0) throw UserError("cannot create a temporary file for the compiler's messages");
  const pid_t pid = ::fork();
  if (pid < 0) throw UserError("cannot start the compiler");
  if (pid == 0) {
    ::dup2(fd, 1);
    ::dup2(fd, 2);
    std::vector<char*> argv;
    for (const std::string& a : command) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    ::execvp(argv[0], argv.data());
    std::fprintf(stderr, "cannot run %s: %s\n", argv[0], std::strerror(errno));
    ::_exit(127);
  }
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  ::close(fd);
  std::ifstream in(path);
  CommandResult r{WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status),
                  std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>())};
  ::unlink(path);
  return r;
}

const HipApi* g_runtime = nullptr;  // the runtime validation_target loaded: the one to link with

}  // namespace

std::string validation_target() {
  std::vector<DeviceInfo> devices;
  try {
    g_runtime = &HipApi::load();
    devices = query_devices(*g_runtime);
  } catch (const UserError& e) {
    std::string why = e.what();
    if (!why.empty()) why[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(why[0])));
    throw UserError("wmmasim validate runs the program on an RDNA4 GPU, and there is none here: " + why);
  }
  std::string seen;
  for (const DeviceInfo& d : devices) {
    if (d.arch.rfind("gfx12", 0) == 0) return d.arch;
    seen += (seen.empty() ? "" : ", ") + d.arch;
  }
  throw UserError("wmmasim validate runs the program on an RDNA4 GPU (gfx1200 or gfx1201), and this machine has only " + seen);
}

void build_gpu_program(const GpuBuild& b, std::ostream& log) {
  const std::string compiler = WMMASIM_HIP_COMPILER;
  const fs::path object = b.output + ".o";
  std::vector<std::string> compile = {compiler, "-x", "hip", "--offload-arch=" + b.target, "-O2", "-Wno-unused-command-line-argument"};
  if (*WMMASIM_HIP_PATH) compile.push_back(std::string("--hip-path=") + WMMASIM_HIP_PATH);
  compile.insert(compile.end(), b.options.begin(), b.options.end());
  compile.insert(compile.end(), {"-c", b.source, "-o", object.string()});
  CommandResult r = run_capturing(compile);
  if (r.status != 0 && r.output.find("device library") != std::string::npos) {
    log << "wmmasim validate: " << compiler << " has no ROCm device library for " << b.target << "; building with -nogpulib\n";
    compile.insert(compile.begin() + 1, "-nogpulib");
    r = run_capturing(compile);
  }
  if (r.status != 0) {
    log << r.output;
    throw UserError("the GPU build of " + b.source + " failed (" + compiler + " exited with status " + std::to_string(r.status) +
                    "; its messages are above)");
  }
  // The runtime the devices were listed with: a path is linked as a file, a bare soname by name.
  const std::string library = g_runtime ? g_runtime->library : "libamdhip64.so";
  std::vector<std::string> link = {compiler, object.string(), "-o", b.output};
  if (library.find('/') != std::string::npos) {
    link.push_back(library);
    link.push_back("-Wl,-rpath," + fs::path(library).parent_path().string());
  } else {
    link.push_back("-l:" + library);
  }
  link.push_back("-Wno-unused-command-line-argument");
  link.insert(link.end(), b.options.begin(), b.options.end());
  r = run_capturing(link);
  std::error_code ec;
  fs::remove(object, ec);
  if (r.status != 0) {
    log << r.output;
    throw UserError("linking the GPU build of " + b.source + " with " + library + " failed (" + compiler + " exited with status " +
                    std::to_string(r.status) + "; its messages are above)");
  }
}

#else

std::string validation_target() { throw UserError(not_built_sentence()); }
void build_gpu_program(const GpuBuild&, std::ostream&) { throw UserError(not_built_sentence()); }

#endif

}  // namespace wmmasim::hw
