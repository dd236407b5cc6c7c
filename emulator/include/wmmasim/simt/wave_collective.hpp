// The hook that makes an operation wave-wide: each lane of the calling wave contributes one value,
// one function sees all of them at once, each lane gets its own result. This is how the WMMA,
// SWMMAC and global_load_tr builtins act on a whole wave while kernel code stays per lane.
#pragma once

#include <memory>
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

// What the runtime runs once a wave is complete: exec, with its type erased.
struct CollectiveExec {
  void (*run)(void* exec, std::span<const CollectiveSlot> slots);  // slots: the wave's lanes, in lane order
  void* exec;
};

// Registers the calling lane at the collective and returns when every lane of its wave has arrived
// and the runtime has run `exec` once over all of them, on the OS thread's own stack (so what an
// exec needs does not count against the lanes' stacks).
void arrive_at_collective(const char* what, const void* type_tag, const void* in, void* out, const CollectiveExec& exec,
                          std::source_location where);

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
  using E = std::remove_reference_t<Exec>;
  const detail::CollectiveExec job{
      [](void* e, std::span<const detail::CollectiveSlot> slots) {
        (*static_cast<E*>(e))(LaneValues<const In>(slots), LaneValues<Out>(slots));
      },
      const_cast<std::remove_const_t<E>*>(std::addressof(exec))};
  detail::arrive_at_collective(what, &detail::collective_type_tag<In, Out>, &mine, &result, job, where);
  return result;
}

}  // namespace wmmasim::simt
