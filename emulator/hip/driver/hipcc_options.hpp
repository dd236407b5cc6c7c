// wmmasim-hipcc's command line, hipcc's habits: which flags are the user's own compiler flags, which
// only mean something to a GPU build (accepted and dropped), and which it cannot honour (an error).
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

namespace wmmasim::hipcc {

struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct Options {
  std::string arch = "gfx1201";
  int wave_size = 32;
  std::string standard = "c++20";        // at least C++20: the CPU headers need it
  bool below_cxx20 = false;              // -std= asked for C++17 or older (hipcc's default is C++17)
  std::vector<std::string> sources;      // compiled (.hip .cpp .cu .cc .cxx .c++)
  std::vector<std::string> inputs;       // linked as they are (.o .a .so)
  std::vector<std::string> compile_flags;  // -I -D -U -O -g -f -W -include -isystem ...
  std::vector<std::string> link_flags;     // -L -l -Wl, -pthread ...
  std::string output;
  bool compile_only = false;  // -c
  bool shared = false;        // -shared: a shared object without the runtime, which its loader provides
  bool verbose = false;       // -v: print each command
  bool keep_temps = false;    // -save-temps
  bool debug_info = false;    // the user asked for -g (otherwise line tables only, for fault lines)
  bool print_version = false;
  bool relocatable_device_code = false;  // -fgpu-rdc: __device__ definitions link as one program (prepass.hpp)
  std::string depfile;        // --depfile=F: the headers every source read, in Makefile form
};

// Throws UsageError with one sentence for what it cannot honour.
Options parse_options(const std::vector<std::string>& args);

// The macros a device compile for `arch` defines where programs branch on them, plus __WMMASIM__.
std::vector<std::string> target_defines(const Options& o);

}  // namespace wmmasim::hipcc
