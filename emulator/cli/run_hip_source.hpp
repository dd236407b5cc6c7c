// `wmmasim run prog.hip`: compile a plain HIP program with wmmasim-hipcc, then run it.
#pragma once

#include <string>
#include <vector>

namespace wmmasim::cli {

bool is_hip_source(const std::string& program);  // .hip .cpp .cu .cc .cxx

// Builds `source` with wmmasim-hipcc into `output`; returns the compiler's exit status.
int build_hip_source(const std::string& source, const std::vector<std::string>& compiler_options, const std::string& output);

// Returns the program's exit status (the compiler's when it does not build).
int run_hip_source(const std::string& source, const std::vector<std::string>& compiler_options,
                   const std::vector<std::string>& program_args);

}  // namespace wmmasim::cli
