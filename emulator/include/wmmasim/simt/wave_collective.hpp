// The hook that makes an operation wave-wide: each lane of the calling wave contributes one value,
// one function sees all of them at once, each lane gets its own result. This is how the WMMA,
// SWMMAC and global_load_tr builtins act on a whole wave while kernel code stays per lane.
#pragma once

#include <exception>
#include <source_location>
#include <span>
#include <type_traits>
#include <vector>

#include "wmmasim/simt/lane_context.hpp"

namespace wmmasim::simt {
namespace detail {

struct CollectiveSlot {
  const void* in;
  void* out;
};

// Distinguishes instantiations, so lanes meeting at one line with different types are told apart.
template <class In, class Out> inline const char collective_type_tag = 0;

// Registers the calling lane at the collective. Returns true for the lane that completes the wave
// (it must then run exec and call finish_collective); the others are suspended until the results
// are written and return false.
bool arrive_at_collective(const char* what, const void* type_tag, const void* in, void* out,
                          std::source_location where);
std::span<const CollectiveSlot> collective_slots();  // the calling wave's lanes, in lane order
void finish_collective();                            // resumes the other lanes of the wave
[[noreturn]] void collective_exec_failed(const char* what, std::source_location where, const std::exception& e);

// While alive, trace_event() records for the wave whichever lane is running the exec.
struct CollectiveExecScope {
  CollectiveExecScope();
  ~CollectiveExecScope();
  CollectiveExecScope(const CollectiveExecScope&) = delete;
  CollectiveExecScope& operator=(const CollectiveExecScope&) = delete;
};

}  // namespace detail

// Every lane of the calling wave must call this at the same program point with the same `what`.
// When all lanes have arrived, exec(std::span<const In> inputs, std::span<Out> outputs) runs once
// (inputs[i] is lane i's `mine`, outputs start value-initialised), then each lane returns outputs[its
// lane]. A lane that exits, or waits at another collective or barrier meanwhile, stops the launch
// with a KernelFault; so does a call from a partial wave (block size not a multiple of the wave).
template <class In, class Out, class Exec>
Out wave_collective(const char* what, const In& mine, Exec&& exec,
                    std::source_location where = std::source_location::current()) {
  static_assert(std::is_default_constructible_v<Out>, "wave_collective results must be default-constructible");
  Out result{};
  if (detail::arrive_at_collective(what, &detail::collective_type_tag<In, Out>, &mine, &result, where)) {
    const std::span<const detail::CollectiveSlot> slots = detail::collective_slots();
    std::vector<In> inputs;
    inputs.reserve(slots.size());
    for (const detail::CollectiveSlot& s : slots) inputs.push_back(*static_cast<const In*>(s.in));
    std::vector<Out> outputs(slots.size());
    {
      detail::CollectiveExecScope scope;
      try {
        exec(std::span<const In>(inputs), std::span<Out>(outputs));
      } catch (const std::exception& e) {
        detail::collective_exec_failed(what, where, e);
      }
    }
    for (std::size_t i = 0; i < slots.size(); ++i) *static_cast<Out*>(slots[i].out) = outputs[i];
    detail::finish_collective();
  }
  return result;
}

}  // namespace wmmasim::simt
