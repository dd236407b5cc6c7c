// The explorer's data and page (wmmasim::views::site_data / print_site / write_site), and
// `wmmasim layout --site` as a program. Expected placements and step orders are the README's and
// the spec's, written out here; the browser test (tests/explorer) checks what the page draws.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "wmmasim/error.hpp"
#include "wmmasim/layouts/instruction_table.hpp"
#include "wmmasim/layouts/views/site.hpp"

namespace wmmasim::views {
namespace {

namespace fs = std::filesystem;
using Json = nlohmann::json;

const Json& data() {
  static const Json j = Json::parse(site_data());
  return j;
}

const Json& builtin(const std::string& name) {
  for (const Json& b : data()["builtins"])
    if (b["name"] == name) return b;
  throw std::runtime_error("no builtin " + name);
}

const Json& operand(const Json& b, const std::string& op) {
  for (const Json& o : b["operands"])
    if (o["op"] == op) return o;
  throw std::runtime_error("no operand " + op);
}

// The packed places of element (r, c) of a layout, unpacked as {lane, vgpr, bit_lo}.
std::vector<std::array<int, 3>> places(const Json& layout, int r, int c) {
  std::vector<std::array<int, 3>> out;
  const int copies = layout["copies"], at = (r * layout["cols"].get<int>() + c) * layout["keys"].get<int>() * copies;
  for (int i = 0; i < copies; ++i) {
    const int p = layout["p"][at + i];
    out.push_back({p & 63, (p >> 6) & 31, p >> 11});
  }
  return out;
}

std::string name_of(int index) { return data()["builtins"][index]["name"]; }

TEST(SiteData, HoldsEveryBuiltinOfTheTable) {
  EXPECT_EQ(data()["builtins"].size(), kInstructionCount);
  EXPECT_EQ(data()["prefix"], "__builtin_amdgcn_");
  // Shared layouts are stored once: fewer layouts than operands.
  std::size_t operands = 0;
  for (const Json& b : data()["builtins"]) operands += b["operands"].size();
  EXPECT_LT(data()["layouts"].size(), operands / 2);
}

TEST(SiteData, PlacementsAreTheReadmeExamples) {
  const Json& f16 = builtin("wmma_f32_16x16x16_f16_w32_gfx12");
  const Json& a = data()["layouts"][operand(f16, "A")["isa"].get<int>()];
  using P = std::vector<std::array<int, 3>>;
  EXPECT_EQ(places(a, 3, 9), (P{{3, 2, 16}}));  // A[3][9] -> lane 3, v2, bits [31:16]
  EXPECT_EQ(places(a, 0, 4), (P{{16, 0, 0}}));  // lane 16 v0[15:0] holds A[0][4]
  // contig16: lane group 1 holds K 8..15, so A[0][8] moves to lane 16 v0[15:0].
  const Json& contig = data()["layouts"][operand(f16, "A")["contig16"].get<int>()];
  EXPECT_EQ(places(contig, 0, 8), (P{{16, 0, 0}}));
  EXPECT_EQ(operand(f16, "D")["contig16_name"], "contig16 (same as isa for this operand)");
  // RDNA3 A is replicated in both lane groups of wave32.
  const Json& rdna3 = builtin("wmma_f32_16x16x16_f16_w32");
  EXPECT_EQ(places(data()["layouts"][operand(rdna3, "A")["isa"].get<int>()], 3, 9).size(), 2u);
}

TEST(SiteData, CounterpartsPairArchitecturesAndWaveSizes) {
  EXPECT_EQ(name_of(builtin("wmma_f32_16x16x16_f16_w32_gfx12")["counterpart"]), "wmma_f32_16x16x16_f16_w32");
  EXPECT_EQ(name_of(builtin("wmma_f32_16x16x16_f16_w32_gfx12")["other_wave"]), "wmma_f32_16x16x16_f16_w64_gfx12");
  EXPECT_EQ(name_of(builtin("wmma_bf16_16x16x16_bf16_tied_w32")["other_wave"]), "wmma_bf16_16x16x16_bf16_tied_w64");
  EXPECT_EQ(name_of(builtin("global_load_tr_b128_v8bf16")["other_wave"]), "global_load_tr_b128_v4bf16");
  EXPECT_EQ(name_of(builtin("global_load_tr_b64_v2i32")["other_wave"]), "global_load_tr_b64_i32");
  EXPECT_EQ(builtin("swmmac_f32_16x16x32_f16_w32")["counterpart"], -1);
}

TEST(SiteData, ModelsAndLayoutsWithoutAPublicSource) {
  const Json& f16 = builtin("wmma_f32_16x16x16_f16_w32_gfx12");
  EXPECT_EQ(f16["model"]["name"], "gfx12-dot4");
  EXPECT_EQ(f16["model"]["qualified"], true);
  // numerics.md 3.2: in contiguous labels the wave32 step order is chunks 0, 8, 4, 12.
  EXPECT_EQ(f16["model"]["steps_contig16"],
            Json::parse("[[0,1,2,3],[8,9,10,11],[4,5,6,7],[12,13,14,15]]"));
  EXPECT_EQ(builtin("swmmac_f32_16x16x32_f16_w64")["model"]["qualified"], false);
  EXPECT_FALSE(builtin("global_load_tr_b128_v8f16").contains("model"));
  const Json& w64 = builtin("global_load_tr_b128_v4f16");
  EXPECT_TRUE(w64["operands"].empty());
  EXPECT_NE(w64["unavailable"].get<std::string>().find("no public source"), std::string::npos);
}

TEST(SitePage, IsDeterministicAndSelfContained) {
  std::ostringstream one, two;
  print_site(one);
  print_site(two);
  EXPECT_EQ(one.str(), two.str());
  const std::string page = one.str();
  EXPECT_EQ(page.find("/*WMMASIM:"), std::string::npos);  // every marker filled
  // Nothing fetched (no server, works from file://): no external resource, and the only URL is the
  // SVG namespace of the export.
  EXPECT_EQ(page.find(" src="), std::string::npos);
  EXPECT_EQ(page.find("<link"), std::string::npos);
  EXPECT_EQ(page.find("XMLHttpRequest"), std::string::npos);
  EXPECT_EQ(page.find("fetch("), std::string::npos);
  std::size_t urls = 0;
  for (std::size_t at = page.find("http"); at != std::string::npos; at = page.find("http", at + 1)) {
    EXPECT_EQ(page.compare(at, 26, "http://www.w3.org/2000/svg"), 0) << page.substr(at, 60);
    ++urls;
  }
  EXPECT_EQ(urls, 1u);
  // Two script elements (data and code), each closed once.
  std::size_t closes = 0;
  for (std::size_t at = page.find("</script"); at != std::string::npos; at = page.find("</script", at + 1)) ++closes;
  EXPECT_EQ(closes, 2u);
}

struct TempDir {
  fs::path path;
  TempDir() {
    std::string tmpl = (fs::temp_directory_path() / "wmmasim-site-XXXXXX").string();
    path = mkdtemp(tmpl.data());
  }
  ~TempDir() { std::error_code ec; fs::remove_all(path, ec); }
};

TEST(SiteWrite, CreatesTheDirectoryAndRefusesAFile) {
  TempDir dir;
  write_site(dir.path / "deeper" / "site");
  EXPECT_TRUE(fs::is_regular_file(dir.path / "deeper" / "site" / "index.html"));
  EXPECT_EQ(std::distance(fs::directory_iterator(dir.path / "deeper" / "site"), fs::directory_iterator()), 1);
  std::ofstream(dir.path / "plain") << "x";
  EXPECT_THROW(write_site(dir.path / "plain"), UserError);
}

int run(const std::string& args, std::string& err) {
  TempDir dir;
  const std::string cmd = std::string(WMMASIM_CLI) + " layout " + args + " > /dev/null 2> " + (dir.path / "err").string();
  const int raw = std::system(cmd.c_str());
  std::ifstream in(dir.path / "err");
  err.assign(std::istreambuf_iterator<char>(in), {});
  return WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
}

TEST(SiteCli, WritesThePageOrSaysWhyNot) {
  TempDir dir;
  std::string err;
  EXPECT_EQ(run("--site " + (dir.path / "out").string(), err), 0) << err;
  std::ostringstream page;
  print_site(page);
  std::ifstream written(dir.path / "out" / "index.html");
  EXPECT_EQ(std::string(std::istreambuf_iterator<char>(written), {}), page.str());
  std::ofstream(dir.path / "file") << "x";
  EXPECT_EQ(run("--site " + (dir.path / "file").string(), err), 2);
  EXPECT_EQ(err.rfind("wmmasim: cannot create the site directory", 0), 0u) << err;
  EXPECT_EQ(run("--site " + (dir.path / "out").string() + " --builtin wmma_f32_16x16x16_f16_w32_gfx12", err), 2);
  EXPECT_NE(err.find("drop --builtin"), std::string::npos) << err;
}

}  // namespace
}  // namespace wmmasim::views
