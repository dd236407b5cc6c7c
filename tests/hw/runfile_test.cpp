// The run-file format: what is written reads back equal, and a bad file gets one precise sentence.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "wmmasim/error.hpp"
#include "wmmasim/runfile/run_file.hpp"

namespace wmmasim::runfile {
namespace {

RunFile sample() {
  RunFile r;
  r.producer = {"emulator", "wmmasim 0.1.0", std::string("gfx12-dot4")};
  r.environment = {{"host", "test"}, {"threads", 2}};
  ProgramRecord p;
  p.program = "swmmac_f32_16x16x32_f16_w32@timed";
  p.arch = "gfx1201";
  p.wave_size = 32;
  p.seed = 0xFFFFFFFFFFFFFFFFull;  // all 64 bits survive
  p.instruction = "__builtin_amdgcn_swmmac_f32_16x16x32_f16_w32";
  p.modifiers = {"signed_a"};
  p.mode = "timed";
  p.inputs["A"] = {"f16", 2, 3, 1, {0x3c00, 0xbc00, 0, 1, 0xffff, 0x7c00}, ""};
  p.inputs["index"] = {"sparse_index", 1, 2, 2, {4, 8, 0xc, 0xe}, ""};
  p.outputs["D"] = {"f32", 1, 2, 1, {0x3f800000, 0xffffffff}, "hypothesis"};
  p.registers["D"] = {{0x3f800000u}, {0xffffffffu}};
  p.cycles = Cycles{{{0, 123, 4}, {1, 130, 5}}, 1e8, "hipDeviceAttributeWallClockRate"};
  p.notes = {"a note"};
  r.programs.push_back(p);
  ProgramRecord q;
  q.program = "global_load_tr_b64_i32@linear";
  q.arch = "gfx1200";
  q.wave_size = 64;
  q.instruction = "__builtin_amdgcn_global_load_tr_b64_i32";
  q.mode = "values";
  q.addressing = "linear";
  q.inputs["memory"] = {"b8", 1, 1, 1, {0xab}, ""};
  r.programs.push_back(q);
  return r;
}

std::string sentence_of(const nlohmann::json& j) {
  try {
    from_json(j, "t.json");
  } catch (const UserError& e) {
    EXPECT_EQ(std::string(e.what()).find('\n'), std::string::npos);
    return e.what();
  }
  return "";
}

TEST(RunFile, RoundTripsThroughJson) {
  const RunFile r = sample();
  const nlohmann::json j = to_json(r);
  EXPECT_EQ(j["format"], "wmmasim-run");
  EXPECT_EQ(j["version"], 1);
  EXPECT_EQ(j["programs"][0]["inputs"]["A"]["bits"][0], "0x3c00");
  EXPECT_EQ(j["programs"][0]["outputs"]["D"]["bits"][1], "0xffffffff");
  EXPECT_EQ(j["programs"][0]["inputs"]["index"]["keys"], 2);
  EXPECT_TRUE(j["programs"][1]["cycles"].is_null() || !j["programs"][1].contains("cycles"));
  EXPECT_EQ(from_json(nlohmann::json::parse(j.dump()), "t.json"), r);
}

TEST(RunFile, RoundTripsThroughAFileWrittenAtomically) {
  const auto dir = std::filesystem::temp_directory_path() / ("wmmasim_runfile_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const auto path = dir / "run.json";
  write_run_file(sample(), path);
  EXPECT_EQ(read_run_file(path), sample());
  int files = 0;
  for (auto& e : std::filesystem::directory_iterator(dir)) files += e.is_regular_file();
  EXPECT_EQ(files, 1) << "no temporary file left behind";
  std::filesystem::remove_all(dir);
}

TEST(RunFile, WritingIntoAMissingDirectoryFailsWithoutAFile) {
  EXPECT_THROW(write_run_file(sample(), "/nonexistent-wmmasim-dir/run.json"), UserError);
  EXPECT_FALSE(std::filesystem::exists("/nonexistent-wmmasim-dir"));
}

TEST(RunFile, BadFilesGetOneSentenceWithTheJsonPath) {
  nlohmann::json j = to_json(sample());
  auto broken = [&](auto change) {
    nlohmann::json k = j;
    change(k);
    return sentence_of(k);
  };
  EXPECT_NE(broken([](auto& k) { k["format"] = "other"; }).find("format"), std::string::npos);
  EXPECT_NE(broken([](auto& k) { k["version"] = 3; }).find("reads versions 1 to 2"), std::string::npos);
  EXPECT_NE(broken([](auto& k) { k["producer"]["backend"] = "gpu"; }).find("producer.backend"), std::string::npos);
  EXPECT_NE(broken([](auto& k) { k["programs"][0].erase("seed"); }).find("programs[0] has no \"seed\""), std::string::npos);
  EXPECT_NE(broken([](auto& k) { k["programs"][0]["inputs"]["A"]["bits"].erase(0); }).find("programs[0].inputs.A.bits has 5"),
            std::string::npos);
  EXPECT_NE(broken([](auto& k) { k["programs"][0]["inputs"]["A"]["bits"][2] = "0x10000"; }).find("wider than 4 hex digits"),
            std::string::npos);
  EXPECT_NE(broken([](auto& k) { k["programs"][0]["inputs"]["A"]["bits"][2] = "12"; }).find("not a hex string"), std::string::npos);
  EXPECT_NE(broken([](auto& k) { k["programs"][0]["wave_size"] = 16; }).find("expected 32 or 64"), std::string::npos);
  EXPECT_NE(broken([](auto& k) { k["programs"][0]["cycles"]["per_wave"][0]["shader_cycles"] = -1; }).find("non-negative"),
            std::string::npos);
  EXPECT_EQ(broken([](auto&) {}), "");
  // runfile_fuzz's finding: a value or a key with a line break was echoed as it was, making the
  // sentence two lines. Both are written out (\n), and a long value is cut.
  EXPECT_NE(broken([](auto& k) { k["programs"][0]["inputs"]["A"]["bits"][2] = "0x3c\n00"; }).find(R"(bits[2] is "0x3c\n00", not a hex)"),
            std::string::npos);
  EXPECT_NE(broken([](auto& k) { k["programs"][0]["inputs"]["A\nB"] = k["programs"][0]["inputs"]["A"]; k["programs"][0]["inputs"]["A\nB"]["rows"] = "x"; })
                .find(R"(programs[0].inputs.A\nB.rows is not)"),
            std::string::npos);
  EXPECT_NE(broken([](auto& k) { k["programs"][0]["inputs"]["A"]["bits"][2] = std::string(500, 'z'); }).find("zzz...\", not a hex"),
            std::string::npos);
}

TEST(RunFile, ReadingNonJsonSaysSo) {
  const auto path = std::filesystem::temp_directory_path() / ("wmmasim_bad_" + std::to_string(::getpid()) + ".json");
  std::ofstream(path) << "{ not json";
  try {
    read_run_file(path);
    ADD_FAILURE();
  } catch (const UserError& e) {
    EXPECT_NE(std::string(e.what()).find("is not valid JSON"), std::string::npos);
  }
  // A number beyond double's range is not a syntax error to the JSON library but still not a run file.
  std::ofstream(path) << R"({"format": "wmmasim-run", "version": 2, "x": -1e999})";
  try {
    read_run_file(path);
    ADD_FAILURE();
  } catch (const UserError& e) {
    EXPECT_NE(std::string(e.what()).find("is not valid JSON (number overflow parsing '-1e999')"), std::string::npos) << e.what();
  }
  std::filesystem::remove(path);
}

}  // namespace
}  // namespace wmmasim::runfile
