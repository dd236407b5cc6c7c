// `wmmasim layout` run as a program: every error path gives one sentence on stderr and status 2;
// the queries answer the worked examples of docs/spec/layouts.md section 8 (expected values are
// the spec's, written out here, not computed by the code under test).
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "wmmasim/layouts/instruction_table.hpp"

namespace {

namespace fs = std::filesystem;

struct Result {
  int status = -1;
  std::string out, err;
};

std::string slurp(const fs::path& p) {
  std::ifstream in(p);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

std::string quote(const std::string& s) {
  std::string q = "'";
  for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

Result layout(const std::vector<std::string>& args) {
  const fs::path dir = fs::temp_directory_path();
  const std::string tag = std::to_string(::getpid()) + "-" + std::to_string(std::rand());
  const fs::path out = dir / ("wmmasim-cli-" + tag + ".out"), err = dir / ("wmmasim-cli-" + tag + ".err");
  std::string cmd = std::string(WMMASIM_CLI) + " layout";
  for (const std::string& a : args) cmd += " " + quote(a);
  cmd += " > " + out.string() + " 2> " + err.string() + " < /dev/null";
  const int raw = std::system(cmd.c_str());
  Result r{WIFEXITED(raw) ? WEXITSTATUS(raw) : -1, slurp(out), slurp(err)};
  fs::remove(out);
  fs::remove(err);
  return r;
}

// One sentence: a single line, starting with the program name, mentioning `needle`.
void expect_user_error(const std::vector<std::string>& args, const std::string& needle) {
  std::string joined;
  for (const auto& a : args) joined += a + " ";
  SCOPED_TRACE(joined);
  const Result r = layout(args);
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err.rfind("wmmasim: ", 0), 0u) << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  EXPECT_NE(r.err.find(needle), std::string::npos) << r.err;
}

const std::string kF16 = "wmma_f32_16x16x16_f16_w32_gfx12";

TEST(LayoutCliErrors, UnknownBuiltinSuggestsTheClosest) {
  expect_user_error({"--builtin", "wmma_f32_16x16x16_f61_w32_gfx12"}, "closest builtins: __builtin_amdgcn_wmma_f32_16x16x16_f16_w32_gfx12");
  expect_user_error({"--builtin", "v_wmma_f32_16x16x16_fp8_fp8", "--arch", "gfx11"}, "exists on gfx12 but not on gfx11");
}

TEST(LayoutCliErrors, OperandTheBuiltinLacks) {
  expect_user_error({"--builtin", "swmmac_f32_16x16x32_f16_w32", "--operand", "C"}, "has no operand C; its operands are A, B, D, index");
  expect_user_error({"--builtin", kF16, "--operand", "index"}, "has no operand index");
  expect_user_error({"--builtin", kF16, "--operand", "E"}, "unknown operand 'E'");
}

TEST(LayoutCliErrors, ElementOutsideTheMatrix) {
  expect_user_error({"--builtin", kF16, "--where", "A[16][3]"}, "A[16][3] is outside operand A");
  expect_user_error({"--builtin", kF16, "--where", "B[2][16]"}, "columns 0..15");
  expect_user_error({"--builtin", "swmmac_f32_16x16x32_f16_w32", "--where", "K[3][32]"}, "outside operand index");
  expect_user_error({"--builtin", kF16, "--expand", "D[0][99]"}, "outside operand D");
}

TEST(LayoutCliErrors, LaneOrVgprOutsideTheWaveOrOperand) {
  expect_user_error({"--builtin", kF16, "--lane", "32", "--vgpr", "0"}, "lane 32 is outside wave32 (lanes 0..31)");
  expect_user_error({"--builtin", kF16, "--operand", "A", "--lane", "3", "--vgpr", "4"}, "VGPR 4 is outside operand A");
  expect_user_error({"--builtin", kF16, "--lane", "3", "--vgpr", "8"}, "VGPR 8 is outside every operand");
  expect_user_error({"--builtin", kF16, "--lane", "3", "--vgpr", "0", "--bit", "32"}, "bit 32 is outside");
  expect_user_error({"--builtin", kF16, "--lane", "3"}, "--lane and --vgpr go together");
}

TEST(LayoutCliErrors, MalformedWhere) {
  for (const char* bad : {"A[3", "A3][9]", "A[-1][2]", "[3][9]", "A[3][9]x"})
    expect_user_error({"--builtin", kF16, "--where", bad}, "expected NAME[row][col]");
}

TEST(LayoutCliErrors, LayoutWithoutPublicSource) {
  for (const char* b : {"global_load_tr_b64_i32", "global_load_tr_b128_v4f16"})
    expect_user_error({"--builtin", b}, "no public source documents the lane mapping");
}

TEST(LayoutCliErrors, Contig16WhereItIsInvalid) {
  expect_user_error({"--builtin", "swmmac_f32_16x16x32_f16_w32", "--labelling", "contig16"}, "contig16 is not valid");
  expect_user_error({"--builtin", "global_load_tr_b128_v8f16", "--labelling", "contig16"}, "contig16 is not valid");
}

TEST(LayoutCliErrors, OptionsThatDoNotApply) {
  expect_user_error({"--builtin", kF16, "--opsel", "1"}, "--opsel 1 selects the register half of RDNA3");
  expect_user_error({"--builtin", kF16, "--key", "1"}, "has no index operand");
  expect_user_error({"--builtin", "swmmac_f32_16x16x32_f16_w32", "--operand", "index", "--key", "2"}, "index set 2 is outside");
  expect_user_error({"--builtin", kF16, "--format", "csv"}, "prints one operand; pass --operand");
  expect_user_error({"--builtin", kF16, "--where", "A[1][1]", "--expand", "D[1][1]"}, "ask one at a time");
  expect_user_error({"--builtin", kF16, "--wave", "64"}, "is a wave32 builtin, but --wave 64 was given");
  expect_user_error({"--builtin", kF16, "--expand", "A[1][1]"}, "--expand takes an element of D");
  expect_user_error({}, "pass --builtin NAME");
}

// ---- queries against spec layouts.md section 8 ----------------------------------------------------

struct WhereExample {
  const char* mnemonic;
  const char* element;
  const char* w32;  // calculator notation, "" = illegal in that wave size
  const char* w64;
  const char* key = nullptr;
};

// The section 8 table (SWMMAC A rows, which name a whole slot, are checked separately below).
const WhereExample kWhere[] = {
    {"v_wmma_f32_16x16x16_f16", "A[3][9]", "v2{3}.[31:16]", "v0{35}.[31:16]"},
    {"v_wmma_f32_16x16x16_f16", "B[9][3]", "v2{3}.[31:16]", "v0{35}.[31:16]"},
    {"v_wmma_f32_16x16x16_f16", "A[0][4]", "v0{16}.[15:0]", "v0{16}.[15:0]"},
    {"v_wmma_f32_16x16x16_f16", "A[15][15]", "v3{31}.[31:16]", "v1{63}.[31:16]"},
    {"v_wmma_f32_16x16x16_f16", "D[13][5]", "v5{21}", "v1{53}"},
    {"v_wmma_f16_16x16x16_f16", "D[13][5]", "v2{21}.[31:16]", "v0{53}.[31:16]"},
    {"v_wmma_f16_16x16x16_f16", "C[6][2]", "v3{2}.[15:0]", "v1{34}.[15:0]"},
    {"v_wmma_i32_16x16x16_iu8", "A[3][9]", "v0{19}.[15:8]", "v0{19}.[15:8]"},
    {"v_wmma_f32_16x16x16_fp8_bf8", "B[13][7]", "v1{23}.[15:8]", "v0{55}.[15:8]"},
    {"v_wmma_i32_16x16x16_iu4", "A[3][9]", "v0{19}.[7:4]", "v0{19}.[7:4]"},
    {"v_wmma_i32_16x16x32_iu4", "A[3][20]", "v0{19}.[19:16]", "v0{19}.[19:16]"},
    {"v_wmma_i32_16x16x32_iu4", "B[9][3]", "v1{3}.[7:4]", "v0{35}.[7:4]"},
    {"v_swmmac_f32_16x16x32_f16", "B[20][3]", "v6{3}.[15:0]", "v2{35}.[15:0]"},
    {"v_swmmac_f32_16x16x32_f16", "K[3][20]", "v0{3}.[15:12]", "v0{35}.[7:4]", "0"},
    {"v_swmmac_f32_16x16x32_f16", "K[3][20]", "v0{3}.[31:28]", "v0{35}.[15:12]", "1"},
    {"v_swmmac_f32_16x16x32_f16", "K[3][20]", "", "v0{35}.[31:28]", "3"},
    {"v_swmmac_i32_16x16x32_iu8", "B[20][3]", "v1{19}.[7:0]", "v1{19}.[7:0]"},
    {"v_swmmac_i32_16x16x32_iu8", "K[3][20]", "v0{19}.[7:4]", "v0{19}.[7:4]", "0"},
    {"v_swmmac_i32_16x16x32_iu4", "B[20][3]", "v0{19}.[19:16]", "v0{19}.[19:16]"},
    {"v_swmmac_i32_16x16x32_iu4", "K[3][20]", "v0{19}.[7:4]", "v0{19}.[7:4]", "0"},
    {"v_swmmac_i32_16x16x64_iu4", "B[50][3]", "v2{19}.[11:8]", "v0{51}.[11:8]"},
    {"v_swmmac_i32_16x16x64_iu4", "K[3][50]", "v0{19}.[19:16]", "v0{51}.[3:0]", "0"},
};

TEST(LayoutCliWhere, AnswersTheSpecWorkedExamples) {
  for (const WhereExample& ex : kWhere)
    for (int wave : {32, 64}) {
      const std::string want = wave == 32 ? ex.w32 : ex.w64;
      std::vector<std::string> args = {"--builtin", ex.mnemonic, "--wave", std::to_string(wave), "--where", ex.element};
      if (ex.key) args.insert(args.end(), {"--key", ex.key});
      SCOPED_TRACE(std::string(ex.mnemonic) + " w" + std::to_string(wave) + " " + ex.element);
      const Result r = layout(args);
      if (want.empty()) {
        EXPECT_EQ(r.status, 2);
        EXPECT_NE(r.err.find("index set 3 is outside"), std::string::npos) << r.err;
        continue;
      }
      EXPECT_EQ(r.status, 0) << r.err;
      EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 1) << r.out;
      EXPECT_NE(r.out.find("(" + want + ")"), std::string::npos) << r.out;
    }
}

TEST(LayoutCliWhere, PrintsTheBriefForm) {
  const Result r = layout({"--builtin", kF16, "--where", "A[3][9]"});
  EXPECT_EQ(r.out, "A[3][9] -> lane 3, v2, bits [31:16]  (v2{3}.[31:16])\n");
}

// Spec 8: "A[3][20] (slot of group 5)": the whole slot of dense group 5; the two stored values are
// its low and high halves (spec 5.1: s = 0 in the low bits).
TEST(LayoutCliWhere, SparseADenseKNamesBothHalvesOfItsSlot) {
  struct Slot { const char* mnemonic; const char* element; int wave; const char* lo; const char* hi; };
  const Slot slots[] = {
      {"v_swmmac_f32_16x16x32_f16", "A[3][20]", 32, "v3{3}.[15:0]", "v3{3}.[31:16]"},
      {"v_swmmac_f32_16x16x32_f16", "A[3][20]", 64, "v1{35}.[15:0]", "v1{35}.[31:16]"},
      {"v_swmmac_i32_16x16x32_iu8", "A[3][20]", 32, "v0{19}.[23:16]", "v0{19}.[31:24]"},
      {"v_swmmac_i32_16x16x32_iu4", "A[3][20]", 64, "v0{19}.[11:8]", "v0{19}.[15:12]"},
      {"v_swmmac_i32_16x16x64_iu4", "A[3][50]", 32, "v1{19}.[3:0]", "v1{19}.[7:4]"},
      {"v_swmmac_i32_16x16x64_iu4", "A[3][50]", 64, "v0{51}.[3:0]", "v0{51}.[7:4]"},
  };
  for (const Slot& s : slots) {
    SCOPED_TRACE(std::string(s.mnemonic) + " " + s.element + " w" + std::to_string(s.wave));
    const Result r = layout({"--builtin", s.mnemonic, "--wave", std::to_string(s.wave), "--where", s.element});
    ASSERT_EQ(r.status, 0) << r.err;
    const auto first = r.out.find("s=0"), second = r.out.find("s=1");
    ASSERT_NE(first, std::string::npos);
    ASSERT_NE(second, std::string::npos);
    EXPECT_NE(r.out.find(std::string("(") + s.lo + ")", first), std::string::npos) << r.out;
    EXPECT_NE(r.out.find(std::string("(") + s.hi + ")", second), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("sparse index"), std::string::npos);
  }
}

TEST(LayoutCliWhere, Rdna3ReplicatedElementsListEveryCopy) {
  // Spec 6: RDNA3 A is replicated in every lane group; 16-bit: v = k>>1, bits 16*(k&1).
  const Result r = layout({"--builtin", "v_wmma_f32_16x16x16_f16", "--arch", "gfx11", "--wave", "64", "--where", "A[3][9]"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out,
            "A[3][9] -> lane 3, v4, bits [31:16]  (v4{3}.[31:16])\n"
            "A[3][9] -> lane 19, v4, bits [31:16]  (v4{19}.[31:16])\n"
            "A[3][9] -> lane 35, v4, bits [31:16]  (v4{35}.[31:16])\n"
            "A[3][9] -> lane 51, v4, bits [31:16]  (v4{51}.[31:16])\n");
}

TEST(LayoutCliWhere, Contig16IsTheSpecRelabelling) {
  // Spec 8 walk-through: under the contiguous labels the place v2{3}.[31:16] holds A[3][5].
  const Result r = layout({"--builtin", kF16, "--where", "A[3][5]", "--labelling", "contig16"});
  EXPECT_EQ(r.out, "A[3][5] -> lane 3, v2, bits [31:16]  (v2{3}.[31:16])\n");
}

TEST(LayoutCliRegister, InverseExamplesOfTheSpec) {
  struct Inverse { const char* mnemonic; int wave; const char* op; int lane, vgpr, bit; const char* want; };
  const Inverse examples[] = {
      {"v_wmma_f32_16x16x16_f16", 32, "A", 20, 3, 0, "= A[4][14]\n"},
      {"v_wmma_f32_16x16x16_f16", 32, "D", 17, 6, 0, "= D[14][1]\n"},
      {"v_wmma_f16_16x16x16_f16", 32, "D", 30, 1, 16, "= D[11][14]\n"},
      {"v_wmma_f32_16x16x16_f16", 64, "D", 40, 2, 5, "= D[6][8]\n"},
  };
  for (const Inverse& ex : examples) {
    const Result r = layout({"--builtin", ex.mnemonic, "--wave", std::to_string(ex.wave), "--operand", ex.op, "--lane",
                             std::to_string(ex.lane), "--vgpr", std::to_string(ex.vgpr), "--bit", std::to_string(ex.bit)});
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_NE(r.out.find(ex.want), std::string::npos) << r.out;
    EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 1) << r.out;
  }
}

TEST(LayoutCliRegister, WholeRegisterListsEveryElementOfEveryOperand) {
  // Lane 20, VGPR 3 of the f16 wave32 WMMA: A/B k = 8*(e>>2) + 4*(L>>4) + (e&3) with e = 6, 7 (spec 4.1
  // inverse) -> k 14, 15; C/D row 8*(L>>4) + 3 = 11, column 4.
  const Result r = layout({"--builtin", kF16, "--lane", "20", "--vgpr", "3"});
  EXPECT_EQ(r.out,
            "A: lane 20, v3, bits [15:0]  (v3{20}.[15:0]) = A[4][14]\n"
            "A: lane 20, v3, bits [31:16]  (v3{20}.[31:16]) = A[4][15]\n"
            "B: lane 20, v3, bits [15:0]  (v3{20}.[15:0]) = B[14][4]\n"
            "B: lane 20, v3, bits [31:16]  (v3{20}.[31:16]) = B[15][4]\n"
            "C: lane 20, v3, bits [31:0]  (v3{20}) = C[11][4]\n"
            "D: lane 20, v3, bits [31:0]  (v3{20}) = D[11][4]\n");
}

TEST(LayoutCliExpand, DenseDotProductInTheCalculatorForm) {
  const Result r = layout({"--builtin", kF16, "--expand", "D[11][1]"});
  ASSERT_EQ(r.status, 0) << r.err;
  std::istringstream lines(r.out);
  std::string first, second;
  std::getline(lines, first);
  std::getline(lines, second);
  EXPECT_EQ(first, "D[11][1] is at lane 17, v3, bits [31:0]");
  // Spec 8: "v3{17} = D[11][1] = A[11][0]*B[0][1] + ... + C[11][1]"
  std::string want = "v3{17} = D[11][1] =";
  for (int k = 0; k < 16; ++k) want += (k ? " +" : "") + std::string(" A[11][") + std::to_string(k) + "]*B[" + std::to_string(k) + "][1]";
  EXPECT_EQ(second, want + " + C[11][1]");
  // Each term's places from the spec 4.1 formulas: A: L = i + 16*((k>>2)&1), v = 2*(k>>3) + ((k>>1)&1),
  // bits 16*(k&1); B the same with j for i.
  for (int k = 0; k < 16; ++k) {
    auto place = [k](int m) {
      const int lo = 16 * (k & 1);
      return "lane " + std::to_string(m + 16 * ((k >> 2) & 1)) + ", v" + std::to_string(2 * (k >> 3) + ((k >> 1) & 1)) +
             ", bits [" + std::to_string(lo + 15) + ":" + std::to_string(lo) + "]";
    };
    const std::string term = "A[11][" + std::to_string(k) + "] at " + place(11) + "; B[" + std::to_string(k) + "][1] at " + place(1);
    EXPECT_NE(r.out.find(term), std::string::npos) << term;
  }
  EXPECT_NE(r.out.find("C[11][1] at lane 17, v3, bits [31:0]"), std::string::npos);
}

TEST(LayoutCliExpand, SparseTermsSayHowTheyDependOnTheIndex) {
  const Result r = layout({"--builtin", "swmmac_f32_16x16x32_f16_w32", "--expand", "D[3][7]", "--key", "1"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("depends on the sparse index"), std::string::npos);
  EXPECT_NE(r.out.find("+ D[3][7]\n"), std::string::npos) << "the accumulator is D itself";
  // Spec 8: K[3][20] key 1 -> v0{3}.[31:28]; A slot of group 5 -> v3{3}; B[20][7]: L = 7 + 16*((20>>3)&1),
  // v = 4*(20>>4) + ((20>>1)&3), bits [15:0] (spec 5.2).
  EXPECT_NE(r.out.find("idx[3][5] (set 1) at lane 3, v0, bits [31:28]"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Ac[3][10] at lane 3, v3, bits [15:0]; Ac[3][11] at lane 3, v3, bits [31:16]"), std::string::npos);
  EXPECT_NE(r.out.find("B[20][7] at lane 7, v6, bits [15:0]"), std::string::npos);
}

// ---- formats through the command line ------------------------------------------------------------

TEST(LayoutCliFormats, ListNamesEveryBuiltin) {
  const Result r = layout({"--list"});
  ASSERT_EQ(r.status, 0);
  for (const wmmasim::Instruction& ins : wmmasim::kInstructions)
    EXPECT_NE(r.out.find("__builtin_amdgcn_" + std::string(ins.name) + " "), std::string::npos) << ins.name;
}

TEST(LayoutCliFormats, CsvJsonAndOutFile) {
  const Result csv = layout({"--builtin", "swmmac_i32_16x16x32_iu8_w64", "--operand", "index", "--format", "csv", "--key", "2"});
  ASSERT_EQ(csv.status, 0) << csv.err;
  EXPECT_EQ(csv.out.rfind("row,col,key,lane,vgpr,bit_lo,bit_hi\n0,0,2,", 0), 0u) << csv.out.substr(0, 80);
  EXPECT_EQ(std::count(csv.out.begin(), csv.out.end(), '\n'), 1 + 16 * 8);

  const Result json = layout({"--builtin", "wmma_f16_16x16x16_f16_w32", "--format", "json", "--opsel", "1"});
  ASSERT_EQ(json.status, 0) << json.err;
  const auto doc = nlohmann::json::parse(json.out);
  EXPECT_EQ(doc["arch"], "gfx11");
  ASSERT_EQ(doc["operands"].size(), 4u);
  EXPECT_EQ(doc["operands"][3]["opsel"], 1);
  // Spec 6: with OPSEL = 1 the RDNA3 16-bit result is in bits [31:16].
  EXPECT_EQ(doc["operands"][3]["elements"][0]["places"][0]["bit_lo"], 16);

  const fs::path file = fs::temp_directory_path() / ("wmmasim-cli-" + std::to_string(::getpid()) + ".svg");
  const Result svg = layout({"--builtin", kF16, "--operand", "D", "--format", "svg", "--out", file.string()});
  EXPECT_EQ(svg.status, 0) << svg.err;
  EXPECT_EQ(svg.out, "");
  EXPECT_EQ(slurp(file).rfind("<?xml", 0), 0u);
  fs::remove(file);
  expect_user_error({"--builtin", kF16, "--out", "/nonexistent-dir/x.txt"}, "cannot write --out file");
}

TEST(LayoutCliFormats, HelpDocumentsTheChoices) {
  const Result r = layout({"--help"});
  EXPECT_EQ(r.status, 0);
  for (const char* s : {"--builtin", "--list", "--operand", "--format", "--labelling", "--opsel", "--key", "--where",
                        "--lane", "--vgpr", "--bit", "--expand", "--out", "row,col,key,lane,vgpr,bit_lo,bit_hi", "contig16"})
    EXPECT_NE(r.out.find(s), std::string::npos) << s;
}

// Issue 15: the printed evidence of the tr_b64 map (a third party's hardware report) and of the
// IU4 SWMMAC index (documented, contested), with the sources named, in text and JSON.
TEST(LayoutCliEvidence, TrB64AndIu4SwmmacIndexNameTheirSources) {
  const Result tr = layout({"--builtin", "global_load_tr_b64_v2i32"});
  ASSERT_EQ(tr.status, 0) << tr.err;
  EXPECT_NE(tr.out.find("| evidence third-party-report"), std::string::npos);
  EXPECT_NE(tr.out.find("# evidence: no AMD document gives the global_load_tr_b64 map; a third-party gfx1201 probe"), std::string::npos);
  for (const char* name : {"swmmac_i32_16x16x32_iu4_w32", "swmmac_i32_16x16x64_iu4_w32", "swmmac_i32_16x16x32_iu4_w64",
                           "swmmac_i32_16x16x64_iu4_w64"}) {
    SCOPED_TRACE(name);
    const Result r = layout({"--builtin", name});
    ASSERT_EQ(r.status, 0) << r.err;
    // Every operand but the index stays documented; the index says it is contested, and by whom.
    std::size_t documented = 0, contested = 0;
    for (std::size_t at = r.out.find("| evidence "); at != std::string::npos; at = r.out.find("| evidence ", at + 1)) {
      const std::string word = r.out.substr(at + 11, r.out.find_first_of(" \n", at + 11) - at - 11);
      documented += word == "documented";
      contested += word == "documented-contested";
    }
    EXPECT_EQ(documented, 3u);  // A, B, D
    EXPECT_EQ(contested, 1u);   // index
    EXPECT_NE(r.out.find("composable_kernel issue #3753 and PR #3759"), std::string::npos);
    const Result j = layout({"--builtin", name, "--operand", "index", "--format", "json"});
    ASSERT_EQ(j.status, 0) << j.err;
    const auto doc = nlohmann::json::parse(j.out);
    const auto& op = doc.at("operands").at(0);
    EXPECT_EQ(op["evidence"], "documented-contested");
    EXPECT_NE(op["evidence_source"].get<std::string>().find("iu4-index-swap-xor1"), std::string::npos);
  }
}

}  // namespace
