// Bounded resources (issue 11): shapes too big for memory are refused before allocating, eval reads
// any input in bounded memory, and Ctrl-C stops a run at once leaving no output file.
#include <gtest/gtest.h>

#include <signal.h>
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>

extern char** environ;

namespace {

namespace fs = std::filesystem;

#if defined(__SANITIZE_ADDRESS__)
constexpr bool kAsan = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
constexpr bool kAsan = true;
#else
constexpr bool kAsan = false;
#endif
#else
constexpr bool kAsan = false;
#endif

struct Result {
  int status;
  std::string out;
};

// Through sh, so a test can limit the process (ulimit) or feed it a generated stream.
Result shell(const std::string& script) {
  FILE* p = popen(("exec 2>&1; " + script).c_str(), "r");
  std::string out;
  std::array<char, 4096> buf;
  for (std::size_t n; (n = fread(buf.data(), 1, buf.size(), p)) > 0;) out.append(buf.data(), n);
  const int st = pclose(p);
  return {WIFEXITED(st) ? WEXITSTATUS(st) : -1, out};
}

const std::string kCli = WMMASIM_CLI;

TEST(BoundedResources, AGemmThatCannotFitIsRefusedBeforeAllocating) {
  const Result r = shell(kCli + " run gemm --m 2000000000 --n 2000000000 --k 2000000000");
  EXPECT_EQ(r.status, 2) << r.out;
  EXPECT_NE(r.out.find("wmmasim: a 2000000000x2000000000x2000000000 GEMM needs about "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("choose smaller --m, --n or --k\n"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find('\n'), r.out.size() - 1) << "more than one sentence: " << r.out;
}

// With 1 GiB of address space, an 8192^3 GEMM (about 2.8 GiB) must be refused by the check, not end
// in a failed allocation ("internal error", status 3).
TEST(BoundedResources, TheAddressSpaceLimitCounts) {
  if (kAsan) GTEST_SKIP() << "ASan reserves terabytes of address space; RLIMIT_AS cannot bound it";
  const Result r = shell("ulimit -v 1048576; " + kCli + " run gemm --m 8192 --n 8192 --k 8192");
  EXPECT_EQ(r.status, 2) << r.out;
  EXPECT_NE(r.out.find("more than the 1.0 GiB this process may use"), std::string::npos) << r.out;
}

// A 300 MB line in 256 MB of address space: the line is refused by its length and the cases around it
// are still evaluated (reading a whole line first would run out of memory).
TEST(BoundedResources, EvalReadsAnEndlessLineInBoundedMemory) {
  if (kAsan) GTEST_SKIP() << "ASan reserves terabytes of address space; RLIMIT_AS cannot bound it";
  const std::string dot2 = R"({"id":"c","instruction":"v_dot2_f32_f16","arch":"gfx1201","src0":"0x3c003c00","src1":"0x40004000","src2":"0x00000000"})";
  const Result r = shell("{ echo '" + dot2 + "'; head -c 300000000 /dev/zero | tr '\\0' x; echo; echo '" + dot2 + "'; } | "
                         "(ulimit -v 262144; " + kCli + " eval)");
  EXPECT_EQ(r.status, 2) << r.out.substr(0, 2000);
  EXPECT_NE(r.out.find("wmmasim eval: line 2 is longer than 16 MiB, the most a case may take.\n"), std::string::npos)
      << r.out.substr(0, 2000);
  std::size_t results = 0;
  for (std::size_t at = 0; (at = r.out.find("\"d\":\"0x40800000\"", at)) != std::string::npos; ++at) ++results;
  EXPECT_EQ(results, 2u) << r.out.substr(0, 2000);
}

// Ctrl-C in the middle of a long run with --out: the process dies of SIGINT promptly and no output
// file (complete, partial or temporary) exists afterwards.
void expect_interrupt_leaves_nothing(const std::vector<std::string>& args, const std::string& name) {
  const fs::path dir = fs::path(::testing::TempDir()) / ("wmmasim_interrupt_" + name + "_" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  std::vector<std::string> all{kCli};
  all.insert(all.end(), args.begin(), args.end());
  all.push_back("--out");
  all.push_back((dir / "out.json").string());
  std::vector<char*> argv;
  for (std::string& a : all) argv.push_back(a.data());
  argv.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
  pid_t pid = 0;
  ASSERT_EQ(posix_spawn(&pid, argv[0], &actions, nullptr, argv.data(), environ), 0);
  posix_spawn_file_actions_destroy(&actions);
  std::this_thread::sleep_for(std::chrono::milliseconds(1500));  // well inside the computation
  ::kill(pid, SIGINT);
  // "Promptly" is checked as "not a hang": the run itself would take minutes.
  int status = 0;
  pid_t done = 0;
  for (int i = 0; i < 600 && (done = ::waitpid(pid, &status, WNOHANG)) == 0; ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  if (done == 0) {
    ::kill(pid, SIGKILL);
    ::waitpid(pid, &status, 0);
    FAIL() << name << " did not stop within 60 s of SIGINT";
  }
  EXPECT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGINT) << name << ": status " << status;
  int left = 0;
  for ([[maybe_unused]] const auto& e : fs::directory_iterator(dir)) ++left;
  EXPECT_EQ(left, 0) << name << " left a file behind";
  fs::remove_all(dir);
}

TEST(BoundedResources, CtrlCStopsALongGemmAndLeavesNoOutput) {
  expect_interrupt_leaves_nothing({"run", "gemm", "--m", "4096", "--n", "4096", "--k", "4096"}, "gemm");
}

TEST(BoundedResources, CtrlCStopsASimtLaunchAndLeavesNoOutput) {
  expect_interrupt_leaves_nothing({"run", "tiled_gemm_f16", "--m", "1024", "--n", "1024", "--k", "1024"}, "simt");
}

}  // namespace
