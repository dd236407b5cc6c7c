// The hook that makes an operation wave-wide: each lane of the calling wave contributes one value,
// one function sees all of them at once, each lane gets its own result. This is how the WMMA,
// SWMMAC and global_load_tr builtins act on a whole wave while kernel code stays per lane.
#pragma once

#include <exception>
#include <source_location>
#include <span>
#include <type_traits>

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

// The lanes' values as exec sees them: element i is lane i's own object (its argument, or the result
// it will return), read or written in place on that lane's stack, so a collective copies nothing.
template <class T> class LaneValues {
 public:
  explicit LaneValues(std::span<const detail::CollectiveSlot> slots) : slots_(slots) {}
  std::size_t size() const { return slots_.size(); }
  T& operator[](std::size_t lane) const {
    if constexpr (std::is_const_v<T>) return *static_cast<T*>(slots_[lane].in);
    else return *static_cast<T*>(slots_[lane].out);
  }

  class iterator {
   public:
    iterator(const LaneValues* values, std::size_t lane) : values_(values), lane_(lane) {}
    T& operator*() const { return (*values_)[lane_]; }
    iterator& operator++() { ++lane_; return *this; }
    bool operator==(const iterator& o) const { return lane_ == o.lane_; }

   private:
    const LaneValues* values_;
    std::size_t lane_;
  };
  iterator begin() const { return iterator(this, 0); }
  iterator end() const { return iterator(this, size()); }

 private:
  std::span<const detail::CollectiveSlot> slots_;
};

// Every lane of the calling wave must call this at the same program point with the same `what`.
// When all lanes have arrived, exec(LaneValues<const In> inputs, LaneValues<Out> outputs) runs once
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
    {
      detail::CollectiveExecScope scope;
      try {
        exec(LaneValues<const In>(slots), LaneValues<Out>(slots));
      } catch (const std::exception& e) {
        detail::collective_exec_failed(what, where, e);
      }
    }
    detail::finish_collective();
  }
  return result;
}

}  // namespace wmmasim::simt
