// The backend-neutral recorder: which allocations a launch reaches, what the options keep, and that
// the run file is written whole or not at all.
#include <gtest/gtest.h>

#include <cstring>
#include <filesystem>
#include <map>
#include <unistd.h>

#include "wmmasim/error.hpp"
#include "wmmasim/record/recorder.hpp"
#include "wmmasim/runfile/run_file.hpp"

namespace wmmasim::record {
namespace {

// Device memory of a pretend GPU: addresses far from host memory, contents in a map.
struct FakeDevice {
  std::map<std::uint64_t, std::vector<std::uint8_t>> memory;
  int copies = 0;
  std::uint64_t alloc(Recorder& r, std::uint64_t base, std::size_t bytes, std::uint8_t fill, std::string hint = "") {
    memory[base] = std::vector<std::uint8_t>(bytes, fill);
    r.note_allocation(base, bytes, std::move(hint));
    return base;
  }
  CopyFromDevice copy() {
    return [this](std::uint64_t address, void* host, std::size_t bytes) -> std::string {
      ++copies;
      auto it = memory.find(address);
      if (it == memory.end() || it->second.size() != bytes) return "no such allocation";
      std::memcpy(host, it->second.data(), bytes);
      return "";
    };
  }
};

std::filesystem::path temp_dir() {
  const auto dir = std::filesystem::temp_directory_path() / ("wmmasim_recorder_" + std::to_string(::getpid()) + "_" +
                                                             ::testing::UnitTest::GetInstance()->current_test_info()->name());
  std::filesystem::create_directories(dir);
  return dir;
}

Options options_for(const std::filesystem::path& path) {
  Options o;
  o.out = path.string();
  return o;
}

Argument pointer_arg(const std::string& type, std::uint64_t address) { return Argument::of(type, &address, 8); }
Argument int_arg(int v) { return Argument::of("int", &v, sizeof v); }

Launch launch_of(std::string kernel, std::vector<Argument> args) {
  Launch l;
  l.kernel = std::move(kernel);
  l.grid = {2, 1, 1};
  l.block = {64, 1, 1};
  l.wave_size = 32;
  l.arguments = std::move(args);
  return l;
}

TEST(Recorder, FindsTheAllocationsThatPointerArgumentsReachAndKeepsBeforeAndAfter) {
  const auto dir = temp_dir();
  FakeDevice dev;
  {
    Recorder r(options_for(dir / "run.json"), {"emulator", "test", std::nullopt});
    const auto x = dev.alloc(r, 0x10000, 16, 0x11, "__half");
    const auto y = dev.alloc(r, 0x20000, 32, 0x22);
    dev.alloc(r, 0x30000, 8, 0x33);  // never passed: not recorded
    // y + 8: a pointer into the middle of an allocation reaches the whole allocation.
    const auto t = r.before_launch(launch_of("scale(__half const*, float*, int)", {pointer_arg("const __half*", x),
                                                                                  pointer_arg("float*", y + 8), int_arg(5)}),
                                   dev.copy());
    EXPECT_TRUE(t.recorded);
    dev.memory[y][9] = 0x99;  // the kernel writes
    r.after_launch(t, dev.copy());
    r.finish();
  }
  const runfile::RunFile run = runfile::read_run_file(dir / "run.json");
  ASSERT_EQ(run.launches.size(), 1u);
  const runfile::LaunchRecord& l = run.launches[0];
  EXPECT_EQ(l.kernel, "scale(__half const*, float*, int)");
  EXPECT_EQ(l.grid, (std::array<std::uint32_t, 3>{2, 1, 1}));
  ASSERT_EQ(l.buffers.size(), 2u);
  EXPECT_EQ(l.arguments[0].buffer, 0);
  EXPECT_EQ(l.arguments[1].buffer, 1);
  EXPECT_EQ(l.arguments[1].offset, 8u);
  EXPECT_EQ(l.arguments[2].buffer, -1);
  EXPECT_EQ(l.arguments[2].value, (std::vector<std::uint8_t>{5, 0, 0, 0}));
  EXPECT_FALSE(l.buffers[0].output) << "reached only through a pointer to const";
  EXPECT_TRUE(l.buffers[1].output);
  EXPECT_EQ(l.buffers[0].element_type, "__half");
  EXPECT_EQ(*l.buffers[0].before, std::vector<std::uint8_t>(16, 0x11));
  EXPECT_EQ(*l.buffers[1].before, std::vector<std::uint8_t>(32, 0x22));
  std::vector<std::uint8_t> after(32, 0x22);
  after[9] = 0x99;
  EXPECT_EQ(*l.buffers[1].after, after);
  EXPECT_EQ(run.environment["launches_seen"], 1);
  std::filesystem::remove_all(dir);
}

TEST(Recorder, TwoArgumentsIntoOneAllocationShareOneBufferAndFreedMemoryIsNotReached) {
  const auto dir = temp_dir();
  FakeDevice dev;
  {
    Recorder r(options_for(dir / "run.json"), {"emulator", "test", std::nullopt});
    const auto a = dev.alloc(r, 0x10000, 64, 1);
    const auto b = dev.alloc(r, 0x20000, 64, 2);
    r.note_free(b);
    const auto t = r.before_launch(launch_of("k", {pointer_arg("const float*", a), pointer_arg("float*", a + 32),
                                                   pointer_arg("float*", b), pointer_arg("float*", a + 64)}),
                                   dev.copy());
    r.after_launch(t, dev.copy());
    r.finish();
  }
  const runfile::LaunchRecord l = runfile::read_run_file(dir / "run.json").launches.at(0);
  ASSERT_EQ(l.buffers.size(), 1u);
  EXPECT_EQ(l.buffers[0].arguments, (std::vector<int>{0, 1}));
  EXPECT_TRUE(l.buffers[0].output) << "one non-const pointer makes it an output";
  EXPECT_EQ(l.arguments[2].buffer, -1) << "freed";
  EXPECT_EQ(l.arguments[3].buffer, -1) << "one past the end is outside";
  EXPECT_EQ(l.notes.size(), 2u);
  std::filesystem::remove_all(dir);
}

TEST(Recorder, AnUntypedValueInsideAnAllocationIsTakenAsAPointerWithANote) {
  const auto dir = temp_dir();
  FakeDevice dev;
  {
    Recorder r(options_for(dir / "run.json"), {"hip", "test", std::nullopt});
    const auto a = dev.alloc(r, 0x10000, 4, 7);
    std::uint64_t v = a;
    const auto t = r.before_launch(launch_of("k", {Argument::of("", &v, 8), Argument::of("", &v, 8, Argument::Kind::value)}), dev.copy());
    r.after_launch(t, dev.copy());
    r.finish();
  }
  const runfile::LaunchRecord l = runfile::read_run_file(dir / "run.json").launches.at(0);
  EXPECT_EQ(l.arguments[0].buffer, 0);
  EXPECT_EQ(l.arguments[1].buffer, -1) << "Kind::value is never followed";
  EXPECT_TRUE(l.buffers[0].output) << "unknown constness counts as an output";
  ASSERT_EQ(l.notes.size(), 1u);
  EXPECT_NE(l.notes[0].find("taken as a pointer"), std::string::npos);
  std::filesystem::remove_all(dir);
}

TEST(Recorder, TheLaunchFilterNumbersEveryLaunchButKeepsOnlyTheSelected) {
  const auto dir = temp_dir();
  FakeDevice dev;
  Options o = options_for(dir / "run.json");
  o.launches = LaunchFilter::parse("0, 3-4,gemm_*", "test");
  {
    Recorder r(o, {"emulator", "test", std::nullopt});
    const auto a = dev.alloc(r, 0x10000, 4, 0);
    for (const char* k : {"scale(float*)", "scale(float*)", "gemm_f16(float*)", "scale(float*)", "scale(float*)", "scale(float*)"}) {
      const auto t = r.before_launch(launch_of(k, {pointer_arg("float*", a)}), dev.copy());
      r.after_launch(t, dev.copy());
    }
    EXPECT_EQ(r.launches_seen(), 6u);
    r.finish();
  }
  const runfile::RunFile run = runfile::read_run_file(dir / "run.json");
  std::vector<std::uint64_t> kept;
  for (const auto& l : run.launches) kept.push_back(l.index);
  EXPECT_EQ(kept, (std::vector<std::uint64_t>{0, 2, 3, 4}));
  EXPECT_EQ(run.environment["launches_recorded"], 4);
  std::filesystem::remove_all(dir);
}

TEST(Recorder, FilterSyntaxErrorsAreOneSentence) {
  EXPECT_THROW(LaunchFilter::parse("3-1", "WMMASIM_RECORD_LAUNCHES"), UserError);
  EXPECT_THROW(LaunchFilter::parse("1,,2", "WMMASIM_RECORD_LAUNCHES"), UserError);
  EXPECT_THROW(LaunchFilter::parse("4x", "WMMASIM_RECORD_LAUNCHES"), UserError);
  const LaunchFilter f = LaunchFilter::parse("ns::scale<float>", "x");
  EXPECT_TRUE(f.selects(9, "ns::scale<float>(float*, int)"));
  EXPECT_FALSE(f.selects(9, "ns::scale<double>(double*, int)"));
}

TEST(Recorder, BuffersOverTheSizeCapAreListedWithANoteAndNoContents) {
  const auto dir = temp_dir();
  FakeDevice dev;
  Options o = options_for(dir / "run.json");
  o.max_buffer_bytes = 32;
  {
    Recorder r(o, {"emulator", "test", std::nullopt});
    const auto small = dev.alloc(r, 0x10000, 32, 1), big = dev.alloc(r, 0x20000, 33, 2);
    dev.copies = 0;
    const auto t = r.before_launch(launch_of("k", {pointer_arg("float*", small), pointer_arg("float*", big)}), dev.copy());
    r.after_launch(t, dev.copy());
    EXPECT_EQ(dev.copies, 2) << "the big buffer is never copied";
    r.finish();
  }
  const runfile::RunFile run = runfile::read_run_file(dir / "run.json");
  const runfile::LaunchRecord& l = run.launches.at(0);
  EXPECT_TRUE(l.buffers[0].after && l.buffers[0].skipped.empty());
  EXPECT_FALSE(l.buffers[1].before || l.buffers[1].after);
  EXPECT_EQ(l.buffers[1].bytes, 33u);
  EXPECT_NE(l.buffers[1].skipped.find("33 bytes exceed the recording's limit of 32 (WMMASIM_RECORD_MAX_BYTES)"), std::string::npos);
  EXPECT_EQ(run.environment["buffers_over_limit"], 1);
  std::filesystem::remove_all(dir);
}

TEST(Recorder, OnlyOutputsKeepsTheContentsAfterOfWritableBuffers) {
  const auto dir = temp_dir();
  FakeDevice dev;
  Options o = options_for(dir / "run.json");
  o.only_outputs = true;
  {
    Recorder r(o, {"emulator", "test", std::nullopt});
    const auto in = dev.alloc(r, 0x10000, 8, 1), out = dev.alloc(r, 0x20000, 8, 2);
    const auto t = r.before_launch(launch_of("k", {pointer_arg("const int*", in), pointer_arg("int*", out)}), dev.copy());
    r.after_launch(t, dev.copy());
    r.finish();
  }
  const runfile::LaunchRecord l = runfile::read_run_file(dir / "run.json").launches.at(0);
  EXPECT_FALSE(l.buffers[0].before || l.buffers[0].after);
  EXPECT_EQ(l.buffers[0].skipped, "not an output (only outputs are recorded)");
  EXPECT_FALSE(l.buffers[1].before);
  EXPECT_EQ(*l.buffers[1].after, std::vector<std::uint8_t>(8, 2));
  std::filesystem::remove_all(dir);
}

TEST(Recorder, AFailedLaunchKeepsItsErrorAndIsNotCopiedAfter) {
  const auto dir = temp_dir();
  FakeDevice dev;
  {
    Recorder r(options_for(dir / "run.json"), {"emulator", "test", std::nullopt});
    const auto a = dev.alloc(r, 0x10000, 8, 1);
    const auto t = r.before_launch(launch_of("k", {pointer_arg("int*", a)}), dev.copy());
    r.after_launch(t, nullptr, "hipErrorLaunchFailure");
    r.finish();
  }
  const runfile::LaunchRecord l = runfile::read_run_file(dir / "run.json").launches.at(0);
  EXPECT_EQ(l.error, "hipErrorLaunchFailure");
  EXPECT_TRUE(l.buffers[0].before);
  EXPECT_FALSE(l.buffers[0].after);
  std::filesystem::remove_all(dir);
}

TEST(Recorder, TheRunFileAppearsOnlyAtFinishAndWithoutFinishNotAtAll) {
  const auto dir = temp_dir();
  FakeDevice dev;
  {
    Recorder r(options_for(dir / "run.json"), {"emulator", "test", std::nullopt});
    const auto t = r.before_launch(launch_of("k", {}), dev.copy());
    r.after_launch(t, dev.copy());
    EXPECT_FALSE(std::filesystem::exists(dir / "run.json"));
  }
  EXPECT_TRUE(std::filesystem::is_empty(dir)) << "no run file and no temporary file without finish()";
  {
    Recorder r(options_for(dir / "run.json"), {"emulator", "test", std::nullopt});
    r.finish();
    r.finish();  // idempotent
  }
  EXPECT_TRUE(std::filesystem::exists(dir / "run.json"));
  EXPECT_EQ(std::distance(std::filesystem::directory_iterator(dir), std::filesystem::directory_iterator()), 1);
  std::filesystem::remove_all(dir);
}

TEST(Recorder, AnUnwritablePathFailsAtOnceWithOneSentence) {
  try {
    Recorder r(options_for("/nonexistent-wmmasim-dir/run.json"), {"emulator", "test", std::nullopt});
    ADD_FAILURE();
  } catch (const UserError& e) {
    EXPECT_NE(std::string(e.what()).find("/nonexistent-wmmasim-dir/run.json.tmp."), std::string::npos);
  }
}

TEST(Recorder, OptionsComeFromTheEnvironment) {
  std::map<std::string, std::string> env;
  auto get = [&](const char* name) -> const char* {
    auto it = env.find(name);
    return it == env.end() ? nullptr : it->second.c_str();
  };
  EXPECT_FALSE(Options::from(get));
  env["WMMASIM_RECORD"] = "r.json";
  env["WMMASIM_RECORD_MAX_BYTES"] = "64M";
  env["WMMASIM_RECORD_ONLY_OUTPUTS"] = "1";
  env["WMMASIM_RECORD_LAUNCHES"] = "2,scale";
  const auto o = Options::from(get);
  ASSERT_TRUE(o);
  EXPECT_EQ(o->out, "r.json");
  EXPECT_EQ(o->max_buffer_bytes, 64ull << 20);
  EXPECT_TRUE(o->only_outputs);
  EXPECT_TRUE(o->launches.selects(2, "x()"));
  EXPECT_TRUE(o->launches.selects(5, "scale(int)"));
  EXPECT_FALSE(o->launches.selects(5, "other(int)"));
  for (const char* bad : {"12Q", "-1", "", "M"}) {
    env["WMMASIM_RECORD_MAX_BYTES"] = bad;
    if (!*bad) continue;  // empty means "unset"
    EXPECT_THROW(Options::from(get), UserError) << bad;
  }
  env["WMMASIM_RECORD_MAX_BYTES"] = "1";
  env["WMMASIM_RECORD_ONLY_OUTPUTS"] = "maybe";
  EXPECT_THROW(Options::from(get), UserError);
}

TEST(Recorder, PointerTypesAndConstness) {
  EXPECT_TRUE(is_pointer_type("float*"));
  EXPECT_TRUE(is_pointer_type("float* __restrict__"));
  EXPECT_TRUE(is_pointer_type("const __half * const"));
  EXPECT_FALSE(is_pointer_type("int"));
  EXPECT_FALSE(is_pointer_type(""));
  EXPECT_TRUE(points_to_const("const float*"));
  EXPECT_TRUE(points_to_const("float const*"));
  EXPECT_TRUE(points_to_const("__half const* __restrict__"));
  EXPECT_FALSE(points_to_const("float* const"));
  EXPECT_FALSE(points_to_const("const float**"));
  EXPECT_TRUE(points_to_const("float* const*"));
  EXPECT_FALSE(points_to_const("constant_t*"));
  EXPECT_EQ(demangle("_Z5scalePK6__halfPfif"), "scale(__half const*, float*, int, float)");
  EXPECT_EQ(demangle("plain"), "plain");
}

}  // namespace
}  // namespace wmmasim::record
