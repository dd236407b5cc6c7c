#include "devices.hpp"

#include <type_traits>

#include "wmmasim/error.hpp"

namespace wmmasim::hw {
namespace {

// hipDeviceAttributeWallClockRate appeared after HIP 5.2 and enum values move between releases, so
// its presence is detected in the headers at compile time instead of assumed.
template <class E, class = void>
struct WallClockAttribute {
  static constexpr bool available = false;
  static constexpr E value = E{};
};
template <class E>
struct WallClockAttribute<E, std::void_t<decltype(E::hipDeviceAttributeWallClockRate)>> {
  static constexpr bool available = true;
  static constexpr E value = E::hipDeviceAttributeWallClockRate;
};

int attribute(const HipApi& hip, hipDeviceAttribute_t a, int device) {
  int v = 0;
  return hip.hipDeviceGetAttribute(&v, a, device) == hipSuccess ? v : 0;
}

}  // namespace

nlohmann::json DeviceInfo::to_json() const {
  nlohmann::json j = {{"index", index},
                      {"name", name},
                      {"arch", arch},
                      {"gcn_arch_name", gcn_arch_name},
                      {"compute_units", compute_units},
                      {"clock_khz", clock_khz},
                      {"memory_clock_khz", memory_clock_khz}};
  j["wall_clock_khz"] = wall_clock_khz >= 0 ? nlohmann::json(wall_clock_khz) : nlohmann::json(nullptr);
  return j;
}

nlohmann::json RuntimeInfo::to_json() const {
  return {{"hip_driver_version", driver_version},
          {"hip_runtime_version", runtime_version},
          {"hip_runtime_library", library},
          {"hip_headers_version", HIP_VERSION}};
}

std::vector<DeviceInfo> query_devices(const HipApi& hip) {
  int count = 0;
  const hipError_t e = hip.hipGetDeviceCount(&count);
  if (e != hipSuccess || count == 0)
    throw UserError("no GPU is visible to the HIP runtime (" +
                    (e != hipSuccess ? "hipGetDeviceCount: " + hip.describe(e) : std::string("0 devices")) +
                    "), so nothing can run on hardware here");
  std::vector<DeviceInfo> out;
  for (int d = 0; d < count; ++d) {
    DeviceInfo info;
    info.index = d;
    hipDeviceProp_t props{};
    if (hip.hipGetDeviceProperties(&props, d) == hipSuccess) {
      info.name = props.name;
      info.gcn_arch_name = props.gcnArchName;
    }
    info.arch = info.gcn_arch_name.substr(0, info.gcn_arch_name.find(':'));
    info.compute_units = attribute(hip, hipDeviceAttributeMultiprocessorCount, d);
    info.clock_khz = attribute(hip, hipDeviceAttributeClockRate, d);
    info.memory_clock_khz = attribute(hip, hipDeviceAttributeMemoryClockRate, d);
    if constexpr (WallClockAttribute<hipDeviceAttribute_t>::available)
      info.wall_clock_khz = attribute(hip, WallClockAttribute<hipDeviceAttribute_t>::value, d);
    out.push_back(std::move(info));
  }
  return out;
}

RuntimeInfo query_runtime(const HipApi& hip) {
  RuntimeInfo r;
  (void)hip.hipDriverGetVersion(&r.driver_version);  // 0 when unknown
  (void)hip.hipRuntimeGetVersion(&r.runtime_version);
  r.library = hip.library;
  return r;
}

}  // namespace wmmasim::hw
