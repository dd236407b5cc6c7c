// The child-process supervisor: results, one-sentence failures, crashes and hangs all come back to
// the parent, which survives them.
#include <gtest/gtest.h>

#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <thread>

#include "supervisor.hpp"
#include "wmmasim/error.hpp"

namespace wmmasim::hw {
namespace {

using namespace std::chrono_literals;

TEST(Supervisor, ReturnsThePayloadAndTheLastStep) {
  const ChildReport r = run_in_child([](ChildChannel& ch) {
    ch.step("one");
    ch.step("two");
    std::string big(300000, 'x');  // larger than a pipe buffer
    return big;
  }, 10s);
  EXPECT_EQ(r.outcome, ChildReport::finished);
  EXPECT_EQ(r.payload.size(), 300000u);
  EXPECT_EQ(r.last_step, "two");
}

TEST(Supervisor, PassesOnAUserErrorSentence) {
  const ChildReport r = run_in_child([](ChildChannel&) -> std::string { throw UserError("no GPU here", 2); }, 10s);
  EXPECT_EQ(r.outcome, ChildReport::failed);
  EXPECT_EQ(r.sentence, "no GPU here");
  EXPECT_EQ(r.user_exit_code, 2);
}

TEST(Supervisor, SurvivesAnAbortAndKeepsTheLastStderrLine) {
  const ChildReport r = run_in_child([](ChildChannel& ch) -> std::string {
    ch.step("program X");
    std::fprintf(stderr, "first line\nMemory access fault by GPU node-1\n");
    std::fflush(stderr);
    std::abort();
  }, 10s);
  EXPECT_EQ(r.outcome, ChildReport::crashed);
  EXPECT_EQ(r.signal, SIGABRT);
  EXPECT_EQ(r.last_step, "program X");
  EXPECT_EQ(r.stderr_tail, "Memory access fault by GPU node-1");
}

TEST(Supervisor, StopsAChildThatHangs) {
  const auto t0 = std::chrono::steady_clock::now();
  const ChildReport r = run_in_child([](ChildChannel& ch) -> std::string {
    ch.step("stuck kernel");
    std::this_thread::sleep_for(1h);
    return "";
  }, 300ms);
  EXPECT_EQ(r.outcome, ChildReport::timed_out);
  EXPECT_EQ(r.last_step, "stuck kernel");
  EXPECT_EQ(r.signal, SIGKILL);
  EXPECT_LT(std::chrono::steady_clock::now() - t0, 5s);
}

TEST(Supervisor, StepsRestartTheTimeout) {
  const ChildReport r = run_in_child([](ChildChannel& ch) {
    for (int i = 0; i < 5; ++i) {
      ch.step("step " + std::to_string(i));
      std::this_thread::sleep_for(100ms);
    }
    return std::string("done");
  }, 300ms);
  EXPECT_EQ(r.outcome, ChildReport::finished);
  EXPECT_EQ(r.payload, "done");
}

}  // namespace
}  // namespace wmmasim::hw
