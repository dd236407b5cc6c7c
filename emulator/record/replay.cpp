#include "wmmasim/record/replay.hpp"

#include <cstring>

#include "wmmasim/error.hpp"

namespace wmmasim::record {

ReplayPlan plan_replay(const runfile::LaunchRecord& launch, const std::function<std::uint64_t(std::uint64_t bytes)>& allocate,
                       const std::function<void(std::uint64_t address, const std::vector<std::uint8_t>& contents)>& upload) {
  ReplayPlan plan;
  for (std::size_t b = 0; b < launch.buffers.size(); ++b) {
    const runfile::LaunchBuffer& buffer = launch.buffers[b];
    if (!buffer.before)
      throw UserError("launch " + std::to_string(launch.index) + " (" + runfile::kernel_base_name(launch.kernel) +
                      ") cannot be replayed: the contents of argument " +
                      std::to_string(buffer.arguments.empty() ? -1 : buffer.arguments.front()) + "'s buffer before it were not recorded" +
                      (buffer.skipped.empty() ? "" : " (" + buffer.skipped + ")"));
    const std::uint64_t address = allocate(buffer.bytes);
    upload(address, *buffer.before);
    plan.buffers.push_back(address);
  }
  for (const runfile::LaunchArgument& a : launch.arguments) {
    std::vector<std::uint8_t> bytes = a.value;
    if (a.buffer >= 0 && bytes.size() == 8) {
      const std::uint64_t pointer = plan.buffers[static_cast<std::size_t>(a.buffer)] + a.offset;
      std::memcpy(bytes.data(), &pointer, 8);
    }
    plan.arguments.push_back(std::move(bytes));
  }
  return plan;
}

runfile::LaunchRecord replayed_record(const runfile::LaunchRecord& recorded, const ReplayPlan& plan,
                                      const std::function<std::vector<std::uint8_t>(std::uint64_t address, std::uint64_t bytes)>& download) {
  runfile::LaunchRecord r = recorded;
  for (std::size_t b = 0; b < r.buffers.size(); ++b) {
    r.buffers[b].after = download(plan.buffers[b], r.buffers[b].bytes);
    r.buffers[b].skipped.clear();
  }
  for (std::size_t i = 0; i < r.arguments.size(); ++i) r.arguments[i].value = plan.arguments[i];
  r.notes.push_back("replayed from the recording's contents before the launch");
  return r;
}

}  // namespace wmmasim::record
