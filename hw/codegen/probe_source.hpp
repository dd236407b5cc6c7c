// Generates the HIP device source of the probe suite (wmmasim/hw/probes.hpp) for one target family
// and wave size; device_source() appends it to the program kernels, so probes share their code object.
#pragma once

#include <string>

#include "wmmasim/hw/probes.hpp"

namespace wmmasim::hw {

std::string probe_kernels_source(Arch arch, int wave);

}  // namespace wmmasim::hw
