// wmmasim-hipcc: builds a plain HIP program for the CPU emulator. Each source is preprocessed by
// clang++-19 with wmmasim's HIP headers first, rewritten by the pre-pass (<<<>>>, extern __shared__),
// compiled as host C++, and linked with the CPU runtime (docs/hip-on-cpu.md).
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "diagnostics.hpp"
#include "hipcc_options.hpp"
#include "hipcc_paths.hpp"
#include "prepass.hpp"

extern char** environ;

namespace fs = std::filesystem;
using wmmasim::hipcc::Options;

namespace {

constexpr const char* kCompiler = "clang++-19";

std::vector<std::string> split(const std::string& s) {
  std::vector<std::string> out;
  std::stringstream in(s);
  for (std::string item; std::getline(in, item, ';');)
    if (!item.empty()) out.push_back(item);
  return out;
}

struct Paths {
  std::vector<std::string> includes, libraries;
  std::string self;  // this driver, which the programs it builds call back for hipRTC
};

// The build tree's headers and libraries when this program runs from it, the installed ones otherwise.
Paths find_paths() {
  std::error_code ec;
  const fs::path self = fs::read_symlink("/proc/self/exe", ec);
  if (!ec && fs::equivalent(self.parent_path(), WMMASIM_HIPCC_BUILD_DIR, ec))
    return {split(std::string(WMMASIM_HIPCC_HEADERS) + ";" + WMMASIM_HIPCC_BUILD_INCLUDES), split(WMMASIM_HIPCC_BUILD_LIBS),
            self.string()};
  // Installed: the prefix is the directory above bin/ (cmake --install --prefix may put it anywhere).
  fs::path prefix = self.parent_path();
  for (const auto& part : fs::path(WMMASIM_HIPCC_INSTALL_BINDIR)) {
    (void)part;
    prefix = prefix.parent_path();
  }
  Paths paths;
  paths.self = self.string();
  for (const std::string& dir : split(WMMASIM_HIPCC_INSTALL_INCLUDES)) paths.includes.push_back((prefix / dir).string());
  for (const std::string& lib : split(WMMASIM_HIPCC_INSTALL_LIBS)) paths.libraries.push_back((prefix / lib).string());
  return paths;
}

// Runs a command; its stderr goes to ours, filtered through `annotate` when one is given.
int run(const std::vector<std::string>& command, bool verbose, bool annotate_errors = false) {
  if (verbose) {
    for (const std::string& a : command) std::cerr << a << ' ';
    std::cerr << '\n';
  }
  std::vector<char*> argv;
  for (const std::string& a : command) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  int pipe_fds[2] = {-1, -1};
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  if (annotate_errors && pipe(pipe_fds) == 0) {
    posix_spawn_file_actions_adddup2(&actions, pipe_fds[1], 2);
    posix_spawn_file_actions_addclose(&actions, pipe_fds[0]);
  }
  pid_t pid = 0;
  const int spawned = posix_spawnp(&pid, argv[0], &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (pipe_fds[1] >= 0) close(pipe_fds[1]);
  if (spawned != 0) {
    if (pipe_fds[0] >= 0) close(pipe_fds[0]);
    std::cerr << "wmmasim-hipcc: cannot run " << command[0] << ": " << std::strerror(spawned)
              << " (scripts/setup.sh installs clang-19)\n";
    return 2;
  }
  if (pipe_fds[0] >= 0) {
    // Names outside the supported HIP subset are undeclared: say so next to clang's error.
    FILE* err = fdopen(pipe_fds[0], "r");
    char line[8192];
    wmmasim::hipcc::DiagnosticMapper user_text;  // the user's lines under clang's diagnostics
    while (err && std::fgets(line, sizeof line, err)) {
      std::fputs(user_text.line(line).c_str(), stderr);
      const char* hit = std::strstr(line, "undeclared identifier '");
      if (hit && std::strncmp(hit + 23, "hip", 3) == 0) {
        const char* end = std::strchr(hit + 23, '\'');
        std::fprintf(stderr, "wmmasim-hipcc: note: '%.*s' is not in the HIP subset the CPU emulator provides (docs/hip-on-cpu.md)\n",
                     static_cast<int>(end ? end - (hit + 23) : 0), hit + 23);
      }
    }
    std::fputs(user_text.flush().c_str(), stderr);
    if (err) std::fclose(err);
  }
  int status = 0;
  waitpid(pid, &status, 0);
  return WIFEXITED(status) ? WEXITSTATUS(status) : 2;
}

std::string read_file(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

int compile(const Options& o, const Paths& paths, const std::string& source, const fs::path& object, const fs::path& temp) {
  const fs::path stem = temp / fs::path(source).filename();
  const fs::path preprocessed = stem.string() + ".ii", rewritten = stem.string() + ".wmmasim.ii";
  std::vector<std::string> base = {kCompiler, "-x", "c++", "-std=" + o.standard};
  // -isystem: before /usr/include (whose hip/ is the GPU runtime's) and quiet under the user's -W flags.
  for (const std::string& dir : paths.includes) {
    // The system directories are the compiler's own; naming them with -isystem would put them before
    // the C++ library's headers and break its #include_next.
    if (dir == "/usr/include" || dir == "/usr/local/include") continue;
    base.push_back("-isystem");
    base.push_back(dir);
  }
  for (const std::string& d : wmmasim::hipcc::target_defines(o)) base.push_back(d);
  base.insert(base.end(), {"-include", "wmmasim/hip/detail/language_prelude.hpp"});  // clang's HIP wrapper's part
  // hip/hiprtc.h registers the driver that compiles the program's hipRTC programs: this one.
  std::string self_literal;
  for (char c : paths.self) self_literal += (c == '"' || c == '\\') ? std::string("\\") + c : std::string(1, c);
  base.push_back("-DWMMASIM_HIPCC_EXECUTABLE=\"" + self_literal + "\"");
  if (o.shared) base.push_back("-DWMMASIM_HIP_SHARED_OBJECT=1");  // its loader registers the target
  std::vector<std::string> pre = base;
  pre.push_back("-DWMMASIM_PREPASS_MARKERS");
  pre.insert(pre.end(), o.compile_flags.begin(), o.compile_flags.end());
  if (!o.depfile.empty()) {
    const std::string target = o.output.empty() ? (o.compile_only ? object.string() : "a.out") : o.output;
    pre.insert(pre.end(), {"-MD", "-MF", stem.string() + ".d", "-MT", target});
  }
  pre.insert(pre.end(), {"-E", source, "-o", preprocessed.string()});
  if (int rc = run(pre, o.verbose, true)) return rc;
  try {
    std::ofstream out(rewritten, std::ios::binary);
    // A shared object is one module: its __device__ definitions are symbols found by name
    // (hipModuleGetGlobal), as in a GPU code object, so they keep external linkage.
    out << wmmasim::hip::translate_preprocessed(read_file(preprocessed),
                                                {.relocatable_device_code = o.relocatable_device_code || o.shared});
    if (!out) throw std::runtime_error("cannot write " + rewritten.string());
  } catch (const wmmasim::hip::PrepassError& e) {
    std::cerr << e.what() << '\n';
    return 1;
  }
  // -fdeclspec: threadIdx & co. have __declspec(property) members, as in ROCm (coordinates.hpp).
  // -fmax-type-align=8: RDNA's global and LDS loads and stores accept any byte address (ROCm runs them
  // in unaligned mode), so `*(const float4*)(p + 1)` is valid device code; the host compiler must not
  // assume the 16 or 32 bytes of a vector type and emit aligned moves (movaps), which fault. x86 has no
  // instruction that faults on an 8-byte alignment assumption, and 1-8 byte atomics (which the GPU
  // requires naturally aligned) stay lock-free instructions; a smaller N would turn them into
  // library calls. Types with an explicit alignment (alignas, __align__) keep it (docs/hip-on-cpu.md).
  // -fsanitize-coverage=...trace-loads,trace-stores: a call before each load and store with its
  // address (simt/access_hooks.cpp), so the lanes of a wave can take their memory accesses in turn as
  // on the GPU (LaunchOptions::lockstep); `edge` alone adds no other instrumentation.
  // -fsanitize=array-bounds: a check of each subscript of an array of known size, whose handler is the
  // runtime's (simt/array_bounds.cpp): the one way to see an off-by-one from a static __shared__ array
  // into the next, which is a valid address on the CPU as in LDS. Not recoverable: the handler stops
  // the lane, so nothing after a failed check needs to be kept.
  std::vector<std::string> cc = {kCompiler, "-x", "c++-cpp-output", "-std=" + o.standard, "-fno-builtin-printf",
                                 "-Wno-psabi", "-fPIE", "-fdeclspec", "-fmax-type-align=8",
                                 "-fsanitize-coverage=edge,trace-loads,trace-stores",
                                 "-fsanitize=array-bounds", "-fno-sanitize-recover=array-bounds"};
  // The floor of C++20 deprecates enum arithmetic that the C++17 the user asked for allows (rocWMMA's
  // headers use it): a GPU build in C++17 is silent about it, so this one is too.
  if (o.below_cxx20)
    cc.insert(cc.end(), {"-Wno-deprecated-anon-enum-enum-conversion", "-Wno-deprecated-enum-enum-conversion",
                         "-Wno-deprecated-enum-float-conversion", "-Wno-deprecated-enum-compare-conditional"});
  if (!o.debug_info) cc.push_back("-gline-tables-only");  // fault sentences name source lines
  for (const std::string& f : split(WMMASIM_HIPCC_SANITIZE_FLAGS)) cc.push_back(f);
  // Preprocessor flags (with their values) were used by the step above; the compile of its output
  // would warn that they are unused.
  for (std::size_t i = 0; i < o.compile_flags.size(); ++i) {
    const std::string& f = o.compile_flags[i];
    if (f == "-I" || f == "-D" || f == "-U" || f == "-include" || f == "-isystem" || f == "-iquote") {
      ++i;
      continue;
    }
    if (f.rfind("-I", 0) != 0 && f.rfind("-D", 0) != 0 && f.rfind("-U", 0) != 0 && f.rfind("-isystem", 0) != 0) cc.push_back(f);
  }
  cc.insert(cc.end(), {"-c", rewritten.string(), "-o", object.string()});
  return run(cc, o.verbose, true);
}

// A shared object (a hipRTC module, a library of kernels) has no runtime of its own: it uses the
// program's that loads it. Its functions (kernels among them) bind to its own definitions whatever
// the program defines; its data binds as usual, so header-defined tables that the runtime tells
// apart by address (the instruction table) are the program's one copy.
std::vector<std::string> shared_object_link() { return {kCompiler, "-shared", "-fPIC", "-Wl,-Bsymbolic-functions"}; }

// A program links the whole runtime, exported (-rdynamic): modules it loads (hipModuleLoadData) use it.
void add_whole_runtime(std::vector<std::string>& link, const Paths& paths) {
  link.push_back("-Wl,--whole-archive");
  link.insert(link.end(), paths.libraries.begin(), paths.libraries.end());
  link.push_back("-Wl,--no-whole-archive");
}

}  // namespace

int main(int argc, char** argv) {
  Options o;
  try {
    o = wmmasim::hipcc::parse_options(std::vector<std::string>(argv + 1, argv + argc));
  } catch (const wmmasim::hipcc::UsageError& e) {
    std::cerr << "wmmasim-hipcc: " << e.what() << '\n';
    return 2;
  }
  if (o.print_version) {
    std::cout << "wmmasim-hipcc: plain HIP on the wmmasim CPU emulator (clang++-19 underneath)\n";
    return 0;
  }
  const Paths paths = find_paths();
  char pattern[] = "/tmp/wmmasim-hipcc-XXXXXX";
  const char* tmp = std::getenv("TMPDIR");
  std::string dir_pattern = std::string(tmp && *tmp ? tmp : "/tmp") + "/wmmasim-hipcc-XXXXXX";
  std::vector<char> buffer(dir_pattern.begin(), dir_pattern.end());
  buffer.push_back('\0');
  if (!mkdtemp(buffer.data()) && !mkdtemp(pattern)) {
    std::cerr << "wmmasim-hipcc: cannot create a temporary directory\n";
    return 2;
  }
  const fs::path temp = buffer.data();

  int rc = 0;
  std::vector<std::string> objects;
  for (std::size_t i = 0; i < o.sources.size() && rc == 0; ++i) {
    const std::string& s = o.sources[i];
    fs::path object;
    if (o.compile_only)
      object = !o.output.empty() ? fs::path(o.output) : fs::path(fs::path(s).stem().string() + ".o");
    else
      object = temp / (std::to_string(i) + "-" + fs::path(s).stem().string() + ".o");
    rc = compile(o, paths, s, object, temp);
    objects.push_back(object.string());
  }
  if (rc == 0 && !o.depfile.empty()) {
    std::ofstream deps(o.depfile);
    for (const std::string& s : o.sources) deps << read_file(temp / (fs::path(s).filename().string() + ".d")) << '\n';
  }
  if (rc == 0 && !o.compile_only) {
    std::vector<std::string> link = o.shared ? shared_object_link() : std::vector<std::string>{kCompiler, "-fPIE", "-pie", "-rdynamic"};
    link.insert(link.end(), objects.begin(), objects.end());
    link.insert(link.end(), o.inputs.begin(), o.inputs.end());
    if (!o.shared) add_whole_runtime(link, paths);
    link.insert(link.end(), o.link_flags.begin(), o.link_flags.end());
    for (const std::string& f : split(WMMASIM_HIPCC_SANITIZE_FLAGS)) link.push_back(f);
    // libatomic: 16-byte atomics (and atomics on types whose alignment is not known) are library calls.
    link.insert(link.end(), {"-lboost_context", "-latomic", "-pthread", "-ldl", "-o", o.output.empty() ? "a.out" : o.output});
    rc = run(link, o.verbose);
  }
  if (o.keep_temps)
    std::cerr << "wmmasim-hipcc: intermediate files kept in " << temp.string() << '\n';
  else
    fs::remove_all(temp);
  return rc;
}
