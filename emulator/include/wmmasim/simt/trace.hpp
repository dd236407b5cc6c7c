// A coarse, per-wave record of what each wave issued, for the cycle model. Off unless
// LaunchOptions::trace points at a sink. A wave's sequence is what its lane 0 executes (the wave's
// first lane is always active), plus one event per wave collective; see docs/simt.md for the limits.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <mutex>
#include <source_location>
#include <vector>

#include "wmmasim/simt/dim3.hpp"

namespace wmmasim::simt {

enum class EventKind : std::uint8_t { valu, wmma, lds, global_load, global_store, barrier, timer };

const char* event_kind_name(EventKind k);

struct TraceEvent {
  EventKind kind = EventKind::valu;
  const char* name = "";              // instruction name (wmma events); a string literal, never freed
  std::source_location where{};       // empty (line 0) when the runtime cannot know it
  std::uint64_t write = 0;            // opaque id of the register written, 0 = unknown
  std::array<std::uint64_t, 4> reads{};  // opaque ids of registers read, 0 = unknown / unused
  std::uint32_t bytes = 0;            // memory events: bytes lane 0 moved (the wave: x active lanes)
};

struct WaveTrace {
  dim3 block;
  int wave = 0;
  int wave_size = 32;
  int active_lanes = 32;                  // fewer only in a partial last wave
  std::size_t dynamic_shared_bytes = 0;   // the block's dynamic LDS (static __shared__ is not seen)
  std::vector<TraceEvent> events;
};

// Receives each finished wave's trace. The runtime calls it from one thread at a time, after the
// launch, ordered by block (x fastest) then wave, so sinks need no locking of their own.
class TraceSink {
 public:
  virtual ~TraceSink() = default;
  virtual void wave_finished(const WaveTrace& wave) = 0;
};

// The simplest sink: keeps every wave's trace.
class TraceRecorder : public TraceSink {
 public:
  void wave_finished(const WaveTrace& wave) override { waves.push_back(wave); }
  std::vector<WaveTrace> waves;
};

// Kernel side. trace_event() records `e` for the calling wave: when called by lane 0 of a wave, or
// from inside a wave collective's exec (which runs once per wave). Elsewhere, and when the launch
// is not traced, it does nothing, so builtins may call it unconditionally.
void trace_event(const TraceEvent& e);
bool tracing();  // true when this launch is traced (cheap; lets callers skip building events)

}  // namespace wmmasim::simt
