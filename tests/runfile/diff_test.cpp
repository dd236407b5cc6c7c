// Run files through import, replay and diff: every capture replays clean, and a corrupted element is
// found at the register place the spec's worked examples give for it.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "wmmasim/error.hpp"
#include "wmmasim/runfile/diff.hpp"
#include "wmmasim/runfile/import.hpp"

namespace wmmasim::runfile {
namespace {

RunFile import_file(const std::string& name) {
  std::ifstream in(std::string(WMMASIM_TEST_DATA) + "/fixtures/" + name);
  return import_captures(in, name);
}

TEST(ImportAndDiff, EveryCaptureReplaysWithoutMismatch) {
  for (const char* file : {"gfx1201_dot2.jsonl", "gfx1201_dot2_inline_operands.jsonl", "gfx1201_wmma_vectors.jsonl",
                           "gfx1201_wmma_packed_matrices.jsonl", "gfx1201_wmma_packed_operands.jsonl",
                           "gfx1201_wmma_packed_overflow_mode.jsonl", "gfx1100_dot2.jsonl", "gfx1100_dot2_inline_operands.jsonl",
                           "gfx1100_wmma_integer_matrix.jsonl", "gfx1100_wmma_packed_matrices.jsonl",
                           "gfx1100_wmma_packed_operands.jsonl", "gfx1100_wmma_packed_overflow_mode.jsonl"}) {
    const RunFile run = import_file(file);
    // Independent count: one result per DOT2 line, 256 per WMMA line and wave size.
    std::ifstream in(std::string(WMMASIM_TEST_DATA) + "/fixtures/" + file);
    long expected = 0;
    for (std::string line; std::getline(in, line);) {
      const auto j = nlohmann::json::parse(line);
      expected += j.contains("A") ? 256 * (j.contains("wave_sizes") && j["wave_sizes"].is_array() ? 2 : 1) : 1;
    }
    const DiffReport report = diff_against_emulator(run);
    EXPECT_EQ(report.mismatches(), 0) << file << "\n" << text_report(report, 3);
    EXPECT_EQ(report.errors(), 0) << file << "\n" << text_report(report, 3);
    EXPECT_EQ(report.compared(), expected) << file;
  }
}

// Spec layouts.md 8: packed f16 D[13][5] is v2{21}.[31:16] in wave32 and v0{53}.[31:16] in wave64.
TEST(ImportAndDiff, CorruptedElementIsReportedWithItsRegisterPlace) {
  RunFile run = import_file("gfx1201_wmma_packed_matrices.jsonl");
  int corrupted = 0;
  for (ProgramRecord& p : run.programs)
    if (p.instruction.find("wmma_f16_16x16x16_f16") != std::string::npos) {
      p.outputs.at("D").bits.at(13 * 16 + 5) ^= 0x0100;
      ++corrupted;
      if (corrupted == 2) break;
    }
  ASSERT_EQ(corrupted, 2);
  const DiffReport report = diff_against_emulator(run);
  ASSERT_EQ(report.mismatches(), 2);
  for (const ProgramDiff& p : report.programs)
    for (const ElementMismatch& m : p.mismatches) {
      EXPECT_EQ(m.row, 13);
      EXPECT_EQ(m.col, 5);
      const bool w64 = p.program.find("_w64") != std::string::npos;
      EXPECT_EQ(m.place, w64 ? (Place{53, 0, 16, 31}) : (Place{21, 2, 16, 31})) << p.program;
      EXPECT_EQ(m.expected ^ m.got, 0x0100u);
      EXPECT_EQ(m.ulps, 256);  // bit 8 of an f16 of the same sign: 2^8 units in the last place
    }
  EXPECT_NE(text_report(report).find("D[13][5] lane 21 v2[31:16]"), std::string::npos) << text_report(report);
}

TEST(ImportAndDiff, TwoRunFiles) {
  const RunFile a = import_file("gfx1201_wmma_vectors.jsonl");
  RunFile b = a;
  EXPECT_EQ(diff_runs(a, b).mismatches(), 0);
  b.programs.at(3).outputs.at("D").bits.at(0) ^= 1;
  const DiffReport r = diff_runs(a, b);
  EXPECT_EQ(r.mismatches(), 1);
  EXPECT_EQ(r.programs.at(3).mismatches.at(0).ulps, 1);
  b.programs.pop_back();
  EXPECT_EQ(diff_runs(a, b).errors(), 1);  // a program absent from the second file
}

// A timed program gets the cycle model's prediction beside the measured cycles.
TEST(ImportAndDiff, TimedProgramsGetAPredictedCycleCount) {
  RunFile run = import_file("gfx1201_wmma_vectors.jsonl");
  ProgramRecord& p = run.programs.front();
  p.mode = "timed";
  p.cycles = Cycles{{{0, 40, 1}}, 1e8, "test"};
  const DiffReport r = diff_against_emulator(run);
  ASSERT_TRUE(r.programs.front().predicted_cycles.has_value());
  EXPECT_GE(*r.programs.front().predicted_cycles, 16.0);  // at least the f16 WMMA's issue cycles
  EXPECT_NE(text_report(r).find("cycles: measured 40, predicted"), std::string::npos);
}

TEST(ImportAndDiff, BadCaptureLinesAreOneSentence) {
  std::istringstream not_json("{\"instruction\": ");
  EXPECT_THROW(import_captures(not_json, "x.jsonl"), UserError);
  std::istringstream empty("\n\n");
  EXPECT_THROW(import_captures(empty, "y.jsonl"), UserError);
  std::istringstream unknown(R"({"instruction": "v_wmma_f32_16x16x16_f99", "arch": "gfx1201", "wave_size": 32, "modifiers": {}})");
  try {
    import_captures(unknown, "z.jsonl");
    FAIL();
  } catch (const UserError& e) {
    EXPECT_EQ(std::string(e.what()).rfind("z.jsonl line 1: unknown builtin or mnemonic", 0), 0u) << e.what();
  }
  // A wave size beyond int in the list form too (eval's UBSan finding, in the reader eval does not use).
  std::istringstream huge(R"({"instruction": "v_wmma_f32_16x16x16_bf16", "arch": "gfx1100", "wave_sizes": [32, 3e88], "modifiers": {}})");
  try {
    import_captures(huge, "w.jsonl");
    FAIL();
  } catch (const UserError& e) {
    EXPECT_EQ(std::string(e.what()), "w.jsonl line 1: wave_sizes[1] must be an integer, not 3e+88") << e.what();
  }
}

}  // namespace
}  // namespace wmmasim::runfile
