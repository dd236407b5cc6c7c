// The host-side cost of recording a launch (docs/hw.md "Overhead"): one kernel whose only argument
// reaches a buffer of `range(0)` bytes, recorded before and after into a run file in the temporary
// directory (created, written and renamed every iteration). The reference, measured in the same
// process before the timed loop, is two memcpy of the buffer (what the contents cost to copy at all):
// x_memcpy = recording / reference. A GPU adds the device synchronisations and the PCIe copies.
#include <benchmark/benchmark.h>

#include <chrono>
#include <cstring>
#include <filesystem>
#include <unistd.h>
#include <vector>

#include "wmmasim/record/recorder.hpp"

namespace {

using Clock = std::chrono::steady_clock;

void BM_RecordOneLaunch(benchmark::State& state) {
  const std::size_t bytes = static_cast<std::size_t>(state.range(0));
  std::vector<std::uint8_t> device(bytes, 0x5a), host(bytes);
  const auto address = reinterpret_cast<std::uint64_t>(device.data());
  const wmmasim::record::CopyFromDevice copy = [](std::uint64_t a, void* h, std::size_t n) {
    std::memcpy(h, reinterpret_cast<const void*>(a), n);
    return std::string();
  };
  // Reference: the two copies alone.
  const int reps = 20;
  const auto t0 = Clock::now();
  for (int i = 0; i < reps; ++i) {
    std::memcpy(host.data(), device.data(), bytes);
    benchmark::DoNotOptimize(host.data());
    std::memcpy(host.data(), device.data(), bytes);
    benchmark::ClobberMemory();
  }
  const double reference = std::chrono::duration<double>(Clock::now() - t0).count() / reps;

  const auto path = std::filesystem::temp_directory_path() / ("wmmasim_record_bench_" + std::to_string(::getpid()) + ".json");
  wmmasim::record::Options options;
  options.out = path.string();
  options.max_buffer_bytes = ~0ull;
  double total = 0;
  for (auto _ : state) {
    const auto start = Clock::now();
    wmmasim::record::Recorder rec(options, {"emulator", "bench", std::nullopt});
    rec.note_allocation(address, bytes);
    wmmasim::record::Launch launch;
    launch.kernel = "k(float*)";
    launch.arguments.push_back(wmmasim::record::Argument::of("float*", &address, 8));
    const auto ticket = rec.before_launch(launch, copy);
    rec.after_launch(ticket, copy);
    rec.finish();
    total += std::chrono::duration<double>(Clock::now() - start).count();
  }
  std::filesystem::remove(path);
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * bytes));
  state.counters["x_memcpy"] = total / static_cast<double>(state.iterations()) / reference;
}
BENCHMARK(BM_RecordOneLaunch)->Arg(1 << 20)->Arg(16 << 20)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace

BENCHMARK_MAIN();
