// The check report (wmmasim/check/report.hpp): what the runtime writes reads back field for field,
// and anything else is one sentence naming the file.
#include "wmmasim/check/report.hpp"

#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>

#include "wmmasim/error.hpp"

namespace {

using namespace wmmasim;

check::Report sample() {
  check::Report r;
  r.launches = 3;
  check::Finding f;
  f.tool = "racecheck";
  f.severity = "error";
  f.kind = "read-after-write";
  f.kernel = "gemm";
  f.memory = "static __shared__ 'gemm()::tile'";
  f.offset = 252;
  f.block = {1, 2, 0};
  f.accesses = {check::Access{1, 31, check::CodeSite{"/p/a.out", 0x1234, "", "", 0}},
                check::Access{0, 0, check::CodeSite{"/p/a.out", 0x1300, "k.hip", "gemm", 41}}};
  f.blocks = 4;
  r.findings.push_back(f);
  check::Finding s;
  s.tool = "synccheck";
  s.severity = "warning";
  s.kind = "barrier-with-exited-threads";
  s.kernel = "k";
  s.message = "the barrier completed after 64 threads of the block had returned";
  s.file = "k.hip";
  s.line = 22;
  r.findings.push_back(s);
  return r;
}

TEST(CheckReport, WrittenReportReadsBack) {
  const std::string path = (std::filesystem::temp_directory_path() / "wmmasim_check_report_test.json").string();
  check::write_report(path, sample());
  const check::Report r = check::read_report(path);
  std::remove(path.c_str());
  ASSERT_EQ(r.launches, 3u);
  ASSERT_EQ(r.findings.size(), 2u);
  const check::Finding& f = r.findings[0];
  EXPECT_EQ(f.tool, "racecheck");
  EXPECT_EQ(f.kind, "read-after-write");
  EXPECT_EQ(f.memory, "static __shared__ 'gemm()::tile'");
  EXPECT_EQ(f.offset, 252u);
  EXPECT_EQ(f.block, (std::array<unsigned, 3>{1, 2, 0}));
  ASSERT_EQ(f.accesses.size(), 2u);
  EXPECT_EQ(f.accesses[0].wave, 1);
  EXPECT_EQ(f.accesses[0].lane, 31);
  EXPECT_EQ(f.accesses[0].site.offset, 0x1234u);
  EXPECT_EQ(f.accesses[0].site.line, 0u);
  EXPECT_EQ(f.accesses[1].site.file, "k.hip");
  EXPECT_EQ(f.accesses[1].site.line, 41u);
  EXPECT_EQ(f.blocks, 4u);
  EXPECT_EQ(r.findings[1].line, 22u);
  EXPECT_EQ(r.findings[1].message, "the barrier completed after 64 threads of the block had returned");
}

void expect_rejected(const std::string& text, const std::string& because) {
  try {
    check::parse_report(text, "r.json");
    ADD_FAILURE() << "accepted: " << text;
  } catch (const UserError& e) {
    EXPECT_EQ(std::string(e.what()), "r.json is not a wmmasim check report: " + because) << text;
  }
}

TEST(CheckReport, AnythingElseIsOneSentence) {
  expect_rejected("", "it is not JSON");
  expect_rejected("[]", "its \"format\" is not \"wmmasim-check-report\"");
  expect_rejected(R"({"format":"wmmasim-check-report","version":2,"launches":0,"findings":[]})", "its version is not 1");
  expect_rejected(R"({"format":"wmmasim-check-report","version":1,"launches":-1,"findings":[]})",
                  "\"launches\" is not a count");
  expect_rejected(R"({"format":"wmmasim-check-report","version":1,"launches":0,"findings":[{"tool":"racecheck"}]})",
                  "a record has no \"severity\"");
  expect_rejected(R"({"format":"wmmasim-check-report","version":1,"launches":0,"findings":{}})", "\"findings\" is not a list");
  EXPECT_EQ(check::parse_report(R"({"format":"wmmasim-check-report","version":1,"launches":7,"findings":[]})", "r.json").launches,
            7u);
  EXPECT_THROW(check::read_report("/nonexistent/report.json"), UserError);
}

}  // namespace
