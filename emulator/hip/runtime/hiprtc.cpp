// hipRTC on the CPU emulator: a program is compiled by wmmasim-hipcc, the driver that built this
// process (it passes its own path, hiprtc.h), into a host shared object with no runtime of its own;
// the "code" is that object in a module image (module_image.hpp) for hipModuleLoadData. The log is
// the compiler's own output: its diagnostics name the program's name and the user's lines, because
// the source is compiled under that name, with the named headers beside it. Name expressions are
// compiled with the program: each registers its kernel and leaves its lowered (mangled) name in a
// section of the shared object, read back after the build.
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <mutex>
#include <set>
#include <string>
#include <vector>

#include "hip/hiprtc.h"
#include "module_image.hpp"
#include "runtime_state.hpp"

extern char** environ;

namespace fs = std::filesystem;

struct _hiprtcProgram {
  std::string source, name;
  std::vector<std::pair<std::string, std::string>> headers;  // include name, text
  std::vector<std::string> name_expressions;                 // stripped, in the order added
  std::map<std::string, std::string> lowered;                // stripped expression -> lowered name
  std::string log;
  std::vector<std::byte> code;
  bool compiled = false;
};

namespace wmmasim::hip::runtime {
namespace {

// The program set and the driver path (hip/hiprtc.h registers it during static initialisation, so
// both are made on first use).
constinit std::mutex g_mutex;
std::set<const _hiprtcProgram*>& programs() {
  static auto* p = new std::set<const _hiprtcProgram*>;
  return *p;
}
std::string& hipcc_path() {
  static auto* p = new std::string;
  return *p;
}

bool valid(hiprtcProgram p) {
  std::lock_guard lock(g_mutex);
  return p && programs().count(p);
}

// As ROCm strips a name expression before it looks it up: blanks, one leading '&', outer parentheses.
std::string strip(std::string s) {
  const auto trim = [](std::string& t) {
    const auto first = t.find_first_not_of(" \t\n"), last = t.find_last_not_of(" \t\n");
    t = first == std::string::npos ? "" : t.substr(first, last - first + 1);
  };
  trim(s);
  while (s.size() >= 2 && s.front() == '(' && s.back() == ')') {
    s = s.substr(1, s.size() - 2);
    trim(s);
  }
  if (!s.empty() && s.front() == '&') s.erase(0, 1);
  trim(s);
  return s;
}

std::string c_string(std::string_view s) {  // as a C string literal's contents
  std::string out;
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    out += c == '\n' ? ' ' : c;
  }
  return out;
}

// The driver: WMMASIM_HIPCC if set, else the one that built this program, else wmmasim-hipcc on PATH.
std::string find_hipcc() {
  if (const char* env = std::getenv("WMMASIM_HIPCC"); env && *env) return env;
  std::lock_guard lock(g_mutex);
  if (!hipcc_path().empty()) return hipcc_path();
  return "wmmasim-hipcc";
}

bool known_arch(const std::string& a) {
  return (a.size() == 7 && (a.rfind("gfx11", 0) == 0 || a.rfind("gfx12", 0) == 0));
}

struct CompileRequest {
  std::string arch;
  int wave_size = 32;
  bool builtin_header = true;
  std::vector<std::string> flags;  // for the driver
};

// hipRTC's options (clang's, plus nvrtc's spellings hipRTC accepts) as the driver's. An option the
// CPU build cannot honour is a log line and HIPRTC_ERROR_INVALID_OPTION.
hiprtcResult translate_options(int count, const char** options, CompileRequest& r, std::string& log) {
  const auto refuse = [&](const std::string& sentence) {
    log += "hiprtc: error: " + sentence + "\n";
    return HIPRTC_ERROR_INVALID_OPTION;
  };
  std::error_code ec;
  const fs::path cwd = fs::current_path(ec);
  for (int i = 0; i < count; ++i) {
    if (!options[i]) return refuse("option " + std::to_string(i) + " is a null pointer");
    const std::string o = options[i];
    // "-X value", "-Xvalue" and "-X=value" alike for the options that take one.
    const auto value_of = [&](std::string_view flag, std::string& v) {
      if (o == flag) {
        if (i + 1 >= count || !options[i + 1]) return false;
        v = options[++i];
        return true;
      }
      if (o.rfind(flag, 0) != 0) return false;
      v = o.substr(flag.size());
      if (!v.empty() && v.front() == '=') v.erase(0, 1);
      return true;
    };
    std::string v;
    if (value_of("--gpu-architecture", v) || value_of("--offload-arch", v) || value_of("-offload-arch", v) ||
        (o.rfind("-arch", 0) == 0 && value_of("-arch", v))) {
      v = v.substr(0, v.find(':'));  // gfx1201:xnack- and the like
      if (!known_arch(v))
        return refuse("the CPU emulator models gfx11 (RDNA3) and gfx12 (RDNA4) targets, not '" + v + "' (" + o + ")");
      r.arch = v;
    } else if (o == "-mwavefrontsize64") {
      r.wave_size = 64;
    } else if (o == "-mno-wavefrontsize64") {
      r.wave_size = 32;
    } else if (o == "--hiprtc-no-builtin-header") {
      r.builtin_header = false;
    } else if (o == "-fgpu-rdc") {
      return refuse("-fgpu-rdc (bitcode for hiprtcLinkCreate) is not supported by the CPU emulator; compile without it");
    } else if (o == "-hip-pch" || o == "-mcumode" || o == "-mno-cumode" || o.rfind("-Rpass", 0) == 0 ||
               o == "-fno-gpu-rdc" || o.rfind("-mcode-object-version=", 0) == 0) {
      continue;  // GPU code generation only (ROCm drops -hip-pch as well)
    } else if (o == "-mllvm") {
      ++i;  // an LLVM code generation option for the GPU and its value
    } else if (value_of("--include-path", v) || value_of("-I", v)) {
      r.flags.push_back("-I" + (fs::path(v).is_relative() && !cwd.empty() ? (cwd / v).string() : v));
    } else if (value_of("--define-macro", v) || value_of("-D", v)) {
      r.flags.push_back("-D" + v);
    } else if (value_of("--undefine-macro", v) || value_of("-U", v)) {
      r.flags.push_back("-U" + v);
    } else if (value_of("--std", v) || value_of("-std", v)) {
      r.flags.push_back("-std=" + v);
    } else if (value_of("-include", v)) {
      r.flags.insert(r.flags.end(), {"-include", v});
    } else if (o.rfind("-O", 0) == 0 || o.rfind("-g", 0) == 0 || o == "-w" || (o.rfind("-W", 0) == 0 && o.rfind("-Wl,", 0) != 0) ||
               o.rfind("-f", 0) == 0 || o.rfind("-m", 0) == 0 || o == "-v") {
      // Code generation flags go to the driver, which drops those that only steer a GPU build.
      r.flags.push_back(o);
    } else if (!o.empty() && o[0] == '-') {
      return refuse("unknown option '" + o + "'");
    } else {
      return refuse(std::string(1, '\'') + o + "' is not an option (options start with '-')");
    }
  }
  return HIPRTC_SUCCESS;
}

// A named header's place beside the source: a relative path that stays inside the directory.
bool safe_relative(const std::string& name) {
  const fs::path p(name);
  if (name.empty() || p.is_absolute()) return false;
  for (const auto& part : p)
    if (part == "..") return false;
  return true;
}

// Runs the driver in `dir`, its stdout and stderr into `log`. Says when a compile takes long.
int run_driver(const std::vector<std::string>& command, const fs::path& dir, const std::string& program, std::string& log) {
  std::vector<char*> argv;
  for (const std::string& a : command) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  int out[2];
  if (pipe2(out, O_CLOEXEC) != 0) {
    log += "hiprtc: error: cannot create a pipe for the compiler\n";
    return -1;
  }
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, out[1], STDOUT_FILENO);
  posix_spawn_file_actions_adddup2(&actions, out[1], STDERR_FILENO);
  posix_spawn_file_actions_addchdir_np(&actions, dir.c_str());
  posix_spawnattr_t attributes;
  posix_spawnattr_init(&attributes);
  posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETPGROUP);  // its own group: a timeout stops clang too
  posix_spawnattr_setpgroup(&attributes, 0);
  pid_t pid = -1;
  const int spawned = posix_spawnp(&pid, argv[0], &actions, &attributes, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attributes);
  ::close(out[1]);
  if (spawned != 0) {
    ::close(out[0]);
    log += "hiprtc: error: cannot run " + command[0] + ": " + std::strerror(spawned) +
           " (set WMMASIM_HIPCC to the wmmasim-hipcc that should compile hipRTC programs)\n";
    return -1;
  }
  const char* limit_text = std::getenv("WMMASIM_HIPRTC_TIMEOUT_SECONDS");
  const long limit = limit_text && *limit_text ? std::strtol(limit_text, nullptr, 10) : 900;
  const auto start = std::chrono::steady_clock::now();
  long next_note = 10;
  bool killed = false;
  for (;;) {
    pollfd p{out[0], POLLIN, 0};
    const int ready = ::poll(&p, 1, 1000);
    if (ready > 0) {
      char buffer[4096];
      const ssize_t n = ::read(out[0], buffer, sizeof buffer);
      if (n <= 0) break;
      log.append(buffer, static_cast<std::size_t>(n));
    }
    const long seconds = static_cast<long>(
        std::chrono::duration_cast<std::chrono::seconds>(std::chrono::steady_clock::now() - start).count());
    if (seconds >= next_note) {
      std::fprintf(stderr, "wmmasim: hiprtcCompileProgram: still compiling '%s' with wmmasim-hipcc (%ld s)\n", program.c_str(),
                   seconds);
      next_note = seconds + 30;
    }
    if (limit > 0 && seconds >= limit && !killed) {
      ::kill(-pid, SIGKILL);
      killed = true;
      log += "hiprtc: error: the compile took longer than " + std::to_string(limit) +
             " s and was stopped (WMMASIM_HIPRTC_TIMEOUT_SECONDS)\n";
    }
  }
  ::close(out[0]);
  int status = 0;
  ::waitpid(pid, &status, 0);
  return killed ? -1 : WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

// What the program's source becomes for its name expressions: each registers the kernel it names
// (if it names one) and leaves its lowered name in .wmmasim_lowered_names, in order.
std::string name_expression_code(const std::vector<std::string>& expressions) {
  if (expressions.empty()) return "";
#if defined(__x86_64__)
  const char* constraint = "s";
#elif defined(__aarch64__)
  const char* constraint = "S";
#else
#error "hipRTC name expressions need the symbol constraint of this CPU's inline assembly"
#endif
  std::string code = "\n#line 1 \"hiprtcAddNameExpression\"\n";
  code += "namespace wmmasim_hiprtc_names { template <class... P> bool kernel(void (*f)(P...), const char* n) "
          "{ return ::wmmasim::hip::detail::register_kernel(f, n); } template <class T> bool kernel(T*, const char*) "
          "{ return true; } }\n";
  for (std::size_t i = 0; i < expressions.size(); ++i)
    code += "static const bool wmmasim_hiprtc_name_" + std::to_string(i) + " = ::wmmasim_hiprtc_names::kernel(&" +
            expressions[i] + ", \"" + c_string(expressions[i]) + "\");\n";
  code += "extern \"C\" __attribute__((used)) void wmmasim_hiprtc_lowered_names() {\n";
  for (const std::string& e : expressions)
    code += "asm volatile(\".pushsection .wmmasim_lowered_names,\\\"a\\\",@progbits\\n.asciz \\\"%c0\\\"\\n.popsection\" :: \"" +
            std::string(constraint) + "\"(&" + e + "));\n";
  code += "}\n";
  return code;
}

hiprtcResult compile(_hiprtcProgram& p, int count, const char** options) {
  p.log.clear();
  p.code.clear();
  p.lowered.clear();
  p.compiled = false;
  CompileRequest r;
  r.arch = target().arch;
  r.wave_size = target().wave_size;
  if (hiprtcResult e = translate_options(count, options, r, p.log)) return e;

  char pattern[4096];
  const char* tmp = std::getenv("TMPDIR");
  std::snprintf(pattern, sizeof pattern, "%s/wmmasim-hiprtc-XXXXXX", tmp && *tmp ? tmp : "/tmp");
  if (!mkdtemp(pattern)) {
    p.log += "hiprtc: error: cannot create a temporary directory for the compile: " + std::string(std::strerror(errno)) + "\n";
    return HIPRTC_ERROR_COMPILATION;
  }
  const fs::path dir = pattern;
  const auto write = [&](const std::string& name, const std::string& text) {
    std::error_code ec;
    fs::create_directories((dir / name).parent_path(), ec);
    std::ofstream out(dir / name, std::ios::binary);
    out << text;
    return static_cast<bool>(out);
  };
  hiprtcResult result = HIPRTC_SUCCESS;
  for (const auto& [name, text] : p.headers)
    if (!safe_relative(name) || !write(name, text)) {
      p.log += "hiprtc: error: cannot place the header named '" + name +
               "' beside the program (a header's name must be a relative path inside it)\n";
      result = HIPRTC_ERROR_COMPILATION;
    }
  if (result == HIPRTC_SUCCESS && !write(p.name, p.source + name_expression_code(p.name_expressions))) {
    p.log += "hiprtc: error: cannot write the program '" + p.name + "' to " + dir.string() + "\n";
    result = HIPRTC_ERROR_COMPILATION;
  }
  if (result == HIPRTC_SUCCESS) {
    std::vector<std::string> command = {find_hipcc(), "--offload-arch=" + r.arch, r.wave_size == 64 ? "-mwavefrontsize64" : "-mno-wavefrontsize64",
                                        "-shared", "-O3", "-I."};
    if (r.builtin_header) command.insert(command.end(), {"-include", "hip/hip_runtime.h"});
    command.insert(command.end(), r.flags.begin(), r.flags.end());
    command.insert(command.end(), {"-x", "hip", p.name, "-o", "wmmasim-module.so"});
    if (run_driver(command, dir, p.name, p.log) != 0) result = HIPRTC_ERROR_COMPILATION;
  }
  if (result == HIPRTC_SUCCESS) {
    std::ifstream in(dir / "wmmasim-module.so", std::ios::binary);
    std::vector<char> so((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const std::span<const std::byte> bytes(reinterpret_cast<const std::byte*>(so.data()), so.size());
    try {
      std::vector<std::string> names;
      if (auto section = module_image::elf_section(bytes, ".wmmasim_lowered_names")) {
        const char* text = reinterpret_cast<const char*>(section->data());
        for (std::size_t at = 0; at < section->size();) {
          const std::size_t n = strnlen(text + at, section->size() - at);
          names.emplace_back(text + at, n);
          at += n + 1;
        }
      }
      if (names.size() != p.name_expressions.size())
        throw module_image::ImageError("the compiled program holds " + std::to_string(names.size()) + " lowered names for " +
                                       std::to_string(p.name_expressions.size()) + " name expressions");
      for (std::size_t i = 0; i < names.size(); ++i) p.lowered[p.name_expressions[i]] = names[i];
      p.code = module_image::write(r.arch, r.wave_size, bytes);
      p.compiled = true;
    } catch (const module_image::ImageError& e) {
      p.log += "hiprtc: error: " + std::string(e.what()) + "\n";
      result = HIPRTC_ERROR_INTERNAL_ERROR;
    }
  }
  std::error_code ec;
  fs::remove_all(dir, ec);
  return result;
}

}  // namespace
}  // namespace wmmasim::hip::runtime

namespace wmmasim::hip::detail {
bool register_hipcc(const char* path) {
  std::lock_guard lock(runtime::g_mutex);
  runtime::hipcc_path() = path;
  return true;
}
}  // namespace wmmasim::hip::detail

using namespace wmmasim::hip::runtime;

extern "C" {

const char* hiprtcGetErrorString(hiprtcResult result) {
  switch (result) {
    case HIPRTC_SUCCESS: return "HIPRTC_SUCCESS";
    case HIPRTC_ERROR_OUT_OF_MEMORY: return "HIPRTC_ERROR_OUT_OF_MEMORY";
    case HIPRTC_ERROR_PROGRAM_CREATION_FAILURE: return "HIPRTC_ERROR_PROGRAM_CREATION_FAILURE";
    case HIPRTC_ERROR_INVALID_INPUT: return "HIPRTC_ERROR_INVALID_INPUT";
    case HIPRTC_ERROR_INVALID_PROGRAM: return "HIPRTC_ERROR_INVALID_PROGRAM";
    case HIPRTC_ERROR_INVALID_OPTION: return "HIPRTC_ERROR_INVALID_OPTION";
    case HIPRTC_ERROR_COMPILATION: return "HIPRTC_ERROR_COMPILATION";
    case HIPRTC_ERROR_BUILTIN_OPERATION_FAILURE: return "HIPRTC_ERROR_BUILTIN_OPERATION_FAILURE";
    case HIPRTC_ERROR_NO_NAME_EXPRESSIONS_AFTER_COMPILATION: return "HIPRTC_ERROR_NO_NAME_EXPRESSIONS_AFTER_COMPILATION";
    case HIPRTC_ERROR_NO_LOWERED_NAMES_BEFORE_COMPILATION: return "HIPRTC_ERROR_NO_LOWERED_NAMES_BEFORE_COMPILATION";
    case HIPRTC_ERROR_NAME_EXPRESSION_NOT_VALID: return "HIPRTC_ERROR_NAME_EXPRESSION_NOT_VALID";
    case HIPRTC_ERROR_INTERNAL_ERROR: return "HIPRTC_ERROR_INTERNAL_ERROR";
    case HIPRTC_ERROR_LINKING: return "HIPRTC_ERROR_LINKING";
  }
  return "Invalid HIPRTC error code";
}

hiprtcResult hiprtcVersion(int* major, int* minor) {
  if (!major || !minor) return HIPRTC_ERROR_INVALID_INPUT;
  *major = HIP_VERSION_MAJOR;  // ROCm 6.3's hipRTC reports 9.0, a placeholder; the HIP version says more
  *minor = HIP_VERSION_MINOR;
  return HIPRTC_SUCCESS;
}

hiprtcResult hiprtcCreateProgram(hiprtcProgram* prog, const char* src, const char* name, int numHeaders,
                                 const char** headers, const char** includeNames) {
  if (!prog) return HIPRTC_ERROR_INVALID_PROGRAM;
  if (!src || numHeaders < 0 || (numHeaders > 0 && (!headers || !includeNames))) return HIPRTC_ERROR_INVALID_INPUT;
  auto p = std::make_unique<_hiprtcProgram>();
  p->source = src;
  p->name = name && *name ? name : "CompileSource";
  if (!safe_relative(p->name)) return HIPRTC_ERROR_INVALID_INPUT;
  for (int i = 0; i < numHeaders; ++i) {
    if (!headers[i] || !includeNames[i]) return HIPRTC_ERROR_INVALID_INPUT;
    p->headers.emplace_back(includeNames[i], headers[i]);
  }
  std::lock_guard lock(g_mutex);
  *prog = p.get();
  programs().insert(p.release());
  return HIPRTC_SUCCESS;
}

hiprtcResult hiprtcDestroyProgram(hiprtcProgram* prog) {
  if (!prog) return HIPRTC_ERROR_INVALID_INPUT;
  std::lock_guard lock(g_mutex);
  if (!*prog || !programs().erase(*prog)) return HIPRTC_ERROR_INVALID_PROGRAM;
  delete *prog;
  *prog = nullptr;
  return HIPRTC_SUCCESS;
}

hiprtcResult hiprtcAddNameExpression(hiprtcProgram prog, const char* name_expression) {
  if (!valid(prog)) return HIPRTC_ERROR_INVALID_PROGRAM;
  if (!name_expression) return HIPRTC_ERROR_INVALID_INPUT;
  if (prog->compiled) return HIPRTC_ERROR_NO_NAME_EXPRESSIONS_AFTER_COMPILATION;
  const std::string stripped = strip(name_expression);
  if (stripped.empty()) return HIPRTC_ERROR_INVALID_INPUT;
  for (const std::string& e : prog->name_expressions)
    if (e == stripped) return HIPRTC_SUCCESS;
  prog->name_expressions.push_back(stripped);
  return HIPRTC_SUCCESS;
}

hiprtcResult hiprtcCompileProgram(hiprtcProgram prog, int numOptions, const char** options) {
  if (!valid(prog)) return HIPRTC_ERROR_INVALID_PROGRAM;
  if (numOptions < 0 || (numOptions > 0 && !options)) return HIPRTC_ERROR_INVALID_INPUT;
  return compile(*prog, numOptions, options);
}

hiprtcResult hiprtcGetLoweredName(hiprtcProgram prog, const char* name_expression, const char** lowered_name) {
  if (!valid(prog)) return HIPRTC_ERROR_INVALID_PROGRAM;
  if (!name_expression || !lowered_name) return HIPRTC_ERROR_INVALID_INPUT;
  if (!prog->compiled) return HIPRTC_ERROR_NO_LOWERED_NAMES_BEFORE_COMPILATION;
  const auto it = prog->lowered.find(strip(name_expression));
  if (it == prog->lowered.end()) return HIPRTC_ERROR_NAME_EXPRESSION_NOT_VALID;
  *lowered_name = it->second.c_str();
  return HIPRTC_SUCCESS;
}

// The log's size counts a terminating NUL, so that a buffer of that size holds a C string.
hiprtcResult hiprtcGetProgramLogSize(hiprtcProgram prog, size_t* logSizeRet) {
  if (!valid(prog)) return HIPRTC_ERROR_INVALID_PROGRAM;
  if (!logSizeRet) return HIPRTC_ERROR_INVALID_INPUT;
  *logSizeRet = prog->log.empty() ? 0 : prog->log.size() + 1;
  return HIPRTC_SUCCESS;
}

hiprtcResult hiprtcGetProgramLog(hiprtcProgram prog, char* log) {
  if (!valid(prog)) return HIPRTC_ERROR_INVALID_PROGRAM;
  if (!log) return HIPRTC_ERROR_INVALID_INPUT;
  if (!prog->log.empty()) std::memcpy(log, prog->log.c_str(), prog->log.size() + 1);
  return HIPRTC_SUCCESS;
}

hiprtcResult hiprtcGetCodeSize(hiprtcProgram prog, size_t* codeSizeRet) {
  if (!valid(prog)) return HIPRTC_ERROR_INVALID_PROGRAM;
  if (!codeSizeRet) return HIPRTC_ERROR_INVALID_INPUT;
  *codeSizeRet = prog->code.size();
  return HIPRTC_SUCCESS;
}

hiprtcResult hiprtcGetCode(hiprtcProgram prog, char* code) {
  if (!valid(prog)) return HIPRTC_ERROR_INVALID_PROGRAM;
  if (!code) return HIPRTC_ERROR_INVALID_INPUT;
  if (!prog->code.empty()) std::memcpy(code, prog->code.data(), prog->code.size());
  return HIPRTC_SUCCESS;
}

}  // extern "C"
