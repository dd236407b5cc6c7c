// The plain-HIP tiled GEMM (examples/hip/tile_policy_gemm.hip, built by wmmasim-hipcc) against the
// kernel.hpp tiled GEMM (examples/kernels/tiled_gemm.hpp and tiled_gemm_load_tr.hpp, SIMT runtime)
// and the matrix API, one thread each, same shape, measured in the same run. Counters: x_kernel_hpp
// and x_matrix_api are the plain-HIP time over theirs (issue 12's targets: <= 1.5 and <= 4). The
// times are the process's CPU time (all of its threads: the launches and the matrix API run on
// worker threads), not wall time, which on a shared machine measures the other processes; each is
// the best of five rounds taken in turn. Each result must equal the matrix API bit for bit, or the
// benchmark reports an error. x_lane_after_lane is the plain-HIP time over the same program's with
// lockstep off (WMMASIM_LOCKSTEP=0): what taking memory accesses in turn costs (docs/simt.md).
#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <ctime>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "../../examples/kernels/tiled_gemm.hpp"
#include "../../examples/kernels/tiled_gemm_load_tr.hpp"
#include "plain_hip_gemm.h"
#include "policy_gemm.h"
#include "wmmasim/layouts/instruction_table.hpp"
#include "wmmasim/matrix/gemm.hpp"
#include "wmmasim/matrix/random.hpp"

namespace {

using namespace wmmasim;

double process_cpu_seconds() {
  timespec t{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

// CPU seconds per call of f, repeated for at least 0.3 CPU seconds.
template <class F> double seconds_per_call(F&& f) {
  int reps = 0;
  const double t0 = process_cpu_seconds();
  do {
    f();
    ++reps;
  } while (process_cpu_seconds() - t0 < 0.3);
  return (process_cpu_seconds() - t0) / reps;
}

void BM_PlainHipTiledGemm(benchmark::State& state) {
  const int s = static_cast<int>(state.range(0));
  const bool load_tr = state.range(1) != 0;
  setenv("WMMASIM_THREADS", "1", 1);  // the HIP runtime's launches on one thread, as the others below
  const Instruction& ins = *find_builtin("wmma_f32_16x16x16_f16_w32_gfx12");
  const BitMatrix a = random_matrix(s, s, ins.a, 1, 0), b = random_matrix(s, s, ins.b, 1, 1);
  const BitMatrix zero{s, s, ins.cd, std::vector<std::uint32_t>(static_cast<std::size_t>(s) * s, 0u)};
  std::vector<std::uint16_t> a16(a.bits.begin(), a.bits.end()), b16(b.bits.begin(), b.bits.end());

  // The matrix API, one thread.
  GemmOptions o;
  o.threads = 1;
  BitMatrix expect;
  const auto matrix_api = [&] { expect = gemm(ins, a, b, zero, o); };

  // The kernel.hpp kernel (the load_tr one for the load_tr policy) through the SIMT runtime, one thread.
  std::vector<_Float16> ha(a16.size()), hb(b16.size());
  std::memcpy(ha.data(), a16.data(), a16.size() * 2);
  std::memcpy(hb.data(), b16.data(), b16.size() * 2);
  simt::Buffer<_Float16> A("A", ha), B("B", hb);
  simt::Buffer<float> C("C", static_cast<std::size_t>(s) * s);
  simt::LaunchOptions options;
  options.threads = 1;
  const unsigned g = static_cast<unsigned>((s + 63) / 64);
  const auto kernel_hpp = [&] {
        if (load_tr)
          simt::launch("tiled_gemm_f16_load_tr", simt::dim3{g, g}, simt::dim3{128}, options, examples::tiled_gemm_f16_load_tr, A, B, C, s, s, s);
        else
          simt::launch("tiled_gemm_f16", simt::dim3{g, g}, simt::dim3{128}, options, examples::tiled_gemm_f16, A, B, C, s, s, s);
  };

  if (plain_hip_gemm_setup(a16.data(), b16.data(), s, s, s) != 0) {
    state.SkipWithError("a HIP call failed while setting up");
    return;
  }
  bool ok = true;
  const auto plain_hip = [&] { ok = ok && plain_hip_gemm_run(load_tr) == 0; };
  double plain_seconds = 1e30, kernel_hpp_seconds = 1e30, matrix_seconds = 1e30, unlocked_seconds = 1e30;
  for (int round = 0; round < 5; ++round) {
    plain_seconds = std::min(plain_seconds, seconds_per_call(plain_hip));
    setenv("WMMASIM_LOCKSTEP", "0", 1);
    unlocked_seconds = std::min(unlocked_seconds, seconds_per_call(plain_hip));
    unsetenv("WMMASIM_LOCKSTEP");
    kernel_hpp_seconds = std::min(kernel_hpp_seconds, seconds_per_call(kernel_hpp));
    matrix_seconds = std::min(matrix_seconds, seconds_per_call(matrix_api));
  }
  const std::vector<float> kernel_hpp_c = C.to_host();
  for (auto _ : state) plain_hip();
  std::vector<float> got(static_cast<std::size_t>(s) * s);
  ok = ok && plain_hip_gemm_result(got.data()) == 0;
  plain_hip_gemm_teardown();

  state.counters["x_kernel_hpp"] = plain_seconds / kernel_hpp_seconds;
  state.counters["x_matrix_api"] = plain_seconds / matrix_seconds;
  state.counters["x_lane_after_lane"] = plain_seconds / unlocked_seconds;
  state.counters["kernel_hpp_ms"] = kernel_hpp_seconds * 1e3;
  state.counters["matrix_api_ms"] = matrix_seconds * 1e3;
  state.counters["plain_hip_ms"] = plain_seconds * 1e3;
  if (!ok) state.SkipWithError("a HIP call failed");
  else if (std::memcmp(got.data(), expect.bits.data(), got.size() * 4) != 0)
    state.SkipWithError("the plain-HIP GEMM and the matrix API disagree");
  else if (std::memcmp(kernel_hpp_c.data(), expect.bits.data(), got.size() * 4) != 0)
    state.SkipWithError("the kernel.hpp GEMM and the matrix API disagree");
}
// range(0): M = N = K; range(1): 1 = the global_load_tr_b128 policy.
BENCHMARK(BM_PlainHipTiledGemm)->Args({256, 0})->Args({256, 1})->Unit(benchmark::kMillisecond)->MeasureProcessCPUTime();

// The AMD-example-style GEMM (policy_gemm.hip: scalar tile copies, B transposed in LDS, scalar
// fragment reads; or B by global_load_tr_b128) against the matrix API, one thread each, the same
// inputs, measured in the same run, each the best of five rounds taken in turn. x_matrix_api is its
// time over the matrix API's (issue 27's targets: <= 3 for the LDS path, <= 4 for load_tr);
// x_lane_after_lane as above. The result must equal the matrix API's bit for bit.
void BM_PolicyGemm(benchmark::State& state) {
  const int s = static_cast<int>(state.range(0));
  const bool load_tr = state.range(1) != 0;
  setenv("WMMASIM_THREADS", "1", 1);
  const Instruction& ins = *find_builtin("wmma_f32_16x16x16_f16_w32_gfx12");
  const BitMatrix a = random_matrix(s, s, ins.a, 1, 2), b = random_matrix(s, s, ins.b, 1, 3);
  const BitMatrix zero{s, s, ins.cd, std::vector<std::uint32_t>(static_cast<std::size_t>(s) * s, 0u)};
  std::vector<std::uint16_t> a16(a.bits.begin(), a.bits.end()), b16(b.bits.begin(), b.bits.end());
  GemmOptions o;
  o.threads = 1;
  BitMatrix expect;
  const auto matrix_api = [&] { expect = gemm(ins, a, b, zero, o); };
  if (policy_gemm_setup(a16.data(), b16.data(), s, s, s) != 0) {
    state.SkipWithError("a HIP call failed while setting up");
    return;
  }
  bool ok = true;
  const auto run = [&] { ok = ok && policy_gemm_run(load_tr) == 0; };
  double seconds = 1e30, unlocked_seconds = 1e30, matrix_seconds = 1e30;
  for (int round = 0; round < 5; ++round) {
    seconds = std::min(seconds, seconds_per_call(run));
    setenv("WMMASIM_LOCKSTEP", "0", 1);
    unlocked_seconds = std::min(unlocked_seconds, seconds_per_call(run));
    unsetenv("WMMASIM_LOCKSTEP");
    matrix_seconds = std::min(matrix_seconds, seconds_per_call(matrix_api));
  }
  for (auto _ : state) run();
  std::vector<float> got(static_cast<std::size_t>(s) * s);
  ok = ok && policy_gemm_result(got.data()) == 0;
  policy_gemm_teardown();
  const double wmmas = double(s) * s * s / (16.0 * 16 * 16);
  state.counters["x_matrix_api"] = seconds / matrix_seconds;
  state.counters["x_lane_after_lane"] = seconds / unlocked_seconds;
  state.counters["us_per_wmma"] = seconds / wmmas * 1e6;
  state.counters["matrix_api_us_per_wmma"] = matrix_seconds / wmmas * 1e6;
  state.counters["policy_gemm_ms"] = seconds * 1e3;
  state.counters["matrix_api_ms"] = matrix_seconds * 1e3;
  if (!ok) state.SkipWithError("a HIP call failed");
  else if (std::memcmp(got.data(), expect.bits.data(), got.size() * 4) != 0)
    state.SkipWithError("the AMD-style GEMM and the matrix API disagree");
}
BENCHMARK(BM_PolicyGemm)->Args({256, 0})->Args({256, 1})->Unit(benchmark::kMillisecond)->MeasureProcessCPUTime();

// One launch of the AMD-style GEMM at AMD's example's size, on every core, wall time, with the
// matrix API's 4096^3 on every core in the same run (x_matrix_api); only with --benchmark_filter=OneLaunch
// and WMMASIM_BENCH_BIG=1, as it takes minutes. Result checked bit for bit as above.
void BM_PolicyGemmOneLaunch(benchmark::State& state) {
  const int s = static_cast<int>(state.range(0));
  const bool load_tr = state.range(1) != 0;
  unsetenv("WMMASIM_THREADS");
  const Instruction& ins = *find_builtin("wmma_f32_16x16x16_f16_w32_gfx12");
  const BitMatrix a = random_matrix(s, s, ins.a, 1, 2), b = random_matrix(s, s, ins.b, 1, 3);
  const BitMatrix zero{s, s, ins.cd, std::vector<std::uint32_t>(static_cast<std::size_t>(s) * s, 0u)};
  std::vector<std::uint16_t> a16(a.bits.begin(), a.bits.end()), b16(b.bits.begin(), b.bits.end());
  if (policy_gemm_setup(a16.data(), b16.data(), s, s, s) != 0) {
    state.SkipWithError("a HIP call failed while setting up");
    return;
  }
  bool ok = true;
  double launch_seconds = 0;
  for (auto _ : state) {
    const auto t0 = std::chrono::steady_clock::now();
    ok = ok && policy_gemm_run(load_tr) == 0;
    launch_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  }
  std::vector<float> got(static_cast<std::size_t>(s) * s);
  ok = ok && policy_gemm_result(got.data()) == 0;
  policy_gemm_teardown();
  const auto t0 = std::chrono::steady_clock::now();
  const BitMatrix expect = gemm(ins, a, b, zero, GemmOptions{});
  const double matrix_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  state.counters["launch_s"] = launch_seconds;
  state.counters["matrix_api_s"] = matrix_seconds;
  state.counters["x_matrix_api"] = launch_seconds / matrix_seconds;
  if (!ok) state.SkipWithError("a HIP call failed");
  else if (std::memcmp(got.data(), expect.bits.data(), got.size() * 4) != 0)
    state.SkipWithError("the AMD-style GEMM and the matrix API disagree");
}
const bool registered_big = [] {
  if (const char* v = std::getenv("WMMASIM_BENCH_BIG"); v && *v == '1')
    benchmark::RegisterBenchmark("BM_PolicyGemmOneLaunch", BM_PolicyGemmOneLaunch)
        ->Args({4096, 0})->Args({4096, 1})->Iterations(1)->Unit(benchmark::kSecond)->UseRealTime();
  return true;
}();

}  // namespace

BENCHMARK_MAIN();
