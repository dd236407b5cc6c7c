// What the HIP runtime says about the GPUs: for `wmmasim hw list` and the run file's environment.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "hip_api.hpp"

namespace wmmasim::hw {

struct DeviceInfo {
  int index = 0;
  std::string name;
  std::string arch;           // gfx1201 (the gcnArchName without its feature suffix)
  std::string gcn_arch_name;  // as reported, e.g. gfx1201 or gfx90a:sramecc+:xnack-
  int compute_units = 0;
  int clock_khz = 0;          // peak shader clock
  int memory_clock_khz = 0;
  std::int64_t wall_clock_khz = -1;  // REALTIME rate; -1: these HIP headers have no such attribute
  nlohmann::json to_json() const;
};

struct RuntimeInfo {
  int driver_version = 0, runtime_version = 0;
  std::string library;
  nlohmann::json to_json() const;
};

// Throws UserError with one sentence when the runtime cannot be loaded or sees no device.
std::vector<DeviceInfo> query_devices(const HipApi& hip);
RuntimeInfo query_runtime(const HipApi& hip);

}  // namespace wmmasim::hw
