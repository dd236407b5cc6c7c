// The cross-lane __builtin_amdgcn_* collectives of the plain-HIP front end (DPP16, DPP8, ds_swizzle,
// ds_bpermute, permlanex16, wave_barrier) against HIP's __shfl_xor, the existing collective, measured
// in the same run: one block of 256 lanes on one thread, each lane passing 100 of the operation.
// Counter x_shfl = the builtin's time per lane and operation over __shfl_xor's (best of three
// rounds each, taken in turn, as CPU time of the process).
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdlib>
#include <ctime>

#include "cross_lane_kernels.h"

namespace {

constexpr int kThreads = 256, kIterations = 100;

double process_cpu_seconds() {
  timespec t{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

// CPU seconds per lane and operation, the best of three rounds of at least 0.2 s each.
double seconds_per_operation(int op) {
  double best = 1e30;
  for (int round = 0; round < 3; ++round) {
    int launches = 0;
    const double t0 = process_cpu_seconds();
    do {
      if (cross_lane_run(op, kThreads, kIterations) != 0) return -1;
      ++launches;
    } while (process_cpu_seconds() - t0 < 0.2);
    best = std::min(best, (process_cpu_seconds() - t0) / (double(launches) * kThreads * kIterations));
  }
  return best;
}

void BM_CrossLanePerLane(benchmark::State& state) {
  const int op = static_cast<int>(state.range(0));
  setenv("WMMASIM_THREADS", "1", 1);
  state.SetLabel(cross_lane_name(op));
  const double shfl = seconds_per_operation(kShflXor);
  for (auto _ : state)
    if (cross_lane_run(op, kThreads, kIterations) != 0) state.SkipWithError("a HIP call failed");
  const double mine = seconds_per_operation(op);
  if (shfl <= 0 || mine <= 0) state.SkipWithError("a HIP call failed");
  state.SetItemsProcessed(state.iterations() * kThreads * kIterations);
  state.counters["ns_per_lane_op"] = mine * 1e9;
  state.counters["x_shfl"] = mine / shfl;
}
BENCHMARK(BM_CrossLanePerLane)->DenseRange(kShflXor, kCrossLaneOps - 1)->Unit(benchmark::kMillisecond)->MeasureProcessCPUTime();

}  // namespace

BENCHMARK_MAIN();
