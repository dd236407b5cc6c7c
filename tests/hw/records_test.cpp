// Run-file records from made-up kernel outputs: D goes through the table's layout, timers are
// recorded per wave, and what cannot be known (wave64 load_tr layout) is said, not invented.
#include <gtest/gtest.h>

#include "records.hpp"

namespace wmmasim::hw {
namespace {

RawOutput raw_for(const Program& p, int waves, const std::vector<std::uint32_t>& d_elements) {
  const KernelAbi abi = kernel_abi(*p.ins);
  RawOutput raw;
  raw.waves = waves;
  const auto words = words_from_matrix(block_layout(p, Operand::d), abi.lanes, abi.output_words_per_lane, d_elements);
  for (int w = 0; w < waves; ++w) raw.d_words.insert(raw.d_words.end(), words.begin(), words.end());
  raw.timing.assign(static_cast<std::size_t>(waves) * kTimingWords, 0);
  return raw;
}

TEST(Records, DIsConvertedThroughTheLayoutAndInputsKeepTheirRegisters) {
  const Program p = *find_program("wmma_f32_16x16x16_f16_w32_gfx12");
  std::vector<std::uint32_t> d(256);
  for (std::size_t i = 0; i < d.size(); ++i) d[i] = 0x3f800000u + static_cast<std::uint32_t>(i);
  const auto inputs = generate_inputs(p, 3);
  const auto r = program_record(p, 3, "gfx1201", inputs, raw_for(p, 1, d), {});
  EXPECT_EQ(r.instruction, "__builtin_amdgcn_wmma_f32_16x16x16_f16_w32_gfx12");
  EXPECT_EQ(r.mode, "values");
  EXPECT_EQ(r.outputs.at("D").bits, d);
  EXPECT_EQ(r.outputs.at("D").rows, 16);
  EXPECT_EQ(r.inputs.at("A").bits, inputs[0].elements);
  EXPECT_EQ(r.registers.at("A").size(), 32u);
  EXPECT_EQ(r.registers.at("A")[0].size(), 4u);
  EXPECT_EQ(r.registers.at("D")[31].size(), 8u);
  EXPECT_FALSE(r.cycles.has_value());
  EXPECT_TRUE(r.notes.empty());
}

TEST(Records, TimedProgramsRecordEveryWaveAndGfx11CountsModulo2To20) {
  const Program p = *find_program("wmma_i32_16x16x16_iu8_w32@timed");
  RawOutput raw = raw_for(p, 2, std::vector<std::uint32_t>(256, 7));
  raw.timing = {0x100020, 40, 1, kTimedIterations, 0x30, 41, 1, kTimedIterations};
  const auto r = program_record(p, 1, "gfx1100", generate_inputs(p, 1), raw, {1e8, "test"});
  ASSERT_TRUE(r.cycles.has_value());
  ASSERT_EQ(r.cycles->per_wave.size(), 2u);
  EXPECT_EQ(r.cycles->per_wave[0].shader_cycles, 0x20u);
  EXPECT_EQ(r.cycles->per_wave[1].realtime_ticks, 41u);
  EXPECT_EQ(r.cycles->wall_clock_hz, 1e8);
}

TEST(Records, DisagreeingWavesAndMissingPassesAreNoted) {
  const Program p = *find_program("wmma_f32_16x16x16_f16_w32_gfx12@timed");
  RawOutput raw = raw_for(p, 2, std::vector<std::uint32_t>(256, 1));
  raw.d_words.back() ^= 1;
  const auto r = program_record(p, 1, "gfx1201", generate_inputs(p, 1), raw, {});
  ASSERT_EQ(r.notes.size(), 3u);
  EXPECT_NE(r.notes[0].find("wave 1 wrote a different D"), std::string::npos);
  EXPECT_NE(r.notes[1].find("ran 0 timed passes"), std::string::npos);
}

TEST(Records, Wave64LoadTrHasNoLayoutSoOnlyRegistersAreKept) {
  const Program p = *find_program("global_load_tr_b128_v4i16@linear");
  RawOutput raw;
  raw.d_words.assign(64 * 2, 0x12345678u);
  const auto r = program_record(p, 1, "gfx1201", generate_inputs(p, 1), raw, {});
  EXPECT_TRUE(r.outputs.empty());
  EXPECT_EQ(r.registers.at("D").size(), 64u);
  ASSERT_EQ(r.notes.size(), 1u);
  EXPECT_NE(r.notes[0].find("no layout is known"), std::string::npos);
  EXPECT_EQ(r.addressing, "linear");
  EXPECT_EQ(r.inputs.at("memory").format, "b16");
}

TEST(Records, LayoutsThatAreNotDocumentedAreLabelled) {
  const Program p = *find_program("global_load_tr_b64_v2i32@isa_b");
  RawOutput raw;
  raw.d_words.assign(32 * 2, 0);
  const auto r = program_record(p, 1, "gfx1201", generate_inputs(p, 1), raw, {});
  EXPECT_EQ(r.outputs.at("D").layout_evidence, "third-party-report");
}

TEST(Records, KernelInputPlacesEveryBlockAtItsOffset) {
  const Program p = *find_program("swmmac_f16_16x16x32_f16_w64");
  const auto inputs = generate_inputs(p, 2);
  const auto in = kernel_input(p, inputs);
  const KernelAbi abi = kernel_abi(*p.ins);
  for (const InputBlock& b : abi.inputs)
    for (const InputMatrix& m : inputs)
      if (m.name == b.name) {
        EXPECT_TRUE(std::equal(m.words.begin(), m.words.end(), in.begin() + static_cast<std::ptrdiff_t>(b.offset))) << b.name;
      }
  EXPECT_EQ(in.size(), abi.input_words);
}

}  // namespace
}  // namespace wmmasim::hw
