// The kernel-side functions: each finds the calling lane through a thread-local pointer that the
// block's scheduler sets before it switches to the lane.
#include <cstring>

#include "block_runner.hpp"
#include "text.hpp"
#include "wmmasim/simt/lane_context.hpp"
#include "wmmasim/simt/shared_memory.hpp"
#include "wmmasim/simt/trace.hpp"
#include "wmmasim/simt/wave_collective.hpp"

namespace wmmasim::simt {
namespace detail {

constinit thread_local bool t_trace_memory = false;
constinit thread_local const LaneCoordinates* t_coordinates = nullptr;

void outside_kernel(const char* function) {
  throw KernelFault(FaultKind::misuse, std::string(function) + " was called outside a kernel launch");
}

namespace {

LaneState& current_lane(const char* function) {
  if (!t_lane)
    throw KernelFault(FaultKind::misuse,
                      std::string("wmmasim::simt::") + function + " was called outside a kernel launch");
  return *t_lane;
}

}  // namespace

void fault_in_lane(FaultKind kind, const std::string& what_happened, std::source_location where) {
  if (!t_lane) throw KernelFault(kind, what_happened + " outside a kernel launch" + at_text(where));
  t_lane->block->fault(*t_lane, kind, what_happened, where);
}

void fault_in_lane_at(FaultKind kind, const std::string& what_happened, const std::string& location) {
  const std::string at = location.empty() ? "" : " at " + location;
  if (!t_lane) throw KernelFault(kind, what_happened + " outside a kernel launch" + at);
  t_lane->block->fault_at(*t_lane, kind, what_happened, at);
}

void abandon_lane(FaultKind kind, const std::string& what_happened) {
  if (!t_lane) throw KernelFault(kind, what_happened + " outside a kernel launch");
  BlockRunner& b = *t_lane->block;
  b.record_trapped_fault(kind, what_happened + " " + b.lane_context(*t_lane));  // the temporary dies here
  b.drop_faulted_lane(*t_lane);
}

void arrive_at_collective(const char* what, const void* tag, const void* in, void* out, const CollectiveExec& exec,
                          std::source_location where) {
  LaneState& lane = current_lane("wave_collective");
  lane.block->arrive_at_collective(lane, what, tag, in, out, exec, where);
}

checked_ptr<unsigned char> dynamic_shared_region() {
  BlockRunner& b = *current_lane("dynamic_shared").block;
  return checked_ptr<unsigned char>(b.dynamic_shared.data(), b.dynamic_shared.size(), 0,
                                    &b.shared_alloc);
}

unsigned char* dynamic_shared_data() {
  return reinterpret_cast<unsigned char*>(current_lane("dynamic_shared").block->dynamic_shared.data());
}

void bad_access(const Allocation* alloc, Access kind, std::ptrdiff_t offset, std::size_t access_bytes,
                std::size_t size_bytes, std::source_location where) {
  const char* verb = kind == Access::read ? "read" : kind == Access::write ? "write" : "access";
  if (!alloc) fault_in_lane(FaultKind::out_of_bounds, std::string(verb) + " through a null pointer", where);
  // Indices in the allocation's element type; untyped memory (dynamic shared) in the access's.
  const std::ptrdiff_t unit = std::ptrdiff_t(alloc->element_size ? alloc->element_size : access_bytes);
  const std::ptrdiff_t first = offset >= 0 ? offset / unit : -((-offset + unit - 1) / unit);
  const std::ptrdiff_t last = (offset + std::ptrdiff_t(access_bytes) - 1 >= 0)
                                  ? (offset + std::ptrdiff_t(access_bytes) - 1) / unit
                                  : first;
  std::string what = alloc->space == MemorySpace::global ? "buffer '" + alloc->name + "'" : alloc->name;
  std::string elements = last > first ? "elements " + std::to_string(first) + "-" + std::to_string(last)
                                      : "element " + std::to_string(first);
  fault_in_lane(FaultKind::out_of_bounds,
                "out-of-bounds " + std::string(verb) + " of " + what + " at " + elements + " (size " +
                    std::to_string(size_bytes / std::size_t(unit)) + ")",
                where);
}

void trace_memory(const Allocation* alloc, bool write, std::size_t bytes, std::source_location where) {
  if (!t_lane || t_lane->block->in_exec) return;  // a collective's own accesses belong to its event
  const EventKind kind = alloc && alloc->space == MemorySpace::shared ? EventKind::lds
                         : write                                     ? EventKind::global_store
                                                                     : EventKind::global_load;
  const char* name = kind == EventKind::lds ? (write ? "ds_store" : "ds_load")
                                            : (write ? "global_store" : "global_load");
  t_lane->block->waves[t_lane->wave].trace.push_back(TraceEvent{kind, name, where, 0, {}, std::uint32_t(bytes)});
}

}  // namespace detail

using detail::current_lane;
using detail::t_lane;

bool in_kernel() { return t_lane != nullptr; }
bool in_hidden_run() { return t_lane != nullptr && t_lane->block->launch.options.hidden; }
int lane_id() { return current_lane("lane_id").lane; }
int wave_id() { return current_lane("wave_id").wave; }
int wave_size() { return current_lane("wave_size").block->launch.options.wave_size; }
dim3 thread_idx() { return current_lane("thread_idx").thread_idx; }
dim3 block_idx() { return current_lane("block_idx").block->block_idx; }
dim3 block_dim() { return current_lane("block_dim").block->launch.block; }
dim3 grid_dim() { return current_lane("grid_dim").block->launch.grid; }
const std::string& kernel_name() { return current_lane("kernel_name").block->launch.kernel; }
std::size_t dynamic_shared_bytes() { return current_lane("dynamic_shared_bytes").block->dynamic_shared.size(); }

void sync_threads(std::source_location where) {
  detail::LaneState& lane = current_lane("sync_threads");
  lane.block->sync_threads(lane, where, detail::kNoVote);
}

int sync_threads_count(int predicate, std::source_location where) {
  detail::LaneState& lane = current_lane("sync_threads_count");
  return lane.block->sync_threads(lane, where, predicate != 0 ? 1 : 0).true_count;
}

bool sync_threads_and(int predicate, std::source_location where) {
  detail::LaneState& lane = current_lane("sync_threads_and");
  const detail::BarrierVotes v = lane.block->sync_threads(lane, where, predicate != 0 ? 1 : 0);
  return v.true_count == v.voters;
}

bool sync_threads_or(int predicate, std::source_location where) {
  detail::LaneState& lane = current_lane("sync_threads_or");
  return lane.block->sync_threads(lane, where, predicate != 0 ? 1 : 0).true_count != 0;
}

bool tracing() { return t_lane && t_lane->block->launch.options.trace != nullptr; }

void trace_event(const TraceEvent& e) {
  if (!t_lane) return;
  detail::BlockRunner& b = *t_lane->block;
  if (!b.launch.options.trace || !(b.in_exec || t_lane->lane == 0)) return;
  b.waves[t_lane->wave].trace.push_back(e);
}

const char* event_kind_name(EventKind k) {
  switch (k) {
    case EventKind::valu: return "valu";
    case EventKind::wmma: return "wmma";
    case EventKind::lds: return "lds";
    case EventKind::global_load: return "global_load";
    case EventKind::global_store: return "global_store";
    case EventKind::barrier: return "barrier";
    case EventKind::timer: return "timer";
  }
  return "?";
}

}  // namespace wmmasim::simt
