#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "test_programs.hpp"
#include "wmmasim/cycles/report.hpp"
#include "wmmasim/error.hpp"

namespace wmmasim::cycles {
namespace {

using testing::ins;

Program with_hazard() {
  const Instruction& i = ins("wmma_f16_16x16x16_f16_w32_gfx12");
  ProgramBuilder p("report sample");
  for (int n = 0; n < 2; ++n) {
    WaveBuilder& w = p.wave({.simd = 0, .block = 0});
    const VgprRange d = w.alloc(4), a = w.alloc(4), b = w.alloc(4), c = w.alloc(4), t = w.alloc(1);
    w.timer().wmma(i, d, a, b, c).wmma(i, c, d, b, c).valu({t}, {c.slice(0)}, "v_add_f16").timer();
  }
  return p.take();
}

TEST(Report, TextNamesTheModelTheSimdsTheWavesAndTheHazards) {
  const std::string text = text_report(simulate(with_hazard()));
  for (const char* part : {"program: report sample", "not hardware-qualified", "per SIMD:", "per wave:", "stalls by cause",
                           "warning [WH1]", "valu_port_busy"})
    EXPECT_NE(text.find(part), std::string::npos) << part << "\n" << text;
}

TEST(Report, JsonCarriesTheSameNumbers) {
  const Prediction p = simulate(with_hazard());
  const auto j = nlohmann::json::parse(json_report(p));
  EXPECT_EQ(j["format"], "wmmasim-cycles-prediction-1");
  EXPECT_EQ(j["hardware_qualified"], false);
  EXPECT_EQ(j["kernel_cycles"], p.kernel_cycles);
  EXPECT_EQ(j["waves"].size(), 2u);
  EXPECT_EQ(j["waves"][1]["timed_cycles"], p.wave(1).timed_cycles());
  EXPECT_EQ(j["simds"][0]["wmma_busy"], 4 * 16);
  ASSERT_EQ(j["hazards"].size(), 4u);  // per wave: WH1, and the rocRoller rule for the v_add
  EXPECT_EQ(j["hazards"][0]["id"], "WH1");
  EXPECT_EQ(j["hazards"][1]["id"], "rocRoller-WMMA-D");
  EXPECT_EQ(j["parameters"]["L_valu"], "P/2");
}

TEST(Report, SvgIsOneSelfContainedDocumentWithARowPerWave) {
  const Program prog = with_hazard();
  const std::string svg = svg_timeline(prog, simulate(prog));
  EXPECT_EQ(svg.rfind("<svg xmlns=\"http://www.w3.org/2000/svg\"", 0), 0u);
  EXPECT_NE(svg.find(">wave 0<"), std::string::npos);
  EXPECT_NE(svg.find(">wave 1<"), std::string::npos);
  EXPECT_NE(svg.find("v_wmma_f16_16x16x16_f16 at "), std::string::npos);
  EXPECT_NE(svg.find("report_test.cpp:"), std::string::npos);
  EXPECT_EQ(svg.find("<script"), std::string::npos);
  EXPECT_EQ(svg.find("href"), std::string::npos);
}

TEST(Report, SvgOfAnIdleSimdIsOneSentence) {
  const Program prog = with_hazard();
  EXPECT_THROW(svg_timeline(prog, simulate(prog), {.simd = 3}), UserError);
}

}  // namespace
}  // namespace wmmasim::cycles
