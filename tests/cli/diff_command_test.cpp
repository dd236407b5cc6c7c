// `wmmasim import` and `wmmasim diff` as a user runs them: statuses and the report's sentences.
#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <sys/wait.h>

namespace {

struct Result {
  int status;
  std::string out;
};

Result run(const std::string& args) {
  FILE* p = popen((std::string(WMMASIM_CLI) + " " + args + " 2>&1").c_str(), "r");
  std::string out;
  std::array<char, 4096> buf;
  for (std::size_t n; (n = fread(buf.data(), 1, buf.size(), p)) > 0;) out.append(buf.data(), n);
  const int st = pclose(p);
  return {WIFEXITED(st) ? WEXITSTATUS(st) : -1, out};
}

const std::string kFixtures = std::string(WMMASIM_TEST_DATA) + "/fixtures/";

TEST(DiffCommand, ImportedCapturesDiffClean) {
  const std::string out = ::testing::TempDir() + "/captures.json";
  Result r = run("import " + kFixtures + "gfx1201_wmma_packed_matrices.jsonl " + kFixtures + "gfx1100_dot2.jsonl --out " + out);
  ASSERT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("131 programs from 2 capture files"), std::string::npos) << r.out;
  r = run("diff " + out);
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("131 programs, 7271 elements compared, 0 differ, 0 not compared"), std::string::npos) << r.out;
}

TEST(DiffCommand, CorruptedRunFileExitsOneNamingTheElement) {
  const std::string out = ::testing::TempDir() + "/corrupt.json";
  ASSERT_EQ(run("import " + kFixtures + "gfx1201_wmma_vectors.jsonl --out " + out).status, 0);
  std::stringstream text;
  text << std::ifstream(out).rdbuf();
  std::string s = text.str();
  // The first hex word after "outputs" is D[0][0] of the first record: add one unit in its last place.
  const std::size_t at = s.find("0x", s.find("\"outputs\""));
  ASSERT_NE(at, std::string::npos);
  char next[11];
  std::snprintf(next, sizeof next, "0x%08lx", std::stoul(s.substr(at, 10), nullptr, 16) + 1);
  s.replace(at, 10, next);
  std::ofstream(out) << s;
  const Result r = run("diff " + out);
  EXPECT_EQ(r.status, 1) << r.out;
  EXPECT_NE(r.out.find("D[0][0] lane 0 v0[31:0]"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("1 ULP"), std::string::npos) << r.out;
}

TEST(DiffCommand, BadInputIsOneSentenceAndStatus2) {
  Result r = run("diff /nonexistent/run.json");
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.out, "wmmasim: cannot read run file /nonexistent/run.json\n");
  r = run("import /nonexistent/x.jsonl");
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.out, "wmmasim: cannot read /nonexistent/x.jsonl\n");
  r = run("diff " + kFixtures + "README.md");
  EXPECT_EQ(r.status, 2) << r.out;
}

}  // namespace
