// The GPU side of `wmmasim hw run`, executed in the supervised child process: picks the device,
// loads the embedded code objects, runs every program and returns the run file as JSON text.
#pragma once

#include <string>
#include <vector>

#include "hw_backend.hpp"
#include "programs/programs.hpp"
#include "wmmasim/hw/probes.hpp"
#include "supervisor.hpp"

namespace wmmasim::hw {

struct SessionRequest {
  std::vector<Program> programs;  // explicit programs
  bool all = false;               // plus every program of the device's architecture
  std::vector<const Probe*> probes;  // probe-suite kernels (wmmasim hw probe)
  std::uint64_t seed = 1;
  int device = -1;
  int waves = 1;
  // An example program (examples/programs/) instead: runs alone, from inputs the parent set up.
  const examples::Program* example = nullptr;
  examples::ProgramSetup example_setup;
};

std::string run_gpu_session(const SessionRequest& request, ChildChannel& channel);

}  // namespace wmmasim::hw
