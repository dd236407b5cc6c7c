// WMMASIM_CHECK_LAYOUTS=1: a launch that names no checker is checked by the default one, which
// takes declared shapes from WMMASIM_CHECK_SHAPES, prints its findings once when the program ends
// (finish_default_layout_check() here, which the exit handler runs) and writes them as JSON to
// WMMASIM_CHECK_LAYOUTS_JSON. Its own process: the variables are read once, at the first launch.
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>

#include "wmmasim/simt/launch.hpp"
#include "wmmasim/simt/layout_check.hpp"
#include "wrong_kernels.hpp"

namespace {

namespace simt = wmmasim::simt;

TEST(LayoutCheckEnvironment, ChecksLaunchesWithoutAChecker) {
  const std::string json = ::testing::TempDir() + "diagnosis_env_findings.json";
  std::remove(json.c_str());
  ASSERT_EQ(setenv("WMMASIM_CHECK_LAYOUTS", "1", 1), 0);
  ASSERT_EQ(setenv("WMMASIM_CHECK_LAYOUTS_JSON", json.c_str(), 1), 0);
  ASSERT_EQ(setenv("WMMASIM_CHECK_SHAPES", "A=16x16:row, B=16x16:row, X=4x4", 1), 0);  // B is row-major: a transposed read is wrong
  std::vector<_Float16> h(256);
  for (int i = 0; i < 256; ++i) h[static_cast<std::size_t>(i)] = static_cast<_Float16>(i % 5);
  simt::Buffer<_Float16> A("A", h), B("B", h);
  simt::Buffer<float> C("C", 256), D("D", 256);
  ::testing::internal::CaptureStderr();
  for (int i = 0; i < 3; ++i) simt::launch("f16_w32", {1}, {32}, wrong::f16_w32, A, B, C, D, wrong::Knobs{.b_transposed = true});
  const std::string during = ::testing::internal::GetCapturedStderr();
  EXPECT_EQ(during, "");  // nothing before the end of the program
  ::testing::internal::CaptureStderr();
  simt::finish_default_layout_check();
  simt::finish_default_layout_check();  // a second finish with nothing new prints nothing
  const std::string printed = ::testing::internal::GetCapturedStderr();
  EXPECT_EQ(printed,
            "wrong_kernels.hpp:41: wmma_f32_16x16x16_f16_w32_gfx12: error: B lane 0 v0 [31:16] holds B(0,1); the layout puts B(1,0) "
            "there: B transposed: element (r, c) was read from (c, r) (in 3 executions of 3 launches)\n"
            "wmmasim: note: a shape is declared for 'X', but no checked launch has a buffer of that name\n"
            "wmmasim: layout check: 3 launches, 3 matrix instruction executions: 1 error, 0 notes\n");
  std::ifstream in(json);
  const std::string written((std::istreambuf_iterator<char>(in)), {});
  EXPECT_NE(written.find("\"mistake\": \"b-transposed\""), std::string::npos) << written;
}

}  // namespace
