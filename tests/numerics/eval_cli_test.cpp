// Runs the real `wmmasim eval` binary on fixture lines, hand-made cases and malformed input.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "fixture_io.hpp"
#include "wmmasim/numerics/numerics.hpp"

namespace wmmasim::test {
namespace {

struct CliRun {
  int status = -1;
  std::string out, err;
  std::vector<nlohmann::json> lines() const {
    std::vector<nlohmann::json> v;
    std::istringstream in(out);
    for (std::string l; std::getline(in, l);) v.push_back(nlohmann::json::parse(l));
    return v;
  }
};

std::string slurp(const std::filesystem::path& p) {
  std::ifstream in(p);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

CliRun eval(const std::string& input, const std::string& args = "") {
  const auto dir = std::filesystem::temp_directory_path() / ("wmmasim_eval_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  std::ofstream(dir / "in") << input;
  const std::string cmd = std::string(WMMASIM_CLI) + " eval " + args + " < " + (dir / "in").string() + " > " +
                          (dir / "out").string() + " 2> " + (dir / "err").string();
  CliRun r;
  const int raw = std::system(cmd.c_str());
  r.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  r.out = slurp(dir / "out");
  r.err = slurp(dir / "err");
  std::filesystem::remove_all(dir);
  return r;
}

std::string first_lines(const std::string& file, int n) {
  std::ifstream in(fixture_path(file));
  std::string s;
  for (std::string l; n-- > 0 && std::getline(in, l);) s += l + "\n";
  return s;
}

TEST(EvalCli, FixtureLinesCheckClean) {
  const std::string input = first_lines("gfx1201_wmma_vectors.jsonl", 4) + first_lines("gfx1201_wmma_packed_matrices.jsonl", 2) +
                            first_lines("gfx1100_wmma_packed_matrices.jsonl", 1) + first_lines("gfx1201_dot2.jsonl", 3) +
                            first_lines("gfx1201_wmma_packed_operands.jsonl", 1);
  const CliRun r = eval(input, "--check");
  EXPECT_EQ(r.status, 0) << r.err;
  const auto out = r.lines();
  ASSERT_EQ(out.size(), 11u);
  for (const auto& j : out) {
    EXPECT_TRUE(j.contains("d"));
    EXPECT_TRUE(j.contains("model"));
  }
  EXPECT_EQ(out[0]["model"], "gfx12-dot4");
  EXPECT_EQ(out[6]["model"], "gfx11-dot2");
  EXPECT_EQ(out[0]["d"], out[0]["D"]);
  EXPECT_NE(r.err.find("0 mismatches"), std::string::npos);
}

TEST(EvalCli, MismatchesAreReportedWithRegisterPlaceAndUlps) {
  auto rec = nlohmann::json::parse(first_lines("gfx1201_wmma_vectors.jsonl", 1));
  rec["D"][13][5] = "0xc56665fd";  // the capture says 0xc56665fb: 2 ulps away
  const CliRun r = eval(rec.dump() + "\n", "--check");
  EXPECT_EQ(r.status, 1) << r.err;
  // Spec layouts 4.1: f32 D[13][5] of wave32 lives in lane 21, VGPR 5.
  EXPECT_NE(r.err.find("D[13][5] lane 21 v5[31:0]"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("expected 0xc56665fd, got 0xc56665fb, 2 ulp"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("1 mismatches"), std::string::npos) << r.err;
}

TEST(EvalCli, MalformedLinesAreNamedAndTheRestIsEvaluated) {
  const std::string good = first_lines("gfx1201_wmma_vectors.jsonl", 1);
  auto bad_hex = nlohmann::json::parse(good);
  bad_hex["A"][2][3] = "0x1ffff";
  // eval_jsonl_fuzz's finding: a register word with a stray quote reached std::stoul, whose exception
  // escaped every reader (an internal error).
  // Its second: a wave size of 3e88 was converted to int (undefined behaviour, UBSan).
  const std::string huge_wave_size = R"({"instruction":"v_wmma_f32_16x16x16_bf16","arch":"gfx1100","wave_size":3e88})";
  const std::string dot2_with_stray_quote =
      R"({"instruction":"v_dot2_f32_f16","arch":"gfx1201","operands":{"src0":"v0","src1":"v0","src2":"v0"},"v0":"'0x40003c00"})";
  const CliRun r = eval("{not json\n" + good + bad_hex.dump() + "\n" + "{\"instruction\": \"v_wmma_f32_16x16x16_nope\"}\n" +
                        "{\"c\": 1e400}\n" + dot2_with_stray_quote + "\n" + huge_wave_size + "\n");
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.lines().size(), 1u);
  EXPECT_NE(r.err.find("line 5 is not a valid case (number overflow parsing '1e400')."), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("line 6: a register word or element is '0x40003c00, not a hex string of up to 8 digits"), std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("line 7: wave_size must be an integer, not 3e+88"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("line 1 "), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("line 3: A[2][3]"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("does not fit in 16 bits"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("line 4: "), std::string::npos) << r.err;
}

TEST(EvalCli, ModelSelection) {
  const std::string good = first_lines("gfx1201_wmma_vectors.jsonl", 1);
  const CliRun unknown = eval(good, "--model no-such-model");
  EXPECT_EQ(unknown.status, 2);
  EXPECT_NE(unknown.err.find("unknown model 'no-such-model'"), std::string::npos) << unknown.err;
  const CliRun wrong = eval(good, "--model exact-int");
  EXPECT_EQ(wrong.status, 2);
  EXPECT_NE(wrong.err.find("does not apply"), std::string::npos) << wrong.err;
  const CliRun reference = eval(good, "--model exact-sum-rne");
  EXPECT_EQ(reference.status, 0) << reference.err;
  EXPECT_EQ(reference.lines().at(0)["hardware_qualified"], false);
}

nlohmann::json uniform_case(const std::string& instruction, int rows_a, int cols_a, const std::string& a, int rows_b,
                            const std::string& b, const std::string& c) {
  nlohmann::json j;
  j["id"] = "hand";
  j["instruction"] = instruction;
  j["wave_size"] = 32;
  j["A"] = nlohmann::json::array();
  for (int i = 0; i < rows_a; ++i) j["A"].push_back(std::vector<std::string>(cols_a, a));
  for (int k = 0; k < rows_b; ++k) j["B"].push_back(std::vector<std::string>(16, b));
  for (int i = 0; i < 16; ++i) j["C"].push_back(std::vector<std::string>(16, c));
  return j;
}

// `--model list`: every model of the inventory with its status and description; among the FP8
// models exactly one says it reproduces the public RX 9070 XT probe's counts (fp8_public_probe_test
// checks that claim against what each model computes).
TEST(EvalCli, ModelListNamesEveryModelWithItsStatus) {
  const CliRun r = eval("", "--model list");
  EXPECT_EQ(r.status, 0) << r.err;
  for (const Model* m : all_models()) {
    EXPECT_NE(r.out.find(std::string(m->name) + (m->hardware_qualified ? "  [hardware-qualified]" : "  [not hardware-qualified]")),
              std::string::npos) << m->name;
    EXPECT_NE(r.out.find(std::string(m->description)), std::string::npos) << m->name;
  }
  std::size_t claims = 0;
  for (std::size_t at = r.out.find("reproduces all five public counts"); at != std::string::npos;
       at = r.out.find("reproduces all five public counts", at + 1))
    ++claims;
  EXPECT_EQ(claims, 1u);
  EXPECT_NE(r.out.find("fp8-dot8-quads-hypothesis  [not hardware-qualified]"), std::string::npos);
}

TEST(EvalCli, IntegerSignednessAndClamp) {
  auto j = uniform_case("v_wmma_i32_16x16x16_iu8", 16, 16, "0xff", 16, "0x02", "0x00000000");
  j["types"] = {{"a", "iu8"}, {"b", "iu8"}, {"c", "i32"}, {"d", "i32"}};
  j["modifiers"] = {{"neg", {1, 0, 0}}, {"neg_hi", {0, 0, 0}}, {"clamp", 0}};
  auto out = eval(j.dump() + "\n").lines();
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0]["d"][0][0], "0xffffffe0");  // 16 * (-1) * 2
  j["modifiers"]["neg"] = {0, 0, 0};
  out = eval(j.dump() + "\n").lines();
  EXPECT_EQ(out[0]["d"][7][9], "0x00001fe0");  // 16 * 255 * 2
  auto wrap = uniform_case("wmma_i32_16x16x16_iu4_w32_gfx12", 16, 16, "0x1", 16, "0x1", "0x7fffffff");
  wrap["modifiers"] = {{"clamp", 1}};
  out = eval(wrap.dump() + "\n").lines();
  EXPECT_EQ(out[0]["d"][0][0], "0x7fffffff");
}

TEST(EvalCli, SwmmacWithIndex) {
  // Dense A keeps K 4G+1 and 4G+3 of every group (value 1); B row k holds k.
  auto j = uniform_case("v_swmmac_i32_16x16x32_iu8", 16, 32, "0x00", 32, "0x00", "0x00000005");
  for (int i = 0; i < 16; ++i) {
    for (int g = 0; g < 8; ++g) j["A"][i][4 * g + 1] = "0x01", j["A"][i][4 * g + 3] = "0x01";
    j["index"].push_back(std::vector<std::vector<int>>(8, {1, 3}));
  }
  for (int k = 0; k < 32; ++k) j["B"][k] = std::vector<std::string>(16, "0x" + std::string(k < 16 ? "0" : "") + [&] {
    char b[8];
    std::snprintf(b, sizeof b, "%x", k);
    return std::string(b);
  }());
  const CliRun r = eval(j.dump() + "\n");
  ASSERT_EQ(r.status, 0) << r.err;
  int want = 5;
  for (int g = 0; g < 8; ++g) want += (4 * g + 1) + (4 * g + 3);
  char hex[16];
  std::snprintf(hex, sizeof hex, "0x%08x", want);
  EXPECT_EQ(r.lines().at(0)["d"][3][4], hex);
  j["A"][0][0] = "0x07";  // not selected by the index
  const CliRun bad = eval(j.dump() + "\n");
  EXPECT_EQ(bad.status, 2);
  EXPECT_NE(bad.err.find("A[0][0] is nonzero but not selected"), std::string::npos) << bad.err;
}

}  // namespace
}  // namespace wmmasim::test
