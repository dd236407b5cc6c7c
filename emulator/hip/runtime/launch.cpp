// Kernel launches on the CPU emulator, reported the HIP way: a launch the device would refuse
// returns its error; a fault in a kernel prints its sentence on stderr at once and becomes the
// sticky error that the next synchronising call returns (docs/hip-on-cpu.md).
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "check_session.hpp"
#include "runtime_state.hpp"
#include "wmmasim/hip/detail/launch.hpp"
#include "wmmasim/simt/fault.hpp"
#include "wmmasim/record/recorder.hpp"
#include "wmmasim/simt/launch.hpp"
#include "wmmasim/simt/trace.hpp"
#include "wmmasim/cycles/from_simt.hpp"
#include "wmmasim/cycles/model.hpp"

namespace wmmasim::hip::runtime {

hipError_t check_launch_stream(hipStream_t s);
void note_kernel_fault();
bool take_assert_failure();
// Replay mode (replay.cpp): a launch the recording holds runs on the recorded inputs instead.
std::optional<hipError_t> replay_launch(const detail::LaunchSite& site, dim3 grid, dim3 block, std::size_t shared,
                                        hipStream_t stream, int wave_size, std::span<const detail::LaunchArgument> arguments,
                                        void (*entry)(const void*), const void* context);
simt::LayoutCheck* replay_layout_check();

namespace {

// "dA, dB, n" → {"dA", "dB", "n"}: top-level commas only.
std::vector<std::string> split_arguments(const char* text) {
  std::vector<std::string> out;
  std::string current;
  int depth = 0;
  for (const char* p = text; p && *p; ++p) {
    const char c = *p;
    if (c == '(' || c == '[' || c == '{' || c == '<') ++depth;
    if (c == ')' || c == ']' || c == '}' || c == '>') --depth;
    if (c == ',' && depth == 0) {
      out.push_back(current);
      current.clear();
      continue;
    }
    current += c;
  }
  if (!current.empty() || !out.empty()) out.push_back(current);
  for (std::string& s : out) {
    const auto first = s.find_first_not_of(" \t\n");
    const auto last = s.find_last_not_of(" \t\n");
    s = first == std::string::npos ? "" : s.substr(first, last - first + 1);
  }
  return out;
}

hipError_t code_of(simt::FaultKind kind) {
  switch (kind) {
    case simt::FaultKind::bad_launch: return hipErrorInvalidConfiguration;
    case simt::FaultKind::out_of_bounds: return hipErrorIllegalAddress;
    case simt::FaultKind::timeout: return hipErrorLaunchTimeOut;
    case simt::FaultKind::trap: return take_assert_failure() ? hipErrorAssert : hipErrorLaunchFailure;
    default: return hipErrorLaunchFailure;
  }
}

std::size_t env_size(const char* name, std::size_t fallback) {
  const char* v = std::getenv(name);
  if (!v || !*v) return fallback;
  char* end = nullptr;
  const unsigned long long n = std::strtoull(v, &end, 10);
  return end && *end == 0 ? static_cast<std::size_t>(n) : fallback;
}


// A write into the few bytes between a buffer's end and its guard page traps nowhere: look for it.
std::string slack_damage_report(const char* kernel) {
  for (auto& [base, a] : state().allocations) {
    if (a->freed) continue;
    if (auto offset = a->region.slack_damage())
      return "kernel '" + std::string(kernel) + "' wrote outside " + describe(*a) + ", at byte " +
             std::to_string(*offset) + " (within the alignment slack, which no guard page covers; the lane is unknown)";
  }
  return "";
}

record::Recorder* recorder() {
  static record::Recorder* r = record::process_recorder({"emulator", "wmmasim-hipcc (CPU emulator)", std::nullopt});
  return r;
}

// Device memory is host memory here: a recorder copies it directly (the launch has made it accessible).
std::string copy_from_device(std::uint64_t address, void* host, std::size_t bytes) {
  std::memcpy(host, reinterpret_cast<const void*>(address), bytes);
  return "";
}

// "scale(float *, float, int)": the kernel as written at the launch, with the argument types.
record::Launch describe_launch(const detail::LaunchSite& site, dim3 grid, dim3 block, std::size_t shared, int wave,
                               std::span<const detail::LaunchArgument> arguments) {
  record::Launch l;
  l.kernel = std::string(site.kernel) + "(";
  for (std::size_t i = 0; i < arguments.size(); ++i) {
    l.kernel += (i ? ", " : "") + std::string(arguments[i].type);
    l.arguments.push_back(record::Argument::of(std::string(arguments[i].type), arguments[i].value, arguments[i].bytes));
  }
  l.kernel += ")";
  l.grid = {grid.x, grid.y, grid.z};
  l.block = {block.x, block.y, block.z};
  l.dynamic_lds = shared;
  l.wave_size = wave;
  return l;
}

}  // namespace

std::map<const void*, RegisteredKernel>& kernels() {
  static auto* k = new std::map<const void*, RegisteredKernel>;
  return *k;
}

const ihipModule_t*& loading_module() {
  thread_local const ihipModule_t* m = nullptr;
  return m;
}

namespace record_hooks {
void allocated(const void* base, std::size_t bytes, const std::string& element_type) {
  if (record::Recorder* r = recorder()) r->note_allocation(reinterpret_cast<std::uint64_t>(base), bytes, element_type);
}
void freed(const void* base) {
  if (record::Recorder* r = recorder()) r->note_free(reinterpret_cast<std::uint64_t>(base));
}
}  // namespace record_hooks

}  // namespace wmmasim::hip::runtime

namespace wmmasim::hip::detail {

using namespace runtime;

hipError_t launch(const LaunchSite& site, dim3 grid, dim3 block, std::size_t shared, hipStream_t stream, int wave_size,
                  std::span<const LaunchArgument> arguments, void (*entry)(const void*), const void* context) {
  if (hipError_t e = sticky_error()) return e;
  if (hipError_t e = check_launch_stream(stream)) return e;
  if (simt::in_kernel())
    return fail(hipErrorNotSupported, "kernel launch",
                "kernel '" + std::string(site.kernel) + "' was launched from device code, which the CPU emulator does not support");
  if (auto replayed = replay_launch(site, grid, block, shared, stream, wave_size, arguments, entry, context)) return *replayed;
  std::unique_lock lock(state().mutex);
  // Name the buffers after the launch's argument text, so a fault says "buffer 'dC'".
  const std::vector<std::string> names = split_arguments(site.arguments);
  // The buffers a layout check may fill with tags (docs/diagnosis.md): those the arguments reach.
  std::vector<simt::TaggableBuffer> taggable;
  for (std::size_t i = 0; i < arguments.size(); ++i) {
    if (!arguments[i].is_pointer) continue;
    const void* p = *static_cast<const void* const*>(arguments[i].value);
    DeviceAllocation* a = p ? find_allocation(p) : nullptr;
    if (!a) continue;
    const bool named = i < names.size() && !names[i].empty();
    // The argument that passes a buffer's start names it ("dC"); "dC + 16" names it only failing that.
    if (named && (p == a->region.data() || a->name.empty())) a->name = names[i];
    if (a->freed) continue;
    const bool listed = std::any_of(taggable.begin(), taggable.end(),
                                    [&](const simt::TaggableBuffer& t) { return t.data == a->region.data(); });
    if (!listed)
      taggable.push_back({a->name.empty() ? "argument " + std::to_string(i + 1) : a->name, a->region.data(),
                          a->region.size(), arguments[i].pointee_bytes});
  }
  // Every other live allocation (device, host-mapped, managed) is only restored after the tagged
  // runs: the kernel may reach it through a pointer the arguments do not show.
  if (simt::layout_check_for(nullptr))
    for (auto& [base, a] : state().allocations)
      if (!a->freed && std::none_of(taggable.begin(), taggable.end(),
                                    [&](const simt::TaggableBuffer& t) { return t.data == a->region.data(); }))
        taggable.push_back({a->name, a->region.data(), a->region.size(), 0, false});
  simt::LaunchOptions options;
  options.check_layouts = replay_layout_check();
  options.dynamic_shared_bytes = shared;
  options.wave_size = wave_size;
  options.threads = static_cast<unsigned>(env_size("WMMASIM_THREADS", 0));
  options.timeout = std::chrono::seconds(env_size("WMMASIM_TIMEOUT_SECONDS", 60));  // with no progress
  options.total_timeout = std::chrono::seconds(env_size("WMMASIM_TOTAL_TIMEOUT_SECONDS", 0));
  // On a terminal, a long launch shows its progress; WMMASIM_PROGRESS=1 asks for it anywhere, 0 never.
  options.progress = env_size("WMMASIM_PROGRESS", isatty(2) ? 1 : 0) != 0;
  options.lockstep = env_size("WMMASIM_LOCKSTEP", 1) != 0;  // 0: lane after lane (docs/simt.md)
  check_launch(options);                                       // under `wmmasim check`: its sinks
  // WMMASIM_EVENT_TIME=cycles: the launch is traced and its trace timed by the cycle model.
  simt::TraceRecorder traced;
  const bool predict = event_time_is_cycles() && options.trace == nullptr;
  if (predict) options.trace = &traced;
  state().in_launch = true;
  set_device_memory_accessible(true);
  lock.unlock();
  record::Recorder* rec = recorder();
  record::Recorder::Ticket ticket;
  if (rec) ticket = rec->before_launch(describe_launch(site, grid, block, shared, wave_size, arguments), copy_from_device);

  std::string sentence;
  hipError_t error = hipSuccess;
  try {
    simt::detail::run_launch(site.kernel, simt::dim3(grid.x, grid.y, grid.z), simt::dim3(block.x, block.y, block.z),
                             options, entry, context, taggable);
  } catch (const simt::KernelFault& f) {
    error = code_of(f.kind);
    sentence = f.what();
    check_fault(f.kind, sentence);
  } catch (const std::exception& e) {
    error = hipErrorLaunchFailure;
    sentence = "kernel '" + std::string(site.kernel) + "' stopped: " + e.what();
  }
  check_launch_end();

  double predicted_ms = 0;
  if (predict && error == hipSuccess) {
    try {
      const cycles::Prediction p = cycles::simulate(cycles::program_from_simt(site.kernel, traced.waves));
      predicted_ms = static_cast<double>(p.kernel_cycles) / (event_clock_mhz() * 1e3);
    } catch (const std::exception& e) {
      std::fprintf(stderr, "wmmasim: WMMASIM_EVENT_TIME=cycles: the cycle model cannot time kernel '%s' (%s); its events count it as 0 ms\n",
                   site.kernel, e.what());
    }
  }

  lock.lock();
  state().predicted_ms += predicted_ms;
  if (error == hipSuccess) {
    sentence = slack_damage_report(site.kernel);
    if (!sentence.empty()) {
      error = hipErrorIllegalAddress;
      check_fault(simt::FaultKind::out_of_bounds, sentence);
    }
  }
  if (rec) rec->after_launch(ticket, copy_from_device, sentence);
  set_device_memory_accessible(false);
  state().in_launch = false;
  lock.unlock();
  if (error == hipSuccess) return succeed();
  if (error == hipErrorInvalidConfiguration) return fail(error, "kernel launch", sentence);
  std::fprintf(stderr, "wmmasim: %s\n", sentence.c_str());
  set_sticky_error(error, sentence);
  note_kernel_fault();
  return error;
}

bool register_kernel(const void* function, const char* name, KernelInvoker invoker, const KernelParameter* parameters,
                     std::size_t parameter_count) {
  std::lock_guard lock(state().mutex);
  kernels()[function] = RegisteredKernel{name, invoker, {parameters, parameter_count}, loading_module()};
  return true;
}

}  // namespace wmmasim::hip::detail

using namespace wmmasim::hip::runtime;

extern "C" {

hipError_t hipLaunchKernel(const void* function, dim3 grid, dim3 block, void** args, size_t shared, hipStream_t stream) {
  if (!function) return fail(hipErrorInvalidDeviceFunction, "hipLaunchKernel", "the kernel pointer is null");
  std::unique_lock lock(state().mutex);
  auto it = kernels().find(function);
  if (it == kernels().end())
    return fail(hipErrorInvalidDeviceFunction, "hipLaunchKernel",
                "this function is not a kernel that wmmasim-hipcc registered (it registers the non-template __global__ "
                "functions your sources define); launch it with <<<>>> or hipLaunchKernelGGL");
  if (!args) {
    return fail(hipErrorInvalidValue, "hipLaunchKernel", "the argument array is null");
  }
  const RegisteredKernel kernel = it->second;
  lock.unlock();
  return kernel.invoker(function, kernel.name.c_str(), grid, block, shared, stream, args);
}

hipError_t hipFuncGetAttributes(hipFuncAttributes* attr, const void* func) {
  if (!attr || !func) return fail(hipErrorInvalidValue, "hipFuncGetAttributes", "a pointer is null");
  std::memset(attr, 0, sizeof *attr);
  // The CPU build has no registers or static LDS figures: it reports the launch limits it enforces.
  attr->maxThreadsPerBlock = 1024;
  attr->maxDynamicSharedSizeBytes = 64 * 1024;
  attr->binaryVersion = attr->ptxVersion = 0;
  return succeed();
}
hipError_t hipFuncSetAttribute(const void* func, hipFuncAttribute, int) {
  if (!func) return fail(hipErrorInvalidValue, "hipFuncSetAttribute", "the kernel pointer is null");
  return succeed();
}
hipError_t hipFuncSetCacheConfig(const void* func, hipFuncCache_t) {
  if (!func) return fail(hipErrorInvalidValue, "hipFuncSetCacheConfig", "the kernel pointer is null");
  return succeed();
}
hipError_t hipFuncSetSharedMemConfig(const void* func, hipSharedMemConfig) {
  if (!func) return fail(hipErrorInvalidValue, "hipFuncSetSharedMemConfig", "the kernel pointer is null");
  return succeed();
}

// Occupancy from the limits the emulated device reports (2048 threads and 64 KiB of LDS per CU, at
// most 32 blocks); registers are not modelled on the CPU.
hipError_t hipOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(int* blocks, const void* f, int block_size,
                                                                 size_t shared, unsigned int) {
  if (!blocks || !f) return fail(hipErrorInvalidValue, "hipOccupancyMaxActiveBlocksPerMultiprocessor", "a pointer is null");
  if (block_size <= 0 || block_size > 1024)
    return fail(hipErrorInvalidValue, "hipOccupancyMaxActiveBlocksPerMultiprocessor", "the block size must be 1 to 1024");
  const int wave = target().wave_size;
  const int threads = (block_size + wave - 1) / wave * wave;
  int n = 2048 / threads;
  if (shared > 0) n = std::min<int>(n, static_cast<int>(65536 / shared));
  *blocks = std::min(n, 32);
  return succeed();
}
hipError_t hipOccupancyMaxActiveBlocksPerMultiprocessor(int* blocks, const void* f, int block_size, size_t shared) {
  return hipOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(blocks, f, block_size, shared, 0);
}
hipError_t hipOccupancyMaxPotentialBlockSize(int* grid, int* block, const void* f, size_t shared, int limit) {
  if (!grid || !block || !f) return fail(hipErrorInvalidValue, "hipOccupancyMaxPotentialBlockSize", "a pointer is null");
  *block = limit > 0 && limit < 1024 ? limit : 1024;
  int per_cu = 0;
  if (hipError_t e = hipOccupancyMaxActiveBlocksPerMultiprocessor(&per_cu, f, *block, shared)) return e;
  hipDeviceProp_t p;
  (void)hipGetDeviceProperties(&p, 0);
  *grid = per_cu * p.multiProcessorCount;
  return succeed();
}

hipError_t hipProfilerStart(void) { return succeed(); }
hipError_t hipProfilerStop(void) { return succeed(); }

}  // extern "C"
