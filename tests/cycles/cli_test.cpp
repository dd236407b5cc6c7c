// `wmmasim cycles` end to end: exit status, one-sentence errors, JSON that parses.
#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sys/wait.h>
#include <unistd.h>

#include <nlohmann/json.hpp>

namespace {

struct CliRun {
  int status;
  std::string out, err;
};

CliRun run(const std::string& args) {
  // Per process: CTest may run these tests in parallel.
  const auto err_path = std::filesystem::temp_directory_path() / ("wmmasim_cycles_cli_err_" + std::to_string(getpid()) + ".txt");
  const std::string command = std::string(WMMASIM_CLI) + " cycles " + args + " 2>" + err_path.string();
  CliRun r{};
  FILE* pipe = popen(command.c_str(), "r");
  std::array<char, 4096> buf{};
  while (std::size_t n = std::fread(buf.data(), 1, buf.size(), pipe)) r.out.append(buf.data(), n);
  const int raw = pclose(pipe);
  r.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  std::ifstream err(err_path);
  r.err.assign(std::istreambuf_iterator<char>(err), {});
  return r;
}

TEST(CyclesCli, ParametersListEveryKeyWithItsSource) {
  const CliRun r = run("--parameters");
  EXPECT_EQ(r.status, 0) << r.err;
  for (const char* key : {"b_acc", "L_ab", "L_valu", "k64", "coexec", "global_load_latency"})
    EXPECT_NE(r.out.find(key), std::string::npos) << key;
}

TEST(CyclesCli, BenchAsJsonIsAPredictionLabelledUnqualified) {
  const CliRun r = run("--bench 'T3 wmma_f16_16x16x16_f16_w32_gfx12 D->A chain with v_nop' --format json");
  ASSERT_EQ(r.status, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["hardware_qualified"], false);
  EXPECT_EQ(j["waves"][0]["timed_cycles"], 8 + 63 * 24 + 16 + 8 + 5 + 1);
}

TEST(CyclesCli, BadInputIsOneSentenceAndStatusTwo) {
  const auto bad = std::filesystem::temp_directory_path() / ("wmmasim_cycles_cli_bad_" + std::to_string(getpid()) + ".json");
  std::ofstream(bad) << R"({"parameters": {"L_abb": 3}})";
  for (const std::string& args : {std::string("--gemm --k 1000"), std::string("--plan T2 --calibration ") + bad.string(),
                                  std::string("--plan T42"), std::string("--bench 'T1 nothing'"), std::string("")}) {
    const CliRun r = run(args);
    EXPECT_EQ(r.status, 2) << args;
    EXPECT_EQ(r.err.rfind("wmmasim: ", 0), 0u) << r.err;
    EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << r.err;  // exactly one line
  }
}

}  // namespace
