// What the CPU HIP runtime remembers between calls: the last and the sticky error, the allocation
// table, streams and events. One instance per process, behind one mutex (HIP calls are rare next to
// the work of a launch).
#pragma once

#include <chrono>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <span>
#include <string>

#include "wmmasim/hip/detail/launch.hpp"
#include "wmmasim/hip/detail/runtime_api.hpp"
#include "wmmasim/simt/guarded_memory.hpp"
#include "wmmasim/simt/memory_faults.hpp"

namespace wmmasim::hip::runtime {

enum class MemoryKind { device, managed, host };

struct DeviceAllocation {
  simt::GuardedRegion region;
  MemoryKind kind = MemoryKind::device;
  std::string element_type;  // "float", from the typed hipMalloc overload; "" when unknown
  std::string site;          // "prog.hip:31" when known
  std::string name;          // the argument text of the last launch that passed it ("dA")
  bool freed = false;
  // initcheck (docs/check.md): one byte per byte, nonzero once a copy, a memset or a kernel wrote
  // it; null when the run does not check initialisation (or host code can write it unseen).
  std::unique_ptr<std::uint8_t[]> written;
  // racecheck: per byte, which block of which launch stored it last (wmmasim/simt/race_notes.hpp,
  // BlockWrites); null when the run does not check races.
  std::unique_ptr<std::uint32_t[]> writers;
};

struct Event {
  std::optional<std::chrono::steady_clock::time_point> recorded;
  double predicted_ms = 0;  // RuntimeState::predicted_ms when recorded (WMMASIM_EVENT_TIME=cycles)
  unsigned flags = 0;
};

struct Stream {
  unsigned flags = 0;
  int priority = 0;
};

struct RuntimeState {
  std::recursive_mutex mutex;
  // By start address; freed allocations stay (inaccessible) so that a later access is named.
  std::map<const std::byte*, std::unique_ptr<DeviceAllocation>> allocations;
  std::size_t freed_count = 0;
  std::set<const ihipStream_t*> streams;
  std::set<const ihipEvent_t*> events;
  int device = 0;
  bool in_launch = false;
  // With WMMASIM_EVENT_TIME=cycles: the cycle model's predicted GPU time of every launch so far, in
  // milliseconds at event_clock_mhz() (events read it; hipEventElapsedTime subtracts).
  double predicted_ms = 0;
};

// WMMASIM_EVENT_TIME=cycles: events measure the cycle model's prediction instead of host time.
bool event_time_is_cycles();
// The shader clock that turns predicted cycles into time: WMMASIM_EVENT_CLOCK_MHZ, 2400 by default.
double event_clock_mhz();

RuntimeState& state();

// The allocation holding `address` (its bytes, slack or guard pages), or null.
DeviceAllocation* find_allocation(const void* address);
// "buffer 'dA' (float, 4096 bytes from hipMalloc at prog.hip:31)".
std::string describe(const DeviceAllocation& a);
// initcheck: `bytes` at `dst` were just written by the runtime (a copy from `src`, whose unwritten
// bytes stay unwritten when it is a tracked buffer too; a memset when src is null).
void note_written(const void* dst, std::size_t bytes, const void* src = nullptr);
// Device allocations are inaccessible to host code except during launches and runtime copies.
void set_device_memory_accessible(bool accessible);

// Errors. Records `e` as the calling thread's last error (hipSuccess too) and returns it;
// a non-empty sentence is printed on stderr as "wmmasim: <function>: <sentence>".
hipError_t fail(hipError_t e, const char* function, const std::string& sentence = "");
hipError_t succeed();
// The sticky error of a kernel fault (hipSuccess when none), and its sentence.
hipError_t sticky_error();
void set_sticky_error(hipError_t e, const std::string& sentence);
const std::string& sticky_sentence();

// The process's launch recorder (WMMASIM_RECORD=run.json; docs/hw.md "Recording your own program"),
// or null when recording is off.
namespace record_hooks {
void allocated(const void* base, std::size_t bytes, const std::string& element_type);
void freed(const void* base);
}  // namespace record_hooks

// Kernels whose parameter types are known (wmmasim/hip/detail/launch.hpp), by address, guarded by
// state().mutex: a program's own registered at start-up, a module's while hipModuleLoadData loads
// it (`module` says whose, null for the program's) until hipModuleUnload.
struct RegisteredKernel {
  std::string name;
  detail::KernelInvoker invoker;
  std::span<const detail::KernelParameter> parameters;
  const ihipModule_t* module = nullptr;
};
std::map<const void*, RegisteredKernel>& kernels();
// The module hipModuleLoadData is loading on this thread (its static initialisers register its kernels).
const ihipModule_t*& loading_module();

// The target the program was compiled for (hip_runtime_api.h registers it at start-up).
struct Target {
  std::string arch = "gfx1201";
  int wave_size = 32;
};
const Target& target();

}  // namespace wmmasim::hip::runtime
