// Matrix API and SIMT runtime throughput, each reported as a fraction of an Eigen float GEMM of the
// same shape measured in the same process (counter "vs_eigen": 1.0 = as fast as Eigen).
#include <benchmark/benchmark.h>

#include <chrono>
#include <cstring>
#include <map>
#include <string>
#include <utility>
#include <thread>

#include <Eigen/Core>

#include "../../examples/kernels/tiled_gemm.hpp"
#include "wmmasim/layouts/instruction_table.hpp"
#include "wmmasim/matrix/gemm.hpp"
#include "wmmasim/matrix/random.hpp"

namespace {

using namespace wmmasim;

// Seconds per Eigen float GEMM of M x N x K on one thread, measured once per shape.
double eigen_seconds(int m, int n, int k) {
  static std::map<std::tuple<int, int, int>, double> cache;
  auto [it, fresh] = cache.try_emplace({m, n, k}, 0.0);
  if (!fresh) return it->second;
  Eigen::setNbThreads(1);
  const Eigen::MatrixXf a = Eigen::MatrixXf::Random(m, k), b = Eigen::MatrixXf::Random(k, n);
  Eigen::MatrixXf c = Eigen::MatrixXf::Random(m, n);
  int reps = 0;
  const auto t0 = std::chrono::steady_clock::now();
  double elapsed = 0;
  do {
    c.noalias() += a * b;
    benchmark::DoNotOptimize(c.data());
    ++reps;
    elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  } while (elapsed < 0.3);
  return it->second = elapsed / reps;
}

// Wall-clock seconds of the timed loop (the SIMT runtime and the matrix API work on other threads, so
// the main thread's CPU time says nothing).
struct WallTimer {
  std::chrono::steady_clock::time_point t0 = std::chrono::steady_clock::now();
  double seconds() const { return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(); }
};

void report(benchmark::State& state, const WallTimer& timer, int m, int n, int k) {
  const double per_iteration = timer.seconds() / static_cast<double>(state.iterations());
  state.counters["vs_eigen"] = eigen_seconds(m, n, k) / per_iteration;
  state.counters["GFLOPs"] = 2.0 * m * n * k / per_iteration * 1e-9;
}

void BM_EigenFloatGemm(benchmark::State& state) {
  const int s = static_cast<int>(state.range(0));
  Eigen::setNbThreads(1);
  const Eigen::MatrixXf a = Eigen::MatrixXf::Random(s, s), b = Eigen::MatrixXf::Random(s, s);
  Eigen::MatrixXf c = Eigen::MatrixXf::Random(s, s);
  const WallTimer timer;
  for (auto _ : state) {
    c.noalias() += a * b;
    benchmark::DoNotOptimize(c.data());
  }
  report(state, timer, s, s, s);
}
BENCHMARK(BM_EigenFloatGemm)->Arg(256)->Unit(benchmark::kMillisecond)->UseRealTime();

// Matrix API; range(1) = threads (0: all cores).
void BM_MatrixApi(benchmark::State& state, const char* builtin) {
  const Instruction& ins = *find_builtin(builtin);
  const int s = static_cast<int>(state.range(0));
  const BitMatrix a = random_matrix(s, s, ins.a, 1, 0), b = random_matrix(s, s, ins.b, 1, 1), c = random_matrix(s, s, ins.cd, 1, 2);
  GemmOptions o;
  o.threads = static_cast<int>(state.range(1));
  if (ins.integer_inputs()) o.modifiers.neg = 3;
  const WallTimer timer;
  for (auto _ : state) benchmark::DoNotOptimize(gemm(ins, a, b, c, o).bits.data());
  report(state, timer, s, s, s);
  // Parallel efficiency against the one-thread run of the same builtin and shape, if it ran before:
  // t(1) / (threads * t(threads)).
  static std::map<std::pair<std::string, int>, double> one_thread;
  const double per_iteration = timer.seconds() / static_cast<double>(state.iterations());
  const int threads = o.threads > 0 ? o.threads : static_cast<int>(std::thread::hardware_concurrency());
  if (threads == 1) one_thread[{builtin, s}] = per_iteration;
  else if (auto it = one_thread.find({builtin, s}); it != one_thread.end())
    state.counters["parallel_efficiency"] = it->second / (threads * per_iteration);
  state.counters["threads"] = threads;
}
BENCHMARK_CAPTURE(BM_MatrixApi, f16, "wmma_f32_16x16x16_f16_w32_gfx12")->Args({256, 1})->Args({256, 0})->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK_CAPTURE(BM_MatrixApi, bf16, "wmma_f32_16x16x16_bf16_w32_gfx12")->Args({256, 1})->Args({256, 0})->Args({1024, 1})->Args({1024, 2})->Unit(benchmark::kMillisecond)->UseRealTime();
// The whole-layer case of issue 7: 4096^3 BF16 on every core (one iteration; the Eigen reference is
// single-threaded, so vs_eigen here is the emulator on all cores against Eigen on one).
BENCHMARK_CAPTURE(BM_MatrixApi, bf16_layer, "wmma_f32_16x16x16_bf16_w32_gfx12")->Args({4096, 0})->Iterations(1)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK_CAPTURE(BM_MatrixApi, fp8, "wmma_f32_16x16x16_fp8_fp8_w32_gfx12")->Args({256, 1})->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK_CAPTURE(BM_MatrixApi, iu8, "wmma_i32_16x16x16_iu8_w32_gfx12")->Args({256, 1})->Unit(benchmark::kMillisecond)->UseRealTime();

// The example tiled f16 GEMM kernel through the SIMT runtime (per-lane code on fibers), same shape.
void BM_SimtTiledGemmF16(benchmark::State& state) {
  const int s = static_cast<int>(state.range(0));
  const Instruction& ins = *find_builtin("wmma_f32_16x16x16_f16_w32_gfx12");
  const BitMatrix a = random_matrix(s, s, ins.a, 1, 0), b = random_matrix(s, s, ins.b, 1, 1);
  std::vector<_Float16> ha(a.bits.size()), hb(b.bits.size());
  for (std::size_t i = 0; i < ha.size(); ++i) {
    const auto x = static_cast<std::uint16_t>(a.bits[i]), y = static_cast<std::uint16_t>(b.bits[i]);
    std::memcpy(&ha[i], &x, 2);
    std::memcpy(&hb[i], &y, 2);
  }
  simt::Buffer<_Float16> A("A", ha), B("B", hb);
  simt::Buffer<float> C("C", static_cast<std::size_t>(s) * s);
  simt::LaunchOptions options;
  options.threads = static_cast<unsigned>(state.range(1));
  // The same GEMM through the matrix API, timed in this run (C = 0, as the kernel's accumulators
  // start): x_matrix_api is the SIMT time over it, and the two results must agree bit for bit.
  GemmOptions o;
  o.threads = static_cast<int>(options.threads);
  const BitMatrix zero{s, s, ins.cd, std::vector<std::uint32_t>(static_cast<std::size_t>(s) * s, 0u)};
  BitMatrix expect;
  int reps = 0;
  const WallTimer matrix_timer;
  do {
    expect = gemm(ins, a, b, zero, o);
    ++reps;
  } while (matrix_timer.seconds() < 0.3);
  const double matrix_seconds = matrix_timer.seconds() / reps;

  const unsigned g = static_cast<unsigned>((s + 63) / 64);
  const WallTimer timer;
  for (auto _ : state) simt::launch("tiled_gemm_f16", simt::dim3{g, g}, simt::dim3{128}, options, examples::tiled_gemm_f16, A, B, C, s, s, s);
  report(state, timer, s, s, s);
  state.counters["x_matrix_api"] = timer.seconds() / static_cast<double>(state.iterations()) / matrix_seconds;
  const std::vector<float> got = C.to_host();
  if (std::memcmp(got.data(), expect.bits.data(), got.size() * sizeof(float)) != 0)
    state.SkipWithError("the SIMT kernel and the matrix API disagree");
}
BENCHMARK(BM_SimtTiledGemmF16)->Args({256, 1})->Args({256, 0})->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace

BENCHMARK_MAIN();
