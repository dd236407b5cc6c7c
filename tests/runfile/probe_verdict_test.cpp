// The probe suite's verdict logic, without a GPU. Every record judged here is SYNTHETIC: its outputs
// (or cycles) were computed on this machine by one of the emulator's own models (or the cycle model
// with chosen parameters) and the record says so in its notes. Nothing here is a hardware result.
#include <gtest/gtest.h>

#include <filesystem>
#include <algorithm>
#include <fstream>
#include <map>
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

// The FP8/BF8 probes of 12.1 that decide the arithmetic (swamping: step size and order; grouping:
// which products of a step share a grid) tell every FP8 model apart together: a D computed with one
// model, on both, is reproduced on both by that model alone.
TEST(ProbeVerdict, SyntheticFp8RunYieldsExactlyTheModelThatMadeIt) {
  std::map<const Instruction*, std::vector<const hw::Probe*>> by_instruction;
  for (const hw::Probe& p : hw::all_probes())
    if (p.question == "numerics 12.1" && (p.recipe == hw::Recipe::swamping || p.recipe == hw::Recipe::fp8_grouping))
      by_instruction[p.ins].push_back(&p);
  int judged = 0;
  for (const auto& [ins, probes] : by_instruction) {
    ASSERT_EQ(probes.size(), 2u) << ins->name;
    for (const std::string& h : probe_hypotheses(probes[0]->name)) {
      std::set<std::string> reproduced_by_all;
      bool first = true;
      for (const hw::Probe* p : probes) {
        const VerdictReport v = probe_verdicts(synthetic_file({synthetic_values(*p, h)}), "synthetic");
        ASSERT_EQ(v.probes.size(), 1u);
        EXPECT_EQ(v.probes[0].error, "");
        const std::set<std::string> m(v.probes[0].matching.begin(), v.probes[0].matching.end());
        EXPECT_TRUE(m.count(h)) << p->name << " " << h;
        if (first) reproduced_by_all = m;
        else std::erase_if(reproduced_by_all, [&](const std::string& x) { return !m.count(x); });
        first = false;
      }
      EXPECT_EQ(reproduced_by_all, std::set<std::string>{h}) << ins->name;
      ++judged;
    }
  }
  EXPECT_EQ(judged, 8 * 6);  // 4 type combinations x 2 wave sizes, 6 candidate models each
}

// FP8/BF8 SWMMAC: its default (the dense FP8 default over the stored slots, numerics.md 8.2) and the
// DOT4-step hypothesis it replaced are told apart by 12.3's swamping probe, in both directions.
TEST(ProbeVerdict, Fp8SwmmacSwampingTellsTheDefaultFromSwmmacDot4) {
  int judged = 0;
  for (const hw::Probe& p : hw::all_probes()) {
    if (p.question != "numerics 12.3" || (p.ins->a != Format::fp8 && p.ins->a != Format::bf8)) continue;
    const std::string quads = "model:fp8-dot8-quads-hypothesis", dot4 = "model:swmmac-dot4-hypothesis";
    EXPECT_EQ("model:" + std::string(default_model(*p.ins).name), quads) << p.name;
    for (auto [made_by, rival] : {std::pair{quads, dot4}, std::pair{dot4, quads}}) {
      const VerdictReport v = probe_verdicts(synthetic_file({synthetic_values(p, made_by)}), "synthetic");
      ASSERT_EQ(v.probes.size(), 1u);
      const std::vector<std::string>& m = v.probes[0].matching;
      EXPECT_NE(std::find(m.begin(), m.end(), made_by), m.end()) << p.name << " " << made_by;
      EXPECT_EQ(std::find(m.begin(), m.end(), rival), m.end()) << p.name << " " << made_by << " also fits " << rival;
    }
    ++judged;
  }
  EXPECT_EQ(judged, 8);  // 4 type combinations x 2 wave sizes
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

// The new questions' probes are chosen by rules over the table: 12.8 every RDNA4 bf16 output, 12.13
// every operand whose layout leaves lanes unused (the two the spec names), 12.11 five kinds x two
// wave sizes x two EXEC values.
TEST(ProbeList, TheNewQuestionsProbeWhatTheirRulesSelect) {
  std::map<std::string, std::set<std::string>> builtins;
  for (const hw::Probe& p : hw::all_probes())
    if (p.question == "numerics 12.8" || p.question == "numerics 12.11" || p.question == "numerics 12.13")
      builtins[p.question].insert(std::string(p.ins->name));
  EXPECT_EQ(builtins["numerics 12.8"], (std::set<std::string>{"wmma_bf16_16x16x16_bf16_w32_gfx12", "wmma_bf16_16x16x16_bf16_w64_gfx12",
                                                              "swmmac_bf16_16x16x32_bf16_w32", "swmmac_bf16_16x16x32_bf16_w64"}));
  EXPECT_EQ(builtins["numerics 12.13"], (std::set<std::string>{"wmma_i32_16x16x16_iu4_w64_gfx12", "swmmac_i32_16x16x32_iu4_w64"}));
  EXPECT_EQ(builtins["numerics 12.11"].size(), 10u);
  int exec_probes = 0;
  for (const hw::Probe& p : hw::all_probes()) {
    if (p.question == "numerics 12.13") {
      EXPECT_TRUE(p.expectation_only) << p.name;
      for (Operand op : hw::operands_with_unused_lanes(*p.ins)) {
        std::vector<int> upper;
        for (int lane = 32; lane < 64; ++lane) upper.push_back(lane);
        EXPECT_EQ(hw::lanes_without_elements(*p.ins, op), upper) << p.name << " " << operand_name(op);
      }
    }
    if (p.question != "numerics 12.11") continue;
    ++exec_probes;
    EXPECT_EQ(p.body, hw::ProbeBody::exec_call) << p.name;
    EXPECT_FALSE(p.models_are_candidates) << p.name;
    EXPECT_EQ(probe_hypotheses(p.name), (std::vector<std::string>{"exec-ignored", "exec-skips"})) << p.name;
  }
  EXPECT_EQ(exec_probes, 20);
}

// The EXEC probes ask nothing about arithmetic: on their inputs every model gives the same D, so the
// EXEC hypotheses (computed with the default model) do not depend on which model is right.
TEST(ProbeList, ExecProbeInputsMakeEveryModelAgree) {
  for (const hw::Probe& p : hw::all_probes()) {
    if (p.body != hw::ProbeBody::exec_call) continue;
    const ProgramRecord r = base_record(p);
    std::set<std::vector<std::uint32_t>> ds;
    for (const Model* m : models_for(*p.ins)) ds.insert(hypothesis_output(r, "model:" + std::string(m->name)).d.bits);
    EXPECT_EQ(ds.size(), 1u) << p.name;
  }
}

// 12.8: what each hypothesis predicts at chosen elements (ISA rows and columns), on the dense and
// the SWMMAC wave32 forms, which share the recipes. Values from the recipes' comments: row kinds repeat
// every 8 rows (overflow, subnormal), odd columns negative.
TEST(ProbeVerdict, Bf16PackedOutputPredictionsAreTheOnesTheRecipesAimAt) {
  struct Cell {
    const char* what;
    const char* hypothesis;  // "default": the instruction's default model
    int row, col;
    std::uint32_t d;
  };
  const std::vector<Cell> cells = {
      {"overflow", "default", 0, 0, 0x7F7F},          {"overflow", "model:exact-sum-rne", 0, 0, 0x7F7F},
      {"overflow", "default", 1, 0, 0x7F7F},          {"overflow", "model:exact-sum-rne", 1, 0, 0x7F80},
      {"overflow", "default", 2, 1, 0xFF7F},          {"overflow", "model:exact-sum-rne", 2, 1, 0xFF80},
      {"overflow", "model:fp32-fma-chain", 2, 0, 0x7F80},
      {"overflow", "default", 3, 0, 0x7F80},          {"overflow", "overflow-saturates", 3, 0, 0x7F7F},
      {"overflow", "overflow-saturates", 4, 1, 0xFF7F}, {"overflow", "default", 5, 0, 0x7F7F},
      {"overflow", "model:exact-sum-rne", 5, 0, 0x7F80}, {"overflow", "default", 7, 0, 0x4000},
      {"subnormal", "default", 0, 0, 0x000A},         {"subnormal", "flush-outputs", 0, 0, 0x0000},
      {"subnormal", "flush-outputs", 0, 1, 0x8000},   {"subnormal", "default", 1, 0, 0x0008},
      {"subnormal", "model:exact-sum-rne", 1, 0, 0x0009}, {"subnormal", "default", 2, 0, 0x0000},
      {"subnormal", "model:exact-sum-rne", 2, 0, 0x0001}, {"subnormal", "default", 3, 0, 0x007F},
      {"subnormal", "model:exact-sum-rne", 3, 0, 0x0080}, {"subnormal", "default", 4, 1, 0x8001},
      {"subnormal", "model:exact-sum-rne", 4, 1, 0x8002}, {"subnormal", "default", 7, 0, 0x0080},
      {"subnormal", "flush-outputs", 7, 0, 0x0080},
      {"nan", "default", 0, 0, 0xFFFD},               {"nan", "model:exact-sum-rne", 0, 0, 0x7FC0},
      {"nan", "nan-payload-propagated", 0, 0, 0x7FD5}, {"nan", "nan-payload-propagated", 1, 0, 0x7FD5},
      {"nan", "nan-payload-propagated", 2, 0, 0xFFE3}, {"nan", "nan-payload-propagated", 3, 0, 0xFFC3},
      {"nan", "default", 4, 0, 0x7FE9},               {"nan", "nan-payload-propagated", 4, 0, 0x7FE9},
      {"nan", "default", 5, 0, 0xFFC7},               {"nan", "default", 6, 0, 0xFFC0},
      {"nan", "model:exact-sum-rne", 6, 0, 0x7FC0},   {"nan", "default", 8, 0, 0xFFC0},
      {"nan", "default", 10, 0, 0x7F80},              {"nan", "default", 11, 0, 0x4040},
      {"nan", "default", 11, 12, 0xFFFD},             {"nan", "nan-payload-propagated", 11, 12, 0x7FD3},
      {"nan", "nan-payload-propagated", 11, 14, 0xFFD3},
  };
  for (const char* builtin : {"wmma_bf16_16x16x16_bf16_w32_gfx12", "swmmac_bf16_16x16x32_bf16_w32", "wmma_bf16_16x16x16_bf16_w64_gfx12"})
    for (const Cell& c : cells) {
      const std::string name = std::string("12.8/") + c.what + "/" + builtin;
      const hw::Probe* p = hw::find_probe(name);
      ASSERT_NE(p, nullptr) << name;
      const std::string h = std::string(c.hypothesis) == "default" ? "model:" + std::string(default_model(*p->ins).name) : c.hypothesis;
      const Expected e = hypothesis_output(base_record(*p), h);
      EXPECT_EQ(e.d.bits.at(static_cast<std::size_t>(c.row) * 16 + c.col), c.d)
          << name << " " << h << " D[" << c.row << "][" << c.col << "]";
    }
}

// Every hypothesis of a 12.8 probe is recognised in a synthetic file it made: an alternative alone,
// a model without the default model (unless it is the default).
TEST(ProbeVerdict, SyntheticBf16RunsNameTheHypothesisThatMadeThem) {
  int judged = 0;
  for (const hw::Probe& p : hw::all_probes()) {
    if (p.question != "numerics 12.8") continue;
    const std::string def = "model:" + std::string(default_model(*p.ins).name);
    for (const std::string& h : probe_hypotheses(p.name)) {
      const VerdictReport v = probe_verdicts(synthetic_file({synthetic_values(p, h)}), "synthetic");
      ASSERT_EQ(v.probes.size(), 1u);
      const std::vector<std::string>& m = v.probes[0].matching;
      EXPECT_NE(std::find(m.begin(), m.end(), h), m.end()) << p.name << " " << h;
      if (h.rfind("model:", 0) != 0) EXPECT_EQ(m, std::vector<std::string>{h}) << p.name;
      else if (h != def) EXPECT_EQ(std::find(m.begin(), m.end(), def), m.end()) << p.name << " " << h;
      else EXPECT_EQ(m, std::vector<std::string>{h}) << p.name;
      ++judged;
    }
  }
  EXPECT_EQ(judged, 4 * 3 * 4);  // 4 builtins x 3 probes x (3 models + 1 alternative)
}

// 12.11: a synthetic file made with exec-skips is named exec-skips (and only that), one made with
// exec-ignored likewise; exec-skips keeps the marker (SWMMAC: C) exactly in the lanes EXEC leaves out.
TEST(ProbeVerdict, SyntheticExecRunsAreNamedByTheirHypothesis) {
  int judged = 0;
  for (const hw::Probe& p : hw::all_probes()) {
    if (p.body != hw::ProbeBody::exec_call) continue;
    for (const std::string h : {"exec-ignored", "exec-skips"}) {
      const ProgramRecord r = synthetic_values(p, h);
      const VerdictReport v = probe_verdicts(synthetic_file({r}), "synthetic");
      ASSERT_EQ(v.probes.size(), 1u);
      EXPECT_EQ(v.probes[0].error, "") << p.name;
      EXPECT_EQ(v.probes[0].matching, std::vector<std::string>{h}) << p.name;
      ++judged;
    }
    // The skipped lanes, seen through D's register image.
    const ProgramRecord skips = synthetic_values(p, "exec-skips");
    const hw::KernelAbi abi = hw::kernel_abi(*p.ins);
    const LinearLayout l = hw::block_layout(p.base(), Operand::d);
    const auto words = hw::words_from_matrix(l, abi.lanes, abi.output_words_per_lane, skips.outputs.at("D").bits);
    const auto c_words = hw::words_from_matrix(l, abi.lanes, abi.output_words_per_lane, skips.inputs.at("C").bits);
    const auto all_on = hw::words_from_matrix(l, abi.lanes, abi.output_words_per_lane, hypothesis_output(skips, "exec-ignored").d.bits);
    for (int lane = 0; lane < abi.lanes; ++lane)
      for (int v = 0; v < abi.output_words_per_lane; ++v) {
        const std::size_t w = static_cast<std::size_t>(lane) * abi.output_words_per_lane + v;
        const bool on = p.exec_mask >> lane & 1;
        const std::uint32_t kept = p.ins->family == Family::swmmac ? c_words[w] : hw::kExecMarker;
        EXPECT_EQ(words[w], on ? all_on[w] : kept) << p.name << " lane " << lane;
        if (!on) EXPECT_NE(all_on[w], kept) << p.name << " lane " << lane << ": the lane would not show whether EXEC skipped it";
      }
  }
  EXPECT_EQ(judged, 20 * 2);
}

// 12.13: the record carries the noise in its registers (not in its matrices), and the expectation
// (the emulator, which reads the matrices) is the only candidate; a D that differs is unexplained.
TEST(ProbeVerdict, UnusedLaneNoiseIsInTheRegistersAndAnyOtherDIsUnexplained) {
  for (const hw::Probe& p : hw::all_probes()) {
    if (p.recipe != hw::Recipe::ignored_lane_noise) continue;
    const ProgramRecord r = synthetic_values(p, "model:exact-int");
    for (Operand op : hw::operands_with_unused_lanes(*p.ins)) {
      const auto& regs = r.registers.at(std::string(operand_name(op)));
      for (int lane : hw::lanes_without_elements(*p.ins, op))
        for (std::uint32_t w : regs.at(static_cast<std::size_t>(lane)))  // (the index keeps clang 19's 16 bits)
          EXPECT_NE(w, 0u) << p.name << " " << operand_name(op) << " lane " << lane;
      // The same matrix from the registers as recorded.
      const hw::KernelAbi abi = hw::kernel_abi(*p.ins);
      const hw::InputBlock* blk = abi.block(operand_name(op));
      std::vector<std::uint32_t> words;
      for (const auto& lane : regs) words.insert(words.end(), lane.begin(), lane.end());
      EXPECT_EQ(hw::matrix_from_words(hw::block_layout(p.base(), op), abi.lanes, blk->words_per_lane, words),
                r.inputs.at(std::string(operand_name(op))).bits) << p.name;
    }
    EXPECT_EQ(probe_hypotheses(p.name), std::vector<std::string>{"model:exact-int"});
    VerdictReport v = probe_verdicts(synthetic_file({r}), "synthetic");
    EXPECT_EQ(v.probes.at(0).matching, std::vector<std::string>{"model:exact-int"}) << p.name;
    ProgramRecord read = r;
    read.outputs.at("D").bits[0] += 1;
    read.notes.push_back("SYNTHETIC: D[0][0] changed by hand, as if the instruction had read the noise");
    v = probe_verdicts(synthetic_file({read}), "synthetic");
    EXPECT_TRUE(v.probes.at(0).matching.empty()) << p.name;
    EXPECT_EQ(v.unexplained(), 1);
  }
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
  const hw::Probe* grouping = hw::find_probe("12.1/grouping/wmma_f32_16x16x16_fp8_bf8_w32_gfx12");
  ASSERT_NE(grouping, nullptr);
  write_run_file(synthetic_file({synthetic_values(*fp8, "model:fp8-dot8-hypothesis"),
                                 synthetic_values(*grouping, "model:fp8-dot8-hypothesis")}),
                 dir / "probe.json");
  const std::string cli = test::shell_quote(WMMASIM_CLI);
  const auto r = test::run_shell(cli + " diff " + test::shell_quote((dir / "probe.json").string()) + " --calibration-out " +
                                 test::shell_quote((dir / "cal.json").string()) + " 2>&1");
  EXPECT_EQ(r.status, 0) << r.output;
  // Swamping alone cannot tell the two 8-product models apart; the grouping probe can.
  EXPECT_NE(r.output.find("reproduced by model:fp8-dot8-quads-hypothesis, model:fp8-dot8-hypothesis (of 6)"), std::string::npos)
      << r.output;
  EXPECT_NE(r.output.find("reproduced by model:fp8-dot8-hypothesis (of 6)"), std::string::npos) << r.output;
  const Calibration c = load_calibration_file((dir / "cal.json").string());
  EXPECT_EQ(calibrated_model(c, *fp8->ins).name, "fp8-dot8-hypothesis");
  std::filesystem::remove_all(dir);
}

// The command line names exec-skips for a file that matches it, and the calibration takes no model
// evidence from EXEC probes (their D says nothing about arithmetic).
TEST(ProbeVerdict, CliNamesExecSkipsAndTheCalibrationIgnoresExecProbes) {
  const auto dir = std::filesystem::temp_directory_path() / "wmmasim_probe_exec_cli_test";
  std::filesystem::create_directories(dir);
  const hw::Probe* p = hw::find_probe("12.11/exec_even/wmma_f32_16x16x16_fp8_fp8_w64_gfx12");
  ASSERT_NE(p, nullptr);
  const RunFile run = synthetic_file({synthetic_values(*p, "exec-skips")});
  write_run_file(run, dir / "probe.json");
  const auto r = test::run_shell(test::shell_quote(WMMASIM_CLI) + " diff " + test::shell_quote((dir / "probe.json").string()) +
                                 " --calibration-out " + test::shell_quote((dir / "cal.json").string()) + " 2>&1");
  EXPECT_EQ(r.status, 0) << r.output;
  EXPECT_NE(r.output.find("reproduced by exec-skips (of 2)"), std::string::npos) << r.output;
  const nlohmann::json cal = calibration_json(probe_verdicts(run, "synthetic"), run);
  EXPECT_TRUE(cal["numerics"]["models"].empty()) << cal.dump();
  EXPECT_TRUE(cal["numerics"]["unresolved"].empty()) << cal.dump();
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
      // calibration_fuzz's finding: a number beyond double's range escaped the reader as the JSON
      // library's out_of_range exception (an internal error in the CLI).
      {"number_overflow.json", "444444444444E4444444444444444{4"},
      {"number_overflow_in_object.json", R"({"format": "wmmasim-calibration-1", "cycles": {"parameters": {"b_acc": 1E400}}})"},
      // Its second: "format" given as an object made the reader's value() throw type_error.
      {"format_object.json", R"({"format": {"format": "wmmasim-cycles-calibration-1"}, "parameters": {}})"},
      // Keys are echoed in sentences: a line break in one must not make two lines.
      {"key_line_break.json", R"({"parameters": {"b_acc\nx": 1}})"},
      {"model_key_line_break.json", R"({"format": "wmmasim-calibration-1", "numerics": {"models": {"wmma\nx": "gfx12-dot4"}}})"},
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
