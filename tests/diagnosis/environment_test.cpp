// WMMASIM_CHECK_LAYOUTS=1: a launch that names no checker is checked by the default one, which
// prints its findings and writes them as JSON to WMMASIM_CHECK_LAYOUTS_JSON. Its own process: the
// variables are read once, at the first launch.
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>

#include "wmmasim/simt/launch.hpp"
#include "wrong_kernels.hpp"

namespace {

namespace simt = wmmasim::simt;

TEST(LayoutCheckEnvironment, ChecksLaunchesWithoutAChecker) {
  const std::string json = ::testing::TempDir() + "diagnosis_env_findings.json";
  std::remove(json.c_str());
  ASSERT_EQ(setenv("WMMASIM_CHECK_LAYOUTS", "1", 1), 0);
  ASSERT_EQ(setenv("WMMASIM_CHECK_LAYOUTS_JSON", json.c_str(), 1), 0);
  std::vector<_Float16> h(256);
  for (int i = 0; i < 256; ++i) h[static_cast<std::size_t>(i)] = static_cast<_Float16>(i % 5);
  simt::Buffer<_Float16> A("A", h), B("B", h);
  simt::Buffer<float> C("C", 256), D("D", 256);
  ::testing::internal::CaptureStderr();
  simt::launch("f16_w32", {1}, {32}, wrong::f16_w32, A, B, C, D, wrong::Knobs{.b_transposed = true});
  const std::string printed = ::testing::internal::GetCapturedStderr();
  EXPECT_NE(printed.find("error: B lane 0 v0 [31:16] holds B(0,1)"), std::string::npos) << printed;
  std::ifstream in(json);
  const std::string written((std::istreambuf_iterator<char>(in)), {});
  EXPECT_NE(written.find("\"mistake\": \"b-transposed\""), std::string::npos) << written;
}

}  // namespace
