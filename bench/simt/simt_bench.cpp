// What running kernels as fibers costs. Ratios are against a plain loop doing the same arithmetic
// in the same process, measured before each benchmark's timed loop (x_plain_loop = kernel / loop).
#include <benchmark/benchmark.h>

#include <chrono>
#include <cstdint>
#include <memory>
#include <numeric>
#include <vector>

#include "wmmasim/simt/simt.hpp"
#include "../../emulator/simt/context_switch.hpp"
#include "../../tests/simt/block_sum_kernel.hpp"

namespace simt = wmmasim::simt;
namespace detail = wmmasim::simt::detail;
using simt::dim3;
using Clock = std::chrono::steady_clock;

namespace {

// One round trip between two contexts = two switches, with each implementation the runtime has
// (emulator/simt/context_switch.hpp). Here the two sides jump from different call sites, so the
// x86-64 switch's return is mispredicted every time: the opposite of the runtime, where lanes jump
// from the same site one after another. BM_WaveCollectivePerLane measures that case.
template <class Contexts> void BM_ContextSwitch(benchmark::State& state) {
  struct Pair {
    void* main = nullptr;
    void* other = nullptr;
    std::int64_t n = 0;
  } pair;
  auto stack = std::make_unique<char[]>(64 * 1024);
  pair.other = Contexts::make(stack.get() + 64 * 1024, 64 * 1024, [](void* p) {
    auto& pr = *static_cast<Pair*>(p);
    for (;;) {
      ++pr.n;
      Contexts::jump(&pr.other, pr.main);
    }
  }, &pair);
  for (auto _ : state) Contexts::jump(&pair.main, pair.other);
  benchmark::DoNotOptimize(pair.n);
  state.SetItemsProcessed(state.iterations() * 2);  // items = switches; the other context is dropped
}
BENCHMARK_TEMPLATE(BM_ContextSwitch, detail::BoostContexts);
#ifdef WMMASIM_ASM_CONTEXTS
BENCHMARK_TEMPLATE(BM_ContextSwitch, detail::AsmContexts);
#endif

// One lane passing one barrier (a block of 256 lanes, 100 barriers per launch, one OS thread).
void BM_BarrierPerLane(benchmark::State& state) {
  simt::LaunchOptions o;
  o.threads = 1;
  for (auto _ : state)
    simt::launch("barriers", dim3(1), dim3(256), o, [] {
      for (int i = 0; i < 100; ++i) simt::sync_threads();
    });
  state.SetItemsProcessed(state.iterations() * 256 * 100);
}
BENCHMARK(BM_BarrierPerLane)->UseRealTime();

// One lane passing one wave collective (the hook behind the WMMA builtins; an integer sum here),
// same shape as BM_BarrierPerLane.
void BM_WaveCollectivePerLane(benchmark::State& state) {
  simt::LaunchOptions o;
  o.threads = 1;
  for (auto _ : state)
    simt::launch("collectives", dim3(1), dim3(256), o, [] {
      int v = simt::lane_id();
      for (int i = 0; i < 100; ++i)
        v = simt::wave_collective<int, int>("wave_sum", v, [](simt::LaneValues<const int> in, simt::LaneValues<int> out) {
          int total = 0;
          for (int x : in) total += x;
          for (int& x : out) x = total & 0xFF;
        });
      benchmark::DoNotOptimize(v);
    });
  state.SetItemsProcessed(state.iterations() * 256 * 100);
}
BENCHMARK(BM_WaveCollectivePerLane)->UseRealTime();

constexpr unsigned kBlocks = 512, kThreads = 256;

using wmmasim::simt_kernels::block_sum;

// The same tree of additions as block_sum, as a plain loop over plain arrays.
void plain_block_sums(const std::vector<std::int64_t>& in, std::vector<std::int64_t>& out) {
  std::vector<std::int64_t> partial(kThreads);
  for (unsigned b = 0; b < kBlocks; ++b) {
    for (unsigned t = 0; t < kThreads; ++t) partial[t] = in[b * kThreads + t];
    for (unsigned stride = kThreads / 2; stride > 0; stride /= 2)
      for (unsigned t = 0; t < stride; ++t) partial[t] += partial[t + stride];
    out[b] = partial[0];
  }
}

double plain_seconds(const std::vector<std::int64_t>& in, std::vector<std::int64_t>& out) {
  constexpr int reps = 50;
  const auto t0 = Clock::now();
  for (int r = 0; r < reps; ++r) {
    plain_block_sums(in, out);
    benchmark::ClobberMemory();
  }
  return std::chrono::duration<double>(Clock::now() - t0).count() / reps;
}

// Arg: OS threads (0 = all cores).
void BM_SharedMemoryReduction(benchmark::State& state) {
  std::vector<std::int64_t> host(kBlocks * kThreads);
  std::iota(host.begin(), host.end(), 1);
  std::vector<std::int64_t> expect(kBlocks);
  const double plain = plain_seconds(host, expect);
  simt::Buffer<std::int64_t> in("in", host), out("out", kBlocks);
  simt::LaunchOptions o;
  o.threads = static_cast<unsigned>(state.range(0));
  o.dynamic_shared_bytes = kThreads * sizeof(std::int64_t);
  double kernel = 0;
  for (auto _ : state) {
    const auto t0 = Clock::now();
    simt::launch("block_sum", dim3(kBlocks), dim3(kThreads), o, block_sum, in, out);
    kernel += std::chrono::duration<double>(Clock::now() - t0).count();
  }
  if (out.to_host() != expect) state.SkipWithError("kernel and plain loop disagree");
  state.SetItemsProcessed(state.iterations() * kBlocks * kThreads);  // items = lanes run
  state.counters["x_plain_loop"] = kernel / double(state.iterations()) / plain;
}
BENCHMARK(BM_SharedMemoryReduction)->Arg(1)->Arg(0)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace

BENCHMARK_MAIN();
