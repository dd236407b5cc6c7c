// What `wmmasim check` costs (docs/check.md): the plain-HIP tiled GEMM program (gemm_program.cpp)
// run plainly, under `wmmasim check --tool memcheck`, `--tool racecheck` and `--tool initcheck`, each as a child
// process, in turn in the same run. The time is the children's CPU time (the program's, and the
// command's own symbolizing), best of five; the counters are the ratios to the plain run (issue 25's
// targets: memcheck within 2x, racecheck within 5x). A checked run that finds anything, or any run
// that fails, is an error of the benchmark.
#include <benchmark/benchmark.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>

#include <algorithm>
#include <string>
#include <vector>

extern char** environ;

namespace {

// Runs a command as a child and waits; false unless it exited with status 0.
bool run(std::vector<std::string> command) {
  std::vector<char*> argv;
  for (std::string& a : command) argv.push_back(a.data());
  argv.push_back(nullptr);
  pid_t pid = 0;
  if (posix_spawn(&pid, argv[0], nullptr, nullptr, argv.data(), environ) != 0) return false;
  int status = 0;
  return waitpid(pid, &status, 0) == pid && WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

// CPU seconds of a command and everything it waited for (`wmmasim check` waits for the program):
// the growth of RUSAGE_CHILDREN, which counts a child with the descendants it waited for. Negative
// when the command failed.
double tree_cpu_seconds(const std::vector<std::string>& command) {
  rusage before{}, after{};
  getrusage(RUSAGE_CHILDREN, &before);
  if (!run(command)) return -1;
  getrusage(RUSAGE_CHILDREN, &after);
  const auto seconds = [](const timeval& t) { return static_cast<double>(t.tv_sec) + 1e-6 * static_cast<double>(t.tv_usec); };
  return seconds(after.ru_utime) - seconds(before.ru_utime) + seconds(after.ru_stime) - seconds(before.ru_stime);
}

void BM_CheckedGemm(benchmark::State& state) {
  const std::string size = std::to_string(state.range(0));
  setenv("WMMASIM_THREADS", "1", 1);
  const std::vector<std::string> plain = {WMMASIM_CHECK_BENCH_PROGRAM, size};
  const std::vector<std::string> memcheck = {WMMASIM_CHECK_BENCH_WMMASIM, "check", "--tool", "memcheck",
                                             WMMASIM_CHECK_BENCH_PROGRAM, size};
  const std::vector<std::string> racecheck = {WMMASIM_CHECK_BENCH_WMMASIM, "check", "--tool", "racecheck",
                                              WMMASIM_CHECK_BENCH_PROGRAM, size};
  const std::vector<std::string> initcheck = {WMMASIM_CHECK_BENCH_WMMASIM, "check", "--tool", "initcheck",
                                              WMMASIM_CHECK_BENCH_PROGRAM, size};
  double best_plain = 1e30, best_memcheck = 1e30, best_racecheck = 1e30, best_initcheck = 1e30;
  for (int round = 0; round < 5; ++round) {
    const double p = tree_cpu_seconds(plain), m = tree_cpu_seconds(memcheck), r = tree_cpu_seconds(racecheck),
                 i = tree_cpu_seconds(initcheck);
    if (p < 0 || m < 0 || r < 0 || i < 0) {
      state.SkipWithError("a run failed, or a check found something in the correct GEMM");
      return;
    }
    best_plain = std::min(best_plain, p);
    best_memcheck = std::min(best_memcheck, m);
    best_racecheck = std::min(best_racecheck, r);
    best_initcheck = std::min(best_initcheck, i);
  }
  for (auto _ : state) benchmark::DoNotOptimize(tree_cpu_seconds(racecheck));
  state.counters["plain_ms"] = best_plain * 1e3;
  state.counters["x_memcheck"] = best_memcheck / best_plain;
  state.counters["x_racecheck"] = best_racecheck / best_plain;
  state.counters["x_initcheck"] = best_initcheck / best_plain;
}
BENCHMARK(BM_CheckedGemm)->Arg(256)->Unit(benchmark::kMillisecond)->Iterations(1);

}  // namespace

BENCHMARK_MAIN();
