// `wmmasim run gemm` as a user runs it: the real binary, its output and exit status.
#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <string>
#include <sys/wait.h>

namespace {

struct Result {
  int status;
  std::string out;
};

Result run(const std::string& args) {
  const std::string cmd = std::string(WMMASIM_CLI) + " " + args + " 2>&1";
  FILE* p = popen(cmd.c_str(), "r");
  std::string out;
  std::array<char, 4096> buf;
  for (std::size_t n; (n = fread(buf.data(), 1, buf.size(), p)) > 0;) out.append(buf.data(), n);
  const int st = pclose(p);
  return {WIFEXITED(st) ? WEXITSTATUS(st) : -1, out};
}

TEST(RunGemm, IntegerGemmIsExact) {
  const Result r = run("run gemm --builtin v_wmma_i32_16x16x32_iu4 --m 40 --n 24 --k 72 --seed 4");
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("model: exact-int (hardware-qualified)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("0 of 960 elements differ"), std::string::npos) << r.out;
}

TEST(RunGemm, HypothesisModelsSaySo) {
  const Result r = run("run gemm --builtin wmma_f32_16x16x16_fp8_bf8_w64_gfx12 --m 16 --n 16 --k 32");
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("NOT hardware-qualified"), std::string::npos) << r.out;
}

TEST(RunGemm, BadInputIsOneSentenceAndStatus2) {
  Result r = run("run gemm --builtin __builtin_amdgcn_wmma_f32_16x16x16_f16_w32_gfx21");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.out.find("closest builtins: __builtin_amdgcn_wmma_f32_16x16x16_f16_w32_gfx12"), std::string::npos) << r.out;
  r = run("run gemm --m 0");
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.out, "wmmasim: --m, --n and --k must be positive\n");
  r = run("run gemm --model no-such-model");
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.out, "wmmasim: unknown model 'no-such-model'\n");
  r = run("run gemm --builtin global_load_tr_b128_v8f16");
  EXPECT_EQ(r.status, 2);
  r = run("run gemm --builtin wmma_i32_16x16x16_iu8_w32_gfx12 --model gfx12-dot4");
  EXPECT_EQ(r.status, 2) << r.out;
}

TEST(RunProgram, ExampleKernelMatchesTheMatrixApiAndWritesARunFile) {
  const std::string out = ::testing::TempDir() + "/wmmasim_run_test.json";
  std::remove(out.c_str());
  const Result r = run("run tiled_gemm_i8 --m 64 --n 64 --k 48 --cycles --out " + out);
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("kernel vs matrix API (the same GEMM, emulated wave by wave): identical, bit for bit"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("kernel cycles:"), std::string::npos) << r.out;
  FILE* f = std::fopen(out.c_str(), "r");
  ASSERT_NE(f, nullptr) << "no run file";
  char head[64] = {};
  EXPECT_GT(std::fread(head, 1, sizeof head - 1, f), 0u);
  std::fclose(f);
  EXPECT_NE(std::string(head).find("{"), std::string::npos);
  // The record names the kernel's signed x signed call, so the replay computes the same GEMM.
  const Result d = run("diff " + out);
  EXPECT_EQ(d.status, 0) << d.out;
  EXPECT_NE(d.out.find(", 0 differ, 0 not compared"), std::string::npos) << d.out;
}

TEST(RunProgram, ListAndUnknownProgram) {
  Result r = run("run --list");
  EXPECT_EQ(r.status, 0);
  EXPECT_NE(r.out.find("tiled_gemm_f16_load_tr"), std::string::npos);
  r = run("run tiled_gemm_f17");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.out.find("unknown program 'tiled_gemm_f17'; programs: gemm, tiled_gemm_f16"), std::string::npos) << r.out;
  r = run("run gemm --cycles");
  EXPECT_EQ(r.status, 2);
}

}  // namespace
