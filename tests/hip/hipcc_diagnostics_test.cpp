// wmmasim-hipcc's diagnostics show the user's own line, not the preprocessed rewrite clang saw:
// the column and caret move to the same token in the user's line. Expected columns are counted by
// hand in the strings below.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <string>

#include "diagnostics.hpp"

using wmmasim::hipcc::DiagnosticMapper;

namespace {

const std::string kExpanded =
    R"(  x[(::wmmasim::simt::coordinates("threadIdx").thread_idx).x] = ((s) * 2) * undefined_factor + 1;)";
const std::string kOriginal = "  x[threadIdx.x] = SCALE(s) * undefined_factor + 1;";

TEST(HipccDiagnostics, AColumnMovesToTheSameTokenInTheUsersLine) {
  const std::size_t expanded_column = kExpanded.find("undefined_factor") + 1;
  EXPECT_EQ(DiagnosticMapper::map_column(kExpanded, kOriginal, expanded_column), 31u);  // 'u' of undefined_factor
  EXPECT_EQ(DiagnosticMapper::map_column(kExpanded, kOriginal, expanded_column + 4), 35u);  // inside the token
  EXPECT_EQ(DiagnosticMapper::map_column(kExpanded, kOriginal, 3), 3u);                     // 'x', before any rewrite
}

TEST(HipccDiagnostics, AColumnInsideARewriteGoesToWhereTheRewriteBegins) {
  const std::size_t inside = kExpanded.find("coordinates") + 1;
  EXPECT_EQ(DiagnosticMapper::map_column(kExpanded, kOriginal, inside), 5u);  // 't' of threadIdx
}

TEST(HipccDiagnostics, TheQuotedLineAndCaretAreTheUsersOwn) {
  const std::string path = testing::TempDir() + "hipcc_diagnostics_test.hip";
  std::ofstream(path) << "int main() {\n" << kOriginal << "\n}\n";
  DiagnosticMapper m;
  const std::size_t column = kExpanded.find("undefined_factor") + 1;
  std::string out = m.line(path + ":2:" + std::to_string(column) + ": error: use of undeclared identifier 'undefined_factor'\n");
  EXPECT_EQ(out, "");  // held until its quoted line arrives
  out += m.line("    2 | " + kExpanded + "\n");
  out += m.line("      | " + std::string(column - 1, ' ') + "^\n");
  out += m.line("1 error generated.\n");
  out += m.flush();
  EXPECT_EQ(out, path + ":2:31: error: use of undeclared identifier 'undefined_factor'\n"
                 "    2 | " + kOriginal + "\n"
                 "      | " + std::string(30, ' ') + "^\n"
                 "1 error generated.\n");
  std::remove(path.c_str());
}

TEST(HipccDiagnostics, LinesThatWereNotRewrittenPassUnchanged) {
  const std::string path = testing::TempDir() + "hipcc_diagnostics_same.hip";
  std::ofstream(path) << "int x = y;\n";
  DiagnosticMapper m;
  const std::string text = path + ":1:9: error: use of undeclared identifier 'y'\n    1 | int x = y;\n      |         ^\n";
  std::string out;
  for (std::size_t at = 0; at < text.size();) {
    const std::size_t nl = text.find('\n', at);
    out += m.line(text.substr(at, nl - at + 1));
    at = nl + 1;
  }
  EXPECT_EQ(out + m.flush(), text);
  // A file that cannot be read, and text that is no diagnostic, pass as they are.
  out = m.line("nowhere.hip:3:1: warning: w\n");
  out += m.line("    3 | a b\n");
  out += m.line("plain\n");
  out += m.flush();
  EXPECT_EQ(out, "nowhere.hip:3:1: warning: w\n    3 | a b\nplain\n");
  std::remove(path.c_str());
}

}  // namespace
