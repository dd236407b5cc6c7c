// A launch: check the parameters, run the blocks on a pool of worker threads, watch the clock,
// and turn the first fault into the KernelFault thrown on the caller's thread.
#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "block_runner.hpp"
#include "progress_line.hpp"
#include "signals.hpp"
#include "text.hpp"
#include "wmmasim/simt/launch.hpp"
#include "wmmasim/simt/lane_context.hpp"

namespace wmmasim::simt::detail {
namespace {

constexpr std::size_t kMaxSharedBytes = 64 * 1024;  // LDS per workgroup on gfx12 (spec/timing.md 1)
constexpr std::uint64_t kMaxBlockThreads = 1024;
constexpr auto kGrace = std::chrono::seconds(1);  // time a yielding kernel gets to notice a timeout

[[noreturn]] void bad_launch(const std::string& sentence) { throw KernelFault(FaultKind::bad_launch, sentence); }

void validate(std::string_view name, dim3 grid, dim3 block, const LaunchOptions& o) {
  const std::string k = "launch of kernel " + std::string(name);
  if (in_kernel()) bad_launch("kernel " + std::string(name) + " was launched from inside kernel " + kernel_name() +
                              "; launches must come from host code");
  if (o.wave_size != 32 && o.wave_size != 64)
    bad_launch(k + " asks for wave size " + std::to_string(o.wave_size) + "; RDNA waves have 32 or 64 lanes");
  if (grid.volume() == 0) bad_launch(k + " has an empty grid " + to_string(grid) + "; every dimension must be at least 1");
  if (block.volume() == 0)
    bad_launch(k + " has an empty block " + to_string(block) + "; every dimension must be at least 1");
  if (block.volume() > kMaxBlockThreads)
    bad_launch(k + " asks for blocks of " + std::to_string(block.volume()) + " threads " + to_string(block) +
               "; at most " + std::to_string(kMaxBlockThreads) + " are allowed");
  if (grid.x > 0x7fffffffu || grid.y > 65535 || grid.z > 65535)
    bad_launch(k + " has grid " + to_string(grid) + "; the limits are 2147483647 x 65535 x 65535 blocks");
  if (o.dynamic_shared_bytes > kMaxSharedBytes)
    bad_launch(k + " asks for " + std::to_string(o.dynamic_shared_bytes) +
               " bytes of dynamic shared memory; gfx12 allows at most 65536 bytes per workgroup");
  if (o.lane_stack_bytes < 16 * 1024)
    bad_launch(k + " gives each lane a stack of " + std::to_string(o.lane_stack_bytes) +
               " bytes; at least 16384 are needed");
  if (o.timeout.count() < 0) bad_launch(k + " has a negative timeout");
}

// ---- the watchdog's last resort: a lane that never yields cannot be stopped, only reported ---------

[[noreturn]] void report_spinning_and_exit(LaunchState& st, const std::vector<std::atomic<BlockRunner*>>& runners) {
  std::string s = "kernel " + st.kernel + " " + st.timeout_text;
  for (const auto& published : runners) {
    BlockRunner* r = published.load(std::memory_order_acquire);
    LaneState* lane = r ? r->running.load(std::memory_order_acquire) : nullptr;
    if (!lane) continue;
    const std::source_location last = lane->last.load(std::memory_order_relaxed);
    s += ": " + threads_text({lane->tid}, static_cast<unsigned>(st.options.wave_size)) + " of block " +
         to_string(r->block_idx) + " keeps running without reaching a barrier or wave collective" +
         (last.line() ? " (last seen at " + short_location(last) + ")" : " (since it started)");
    break;
  }
  s += "; stopping the process with status 2\n";
  std::fputs(s.c_str(), stderr);
  std::fflush(stderr);
  std::_Exit(2);
}

void run_launch_once(std::string_view kernel_name, dim3 grid, dim3 block, const LaunchOptions& options,
                     void (*entry)(const void*), const void* entry_context, std::uint64_t launch_number) {
  install_fault_handlers();

  LaunchState st;
  st.kernel = std::string(kernel_name);
  st.grid = grid;
  st.block = block;
  st.options = options;
  st.lanes_per_block = static_cast<unsigned>(block.volume());
  st.waves_per_block = (st.lanes_per_block + options.wave_size - 1) / options.wave_size;
  st.total_blocks = grid.volume();
  st.entry = entry;
  st.entry_context = entry_context;

  unsigned threads = options.threads ? options.threads : std::max(1u, std::thread::hardware_concurrency());
  threads = static_cast<unsigned>(std::min<std::uint64_t>(threads, st.total_blocks));

  std::mutex done_mutex;
  std::condition_variable done_cv;
  unsigned done = 0;
  std::vector<std::unique_ptr<BlockRunner>> runners(threads);
  // What the watchdog may look at while the workers run (TSan found it reading `runners` itself,
  // which the workers write).
  std::vector<std::atomic<BlockRunner*>> published(threads);
  std::vector<std::thread> pool;
  pool.reserve(threads);
  for (unsigned i = 0; i < threads; ++i) {
    pool.emplace_back([&, i] {
      AltSignalStack alt;
      try {
        runners[i] = std::make_unique<BlockRunner>(st);
        t_runner = runners[i].get();
        published[i].store(t_runner, std::memory_order_release);
        while (!st.cancelled.load(std::memory_order_relaxed)) {
          const std::uint64_t b = st.next_block.fetch_add(1);
          if (b >= st.total_blocks) break;
          runners[i]->run(b);
        }
      } catch (const std::exception& e) {
        st.report(0, FaultKind::misuse, "the CPU backend could not run kernel " + st.kernel + ": " + e.what());
      }
      t_runner = nullptr;
      std::lock_guard lock(done_mutex);
      ++done;
      done_cv.notify_all();
    });
  }

  {
    // The watchdog: a hang is a launch that stopped making progress (no barrier, collective, lane
    // exit or block end on any thread), not one that runs long; a total limit only when asked for.
    std::unique_lock lock(done_mutex);
    const auto all_done = [&] { return done == threads; };
    using Clock = std::chrono::steady_clock;
    const Clock::time_point start = Clock::now();
    Clock::time_point last_change = start;
    std::uint64_t last_progress = 0;
    ProgressLine line(options.progress, st.kernel, launch_number, st.total_blocks);
    const auto sum = [&](std::atomic<std::uint64_t> BlockRunner::*counter) {
      std::uint64_t n = 0;
      for (const auto& r : published)
        if (const BlockRunner* runner = r.load(std::memory_order_acquire)) n += (runner->*counter).load(std::memory_order_relaxed);
      return n;
    };
    std::chrono::milliseconds slice{250};
    for (const auto limit : {options.timeout, options.total_timeout})
      if (limit.count()) slice = std::min(slice, std::max(limit / 8, std::chrono::milliseconds(5)));
    while (!done_cv.wait_for(lock, slice, all_done)) {
      const Clock::time_point now = Clock::now();
      if (const std::uint64_t p = sum(&BlockRunner::progress); p != last_progress) {
        last_progress = p;
        last_change = now;
      }
      line.update(now - start, sum(&BlockRunner::blocks_done));
      const bool stalled = options.timeout.count() && now - last_change >= options.timeout;
      const bool over = options.total_timeout.count() && now - start >= options.total_timeout;
      if (!stalled && !over) continue;
      st.timeout_text = over ? "did not finish within " + duration_text(options.total_timeout)
                             : "made no progress for " + duration_text(options.timeout) +
                                   " (no lane reached a barrier, a wave function or its end)";
      st.timed_out.store(true);
      st.cancelled.store(true);
      if (!done_cv.wait_for(lock, kGrace, all_done)) report_spinning_and_exit(st, published);
      break;
    }
    line.finish();
  }
  for (std::thread& t : pool) t.join();
  runners.clear();

  if (st.fault) throw *st.fault;
  if (st.timed_out.load())
    throw KernelFault(FaultKind::timeout, "kernel " + st.kernel + " " + st.timeout_text + " (" +
                                              std::to_string(std::min(st.next_block.load(), st.total_blocks)) +
                                              " of " + std::to_string(st.total_blocks) + " blocks started)");
  if (options.trace) {
    std::sort(st.traces.begin(), st.traces.end(), [&](const WaveTrace& a, const WaveTrace& b) {
      auto key = [&](const WaveTrace& t) {
        return std::make_tuple(t.block.z, t.block.y, t.block.x, t.wave);
      };
      return key(a) < key(b);
    });
    for (const WaveTrace& w : st.traces) options.trace->wave_finished(w);
  }
}

LayoutCheck*& default_check() {
  static LayoutCheck* check = nullptr;
  return check;
}

}  // namespace

void run_launch(std::string_view kernel_name, dim3 grid, dim3 block, const LaunchOptions& options,
                void (*entry)(const void*), const void* entry_context) {
  run_launch(kernel_name, grid, block, options, entry, entry_context, {});
}

void run_launch(std::string_view kernel_name, dim3 grid, dim3 block, const LaunchOptions& options,
                void (*entry)(const void*), const void* entry_context, std::span<const TaggableBuffer> buffers) {
  validate(kernel_name, grid, block, options);
  static std::atomic<std::uint64_t> launches{0};
  const std::uint64_t number = ++launches;  // the layout check's tagged runs show the same number
  LayoutCheck* check = layout_check_for(options.check_layouts);
  if (!check) return run_launch_once(kernel_name, grid, block, options, entry, entry_context, number);
  // The tagged runs are not what the user asked to trace, hear about or see: only the final, plain run is.
  LaunchOptions untraced = options;
  untraced.trace = nullptr;
  untraced.sync_notes = nullptr;
  untraced.race_notes = nullptr;
  untraced.init_watch = nullptr;
  untraced.hidden = true;
  check->check_launch(kernel_name, buffers, [&](bool tagged) {
    run_launch_once(kernel_name, grid, block, tagged ? untraced : options, entry, entry_context, number);
  });
}

}  // namespace wmmasim::simt::detail

namespace wmmasim::simt {

void set_default_layout_check(LayoutCheck* check) { detail::default_check() = check; }
LayoutCheck* default_layout_check() { return detail::default_check(); }

LayoutCheck* layout_check_for(LayoutCheck* requested) {
  if (requested) return requested;
  static const bool from_environment = [] {
    const char* v = std::getenv("WMMASIM_CHECK_LAYOUTS");
    return v && *v && std::string_view(v) != "0";
  }();
  return from_environment ? detail::default_check() : nullptr;
}

void finish_default_layout_check() {
  if (LayoutCheck* c = detail::default_check()) c->finish();
}

}  // namespace wmmasim::simt
