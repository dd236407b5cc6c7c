// The replay session's decisions at a program's launches (wmmasim/record/replay_session.hpp):
// pairing by launch number and kernel name, what makes a launch unreplayable, when the replay stops,
// the settings, and the run file it writes.
#include <gtest/gtest.h>

#include <unistd.h>

#include <cstring>
#include <filesystem>
#include <map>

#include "wmmasim/error.hpp"
#include "wmmasim/record/replay_session.hpp"
#include "wmmasim/runfile/launch_record.hpp"

namespace wmmasim::record {
namespace {

namespace fs = std::filesystem;
using Action = ReplaySession::Decision::Action;

std::vector<std::uint8_t> bytes_of(std::uint64_t v, std::size_t n) {
  std::vector<std::uint8_t> b(n);
  std::memcpy(b.data(), &v, n);
  return b;
}

// scale(const __half*, float*, int, float) at launch `index`, its buffers recorded whole.
runfile::LaunchRecord scale_launch(std::uint64_t index) {
  runfile::LaunchRecord l;
  l.index = index;
  l.kernel = "scale(__half const*, float*, int, float)";
  l.grid = {2, 1, 1};
  l.block = {32, 1, 1};
  l.wave_size = 32;
  l.arguments = {{"__half const*", bytes_of(0x5000, 8), 0, 0},
                 {"float*", bytes_of(0x6000, 8), 1, 0},
                 {"int", bytes_of(64, 4), -1, 0},
                 {"float", bytes_of(0x40400000, 4), -1, 0}};
  runfile::LaunchBuffer x;
  x.bytes = 128;
  x.arguments = {0};
  x.output = false;
  x.before = x.after = std::vector<std::uint8_t>(128, 1);
  runfile::LaunchBuffer y;
  y.bytes = 256;
  y.arguments = {1};
  y.before = std::vector<std::uint8_t>(256, 0);
  y.after = std::vector<std::uint8_t>(256, 7);
  l.buffers = {x, y};
  return l;
}

ProgramLaunch program_scale() { return {"scale", {{8, true}, {8, true}, {4, false}, {4, false}}, 32}; }

class Session : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("replay_session_test." + std::to_string(::getpid()));
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  ReplaySettings settings(std::vector<runfile::LaunchRecord> launches) {
    runfile::RunFile run;
    run.version = runfile::kLaunchFormatVersion;
    run.producer = {"hip", "libwmmasim_record (test)", std::nullopt};
    run.launches = std::move(launches);
    runfile::write_run_file(run, dir_ / "rec.json");
    ReplaySettings s;
    s.recording = (dir_ / "rec.json").string();
    s.out = (dir_ / "out.json").string();
    return s;
  }
  fs::path dir_;
};

TEST_F(Session, ReplaysTheRecordedLaunchNumbersAndRunsTheOthers) {
  ReplaySession s(settings({scale_launch(1)}));
  EXPECT_EQ(s.next(program_scale()).action, Action::run);  // launch 0: not recorded
  EXPECT_FALSE(s.complete());
  const auto d = s.next(program_scale());
  ASSERT_EQ(d.action, Action::replay);
  EXPECT_EQ(d.index, 1u);
  ASSERT_NE(d.record, nullptr);
  EXPECT_EQ(d.record->index, 1u);
  EXPECT_TRUE(d.notes.empty());
  s.replayed(*d.record, {"layout check: no finding"});
  EXPECT_TRUE(s.complete());
  s.finish();
  const runfile::RunFile out = runfile::read_run_file(dir_ / "out.json");
  ASSERT_EQ(out.launches.size(), 1u);
  EXPECT_EQ(out.launches[0], *d.record);
  EXPECT_EQ(out.producer.backend, "emulator");
  const auto& replay = out.environment.at("replay");
  EXPECT_EQ(replay.at("launches_seen"), 2);
  EXPECT_EQ(replay.at("layout_checks")[0].at("index"), 1);
  EXPECT_EQ(replay.at("layout_checks")[0].at("lines")[0], "layout check: no finding");
  EXPECT_TRUE(replay.at("failures").empty());
}

TEST_F(Session, TheFilterSelectsLaunchesByNumberOrKernel) {
  ReplaySettings st = settings({scale_launch(0), scale_launch(1), scale_launch(2)});
  st.launches = LaunchFilter::parse("2", "test");
  ReplaySession s(st);
  EXPECT_EQ(s.next(program_scale()).action, Action::run);
  EXPECT_EQ(s.next(program_scale()).action, Action::run);
  EXPECT_EQ(s.next(program_scale()).action, Action::replay);
}

TEST_F(Session, AnotherKernelAtARecordedNumberStopsTheReplay) {
  ReplaySession s(settings({scale_launch(0), scale_launch(1)}));
  const auto d = s.next({"fill", {{8, true}, {4, false}}, 32});
  EXPECT_EQ(d.action, Action::stop);
  EXPECT_TRUE(s.complete());
  const auto why = s.failure_of(0);
  ASSERT_TRUE(why);
  EXPECT_EQ(*why, "the recording's launch 0 is kernel scale, but the program's launch 0 is fill: the program did not make the "
                  "recorded launches (is it the recorded program, run with the arguments it was recorded with?)");
  EXPECT_EQ(s.next(program_scale()).action, Action::stop);  // nothing later is replayed
}

TEST_F(Session, TemplateArgumentsAndNamespacesAloneStillPairWithANote) {
  runfile::LaunchRecord l = scale_launch(0);
  l.kernel = "void ns::scale<float>(__half const*, float*, int, float)";
  ReplaySession s(settings({l}));
  ProgramLaunch p = program_scale();
  p.kernel = "scale<T>";
  const auto d = s.next(p);
  ASSERT_EQ(d.action, Action::replay);
  ASSERT_EQ(d.notes.size(), 1u);
  EXPECT_NE(d.notes[0].find("paired by launch number"), std::string::npos);
}

TEST_F(Session, LaunchesThatCannotBeReplayedAreNotedAndRunAsWritten) {
  runfile::LaunchRecord no_inputs = scale_launch(0);
  no_inputs.buffers[1].before.reset();
  no_inputs.buffers[1].skipped = "--only-outputs";
  runfile::LaunchRecord failed = scale_launch(1);
  failed.error = "hipErrorLaunchFailure";
  for (auto& b : failed.buffers) b.after.reset();
  runfile::LaunchRecord unrecorded_pointer = scale_launch(5);
  unrecorded_pointer.arguments[1].buffer = -1;
  unrecorded_pointer.buffers.pop_back();
  ReplaySession s(settings({no_inputs, failed, scale_launch(2), scale_launch(3), scale_launch(4), unrecorded_pointer}));
  EXPECT_EQ(s.next(program_scale()).action, Action::run);
  EXPECT_EQ(s.next(program_scale()).action, Action::run);
  ProgramLaunch fewer = program_scale();
  fewer.arguments.pop_back();
  EXPECT_EQ(s.next(fewer).action, Action::run);
  ProgramLaunch wider = program_scale();
  wider.arguments[2].bytes = 8;
  EXPECT_EQ(s.next(wider).action, Action::run);
  ProgramLaunch wave64 = program_scale();
  wave64.wave_size = 64;
  EXPECT_EQ(s.next(wave64).action, Action::run);
  EXPECT_EQ(s.next(program_scale()).action, Action::run);
  EXPECT_TRUE(s.complete());
  EXPECT_EQ(*s.failure_of(0), "launch 0 (scale) cannot be replayed: the buffer of argument 1's contents before it were not recorded (--only-outputs)");
  EXPECT_EQ(*s.failure_of(1), "launch 1 (scale) failed when it was recorded (hipErrorLaunchFailure), so there are no results to compare a replay with");
  EXPECT_EQ(*s.failure_of(2), "launch 2 (scale) has 4 arguments in the recording and 3 in the program's launch");
  EXPECT_EQ(*s.failure_of(3), "launch 3 (scale) cannot be replayed: argument 2 has 4 bytes in the recording and 8 in the program's launch "
                              "(pass it as the kernel's parameter type at the launch)");
  EXPECT_EQ(*s.failure_of(4), "launch 4 (scale) ran in wave32 when it was recorded, but the program is built for wave64 (build it for the recorded target)");
  EXPECT_EQ(*s.failure_of(5), "launch 5 (scale) cannot be replayed: argument 1 points to memory the recording did not keep "
                              "(not an allocation made through the HIP runtime)");
}

TEST_F(Session, ANullPointerNeedsNoBuffer) {
  runfile::LaunchRecord l = scale_launch(0);
  l.arguments[1] = {"float*", bytes_of(0, 8), -1, 0};
  l.buffers.pop_back();
  ReplaySession s(settings({l}));
  EXPECT_EQ(s.next(program_scale()).action, Action::replay);
}

TEST_F(Session, ARecordingWithoutLaunchesIsRefused) {
  try {
    ReplaySession s(settings({}));
    FAIL() << "accepted";
  } catch (const UserError& e) {
    EXPECT_NE(std::string(e.what()).find("holds no launch records"), std::string::npos) << e.what();
  }
}

TEST(ReplaySettings, FromTheEnvironment) {
  std::map<std::string, std::string> env;
  auto get = [&](const char* name) -> const char* {
    auto it = env.find(name);
    return it == env.end() ? nullptr : it->second.c_str();
  };
  EXPECT_FALSE(ReplaySettings::from(get));
  env["WMMASIM_REPLAY"] = "rec.json";
  EXPECT_THROW(ReplaySettings::from(get), UserError);  // no output
  env["WMMASIM_REPLAY_OUT"] = "out.json";
  env["WMMASIM_REPLAY_LAUNCHES"] = "1,3-4";
  const auto s = ReplaySettings::from(get);
  ASSERT_TRUE(s);
  EXPECT_EQ(s->recording, "rec.json");
  EXPECT_TRUE(s->check_layouts);
  EXPECT_TRUE(s->launches.selects(3, "k"));
  EXPECT_FALSE(s->launches.selects(2, "k"));
  env["WMMASIM_REPLAY_CHECK_LAYOUTS"] = "0";
  EXPECT_FALSE(ReplaySettings::from(get)->check_layouts);
  env["WMMASIM_REPLAY_CHECK_LAYOUTS"] = "yes";
  EXPECT_THROW(ReplaySettings::from(get), UserError);
}

TEST(KernelMatch, AsTheTwoProducersSpellKernels) {
  using runfile::KernelMatch;
  using runfile::match_kernels;
  EXPECT_EQ(match_kernels("scale(__half const*, float*, int, float)", "scale"), KernelMatch::same);
  EXPECT_EQ(match_kernels("void gemm<float, 4>(float const*)", "gemm<float,4>(const float *)"), KernelMatch::same);
  EXPECT_EQ(match_kernels("void gemm<float, 4>(float const*)", "gemm<T, N>"), KernelMatch::same_function);
  EXPECT_EQ(match_kernels("ns::inner::k(int)", "k"), KernelMatch::same_function);
  EXPECT_EQ(match_kernels("scale(float*)", "fill"), KernelMatch::different);
  EXPECT_EQ(match_kernels("scale(float*)", "rescale"), KernelMatch::different);
}

}  // namespace
}  // namespace wmmasim::record
