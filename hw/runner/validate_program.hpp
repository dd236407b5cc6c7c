// The GPU half of `wmmasim validate prog.hip`: which card to build for, and the GPU build of a
// user's HIP source with the HIP compiler this wmmasim was configured with (docs/hw.md
// "Validating your program on the card"). The CPU build, the recording and the replay are the
// other commands' own code (wmmasim-hipcc, record_program, wmmasim/runfile/launch_replay.hpp).
#pragma once

#include <ostream>
#include <string>
#include <vector>

namespace wmmasim::hw {

// The gfx target of the first RDNA4 device the HIP runtime sees ("gfx1201"). Throws UserError with
// one sentence when there is none (no runtime, no device, only other architectures) or when this
// wmmasim has no HIP backend.
std::string validation_target();

struct GpuBuild {
  std::string source;                // the user's .hip file
  std::string target;                // --offload-arch
  std::string output;                // the executable to write
  std::vector<std::string> options;  // extra compiler/linker options (--gpu-option)
};

// Compiles and links the program against the HIP runtime library that `validation_target` used
// (so a stand-in runtime given as WMMASIM_HIP_LIBRARY is linked too). Without the card's device
// libraries (Debian's clang has none for gfx12) the compile is retried with -nogpulib. A failing
// build shows the compiler's messages on `log` and throws UserError.
void build_gpu_program(const GpuBuild& build, std::ostream& log);

}  // namespace wmmasim::hw
