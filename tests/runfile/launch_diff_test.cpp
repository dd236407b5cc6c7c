// Diffing two recordings: one flipped bit is reported at exactly its element, typed by the kernel's
// parameter type, with its distance in ULPs; identical recordings diff clean.
#include <gtest/gtest.h>

#include <cstring>

#include "wmmasim/error.hpp"
#include "wmmasim/runfile/launch_diff.hpp"

namespace wmmasim::runfile {
namespace {

std::vector<std::uint8_t> bytes_of(const void* p, std::size_t n) {
  const auto* b = static_cast<const std::uint8_t*>(p);
  return {b, b + n};
}

// A recording of `scale(const __half* x, float* y, int n)`: x holds 1.0 (0x3c00) at every element,
// y before is 0, after is 2.0f everywhere; y is passed 16 bytes into its allocation.
RunFile recording(const std::string& x_type = "const __half*", const std::string& y_type = "float*") {
  RunFile r;
  r.version = 2;
  r.producer = {"emulator", "test", std::nullopt};
  LaunchRecord l;
  l.kernel = "scale(__half const*, float*, int)";
  l.grid = {1, 1, 1};
  l.block = {64, 1, 1};
  l.wave_size = 32;
  const std::uint64_t x = 0x1000, y = 0x2010;
  const int n = 64;
  l.arguments = {{x_type, bytes_of(&x, 8), 0, 0}, {y_type, bytes_of(&y, 8), 1, 16}, {"int", bytes_of(&n, 4), -1, 0}};
  LaunchBuffer bx;
  bx.bytes = 128;
  bx.arguments = {0};
  bx.output = false;
  std::vector<std::uint8_t> half_ones;
  for (int i = 0; i < 64; ++i) half_ones.insert(half_ones.end(), {0x00, 0x3c});
  bx.before = bx.after = half_ones;
  LaunchBuffer by;
  by.bytes = 16 + 256;
  by.arguments = {1};
  by.before = std::vector<std::uint8_t>(by.bytes, 0);
  std::vector<std::uint8_t> after(16, 0);
  const float two = 2.0f;
  for (int i = 0; i < 64; ++i) {
    const auto b = bytes_of(&two, 4);
    after.insert(after.end(), b.begin(), b.end());
  }
  by.after = after;
  l.buffers = {bx, by};
  r.launches = {l, l};
  r.launches[1].index = 1;
  return r;
}

TEST(LaunchDiff, IdenticalRecordingsDiffClean) {
  const LaunchDiffReport d = diff_launches(recording(), recording());
  EXPECT_EQ(d.differing(), 0u);
  EXPECT_EQ(d.failed(), 0u);
  ASSERT_EQ(d.launches.size(), 2u);
  // Both buffers, before and after: 64 f16 + 64 f32 elements each, plus y's 16 leading bytes as 4 f32.
  std::uint64_t compared = 0;
  for (const BufferDiff& b : d.launches[0].buffers) compared += b.compared;
  EXPECT_EQ(compared, 2u * (64 + 68));
  EXPECT_NE(launch_diff_text(d).find("summary: 2 launches compared, 0 with differences"), std::string::npos);
}

TEST(LaunchDiff, OneFlippedBitIsFoundAtExactlyItsElement) {
  for (int bit = 0; bit < 32; ++bit) {
    RunFile gpu = recording();
    // Element 37 of y (the argument's index; the allocation byte is 16 + 4 * 37) in launch 1.
    (*gpu.launches[1].buffers[1].after)[16 + 4 * 37 + bit / 8] ^= static_cast<std::uint8_t>(1u << (bit % 8));
    const LaunchDiffReport d = diff_launches(recording(), gpu);
    ASSERT_EQ(d.differing(), 1u) << bit;
    EXPECT_EQ(d.launches[0].differing(), 0u);
    const BufferDiff* hit = nullptr;
    for (const BufferDiff& b : d.launches[1].buffers)
      if (b.differing) hit = &b;
    ASSERT_TRUE(hit);
    EXPECT_EQ(hit->argument, 1);
    EXPECT_EQ(hit->phase, "after");
    EXPECT_EQ(hit->type.name, "f32");
    EXPECT_EQ(hit->type_source, "parameter type");
    ASSERT_EQ(hit->differences.size(), 1u);
    const ElementDifference& e = hit->differences[0];
    EXPECT_EQ(e.where, "[37]");
    EXPECT_EQ(e.byte_offset, 16u + 4 * 37);
    EXPECT_EQ(e.expected, 0x40000000u);
    EXPECT_EQ(e.got, 0x40000000u ^ (1u << bit));
    if (bit < 23) EXPECT_EQ(e.distance, 1ll << bit) << "a fraction bit of 2.0f is 2^bit ulps away";
  }
}

TEST(LaunchDiff, HalfElementsAreTypedFromTheParameterAndUlpsCounted) {
  RunFile gpu = recording();
  (*gpu.launches[0].buffers[0].before)[2 * 5] ^= 1;  // x[5]: 0x3c00 -> 0x3c01, one ulp
  const LaunchDiffReport d = diff_launches(recording(), gpu);
  ASSERT_EQ(d.differing(), 1u);
  const BufferDiff& b = d.launches[0].buffers[0];
  EXPECT_EQ(b.type.name, "f16");
  EXPECT_EQ(b.phase, "before");
  ASSERT_EQ(b.differences.size(), 1u);
  EXPECT_EQ(b.differences[0].where, "[5]");
  EXPECT_EQ(b.differences[0].distance, 1);
  EXPECT_EQ(b.differences[0].expected_value, "1");
  EXPECT_EQ(b.differences[0].got_value, "1.00097656");
  const std::string text = launch_diff_text(d);
  EXPECT_NE(text.find("arg0[5]: 0x3c00 (1) vs 0x3c01 (1.00097656), 1 ulp"), std::string::npos) << text;
  EXPECT_NE(text.find("launch 0 scale: 2 buffers, 264 elements compared, 1 differ"), std::string::npos) << text;
}

TEST(LaunchDiff, TypeOptionsOverrideAndUntypedBuffersFallBackToBytes) {
  RunFile cpu = recording("", ""), gpu = recording("", "");
  (*gpu.launches[0].buffers[1].after)[16 + 4 * 2 + 3] ^= 0x80;  // y[2] sign bit
  LaunchDiffReport d = diff_launches(cpu, gpu);
  ASSERT_EQ(d.differing(), 1u);
  for (const BufferDiff& b : d.launches[0].buffers)
    if (b.differing) {
      EXPECT_EQ(b.type.name, "b8");
      EXPECT_EQ(b.differences.at(0).where, "[11]");  // allocation byte 27 is byte 11 past the pointer
    }
  d = diff_launches(cpu, gpu, {TypeOverride::parse("scale:arg1=f32")});
  for (const BufferDiff& b : d.launches[0].buffers)
    if (b.differing) {
      EXPECT_EQ(b.type_source, "--type");
      EXPECT_EQ(b.differences.at(0).where, "[2]");
      EXPECT_EQ(b.differences.at(0).got_value, "-2");
    }
  d = diff_launches(cpu, gpu, {TypeOverride::parse("other:arg1=f32")});
  for (const BufferDiff& b : d.launches[0].buffers)
    if (b.differing) EXPECT_EQ(b.type.name, "b8") << "the override names another kernel";
  EXPECT_THROW(TypeOverride::parse("arg1=float"), UserError);
  EXPECT_THROW(TypeOverride::parse("x1=f16"), UserError);
  EXPECT_THROW(TypeOverride::parse("arg1"), UserError);
}

TEST(LaunchDiff, ScalarArgumentsAndConfigurationAreCompared) {
  RunFile gpu = recording();
  gpu.launches[0].arguments[2].value = {65, 0, 0, 0};
  gpu.launches[0].block = {32, 1, 1};
  const LaunchDiffReport d = diff_launches(recording(), gpu);
  EXPECT_EQ(d.launches[0].differences, (std::vector<std::string>{"block 64x1x1 vs 32x1x1", "argument 2 (int): 0x00000040 vs 0x00000041"}));
}

TEST(LaunchDiff, DifferentKernelsOrCountsCannotBeCompared) {
  RunFile gpu = recording();
  gpu.launches[1].kernel = "other(int)";
  gpu.launches.push_back(gpu.launches[0]);
  gpu.launches.back().index = 2;
  const LaunchDiffReport d = diff_launches(recording(), gpu);
  EXPECT_EQ(d.failed(), 2u);
  EXPECT_NE(d.launches[1].error.find("the second other"), std::string::npos);
  EXPECT_NE(d.errors.at(0).find("the first file has 2 launches, the second 3"), std::string::npos);
}

TEST(LaunchDiff, ElementTypesFromCppSpellings) {
  EXPECT_EQ(element_type_of("const __half*")->name, "f16");
  EXPECT_EQ(element_type_of("_Float16 const* __restrict__")->name, "f16");
  EXPECT_EQ(element_type_of("__hip_bfloat16*")->name, "bf16");
  EXPECT_EQ(element_type_of("float4*")->name, "f32");
  EXPECT_EQ(element_type_of("unsigned int*")->name, "u32");
  EXPECT_EQ(element_type_of("std::int8_t*")->name, "i8");
  EXPECT_EQ(element_type_of("double")->name, "f64");
  EXPECT_FALSE(element_type_of("float**"));
  EXPECT_FALSE(element_type_of("my_struct*"));
  EXPECT_FALSE(element_type_of(""));
}

}  // namespace
}  // namespace wmmasim::runfile
