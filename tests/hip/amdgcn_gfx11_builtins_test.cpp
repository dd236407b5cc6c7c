// The builtins whose arithmetic differs on gfx11, compiled as a gfx1100 program (-D__GFX11__, as
// wmmasim-hipcc defines it): V_DOT2_F32_F16 / _BF16 through __builtin_amdgcn_fdot2 and fdot2_f32_bf16
// against the gfx1100 hardware captures (tests/data/fixtures/gfx1100_dot2.jsonl).
#include <gtest/gtest.h>

#include <bit>
#include <cstdint>
#include <fstream>
#include <string>

#include <nlohmann/json.hpp>

#include "wmmasim/hip/detail/amdgcn_dot.hpp"

namespace {

typedef _Float16 half2 __attribute__((ext_vector_type(2)));
typedef short short2 __attribute__((ext_vector_type(2)));

static_assert(!wmmasim::hip::detail::amdgcn::kGfx12, "this test is compiled for gfx11");

TEST(AmdgcnGfx11Builtins, Fdot2ReproducesTheGfx1100Captures) {
  std::ifstream in(std::string(WMMASIM_TEST_DATA) + "/fixtures/gfx1100_dot2.jsonl");
  ASSERT_TRUE(in) << "no gfx1100_dot2.jsonl";
  int replayed = 0;
  for (std::string line; std::getline(in, line);) {
    const auto r = nlohmann::json::parse(line);
    const auto& m = r.at("modifiers");
    if (m.at("neg") != nlohmann::json::array({0, 0, 0}) || m.at("neg_hi") != nlohmann::json::array({0, 0, 0}) ||
        m.at("opsel") != nlohmann::json::array({0, 0, 0}) || m.at("clamp") != 0)
      continue;
    const auto word = [&](const char* k) { return static_cast<std::uint32_t>(std::stoul(r.at(k).get<std::string>(), nullptr, 16)); };
    const std::uint32_t a = word("src0"), b = word("src1"), c = word("src2"), d = word("d");
    const float got = r.at("types").at("a") == "bf16"
                          ? __builtin_amdgcn_fdot2_f32_bf16(std::bit_cast<short2>(a), std::bit_cast<short2>(b), std::bit_cast<float>(c), false)
                          : __builtin_amdgcn_fdot2(std::bit_cast<half2>(a), std::bit_cast<half2>(b), std::bit_cast<float>(c), false);
    EXPECT_EQ(std::bit_cast<std::uint32_t>(got), d) << r.at("id");
    ++replayed;
  }
  EXPECT_EQ(replayed, 103);
}

}  // namespace
