// `wmmasim hw` from the outside: every failure is one sentence on stderr with exit status 2 and
// leaves no run file. Device situations come from a fake HIP runtime (fake_hip.cpp): it runs no
// kernel, so the files it lets the runner write are checked for shape only and then deleted.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "hw_backend.hpp"
#include "shell.hpp"
#include "wmmasim/error.hpp"
#include "wmmasim/runfile/run_file.hpp"

namespace wmmasim::hw {
namespace {

using test::run_shell;
using test::shell_quote;

struct Cli : ::testing::Test {
  std::filesystem::path dir;
  void SetUp() override {
    dir = std::filesystem::temp_directory_path() /
          ("wmmasim_hw_cli_" + std::to_string(::getpid()) + "_" + ::testing::UnitTest::GetInstance()->current_test_info()->name());
    std::filesystem::create_directories(dir);
  }
  void TearDown() override { std::filesystem::remove_all(dir); }
  std::string out() const { return (dir / "run.json").string(); }

  // Runs wmmasim with `env` prepended; stderr and stdout go to separate files.
  test::CommandResult wmmasim(const std::string& args, const std::string& env = "", std::string* stdout_text = nullptr) {
    const auto err = dir / "stderr.txt", so = dir / "stdout.txt";
    const auto r = run_shell(env + " " + shell_quote(WMMASIM_CLI) + " " + args + " >" + shell_quote(so.string()) + " 2>" +
                             shell_quote(err.string()));
    std::ifstream e(err), s(so);
    test::CommandResult out{r.status, std::string(std::istreambuf_iterator<char>(e), {})};
    if (stdout_text) *stdout_text = std::string(std::istreambuf_iterator<char>(s), {});
    return out;
  }
  // Exit status 2, exactly one line on stderr containing `needle`, and no run file.
  void expect_one_sentence(const test::CommandResult& r, const std::string& needle) {
    EXPECT_EQ(r.status, 2) << r.output;
    EXPECT_EQ(std::count(r.output.begin(), r.output.end(), '\n'), 1) << r.output;
    EXPECT_NE(r.output.find(needle), std::string::npos) << r.output;
    EXPECT_FALSE(std::filesystem::exists(out())) << "a failed run must not leave a run file";
  }
};

#ifdef WMMASIM_FAKE_HIP_LIBRARY
std::string fake(const std::string& setting) {
  return "WMMASIM_HIP_LIBRARY=" + shell_quote(WMMASIM_FAKE_HIP_LIBRARY) + " WMMASIM_FAKE_HIP=" + setting;
}
#endif

TEST_F(Cli, BadProgramNameNamesTheClosestOnes) {
  if (!backend_built()) GTEST_SKIP() << "built without the HIP backend: every hw command says only that";
  expect_one_sentence(wmmasim("hw run wmma_f32_16x16x16_f16_w32_gfx2 --out " + out()), "closest: wmma_f32_16x16x16_f16_w32_gfx12");
}

TEST_F(Cli, BadSeedsAreRejected) {
  EXPECT_EQ(parse_seed("0x2A"), 42u);
  EXPECT_EQ(parse_seed("18446744073709551615"), 18446744073709551615ull);
  EXPECT_THROW(parse_seed("18446744073709551616"), UserError);
  if (!backend_built()) GTEST_SKIP() << "built without the HIP backend: every hw command says only that";
  for (const char* seed : {"12abc", "-1", "0x", "99999999999999999999999", "0x1ffffffffffffffff", "''"})
    expect_one_sentence(wmmasim(std::string("hw run all --seed ") + seed + " --out " + out()), "is not a seed");
}

TEST_F(Cli, BadOptionsAreRejectedBeforeAnythingRuns) {
  if (!backend_built()) GTEST_SKIP() << "built without the HIP backend: every hw command says only that";
  expect_one_sentence(wmmasim("hw run all --waves 0 --out " + out()), "--waves 0");
  expect_one_sentence(wmmasim("hw run all --out /nonexistent-wmmasim-dir/run.json"), "does not exist");
  expect_one_sentence(wmmasim("hw run all --timeout 0 --out " + out()), "--timeout");
}

TEST_F(Cli, ProgramsAreListedFromTheTable) {
  if (!backend_built()) GTEST_SKIP() << "built without the HIP backend";
  std::string text;
  ASSERT_EQ(wmmasim("hw list --programs", "", &text).status, 0);
  EXPECT_EQ(static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n')), all_programs().size());
  EXPECT_NE(text.find("wmma_i32_16x16x32_iu4_w64_gfx12+signed_a+signed_b+clamp\n"), std::string::npos);
}

// Example programs (examples/programs/) keep the emulator's shape rules, checked before any GPU work.
TEST_F(Cli, ExampleProgramShapeRules) {
  if (!backend_built()) GTEST_SKIP() << "built without the HIP backend: every hw command says only that";
  expect_one_sentence(wmmasim("hw run wmma_chain_f16 --m 32 --n 16 --k 32 --out " + out()), "computes one 16 x 16 tile");
  expect_one_sentence(wmmasim("hw run wmma_chain_f16 --m 16 --n 16 --k 24 --out " + out()), "K to be a multiple of 16");
  expect_one_sentence(wmmasim("hw run tiled_gemm_f16_load_tr --n 40 --out " + out()), "multiples of 16");
  expect_one_sentence(wmmasim("hw run tiled_gemm_f16 --k 0 --out " + out()), "must be positive");
  expect_one_sentence(wmmasim("hw run tiled_gemm_f16 wmma_f32_16x16x16_f16_w32_gfx12 --out " + out()), "runs alone");
  expect_one_sentence(wmmasim("hw run tiled_gemm_i8 --waves 2 --out " + out()), "launches its own grid");
}

TEST_F(Cli, WithoutTheBackendEveryCommandSaysSo) {
  if (backend_built()) GTEST_SKIP() << "built with the HIP backend";
  expect_one_sentence(wmmasim("hw list"), "without the HIP backend");
  expect_one_sentence(wmmasim("hw run all --out " + out()), "without the HIP backend");
}

#ifdef WMMASIM_FAKE_HIP_LIBRARY

TEST_F(Cli, MissingRuntimeLibrary) {
  expect_one_sentence(wmmasim("hw run all --out " + out(), "WMMASIM_HIP_LIBRARY=/nonexistent/libamdhip64.so"),
                      "could not be loaded");
  expect_one_sentence(wmmasim("hw list", "WMMASIM_HIP_LIBRARY=/nonexistent/libamdhip64.so"), "could not be loaded");
}

TEST_F(Cli, NoDevice) {
  expect_one_sentence(wmmasim("hw run all --out " + out(), fake("none")), "no GPU is visible");
  expect_one_sentence(wmmasim("hw list", fake("none")), "no GPU is visible");
}

TEST_F(Cli, AFailedRunLeavesAnExistingFileAlone) {
  std::ofstream(out()) << "keep";
  const auto r = wmmasim("hw run all --out " + out(), fake("none"));
  EXPECT_EQ(r.status, 2);
  std::ifstream in(out());
  EXPECT_EQ(std::string(std::istreambuf_iterator<char>(in), {}), "keep");
  std::filesystem::remove(out());
}

TEST_F(Cli, DeviceOfAnotherArchitecture) {
  expect_one_sentence(wmmasim("hw run all --out " + out(), fake("gfx1030")), "no gfx1200/gfx1201 (RDNA4) device");
  expect_one_sentence(wmmasim("hw run all --device 0 --out " + out(), fake("gfx1030")), "device 0 is gfx1030");
  expect_one_sentence(wmmasim("hw run all --device 3 --out " + out(), fake("gfx1201")), "--device 3 does not exist");
  expect_one_sentence(wmmasim("hw run wmma_f32_16x16x16_f16_w32 --out " + out(), fake("gfx1201")), "is gfx11 code");
}

TEST_F(Cli, KernelFault) {
  const auto r = wmmasim("hw run wmma_f32_16x16x16_f16_w32_gfx12 --out " + out(), fake("gfx1201:fault"));
  expect_one_sentence(r, "died during program wmma_f32_16x16x16_f16_w32_gfx12");
  EXPECT_NE(r.output.find("Memory access fault"), std::string::npos);
}

TEST_F(Cli, KernelError) {
  expect_one_sentence(wmmasim("hw run wmma_f32_16x16x16_f16_w32_gfx12 --out " + out(), fake("gfx1201:error")),
                      "hipErrorLaunchFailure");
}

TEST_F(Cli, KernelTimeout) {
  expect_one_sentence(wmmasim("hw run wmma_f32_16x16x16_f16_w32_gfx12 --timeout 1 --out " + out(), fake("gfx1201:hang")),
                      "did not finish program wmma_f32_16x16x16_f16_w32_gfx12 within 1 s");
}

// With the fake runtime every kernel symbol the runner asks for must exist in the embedded code
// object (the fake looks it up), and the run file must read back; its numbers are meaningless.
TEST_F(Cli, EveryProgramResolvesInTheEmbeddedCodeObjects) {
  for (const std::string target : {"gfx1201", "gfx1200", "gfx1100"}) {
    const auto built = built_targets();
    if (std::find(built.begin(), built.end(), target) == built.end()) continue;
    SCOPED_TRACE(target);
    std::string text;
    const auto r = wmmasim("hw run all --seed 5 --waves 2 --device 0 --out " + out(), fake(target), &text);
    ASSERT_EQ(r.status, 0) << r.output;
    EXPECT_EQ(r.output, "");
    EXPECT_NE(text.find("wrote " + out()), std::string::npos);
    const runfile::RunFile run = runfile::read_run_file(out());
    const Arch arch = *arch_of_target(target);
    std::size_t expected = 0;
    for (const Program& p : all_programs()) expected += p.ins->arch == arch;
    EXPECT_EQ(run.programs.size(), expected);
    EXPECT_EQ(run.producer.backend, "hip");
    EXPECT_NE(run.environment["device"]["name"].get<std::string>().find("fake"), std::string::npos);
    for (const auto& p : run.programs) {
      EXPECT_EQ(p.arch, target);
      EXPECT_EQ(p.seed, 5u);
      EXPECT_EQ(p.cycles.has_value(), p.mode == "timed");
      if (p.cycles) {
        EXPECT_EQ(p.cycles->per_wave.size(), 2u);
      }
    }
    std::filesystem::remove(out());
  }
}

TEST_F(Cli, ExampleProgramDeviceErrors) {
  expect_one_sentence(wmmasim("hw run tiled_gemm_f16 --out " + out(), fake("none")), "no GPU is visible");
  expect_one_sentence(wmmasim("hw run tiled_gemm_fp8 --out " + out(), fake("gfx1030")), "no gfx1200/gfx1201 (RDNA4) device");
  expect_one_sentence(wmmasim("hw run wmma_chain_f16 --m 16 --n 16 --device 0 --out " + out(), fake("gfx1030")),
                      "device 0 is gfx1030");
  const auto built = built_targets();
  if (std::find(built.begin(), built.end(), "gfx1100") != built.end())
    expect_one_sentence(wmmasim("hw run tiled_gemm_i8 --device 0 --out " + out(), fake("gfx1100")), "is gfx12 code, but device 0 is gfx1100");
  expect_one_sentence(wmmasim("hw run tiled_gemm_f16 --m 64 --n 64 --k 32 --out " + out(), fake("gfx1201:error")),
                      "hipErrorLaunchFailure");
  const auto r = wmmasim("hw run tiled_gemm_f16_load_tr --m 64 --n 64 --k 32 --out " + out(), fake("gfx1201:fault"));
  expect_one_sentence(r, "died during program tiled_gemm_f16_load_tr");
  expect_one_sentence(wmmasim("hw run wmma_chain_f16 --m 16 --n 16 --timeout 1 --out " + out(), fake("gfx1201:hang")),
                      "did not finish program wmma_chain_f16 within 1 s");
}

// With the fake runtime (which runs no kernel) a whole example run goes through: its kernel symbol
// resolves in the embedded example code object and the record has the emulator's inputs for the
// same seed, bit for bit, and its record shape. Its D is whatever the fake left in the buffer and is
// not looked at: no output here comes from hardware.
TEST_F(Cli, ExampleProgramRecordsHaveTheEmulatorsInputs) {
  struct Case {
    std::string program, shape;
  };
  const std::vector<Case> cases = {{"tiled_gemm_f16", "--m 70 --n 40 --k 36"},
                                   {"tiled_gemm_fp8", "--m 16 --n 80 --k 20"},
                                   {"tiled_gemm_i8", "--m 33 --n 17 --k 48"},
                                   {"tiled_gemm_f16_load_tr", "--m 40 --n 32 --k 48"},
                                   {"wmma_chain_f16", "--m 16 --n 16 --k 64"}};
  for (const std::string target : {"gfx1201", "gfx1200"}) {
    const auto built = built_targets();
    if (std::find(built.begin(), built.end(), target) == built.end()) continue;
    for (const Case& c : cases) {
      SCOPED_TRACE(target + " " + c.program);
      const std::string emu_out = (dir / "emulator.json").string();
      ASSERT_EQ(wmmasim("run " + c.program + " " + c.shape + " --seed 0x2a --out " + emu_out).status, 0);
      std::string text;
      const auto r = wmmasim("hw run " + c.program + " " + c.shape + " --seed 42 --out " + out(), fake(target), &text);
      ASSERT_EQ(r.status, 0) << r.output;
      EXPECT_NE(text.find("wrote " + out()), std::string::npos);
      const runfile::RunFile hw = runfile::read_run_file(out()), emu = runfile::read_run_file(emu_out);
      ASSERT_EQ(hw.programs.size(), 1u);
      ASSERT_EQ(emu.programs.size(), 1u);
      const runfile::ProgramRecord &h = hw.programs[0], &e = emu.programs[0];
      EXPECT_EQ(hw.producer.backend, "hip");
      EXPECT_EQ(h.program, c.program);
      EXPECT_EQ(h.arch, target);
      EXPECT_EQ(h.wave_size, e.wave_size);
      EXPECT_EQ(h.seed, 42u);
      EXPECT_EQ(h.seed, e.seed);
      EXPECT_EQ(h.instruction, e.instruction);
      EXPECT_EQ(h.mode, "values");
      ASSERT_EQ(h.inputs.size(), 3u);
      for (const char* name : {"A", "B", "C"}) EXPECT_TRUE(h.inputs.at(name) == e.inputs.at(name)) << name;
      ASSERT_EQ(h.outputs.count("D"), 1u);
      EXPECT_EQ(h.outputs.at("D").format, e.outputs.at("D").format);
      EXPECT_EQ(h.outputs.at("D").rows, e.outputs.at("D").rows);
      EXPECT_EQ(h.outputs.at("D").cols, e.outputs.at("D").cols);
      const std::vector<std::string> modifiers =
          c.program == "tiled_gemm_i8" ? std::vector<std::string>{"signed_a", "signed_b"} : std::vector<std::string>{};
      EXPECT_EQ(h.modifiers, modifiers);
      EXPECT_FALSE(h.cycles.has_value()) << "no cycle counts for example programs";
      EXPECT_TRUE(std::any_of(h.notes.begin(), h.notes.end(), [](const std::string& n) { return n.find("first launch wall time") != std::string::npos; }));
      EXPECT_TRUE(std::any_of(h.notes.begin(), h.notes.end(), [](const std::string& n) {
        return n.rfind("kernel time ", 0) == 0 && n.find("min of 5 launches after one warm-up (hipEventElapsedTime") != std::string::npos;
      }));
      std::filesystem::remove(out());
    }
  }
}

#endif

}  // namespace
}  // namespace wmmasim::hw
