// libwmmasim_record.so over the stand-in HIP runtime: a plain HIP program built by clang for gfx1201
// (record_program.hip) is recorded launch by launch, its results are unchanged, two recordings diff
// clean, and one bit flipped by the "GPU" is reported at exactly its element.
#include <gtest/gtest.h>

#include <cstring>
#include <filesystem>
#include <unistd.h>

#include "shell.hpp"
#include "wmmasim/runfile/launch_diff.hpp"
#include "wmmasim/runfile/run_file.hpp"

namespace wmmasim {
namespace {

using test::run_shell;
using test::shell_quote;

struct Record : ::testing::Test {
  std::filesystem::path dir;
  void SetUp() override {
    dir = std::filesystem::temp_directory_path() /
          ("wmmasim_record_" + std::to_string(::getpid()) + "_" + ::testing::UnitTest::GetInstance()->current_test_info()->name());
    std::filesystem::create_directories(dir);
  }
  void TearDown() override { std::filesystem::remove_all(dir); }

  std::string program(bool with_module = true) const {
    return shell_quote(WMMASIM_RECORD_PROGRAM) + (with_module ? " " + shell_quote(WMMASIM_RECORD_CODE_OBJECT) : "");
  }
  // Runs the program with the interposer preloaded; `env` adds settings.
  test::CommandResult recorded(const std::string& out, const std::string& env = "", bool with_module = true) const {
    return run_shell("WMMASIM_RECORD=" + shell_quote((dir / out).string()) + " LD_PRELOAD=" + shell_quote(WMMASIM_RECORD_LIBRARY) +
                     " " + env + " " + program(with_module) + " 2>&1");
  }
  runfile::RunFile read(const std::string& out) const { return runfile::read_run_file(dir / out); }
};

std::vector<float> floats(const std::vector<std::uint8_t>& bytes) {
  std::vector<float> v(bytes.size() / 4);
  std::memcpy(v.data(), bytes.data(), v.size() * 4);
  return v;
}

TEST_F(Record, RecordingChangesNothingTheProgramComputes) {
  const auto plain = run_shell(program() + " 2>&1");
  ASSERT_EQ(plain.status, 0) << plain.output;
  // y[i] = 3 i for i < 64: sum 3 * 2016; z: 64 sevens of fill<<<>>>, then 32 nines from z[16] on.
  EXPECT_EQ(plain.output, "y sum 6048.0 z sum " + std::to_string(16 * 7 + 32 * 9 + 16 * 7) + "\n");
  const auto rec = recorded("gpu.json");
  EXPECT_EQ(rec.status, 0);
  EXPECT_EQ(rec.output, plain.output);
}

TEST_F(Record, EveryLaunchIsRecordedWithItsArgumentsAndBuffers) {
  ASSERT_EQ(recorded("gpu.json").status, 0);
  const runfile::RunFile run = read("gpu.json");
  EXPECT_EQ(run.producer.backend, "hip");
  EXPECT_EQ(run.environment["launches_seen"], 3);
  // Two copies to the device, two back (the recorder's own copies are not counted).
  EXPECT_EQ(run.environment["host_copies"]["count"], 3);
  ASSERT_EQ(run.launches.size(), 3u);

  // scale<<<2, 32>>>(x, y, 64, 3.0f): types from the demangled name, sizes from the code object.
  const runfile::LaunchRecord& s = run.launches[0];
  EXPECT_EQ(s.kernel, "scale(__half const*, float*, int, float)");
  EXPECT_EQ(s.symbol, "_Z5scalePK6__halfPfif");
  EXPECT_EQ(s.grid, (std::array<std::uint32_t, 3>{2, 1, 1}));
  EXPECT_EQ(s.block, (std::array<std::uint32_t, 3>{32, 1, 1}));
  EXPECT_EQ(s.wave_size, 32);
  ASSERT_EQ(s.arguments.size(), 4u);
  EXPECT_EQ(s.arguments[0].type, "__half const*");
  EXPECT_EQ(s.arguments[2].value, (std::vector<std::uint8_t>{64, 0, 0, 0}));
  EXPECT_EQ(s.arguments[3].value, (std::vector<std::uint8_t>{0, 0, 0x40, 0x40}));  // 3.0f
  ASSERT_EQ(s.buffers.size(), 2u);
  EXPECT_FALSE(s.buffers[0].output);
  EXPECT_TRUE(s.buffers[1].output);
  ASSERT_TRUE(s.buffers[0].before && s.buffers[1].before && s.buffers[1].after);
  for (int i = 0; i < 64; ++i) {  // x[i] = i as binary16: computed here from the format's definition
    const std::uint16_t h = static_cast<std::uint16_t>((*s.buffers[0].before)[2 * i] | (*s.buffers[0].before)[2 * i + 1] << 8);
    const int exponent = (h >> 10) & 31, fraction = h & 1023;
    const double value = exponent ? (1 + fraction / 1024.0) * std::ldexp(1.0, exponent - 15) : fraction * std::ldexp(1.0, -24);
    EXPECT_EQ(value, i);
  }
  EXPECT_EQ(floats(*s.buffers[1].before), std::vector<float>(64, 0.0f));
  std::vector<float> want(64);
  for (int i = 0; i < 64; ++i) want[i] = 3.0f * static_cast<float>(i);
  EXPECT_EQ(floats(*s.buffers[1].after), want);

  // fill<<<1, 64>>>(z, 7): extern "C", so no types; the metadata says argument 0 is a global buffer.
  const runfile::LaunchRecord& f = run.launches[1];
  EXPECT_EQ(f.kernel, "fill");
  ASSERT_EQ(f.arguments.size(), 2u);
  EXPECT_EQ(f.arguments[0].type, "");
  EXPECT_EQ(f.arguments[0].buffer, 0);
  EXPECT_EQ(f.arguments[1].value, (std::vector<std::uint8_t>{7, 0, 0, 0}));
  EXPECT_TRUE(f.buffers.at(0).output) << "unknown constness counts as an output";

  // hipModuleLaunchKernel(fill, z + 16, 9): the same kernel through the module API.
  const runfile::LaunchRecord& m = run.launches[2];
  EXPECT_EQ(m.kernel, "fill");
  EXPECT_EQ(m.block, (std::array<std::uint32_t, 3>{32, 1, 1}));
  EXPECT_EQ(m.arguments.at(0).offset, 64u);
  EXPECT_EQ(m.buffers.at(0).bytes, 512u);
}

TEST_F(Record, TwoRecordingsDiffCleanAndAFlippedBitIsFoundAtItsElement) {
  ASSERT_EQ(recorded("a.json").status, 0);
  ASSERT_EQ(recorded("b.json").status, 0);
  // The "GPU" flips bit 3 of byte 2 of y[41] (byte 4 * 41 + 2) in launch 0.
  ASSERT_EQ(recorded("flip.json", "WMMASIM_FAKE_HIP_FLIP=0:1:166:3").status, 0);
  const auto clean = run_shell(shell_quote(WMMASIM_CLI) + " diff " + shell_quote((dir / "a.json").string()) + " " +
                               shell_quote((dir / "b.json").string()));
  EXPECT_EQ(clean.status, 0) << clean.output;
  EXPECT_NE(clean.output.find("summary: 3 launches compared, 0 with differences"), std::string::npos) << clean.output;

  const runfile::LaunchDiffReport d = runfile::diff_launches(read("a.json"), read("flip.json"));
  EXPECT_EQ(d.differing(), 1u);
  const auto cli = run_shell(shell_quote(WMMASIM_CLI) + " diff " + shell_quote((dir / "a.json").string()) + " " +
                             shell_quote((dir / "flip.json").string()));
  EXPECT_EQ(cli.status, 1);
  // 3 * 41 = 123 = 0x42f60000; bit 19 (byte 2, bit 3) set: 0x42fe0000 = 127, 2^19 ulps away.
  EXPECT_NE(cli.output.find("arg1[41]: 0x42f60000 (123) vs 0x42fe0000 (127), 524288 ulp"), std::string::npos) << cli.output;
  EXPECT_NE(cli.output.find("launch 0 scale: 2 buffers, 256 elements compared, 1 differ"), std::string::npos) << cli.output;

  const std::string wmmasim = shell_quote(WMMASIM_CLI);
  const auto bad_type = run_shell(wmmasim + " diff " + shell_quote((dir / "a.json").string()) + " " +
                                  shell_quote((dir / "b.json").string()) + " --type arg1=float 2>&1");
  EXPECT_EQ(bad_type.status, 2);
  EXPECT_EQ(bad_type.output.find('\n'), bad_type.output.size() - 1) << "one sentence: " << bad_type.output;
  const auto alone = run_shell(wmmasim + " diff " + shell_quote((dir / "a.json").string()) + " 2>&1");
  EXPECT_EQ(alone.status, 2);
  EXPECT_NE(alone.output.find("is a recording of launches"), std::string::npos) << alone.output;
}

TEST_F(Record, OptionsReachTheInterposer) {
  ASSERT_EQ(recorded("only.json", "WMMASIM_RECORD_ONLY_OUTPUTS=1 WMMASIM_RECORD_LAUNCHES=scale WMMASIM_RECORD_MAX_BYTES=128").status, 0);
  const runfile::RunFile run = read("only.json");
  ASSERT_EQ(run.launches.size(), 1u);
  EXPECT_EQ(run.launches[0].buffers[0].skipped, "not an output (only outputs are recorded)");
  EXPECT_NE(run.launches[0].buffers[1].skipped.find("256 bytes exceed the recording's limit of 128"), std::string::npos);
  const auto bad = recorded("bad.json", "WMMASIM_RECORD_MAX_BYTES=lots");
  EXPECT_EQ(bad.status, 2);
  EXPECT_EQ(bad.output, "wmmasim record: WMMASIM_RECORD_MAX_BYTES is 'lots', not a byte count such as 1048576, 64M or 2G\n");
}

TEST_F(Record, AFailedLaunchIsRecordedWithItsError) {
  const auto r = recorded("fail.json", "WMMASIM_FAKE_HIP_LAUNCH_ERROR=1", false);
  EXPECT_EQ(r.status, 1) << "the program sees the runtime's error: " << r.output;
  const runfile::RunFile run = read("fail.json");
  ASSERT_EQ(run.launches.size(), 1u) << "the program stops at the error hipGetLastError reports";
  EXPECT_EQ(run.launches[0].error, "hipErrorLaunchFailure");
  EXPECT_FALSE(run.launches[0].buffers[1].after);
}

TEST_F(Record, WithoutWmmasimRecordTheInterposerOnlyForwards) {
  const auto r = run_shell("LD_PRELOAD=" + shell_quote(WMMASIM_RECORD_LIBRARY) + " " + program() + " 2>&1");
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.output, run_shell(program() + " 2>&1").output);
  EXPECT_TRUE(std::filesystem::is_empty(dir));
}

TEST_F(Record, HwRecordRunsTheProgramUnderTheInterposer) {
  const std::string cli = shell_quote(WMMASIM_CLI) + " hw record --out " + shell_quote((dir / "cli.json").string());
  const auto ok = run_shell("WMMASIM_RECORD_LIBRARY=" + shell_quote(WMMASIM_RECORD_LIBRARY) + " " + cli + " -- " + program() + " 2>&1");
  EXPECT_EQ(ok.status, 0) << ok.output;
  EXPECT_NE(ok.output.find("y sum 6048.0"), std::string::npos) << ok.output;
  EXPECT_NE(ok.output.find("recorded "), std::string::npos) << ok.output;
  EXPECT_EQ(read("cli.json").launches.size(), 3u);

  const auto missing = run_shell(cli + " -- /nonexistent/prog 2>&1");
  EXPECT_EQ(missing.status, 2);
  EXPECT_EQ(missing.output, "wmmasim: cannot run /nonexistent/prog: No such file or directory\n");
  const auto bad = run_shell(cli + " --launches 5-2 -- " + program() + " 2>&1");
  EXPECT_EQ(bad.status, 2);
  EXPECT_NE(bad.output.find("WMMASIM_RECORD_LAUNCHES has '5-2'"), std::string::npos) << bad.output;
  // A program that launches nothing: wmmasim itself, so that in a sanitizer build the preloaded
  // (instrumented) recorder finds the sanitizer runtime it needs, as it would not in /bin/true.
  const auto nothing = run_shell(cli + " -- " + shell_quote(WMMASIM_CLI) + " --help 2>&1");
  EXPECT_EQ(nothing.status, 2);
  EXPECT_NE(nothing.output.find("finished without a run file"), std::string::npos) << nothing.output;
}

}  // namespace
}  // namespace wmmasim

#include <fstream>
#include <iterator>

#include "kernel_metadata.hpp"

namespace wmmasim::record {
namespace {

TEST(KernelMetadata, ArgumentsAndWaveSizeComeFromTheCodeObjectsNote) {
  std::ifstream in(WMMASIM_RECORD_CODE_OBJECT, std::ios::binary);
  const std::vector<char> image((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  ASSERT_FALSE(image.empty());
  std::string problem;
  const std::vector<KernelInfo> kernels = kernels_in_image(image.data(), image.size(), problem);
  EXPECT_EQ(problem, "");
  ASSERT_EQ(kernels.size(), 2u);
  const KernelInfo* scale = kernels[0].name == "fill" ? &kernels[1] : &kernels[0];
  EXPECT_EQ(scale->name, "_Z5scalePK6__halfPfif");
  EXPECT_EQ(scale->target, "amdgcn-amd-amdhsa--gfx1201");
  EXPECT_EQ(scale->wave_size, 32);
  ASSERT_EQ(scale->arguments.size(), 4u);  // hidden arguments dropped
  const std::uint32_t offsets[] = {0, 8, 16, 20}, sizes[] = {8, 8, 4, 4};
  const char* kinds[] = {"global_buffer", "global_buffer", "by_value", "by_value"};
  for (int i = 0; i < 4; ++i) {
    EXPECT_EQ(scale->arguments[i].offset, offsets[i]);
    EXPECT_EQ(scale->arguments[i].size, sizes[i]);
    EXPECT_EQ(scale->arguments[i].value_kind, kinds[i]);
  }
}

TEST(KernelMetadata, UnreadableImagesSaySo) {
  std::string problem;
  const char junk[64] = "not a code object";
  EXPECT_TRUE(kernels_in_image(junk, sizeof junk, problem).empty());
  EXPECT_EQ(problem, "not an ELF code object");
  problem.clear();
  EXPECT_TRUE(kernels_in_image("CCOB and more bytes", 20, problem).empty());
  EXPECT_NE(problem.find("compressed offload bundle"), std::string::npos);
}

TEST(KernelMetadata, ParameterTypesOfDemangledNames) {
  EXPECT_EQ(parameter_types("scale(__half const*, float*, int, float)"),
            (std::vector<std::string>{"__half const*", "float*", "int", "float"}));
  EXPECT_EQ(parameter_types("void gemm<float, 16>(float*, std::pair<int, int>, void (*)(int, int))"),
            (std::vector<std::string>{"float*", "std::pair<int, int>", "void (*)(int, int)"}));
  EXPECT_TRUE(parameter_types("fill").empty());
  EXPECT_TRUE(parameter_types("k()").empty());
  EXPECT_TRUE(parameter_types("k(void)").empty());
}

}  // namespace
}  // namespace wmmasim::record
