// `wmmasim eval --check` on every hardware-capture file, exactly as the README tells users to run it.
#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <string>
#include <sys/wait.h>

namespace {

TEST(EvalCaptures, EveryFixtureFileChecksWithoutMismatch) {
  int files = 0;
  for (const auto& entry : std::filesystem::directory_iterator(std::string(WMMASIM_TEST_DATA) + "/fixtures")) {
    if (entry.path().extension() != ".jsonl") continue;
    const std::string cmd = std::string(WMMASIM_CLI) + " eval --check < " + entry.path().string() + " 2>&1 >/dev/null";
    FILE* p = popen(cmd.c_str(), "r");
    std::string out;
    std::array<char, 4096> buf;
    for (std::size_t n; (n = fread(buf.data(), 1, buf.size(), p)) > 0;) out.append(buf.data(), n);
    const int st = pclose(p);
    EXPECT_TRUE(WIFEXITED(st) && WEXITSTATUS(st) == 0) << entry.path() << ": " << out;
    EXPECT_NE(out.find(", 0 mismatches"), std::string::npos) << entry.path() << ": " << out;
    EXPECT_EQ(out.find("line "), std::string::npos) << "a line was refused: " << out;
    ++files;
  }
  EXPECT_EQ(files, 12);
}

}  // namespace
