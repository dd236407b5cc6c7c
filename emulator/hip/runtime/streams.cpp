// Streams and events. Work runs on the CPU when it is issued, so every stream is idle when a call
// returns and an event completes when it is recorded. An event holds the host time at which it was
// recorded: hipEventElapsedTime measures the emulator's own time, not a GPU's (docs/hip-on-cpu.md),
// unless WMMASIM_EVENT_TIME=cycles asks for the cycle model's prediction of the launches between.
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <string>

#include "runtime_state.hpp"

struct ihipStream_t {
  unsigned flags = 0;
  int priority = 0;
};
struct ihipEvent_t {
  wmmasim::hip::runtime::Event event;
};

namespace wmmasim::hip::runtime {
namespace {

bool known_stream(hipStream_t s) {
  return s == nullptr || s == hipStreamPerThread || state().streams.count(s);
}

hipError_t check_stream(hipStream_t s, const char* function) {
  std::lock_guard lock(state().mutex);
  if (!known_stream(s))
    return fail(hipErrorInvalidHandle, function, "the stream was not created by hipStreamCreate or was destroyed");
  return succeed();
}
hipError_t check_event(hipEvent_t e, const char* function) {
  std::lock_guard lock(state().mutex);
  if (!e || !state().events.count(e))
    return fail(hipErrorInvalidHandle, function, "the event was not created by hipEventCreate or was destroyed");
  return succeed();
}

}  // namespace

hipError_t check_launch_stream(hipStream_t s) { return check_stream(s, "kernel launch"); }

bool event_time_is_cycles() {
  static const bool cycles = [] {
    const char* v = std::getenv("WMMASIM_EVENT_TIME");
    return v && std::strcmp(v, "cycles") == 0;
  }();
  return cycles;
}

double event_clock_mhz() {
  static const double mhz = [] {
    const char* v = std::getenv("WMMASIM_EVENT_CLOCK_MHZ");
    char* end = nullptr;
    const double f = v ? std::strtod(v, &end) : 0;
    return v && end && *end == 0 && f > 0 ? f : 2400.0;
  }();
  return mhz;
}

}  // namespace wmmasim::hip::runtime

using namespace wmmasim::hip::runtime;

extern "C" {

hipError_t hipDeviceSynchronize(void) { return fail(sticky_error(), ""); }

hipError_t hipStreamCreateWithPriority(hipStream_t* stream, unsigned int flags, int priority) {
  if (!stream) return fail(hipErrorInvalidValue, "hipStreamCreate", "the result pointer is null");
  std::lock_guard lock(state().mutex);
  *stream = new ihipStream_t{flags, priority};
  state().streams.insert(*stream);
  return succeed();
}
hipError_t hipStreamCreate(hipStream_t* stream) { return hipStreamCreateWithPriority(stream, hipStreamDefault, 0); }
hipError_t hipStreamCreateWithFlags(hipStream_t* stream, unsigned int flags) {
  return hipStreamCreateWithPriority(stream, flags, 0);
}
hipError_t hipStreamDestroy(hipStream_t stream) {
  std::lock_guard lock(state().mutex);
  if (!stream || !state().streams.erase(stream))
    return fail(hipErrorInvalidHandle, "hipStreamDestroy", "the stream was not created by hipStreamCreate or was destroyed");
  delete stream;
  return succeed();
}
hipError_t hipStreamSynchronize(hipStream_t stream) {
  if (hipError_t e = check_stream(stream, "hipStreamSynchronize")) return e;
  return fail(sticky_error(), "");
}
hipError_t hipStreamQuery(hipStream_t stream) {
  if (hipError_t e = check_stream(stream, "hipStreamQuery")) return e;
  return fail(sticky_error(), "");
}
hipError_t hipStreamWaitEvent(hipStream_t stream, hipEvent_t event, unsigned int) {
  if (hipError_t e = check_stream(stream, "hipStreamWaitEvent")) return e;
  return check_event(event, "hipStreamWaitEvent");
}
hipError_t hipStreamGetFlags(hipStream_t stream, unsigned int* flags) {
  if (!flags) return fail(hipErrorInvalidValue, "hipStreamGetFlags", "the result pointer is null");
  if (hipError_t e = check_stream(stream, "hipStreamGetFlags")) return e;
  *flags = stream && stream != hipStreamPerThread ? stream->flags : 0;
  return succeed();
}
hipError_t hipStreamGetPriority(hipStream_t stream, int* priority) {
  if (!priority) return fail(hipErrorInvalidValue, "hipStreamGetPriority", "the result pointer is null");
  if (hipError_t e = check_stream(stream, "hipStreamGetPriority")) return e;
  *priority = stream && stream != hipStreamPerThread ? stream->priority : 0;
  return succeed();
}
hipError_t hipStreamAddCallback(hipStream_t stream, hipStreamCallback_t callback, void* user, unsigned int flags) {
  if (!callback || flags != 0) return fail(hipErrorInvalidValue, "hipStreamAddCallback", "the callback is null or flags are not 0");
  if (hipError_t e = check_stream(stream, "hipStreamAddCallback")) return e;
  callback(stream, sticky_error(), user);
  return succeed();
}
hipError_t hipLaunchHostFunc(hipStream_t stream, hipHostFn_t fn, void* user) {
  if (!fn) return fail(hipErrorInvalidValue, "hipLaunchHostFunc", "the function is null");
  if (hipError_t e = check_stream(stream, "hipLaunchHostFunc")) return e;
  fn(user);
  return succeed();
}

hipError_t hipEventCreateWithFlags(hipEvent_t* event, unsigned flags) {
  if (!event) return fail(hipErrorInvalidValue, "hipEventCreate", "the result pointer is null");
  std::lock_guard lock(state().mutex);
  *event = new ihipEvent_t{};
  (*event)->event.flags = flags;
  state().events.insert(*event);
  return succeed();
}
hipError_t hipEventCreate(hipEvent_t* event) { return hipEventCreateWithFlags(event, hipEventDefault); }
hipError_t hipEventRecord(hipEvent_t event, hipStream_t stream) {
  if (hipError_t e = check_event(event, "hipEventRecord")) return e;
  if (hipError_t e = check_stream(stream, "hipEventRecord")) return e;
  std::lock_guard lock(state().mutex);
  event->event.recorded = std::chrono::steady_clock::now();
  event->event.predicted_ms = state().predicted_ms;
  return succeed();
}
hipError_t hipEventDestroy(hipEvent_t event) {
  std::lock_guard lock(state().mutex);
  if (!event || !state().events.erase(event))
    return fail(hipErrorInvalidHandle, "hipEventDestroy", "the event was not created by hipEventCreate or was destroyed");
  delete event;
  return succeed();
}
hipError_t hipEventSynchronize(hipEvent_t event) {
  if (hipError_t e = check_event(event, "hipEventSynchronize")) return e;
  return fail(sticky_error(), "");
}
hipError_t hipEventQuery(hipEvent_t event) {
  if (hipError_t e = check_event(event, "hipEventQuery")) return e;
  return event->event.recorded ? hipSuccess : hipErrorNotReady;
}
hipError_t hipEventElapsedTime(float* ms, hipEvent_t start, hipEvent_t stop) {
  if (!ms) return fail(hipErrorInvalidValue, "hipEventElapsedTime", "the result pointer is null");
  if (hipError_t e = check_event(start, "hipEventElapsedTime")) return e;
  if (hipError_t e = check_event(stop, "hipEventElapsedTime")) return e;
  if ((start->event.flags | stop->event.flags) & hipEventDisableTiming)
    return fail(hipErrorInvalidHandle, "hipEventElapsedTime", "an event was created with hipEventDisableTiming");
  if (!start->event.recorded || !stop->event.recorded)
    return fail(hipErrorNotReady, "hipEventElapsedTime", "an event has not been recorded");
  if (event_time_is_cycles()) *ms = static_cast<float>(stop->event.predicted_ms - start->event.predicted_ms);
  else *ms = std::chrono::duration<float, std::milli>(*stop->event.recorded - *start->event.recorded).count();
  return succeed();
}

}  // extern "C"
