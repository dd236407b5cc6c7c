// The probe suite's verdict logic, without a GPU. Every record judged here is SYNTHETIC: its outputs
// (or cycles) were computed on this machine by one of the emulator's own models (or the cycle model
// with chosen parameters) and the record says so in its notes. Nothing here is a hardware result.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <set>

#include "../hw/shell.hpp"
#include "records.hpp"
#include "wmmasim/cycles/microbenchmarks.hpp"
#include "wmmasim/error.hpp"
#include "wmmasim/hw/probe_inputs.hpp"
#include "wmmasim/runfile/probe_calibration.hpp"
#include "wmmasim/runfile/probe_verdict.hpp"

namespace wmmasim::runfile {
namespace {

constexpr const char* kSynthetic = "SYNTHETIC: computed on the CPU by the emulator, not a hardware result";

ProgramRecord base_record(const hw::Probe& p) {
  const auto inputs = hw::probe_inputs(p, 1);
  const hw::KernelAbi abi = hw::kernel_abi(*p.ins);
  hw::RawOutput raw;
  raw.d_words.assign(static_cast<std::size_t>(abi.lanes) * abi.output_words_per_lane, 0);
  raw.timing.assign(hw::kTimingWords, 0);
  raw.timing[3] = hw::kTimedIterations;
  ProgramRecord r = hw::probe_record(p, 1, "gfx1201", inputs, raw, {1e8, "synthetic"});
  r.notes.push_back(kSynthetic);
  return r;
}

// A values record whose D is what hypothesis `h` predicts.
ProgramRecord synthetic_values(const hw::Probe& p, const std::string& h) {
  ProgramRecord r = base_record(p);
  r.outputs["D"] = hypothesis_output(r, h).d;
  r.notes.push_back(std::string("SYNTHETIC D from hypothesis ") + h);
  return r;
}

// A timed record whose SHADER_CYCLES is what the cycle model predicts under `q`.
ProgramRecord synthetic_timed(const hw::Probe& p, const cycles::Parameters& q) {
  ProgramRecord r = base_record(p);
  const cycles::Microbenchmark* m = nullptr;
  static const auto plan = cycles::microbenchmark_plan();
  for (const auto& b : plan)
    if (b.name == p.benchmark) m = &b;
  EXPECT_NE(m, nullptr) << p.benchmark;
  const cycles::Prediction pred = cycles::simulate(m->program, q);
  r.cycles->per_wave.at(0).shader_cycles = static_cast<std::uint64_t>(pred.waves.at(0).timed_cycles());
  return r;
}

RunFile synthetic_file(std::vector<ProgramRecord> programs) {
  RunFile run;
  run.producer = {"emulator", "wmmasim test", std::nullopt};
  run.environment = {{"note", kSynthetic}};
  run.programs = std::move(programs);
  return run;
}

TEST(ProbeList, NamesAreUniqueAndEveryHypothesisAndBenchmarkExists) {
  std::set<std::string> names, benchmarks;
  for (const auto& b : cycles::microbenchmark_plan()) benchmarks.insert(b.name);
  for (const hw::Probe& p : hw::all_probes()) {
    EXPECT_TRUE(names.insert(p.name).second) << p.name;
    if (p.timed()) {
      EXPECT_TRUE(benchmarks.count(p.benchmark)) << p.name << " names " << p.benchmark;
      continue;
    }
    const ProgramRecord r = base_record(p);
    for (const std::string& h : probe_hypotheses(p.name)) EXPECT_NO_THROW(hypothesis_output(r, h)) << p.name << " " << h;
  }
  EXPECT_GE(hw::all_probes().size(), 200u);
}

// A probe whose candidates all agree decides nothing: every probe with rivals must separate them, and
// every float probe with several candidate models must separate at least two of those models.
TEST(ProbeList, EveryProbeSeparatesItsCandidates) {
  for (const hw::Probe& p : hw::all_probes()) {
    if (p.timed() || p.expectation_only) continue;
    const ProgramRecord r = base_record(p);
    std::set<std::vector<std::uint32_t>> all, models;
    int model_count = 0;
    for (const std::string& h : probe_hypotheses(p.name)) {
      const auto bits = hypothesis_output(r, h).d.bits;
      all.insert(bits);
      if (h.rfind("model:", 0) == 0) models.insert(bits), ++model_count;
    }
    EXPECT_GE(all.size(), 2u) << p.name << ": its candidates all predict the same D";
    if (!p.ins->integer_inputs() && p.alternatives.empty())
      EXPECT_GE(models.size(), 2u) << p.name << ": its " << model_count << " candidate models all agree";
  }
}

// The FP8/BF8 swamping probes tell every FP8 model apart: a D computed with one model is reproduced
// by that model alone.
TEST(ProbeVerdict, SyntheticFp8RunYieldsExactlyTheModelThatMadeIt) {
  int judged = 0;
  for (const hw::Probe& p : hw::all_probes()) {
    if (p.question != "numerics 12.1" || p.recipe != hw::Recipe::swamping) continue;
    for (const std::string& h : probe_hypotheses(p.name)) {
      const RunFile run = synthetic_file({synthetic_values(p, h)});
      const VerdictReport v = probe_verdicts(run, "synthetic");
      ASSERT_EQ(v.probes.size(), 1u);
      EXPECT_EQ(v.probes[0].error, "");
      EXPECT_EQ(v.probes[0].matching, std::vector<std::string>{h}) << p.name;
      ++judged;
    }
  }
  EXPECT_EQ(judged, 8 * 5);  // 4 type combinations x 2 wave sizes, 5 candidate models each
}

TEST(ProbeVerdict, AlternativeHypothesesAreRecognised) {
  const hw::Probe* neg = hw::find_probe("12.2/neg_c/wmma_f32_16x16x16_fp8_fp8_w32_gfx12");
  ASSERT_NE(neg, nullptr);
  const VerdictReport v = probe_verdicts(synthetic_file({synthetic_values(*neg, "modifier-ignored")}), "synthetic");
  EXPECT_EQ(v.probes.at(0).matching, std::vector<std::string>{"modifier-ignored"});
  const hw::Probe* sat = hw::find_probe("12.5/neg_overflow_clamp/wmma_i32_16x16x16_iu8_w32_gfx12");
  ASSERT_NE(sat, nullptr);
  const VerdictReport s = probe_verdicts(synthetic_file({synthetic_values(*sat, "model:exact-int")}), "synthetic");
  EXPECT_EQ(s.probes.at(0).matching, std::vector<std::string>{"model:exact-int"});
}

TEST(ProbeVerdict, TimedProbesFitTheParametersThatMadeThem) {
  cycles::Parameters q;
  q.l_sgetreg = 12;
  q.b_acc = 3;
  std::vector<ProgramRecord> records;
  for (const char* name : {"T0/timer_only/wmma_f32_16x16x16_f16_w32_gfx12", "T2/chain/wmma_f32_16x16x16_f16_w32_gfx12",
                           "T2/chain/wmma_f32_16x16x16_fp8_fp8_w32_gfx12"}) {
    const hw::Probe* p = hw::find_probe(name);
    ASSERT_NE(p, nullptr) << name;
    records.push_back(synthetic_timed(*p, q));
  }
  const hw::Probe* fp8 = hw::find_probe("12.1/swamping/wmma_f32_16x16x16_fp8_fp8_w32_gfx12");
  records.push_back(synthetic_values(*fp8, "model:fp8-dot4-isa-order-hypothesis"));
  const RunFile run = synthetic_file(records);
  const VerdictReport v = probe_verdicts(run, "synthetic.json");
  std::map<std::string, double> fitted;
  for (const ProbeVerdict& p : v.probes)
    if (p.fitted) fitted[p.parameter] = *p.fitted;
  EXPECT_EQ(fitted["L_sgetreg"], 12);
  EXPECT_EQ(fitted["b_acc"], 3);

  // Round trip: the calibration file loads into the cycle model and the numerics model selection.
  const auto path = std::filesystem::temp_directory_path() / "wmmasim_probe_calibration_test.json";
  std::ofstream(path) << calibration_json(v, run).dump(2);
  const Calibration c = load_calibration_file(path.string());
  EXPECT_EQ(c.cycles.b_acc, 3);
  EXPECT_EQ(c.cycles.l_sgetreg, 12);
  const Instruction& ins = *fp8->ins;
  EXPECT_EQ(calibrated_model(c, ins).name, "fp8-dot4-isa-order-hypothesis");
  EXPECT_EQ(calibrated_model(c, *find_builtin("wmma_f32_16x16x16_f16_w32_gfx12")).name, "gfx12-dot4");  // not probed: default

  // The same file through the command line: `wmmasim run --cycles --calibration` reads it.
  const auto r = test::run_shell(test::shell_quote(WMMASIM_CLI) + " run tiled_gemm_f16 --m 64 --n 64 --k 32 --cycles --calibration " +
                                 test::shell_quote(path.string()) + " 2>&1");
  EXPECT_EQ(r.status, 0) << r.output;
  EXPECT_NE(r.output.find("calibrated"), std::string::npos) << r.output;
  std::filesystem::remove(path);
}

TEST(ProbeVerdict, CliJudgesAProbeFileAndWritesTheCalibration) {
  const auto dir = std::filesystem::temp_directory_path() / "wmmasim_probe_cli_test";
  std::filesystem::create_directories(dir);
  const hw::Probe* fp8 = hw::find_probe("12.1/swamping/wmma_f32_16x16x16_fp8_bf8_w32_gfx12");
  write_run_file(synthetic_file({synthetic_values(*fp8, "model:fp8-dot8-hypothesis")}), dir / "probe.json");
  const std::string cli = test::shell_quote(WMMASIM_CLI);
  const auto r = test::run_shell(cli + " diff " + test::shell_quote((dir / "probe.json").string()) + " --calibration-out " +
                                 test::shell_quote((dir / "cal.json").string()) + " 2>&1");
  EXPECT_EQ(r.status, 0) << r.output;
  EXPECT_NE(r.output.find("reproduced by model:fp8-dot8-hypothesis (of 5)"), std::string::npos) << r.output;
  const Calibration c = load_calibration_file((dir / "cal.json").string());
  EXPECT_EQ(calibrated_model(c, *fp8->ins).name, "fp8-dot8-hypothesis");
  std::filesystem::remove_all(dir);
}

TEST(ProbeVerdict, ErrorsAreOneSentenceWithStatus2) {
  const auto dir = std::filesystem::temp_directory_path() / "wmmasim_probe_error_test";
  std::filesystem::create_directories(dir);
  const std::string cli = test::shell_quote(WMMASIM_CLI);
  auto one_sentence = [](const std::string& text) {
    return !text.empty() && text.find('\n') == text.size() - 1;
  };
  const std::vector<std::pair<std::string, std::string>> bad_files = {
      {"notjson.json", "{ nope"},
      {"unknown_key.json", R"({"format": "wmmasim-calibration-1", "cylces": {}})"},
      {"bad_builtin.json", R"({"format": "wmmasim-calibration-1", "numerics": {"models": {"wmma_nope": "gfx12-dot4"}}})"},
      {"bad_model.json", R"({"format": "wmmasim-calibration-1", "numerics": {"models": {"wmma_f32_16x16x16_fp8_fp8_w32_gfx12": "gfx12-dot4"}}})"},
      {"bad_cycles.json", R"({"format": "wmmasim-calibration-1", "cycles": {"parameters": {"b_acc": -1}}})"},
  };
  for (const auto& [name, text] : bad_files) {
    std::ofstream(dir / name) << text;
    EXPECT_THROW(load_calibration_file((dir / name).string()), UserError) << name;
    const auto r = test::run_shell(cli + " run gemm --m 16 --n 16 --k 16 --calibration " + test::shell_quote((dir / name).string()) +
                                   " 2>&1 >/dev/null");
    EXPECT_EQ(r.status, 2) << name << ": " << r.output;
    EXPECT_TRUE(one_sentence(r.output)) << name << ": " << r.output;
  }
  EXPECT_THROW(load_calibration_file((dir / "missing.json").string()), UserError);
  // --verdict on a file without probes, and an unknown probe name.
  write_run_file(synthetic_file({}), dir / "empty.json");
  auto r = test::run_shell(cli + " diff --verdict " + test::shell_quote((dir / "empty.json").string()) + " 2>&1 >/dev/null");
  EXPECT_EQ(r.status, 2);
  EXPECT_TRUE(one_sentence(r.output)) << r.output;
  r = test::run_shell(cli + " hw probe --only 12.1/no_such_probe 2>&1 >/dev/null");
  EXPECT_EQ(r.status, 2);
  EXPECT_TRUE(one_sentence(r.output)) << r.output;
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace wmmasim::runfile
