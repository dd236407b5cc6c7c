#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "test_programs.hpp"
#include "wmmasim/cycles/microbenchmarks.hpp"
#include "wmmasim/cycles/model.hpp"
#include "wmmasim/error.hpp"

namespace wmmasim::cycles {
namespace {

using testing::ins;

std::string write_file(const std::string& name, const std::string& text) {
  const auto path = std::filesystem::temp_directory_path() / ("wmmasim_cycles_" + name);
  std::ofstream(path) << text;
  return path.string();
}

// The one sentence a malformed calibration produces.
std::string error_of(const std::string& json) {
  try {
    parse_calibration(json, "cal.json");
  } catch (const UserError& e) {
    return e.what();
  }
  return "(no error)";
}

Cycle timed(const Program& p, const Parameters& params) { return simulate(p, params).wave(0).timed_cycles(); }

TEST(Calibration, BaccFromAFileLengthensEveryChainLinkByItsValue) {
  const Microbenchmark t2 = microbenchmark_plan("T2").front();  // 64-link f16 chain between timer reads
  const Parameters fitted = load_calibration(write_file("bacc.json", R"({
    "format": "wmmasim-cycles-calibration-1",
    "device": "test fixture",
    "parameters": {"b_acc": 3}
  })"));
  EXPECT_EQ(fitted.b_acc, 3);
  EXPECT_FALSE(fitted.is_default());
  EXPECT_EQ(timed(t2.program, fitted) - timed(t2.program, {}), 63 * 3);  // 63 links between 64 WMMAs
  EXPECT_NE(simulate(t2.program, fitted).model.find("calibrated"), std::string::npos);
}

TEST(Calibration, LatencyRulesAndPerInstructionOccupancy) {
  const Parameters p = parse_calibration(R"({"parameters": {
      "L_ab": {"cycles": 2}, "L_valu": {"per_P": 0.25, "cycles": 1}, "L_idx": 6,
      "P": {"__builtin_amdgcn_wmma_f32_16x16x16_f16_w32_gfx12": 20}, "k64": 2, "coexec": true}})",
                                         "inline");
  EXPECT_EQ(p.l_ab.cycles(16), 2);
  EXPECT_EQ(p.l_valu.cycles(16), 5);
  EXPECT_EQ(p.l_idx_cycles(16), 6);
  EXPECT_TRUE(p.coexec);
  EXPECT_EQ(p.occupancy(ins("wmma_f32_16x16x16_f16_w32_gfx12")), 20);
  EXPECT_EQ(p.occupancy(ins("wmma_f32_16x16x16_bf16_w32_gfx12")), 16);
  EXPECT_EQ(p.occupancy(ins("wmma_f32_16x16x16_f16_w64_gfx12")), 32);
  // P = 20 moves the T1 single-wave chain from 16 to 20 cycles per WMMA.
  const Prediction r = simulate(testing::accumulation_chain(ins("wmma_f32_16x16x16_f16_w32_gfx12"), 10), p);
  EXPECT_EQ(r.simd(0).wmma_last_release, 10 * 20);
}

TEST(Calibration, EveryDocumentedParameterIsAccepted) {
  std::string json = R"({"parameters": {)";
  for (const ParameterInfo& row : parameter_table()) {
    const std::string key(row.key);
    const std::string value = key == "P" ? "{}" : key == "coexec" ? "false" : key == "f_sclk_mhz" ? "2400.5" : "2";
    json += "\"" + key + "\": " + value + ",";
  }
  json.back() = '}';
  json += "}";
  EXPECT_NO_THROW(parse_calibration(json, "all"));
}

TEST(Calibration, MalformedFilesGiveOneSentenceNamingFileAndKey) {
  const std::pair<const char*, const char*> cases[] = {
      {R"({"parameters": {"bacc": 2}})", "did you mean \"b_acc\""},
      {R"({"parameters": {"b_acc": -1}})", "\"b_acc\" must be an integer"},
      {R"({"parameters": {"b_acc": 1.5}})", "\"b_acc\" must be an integer"},
      {R"({"parameters": {"b_acc": "3"}})", "\"b_acc\" must be an integer"},
      {R"({"parameters": {"k64": 0}})", "\"k64\" must be an integer from 1"},
      {R"({"parameters": {"coexec": 1}})", "\"coexec\" must be true or false"},
      {R"({"parameters": {"L_ab": {"cycles": 1, "per_p": 0.5}}})", "\"L_ab\" must be a cycle count or"},
      {R"({"parameters": {"L_ab": {"cycles": -20}}})", "must not give a negative latency"},
      {R"({"parameters": {"P": {"wmma_f32_16x16x16_f61_w32_gfx12": 16}}})", "closest: wmma_f32_16x16x16_f16_w32_gfx12"},
      {R"({"parameters": {"P": {"global_load_tr_b64_v2i32": 16}}})", "unknown matrix builtin"},
      {R"({"parameters": {"f_sclk_mhz": 0}})", "positive clock in MHz"},
      {R"({"parameters": []})", "\"parameters\" must be an object"},
      {R"({"params": {}})", "unknown top-level key \"params\""},
      {R"({"format": "v2", "parameters": {}})", "\"format\" must be"},
      {R"({"device": "gfx1201"})", "no \"parameters\" object"},
      {R"([1, 2])", "expected a JSON object"},
      {"{\n  \"parameters\": {\"b_acc\": 1,}\n}", "not valid JSON (syntax error at line 2"},
      {"", "not valid JSON"},
      {R"({"parameters": {"b_acc": 1E400}})", "not valid JSON (number overflow parsing '1E400')"},
  };
  for (const auto& [json, expected] : cases) {
    const std::string message = error_of(json);
    EXPECT_NE(message.find(expected), std::string::npos) << json << "\n -> " << message;
    EXPECT_EQ(message.rfind("calibration file cal.json: ", 0), 0u) << message;
    EXPECT_EQ(message.find('\n'), std::string::npos) << message;
  }
}

TEST(Calibration, AMissingFileIsOneSentence) {
  try {
    load_calibration("/nonexistent/cal.json");
    FAIL();
  } catch (const UserError& e) {
    EXPECT_EQ(std::string(e.what()), "cannot read calibration file /nonexistent/cal.json; check the path");
  }
}

TEST(Parameters, TableCoversTimingSpecSection41) {
  for (const char* key : {"P", "k64", "coexec", "b_acc", "L_ab", "L_idx", "L_valu", "L_v", "L_sgetreg", "f_sclk_mhz"}) {
    bool found = false;
    for (const ParameterInfo& row : parameter_table()) found |= row.key == key;
    EXPECT_TRUE(found) << key;
  }
  for (const ParameterInfo& row : parameter_table()) {
    EXPECT_FALSE(row.source.empty()) << row.key;
    EXPECT_NE(parameter_value(Parameters{}, row.key), "?") << row.key;
  }
  EXPECT_EQ(parameter_value(Parameters{}, "L_ab"), "P/2");
}

}  // namespace
}  // namespace wmmasim::cycles
