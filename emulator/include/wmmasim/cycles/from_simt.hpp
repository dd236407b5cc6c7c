// Turns what the SIMT runtime recorded while a kernel ran on the CPU into a program for the cycle
// model. The CPU has no register allocation and sees only what lane 0 does, so the result is coarse:
// WMMA/SWMMAC issue and the dependencies between matrix results are exact; values are given virtual
// VGPRs; a matrix operand that no earlier WMMA produced is taken to come from the wave's most recent
// memory load, and an LDS store to store what the most recent global load brought (a tile copy; so
// loads delay what follows them); __shared__ arrays are traced only where the kernel uses
// load_as/store_as on them. Reports made from it say so.
#pragma once

#include <string>
#include <vector>

#include "wmmasim/cycles/trace.hpp"
#include "wmmasim/simt/trace.hpp"

namespace wmmasim::cycles {

struct FromSimtOptions {
  int vgprs_per_lane = 128;  // what the kernel is assumed to allocate (occupancy); the CPU cannot know
  int compute_units = 64;    // workgroups go to CUs round robin; waves of a workgroup alternate SIMDs
};

Program program_from_simt(const std::string& name, const std::vector<simt::WaveTrace>& waves,
                          const FromSimtOptions& options = {});

}  // namespace wmmasim::cycles
