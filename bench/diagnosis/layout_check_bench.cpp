// The layout check's cost on the example kernels: each benchmark first times the unchecked launch
// (best of 3), then times checked launches; x_unchecked is the ratio of wall times, x_unchecked_cpu
// of the process's CPU times (steadier on a shared machine). A checked launch is the tagged
// runs (one per digit of the element numbers: one for 16-bit inputs up to 47102 elements, two for
// 8-bit inputs beyond 246) plus the plain run plus the analysis.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <ctime>

#include "programs/programs.hpp"
#include "wmmasim/diagnosis/check.hpp"

namespace {

using Clock = std::chrono::steady_clock;

// CPU time of the whole process (all threads): on a shared machine steadier than wall time.
double cpu_seconds() {
  timespec t{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}
namespace ex = wmmasim::examples;

// `declare`: the shapes are declared (the reading of every buffer is fixed); otherwise the check
// chooses each buffer's reading from the fragments, as it does for a HIP program.
void BM_CheckedRun(benchmark::State& state, const std::string& program, int m, int n, int k, bool declare = true) {
  const ex::Program& p = ex::find_program(program);
  ex::ProgramArgs args;
  args.m = m;
  args.n = n;
  args.k = k;
  double unchecked = 1e30, unchecked_cpu = 1e30;
  for (int i = 0; i < 3; ++i) {
    const auto t0 = Clock::now();
    const double c0 = cpu_seconds();
    benchmark::DoNotOptimize(p.run(args));
    unchecked_cpu = std::min(unchecked_cpu, cpu_seconds() - c0);
    unchecked = std::min(unchecked, std::chrono::duration<double>(Clock::now() - t0).count());
  }
  wmmasim::diagnosis::CheckOptions o;
  if (declare) o.shapes = {{"A", m, k}, {"B", k, n}, {"C", m, n}, {"D", m, n}};
  wmmasim::diagnosis::LayoutChecker checker(o);
  args.check_layouts = &checker;
  double checked = 0, checked_cpu = 0;
  for (auto _ : state) {
    const auto t0 = Clock::now();
    const double c0 = cpu_seconds();
    benchmark::DoNotOptimize(p.run(args));
    checked_cpu += cpu_seconds() - c0;
    checked += std::chrono::duration<double>(Clock::now() - t0).count();
  }
  if (!checker.errors().empty()) state.SkipWithError("a correct example kernel got a layout finding");
  state.counters["x_unchecked"] = checked / static_cast<double>(state.iterations()) / unchecked;
  state.counters["x_unchecked_cpu"] = checked_cpu / static_cast<double>(state.iterations()) / unchecked_cpu;
  state.counters["unchecked_ms"] = unchecked * 1e3;
}

BENCHMARK_CAPTURE(BM_CheckedRun, tiled_gemm_f16_128, std::string("tiled_gemm_f16"), 128, 128, 128)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK_CAPTURE(BM_CheckedRun, tiled_gemm_f16_load_tr_128, std::string("tiled_gemm_f16_load_tr"), 128, 128, 128)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK_CAPTURE(BM_CheckedRun, tiled_gemm_i8_128, std::string("tiled_gemm_i8"), 128, 128, 128)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK_CAPTURE(BM_CheckedRun, tiled_gemm_fp8_64, std::string("tiled_gemm_fp8"), 64, 64, 64)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK_CAPTURE(BM_CheckedRun, wmma_chain_f16_k256, std::string("wmma_chain_f16"), 16, 16, 256)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK_CAPTURE(BM_CheckedRun, tiled_gemm_f16_128_inferred, std::string("tiled_gemm_f16"), 128, 128, 128, false)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK_CAPTURE(BM_CheckedRun, tiled_gemm_i8_128_inferred, std::string("tiled_gemm_i8"), 128, 128, 128, false)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace

BENCHMARK_MAIN();
