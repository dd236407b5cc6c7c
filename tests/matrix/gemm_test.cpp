// The matrix API against hardware captures, exact integer arithmetic, and itself across threads.
#include <gtest/gtest.h>

#include <random>

#include "../numerics/fixture_io.hpp"
#include "wmmasim/error.hpp"
#include "wmmasim/layouts/lookup.hpp"
#include "wmmasim/matrix/gemm.hpp"
#include "wmmasim/matrix/random.hpp"

namespace wmmasim {
namespace {

BitMatrix from_json(const nlohmann::json& rows, Format f) {
  return BitMatrix{16, 16, f, test::matrix(rows)};
}

// One 16x16x16 tile is one instruction: the packed-output captures are GEMMs of that size.
TEST(Gemm, SingleTileEqualsHardwareCaptures) {
  int checked = 0;
  for (const auto& line : test::read_jsonl("gfx1201_wmma_packed_matrices.jsonl")) {
    const Instruction& ins = resolve_instruction(line["instruction"].get<std::string>(), line["wave_size"]);
    const BitMatrix d = gemm(ins, from_json(line["A"], ins.a), from_json(line["B"], ins.b), from_json(line["C"], ins.cd));
    EXPECT_EQ(d.bits, test::matrix(line["D"])) << line["id"];
    ++checked;
  }
  EXPECT_EQ(checked, 28);
}

// Odd shapes are zero-padded; integer results are exact, so 64-bit integer arithmetic is the oracle.
TEST(Gemm, PaddedIntegerShapesAreExact) {
  for (const char* name : {"wmma_i32_16x16x16_iu8_w32_gfx12", "wmma_i32_16x16x32_iu4_w64_gfx12", "wmma_i32_16x16x16_iu4_w32"}) {
    const Instruction& ins = *find_builtin(name);
    const int M = 37, N = 21, K = 45;
    const BitMatrix a = random_matrix(M, K, ins.a, 11, 0), b = random_matrix(K, N, ins.b, 11, 1);
    const BitMatrix c = random_matrix(M, N, ins.cd, 11, 2);
    GemmOptions o;
    o.modifiers.neg = 3;  // both signed
    const BitMatrix d = gemm(ins, a, b, c, o);
    const auto sx = [&](std::uint32_t v, Format f) { const int n = format_bits(f); return static_cast<std::int64_t>((v ^ (1u << (n - 1))) & ((1u << n) - 1)) - (1ll << (n - 1)); };
    for (int i = 0; i < M; ++i)
      for (int j = 0; j < N; ++j) {
        std::int64_t s = static_cast<std::int32_t>(c.at(i, j));
        for (int k = 0; k < K; ++k) s += sx(a.at(i, k), ins.a) * sx(b.at(k, j), ins.b);
        ASSERT_EQ(static_cast<std::int32_t>(d.at(i, j)), static_cast<std::int32_t>(s)) << name << " D[" << i << "][" << j << "]";
      }
  }
}

// K is consumed in instruction-sized chunks in increasing order: a K=32 GEMM is two chained tiles.
TEST(Gemm, KChunksChainThroughC) {
  const Instruction& ins = *find_builtin("wmma_f32_16x16x16_bf16_w32_gfx12");
  const BitMatrix a = random_matrix(16, 32, ins.a, 5, 0), b = random_matrix(32, 16, ins.b, 5, 1);
  const BitMatrix c = random_matrix(16, 16, ins.cd, 5, 2);
  const auto block = [](const BitMatrix& m, int r0, int c0) {
    BitMatrix out{16, 16, m.format, {}};
    for (int r = 0; r < 16; ++r)
      for (int c = 0; c < 16; ++c) out.bits.push_back(m.at(r0 + r, c0 + c));
    return out;
  };
  const BitMatrix a1 = block(a, 0, 0), a2 = block(a, 0, 16), b1 = block(b, 0, 0), b2 = block(b, 16, 0);
  EXPECT_EQ(gemm(ins, a, b, c).bits, gemm(ins, a2, b2, gemm(ins, a1, b1, c)).bits);
}

TEST(Gemm, ThreadCountDoesNotChangeBits) {
  const Instruction& ins = *find_builtin("wmma_f16_16x16x16_f16_w64_gfx12");
  const BitMatrix a = random_matrix(80, 48, ins.a, 9, 0), b = random_matrix(48, 72, ins.b, 9, 1);
  const BitMatrix c = random_matrix(80, 72, ins.cd, 9, 2);
  GemmOptions one, two;
  one.threads = 1;
  two.threads = 2;
  long reports = 0;
  two.progress = [&](long done, long total) { reports += done <= total; };
  EXPECT_EQ(gemm(ins, a, b, c, one).bits, gemm(ins, a, b, c, two).bits);
  EXPECT_GT(reports, 0);
}

TEST(Gemm, BadInputsAreOneSentence) {
  const Instruction& ins = *find_builtin("swmmac_f32_16x16x32_f16_w32");
  const BitMatrix a = random_matrix(16, 32, ins.a, 1, 0), b = random_matrix(32, 16, ins.b, 1, 1);
  const BitMatrix c = random_matrix(16, 16, ins.cd, 1, 2);
  try {
    gemm(ins, a, b, c);
    FAIL();
  } catch (const UserError& e) {
    EXPECT_STREQ(e.what(), "A is not 2:4 sparse: row 0, K 0..3 holds more than two nonzero values");
  }
  EXPECT_THROW(gemm(ins, a, a, c), UserError);  // B of the wrong shape
}

}  // namespace
}  // namespace wmmasim
