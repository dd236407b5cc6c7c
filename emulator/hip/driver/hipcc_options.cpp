#include "hipcc_options.hpp"

#include <algorithm>
#include <array>
#include <string_view>

namespace wmmasim::hipcc {
namespace {

bool starts(std::string_view s, std::string_view p) { return s.substr(0, p.size()) == p; }
bool ends(std::string_view s, std::string_view p) { return s.size() >= p.size() && s.substr(s.size() - p.size()) == p; }

bool is_source(std::string_view f) {
  for (std::string_view e : {".hip", ".cpp", ".cu", ".cc", ".cxx", ".c++", ".C"})
    if (ends(f, e)) return true;
  return false;
}

// Architectures whose WMMA the emulator models: RDNA3 (gfx11) and RDNA4 (gfx12).
bool known_arch(std::string_view a) {
  for (std::string_view g : {"gfx1100", "gfx1101", "gfx1102", "gfx1103", "gfx1150", "gfx1151", "gfx1200", "gfx1201"})
    if (a == g) return true;
  return false;
}

// Flags that only steer a GPU build: accepted, so that a project's hipcc command line works unchanged.
bool gpu_only(std::string_view a) {
  for (std::string_view f : {"-nogpulib", "-nogpuinc", "--hip-link", "-munsafe-fp-atomics",
                             "-mno-unsafe-fp-atomics", "-mcumode", "-mno-cumode", "-fgpu-flush-denormals-to-zero",
                             "-fno-gpu-flush-denormals-to-zero", "-fhip-new-launch-api", "-fno-hip-new-launch-api",
                             "-mxnack", "-mno-xnack", "-msramecc", "-mno-sramecc"})
    if (a == f) return true;
  for (std::string_view p : {"--rocm-path=", "--hip-path=", "--hip-device-lib-path=", "--gpu-max-threads-per-block=",
                             "-mcode-object-version=", "--offload-compress", "-fgpu-sanitize", "-parallel-jobs="})
    if (starts(a, p)) return true;
  return false;
}

}  // namespace

Options parse_options(const std::vector<std::string>& args) {
  Options o;
  std::vector<std::string> arches;
  bool as_source = false;  // after -x hip (as clang): inputs are sources whatever their names
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    auto value = [&](std::string_view flag) -> std::string {
      if (a.size() > flag.size()) return a.substr(a[flag.size()] == '=' ? flag.size() + 1 : flag.size());
      if (i + 1 >= args.size()) throw UsageError("option '" + a + "' needs a value");
      return args[++i];
    };
    if (starts(a, "--offload-arch") || starts(a, "--amdgpu-target") || starts(a, "-offload-arch")) {
      std::string arch = value(starts(a, "--offload-arch") ? "--offload-arch" : starts(a, "-offload-arch") ? "-offload-arch" : "--amdgpu-target");
      arch = arch.substr(0, arch.find(':'));  // gfx1201:xnack- and the like
      if (!known_arch(arch))
        throw UsageError("the CPU emulator models gfx11 (RDNA3) and gfx12 (RDNA4) targets, not '" + arch + "'");
      if (std::find(arches.begin(), arches.end(), arch) == arches.end()) arches.push_back(arch);
    } else if (a == "-mwavefrontsize64") {
      o.wave_size = 64;
    } else if (a == "-mno-wavefrontsize64") {
      o.wave_size = 32;
    } else if (a == "--cuda-device-only" || a == "--offload-device-only" || a == "--genco" || a == "--cuda-host-only" ||
               a == "--offload-host-only") {
      throw UsageError("'" + a + "' asks for one side of a GPU build; wmmasim-hipcc builds host and device code "
                       "together for the CPU (build code objects with clang++ --offload-arch, docs/hw.md)");
    } else if (a == "-fgpu-rdc" || a == "-fno-gpu-rdc") {
      o.relocatable_device_code = a == "-fgpu-rdc";
    } else if (gpu_only(a)) {
      continue;
    } else if (a == "-x") {
      const std::string lang = value("-x");
      if (lang != "hip" && lang != "c++" && lang != "cu" && lang != "cuda" && lang != "none")
        throw UsageError("wmmasim-hipcc compiles HIP and C++ sources, not '-x " + lang + "'");
      as_source = lang != "none";
    } else if (a == "-xhip" || a == "-xc++") {
      as_source = true;
    } else if (a == "-shared") {
      o.shared = true;
      o.compile_flags.push_back("-fPIC");  // after the driver's -fPIE: it wins
    } else if (a == "-lhiprtc" || (a == "-l" && i + 1 < args.size() && args[i + 1] == "hiprtc")) {
      if (a == "-l") ++i;  // ROCm's hipRTC library: here it is part of the runtime
      continue;
    } else if (starts(a, "-std=")) {
      const std::string s = a.substr(5);
      // C++20 is the floor: C++17 programs compile unchanged with it in all but rare cases.
      if (s == "c++20" || s == "c++2a" || s == "gnu++20" || s == "c++23" || s == "c++2b" || s == "gnu++23" || s == "c++26")
        o.standard = s;
      else if (s != "c++11" && s != "c++14" && s != "c++17" && s != "gnu++11" && s != "gnu++14" && s != "gnu++17")
        throw UsageError("'" + a + "' is not a C++ standard wmmasim-hipcc knows");
      o.below_cxx20 = o.standard == "c++20" && s != "c++20" && s != "c++2a" && s != "gnu++20";
    } else if (a == "-c") {
      o.compile_only = true;
    } else if (a == "-o") {
      o.output = value("-o");
    } else if (a == "-v" || a == "--verbose") {
      o.verbose = true;
    } else if (a == "--version") {
      o.print_version = true;
    } else if (starts(a, "--depfile=")) {
      o.depfile = a.substr(10);
    } else if (a == "--driver-mode=g++") {
      // hipcc's C++ driver mode (rocWMMA's CMake passes it): the host compile already is C++.
    } else if (a == "-Xclang") {
      if (i + 1 >= args.size()) throw UsageError("option '-Xclang' needs a value");
      const std::string& cc1 = args[++i];
      // A front-end switch of older clangs for half-precision arguments and returns (OpenCL, Arm);
      // _Float16 and __half pass by value on x86-64 anyway, and clang-19 no longer knows it.
      if (cc1 != "-fallow-half-arguments-and-returns") o.compile_flags.insert(o.compile_flags.end(), {"-Xclang", cc1});
    } else if (a == "-save-temps" || a == "--save-temps") {
      o.keep_temps = true;
    } else if (a == "-I" || a == "-D" || a == "-U" || a == "-include" || a == "-isystem" || a == "-iquote") {
      o.compile_flags.push_back(a);
      o.compile_flags.push_back(value(a));
    } else if (starts(a, "-I") || starts(a, "-D") || starts(a, "-U") || starts(a, "-O") || (starts(a, "-W") && !starts(a, "-Wl,")) ||
               starts(a, "-f") || starts(a, "-m") || a == "-w" || a == "-pedantic" || starts(a, "-isystem")) {
      o.compile_flags.push_back(a);
      if (starts(a, "-fopenmp") || starts(a, "-fsanitize")) o.link_flags.push_back(a);
    } else if (starts(a, "-g")) {
      o.debug_info = a != "-g0";
      o.compile_flags.push_back(a);
    } else if (starts(a, "-L") || starts(a, "-l") || starts(a, "-Wl,") || a == "-pthread" ||
               a == "-static" || a == "-rdynamic") {
      if ((a == "-L" || a == "-l") && i + 1 < args.size()) {
        o.link_flags.push_back(a);
        o.link_flags.push_back(args[++i]);
      } else {
        o.link_flags.push_back(a);
      }
    } else if (!a.empty() && a[0] == '-') {
      throw UsageError("wmmasim-hipcc does not know the option '" + a + "'");
    } else if (as_source || is_source(a)) {
      o.sources.push_back(a);
    } else {
      o.inputs.push_back(a);
    }
  }
  if (arches.size() > 1)
    throw UsageError("the CPU emulator builds for one target at a time; give one --offload-arch");
  if (!arches.empty()) o.arch = arches.front();
  if (o.print_version) return o;
  if (o.sources.empty() && o.inputs.empty()) throw UsageError("no input files");
  if (o.compile_only && !o.output.empty() && o.sources.size() > 1)
    throw UsageError("-c with -o takes one source file");
  return o;
}

std::vector<std::string> target_defines(const Options& o) {
  const bool rdna4 = starts(o.arch, "gfx12");
  std::vector<std::string> d = {
      "-D__HIP__",
      "-D__HIPCC__",
      "-D__HIP_PLATFORM_AMD__",
      "-D__HIP_PLATFORM_HCC__",
      "-D__HIP_DEVICE_COMPILE__=1",
      "-D__AMDGCN__",
      "-D__AMDGPU__",
      "-D__" + o.arch + "__",
      rdna4 ? "-D__GFX12__" : "-D__GFX11__",
      "-D__amdgcn_processor__=\"" + o.arch + "\"",
      "-D__AMDGCN_WAVEFRONT_SIZE=" + std::to_string(o.wave_size),
      "-D__AMDGCN_WAVEFRONT_SIZE__=" + std::to_string(o.wave_size),
      "-D__HIP_ARCH_HAS_WARP_SHUFFLE__=1",
      "-D__HIP_ARCH_HAS_WARP_BALLOT__=1",
      "-D__HIP_ARCH_HAS_WARP_VOTE__=1",
      "-D__HIP_ARCH_HAS_SYNC_THREAD_EXT__=1",
      "-D__HIP_ARCH_HAS_GLOBAL_INT32_ATOMICS__=1",
      "-D__HIP_ARCH_HAS_SHARED_INT32_ATOMICS__=1",
      "-D__HIP_ARCH_HAS_FLOAT_ATOMIC_ADD__=1",
      "-D__HIP_ARCH_HAS_DOUBLES__=1",
      "-D__HIP_MEMORY_SCOPE_SINGLETHREAD=1",
      "-D__HIP_MEMORY_SCOPE_WAVEFRONT=2",
      "-D__HIP_MEMORY_SCOPE_WORKGROUP=3",
      "-D__HIP_MEMORY_SCOPE_AGENT=4",
      "-D__HIP_MEMORY_SCOPE_SYSTEM=5",
      "-D__WMMASIM__=1",
  };
  return d;
}

}  // namespace wmmasim::hipcc
