// The wave-level builtins, called with per-lane vectors exactly as a kernel would pass them.
// Operands are built with the register formulas of the fixtures README and the spec, written out
// here; expected values come from hardware captures or from exact integer arithmetic.
#include <gtest/gtest.h>

#include <cstring>
#include <random>

#include "../numerics/fixture_io.hpp"
#include "wmmasim/wave/wave_builtins.hpp"

namespace wmmasim {
namespace {

using builtin_types::vec;
using v8h = vec<_Float16, 8>;
using v4h = vec<_Float16, 4>;
using v8f = vec<float, 8>;
using v4f = vec<float, 4>;
using v8i = vec<int, 8>;
using v2i = vec<int, 2>;
using v4i = vec<int, 4>;

template <class V> void set_bits16(V& v, int e, std::uint32_t bits) {
  const std::uint16_t h = static_cast<std::uint16_t>(bits);
  std::memcpy(reinterpret_cast<char*>(&v) + 2 * e, &h, 2);
}
template <class V> std::uint32_t word(const V& v, int w) {
  std::uint32_t x;
  std::memcpy(&x, reinterpret_cast<const char*>(&v) + 4 * w, 4);
  return x;
}

// gfx1201 WMMA vector captures through the typed builtins, wave32 and wave64.
TEST(WaveBuiltins, F16VectorCapturesThroughTypedBuiltins) {
  int checked = 0;
  for (const auto& line : test::read_jsonl("gfx1201_wmma_vectors.jsonl")) {
    if (line["instruction"] != "v_wmma_f32_16x16x16_f16") continue;
    const int wave = line["wave_size"];
    const auto A = test::matrix(line["A"]), B = test::matrix(line["B"]);
    const std::uint32_t c = test::hex(line["vectors"]["c"]), d = test::hex(line["vectors"]["d"]);
    std::vector<std::uint32_t> got;
    if (wave == 32) {
      std::vector<v8h> a(32), b(32);
      std::vector<v8f> cc(32);
      for (int lane = 0; lane < 32; ++lane) {
        // lane i + 16*((k>>2)&1), element e = 4*(k>>3) + (k&3) (README / spec 4.1)
        for (int k = 0; k < 16; ++k)
          if (((k >> 2) & 1) == lane / 16) {
            set_bits16(a[lane], 4 * (k >> 3) + (k & 3), A[(lane % 16) * 16 + k]);
            set_bits16(b[lane], 4 * (k >> 3) + (k & 3), B[k * 16 + lane % 16]);
          }
        for (int v = 0; v < 8; ++v) std::memcpy(reinterpret_cast<char*>(&cc[lane]) + 4 * v, &c, 4);
      }
      for (const v8f& x : wave::wmma_f32_16x16x16_f16_w32_gfx12(a, b, cc))
        for (int v = 0; v < 8; ++v) got.push_back(word(x, v));
    } else {
      std::vector<v4h> a(64), b(64);
      std::vector<v4f> cc(64);
      for (int lane = 0; lane < 64; ++lane) {
        for (int k = 4 * (lane / 16); k < 4 * (lane / 16) + 4; ++k) {  // lane i + 16*(k>>2), element k&3
          set_bits16(a[lane], k & 3, A[(lane % 16) * 16 + k]);
          set_bits16(b[lane], k & 3, B[k * 16 + lane % 16]);
        }
        for (int v = 0; v < 4; ++v) std::memcpy(reinterpret_cast<char*>(&cc[lane]) + 4 * v, &c, 4);
      }
      for (const v4f& x : wave::wmma_f32_16x16x16_f16_w64_gfx12(a, b, cc))
        for (int v = 0; v < 4; ++v) got.push_back(word(x, v));
    }
    for (std::uint32_t g : got) ASSERT_EQ(g, d) << line["id"];
    ++checked;
  }
  EXPECT_EQ(checked, 24);
}

// IU8 with every signedness and clamp combination against exact 64-bit integer arithmetic.
TEST(WaveBuiltins, Iu8AgainstExactIntegers) {
  std::mt19937 rng(3);
  std::int8_t A[16][16];
  std::int8_t B[16][16];
  for (auto& r : A) for (auto& x : r) x = static_cast<std::int8_t>(rng());
  for (auto& r : B) for (auto& x : r) x = static_cast<std::int8_t>(rng());
  std::vector<v2i> a(32), b(32);
  std::vector<v8i> c(32);
  for (int lane = 0; lane < 32; ++lane)
    for (int k = 8 * (lane / 16); k < 8 * (lane / 16) + 8; ++k) {  // spec 4.1: lane i + 16*(k>>3), byte k&7
      reinterpret_cast<std::uint8_t*>(&a[lane])[k & 7] = static_cast<std::uint8_t>(A[lane % 16][k]);
      reinterpret_cast<std::uint8_t*>(&b[lane])[k & 7] = static_cast<std::uint8_t>(B[k][lane % 16]);
    }
  for (int lane = 0; lane < 32; ++lane)
    for (int v = 0; v < 8; ++v) c[lane][v] = (v == 3) ? 0x7FFFFF00 : -1000 * v;  // row 3 / 11 near INT_MAX
  for (bool as : {false, true})
    for (bool bs : {false, true})
      for (bool clamp : {false, true}) {
        const auto d = wave::wmma_i32_16x16x16_iu8_w32_gfx12(as, a, bs, b, c, clamp);
        for (int lane = 0; lane < 32; ++lane)
          for (int v = 0; v < 8; ++v) {
            const int i = 8 * (lane / 16) + v, j = lane % 16;
            std::int64_t s = c[lane][v];
            for (int k = 0; k < 16; ++k)
              s += static_cast<std::int64_t>(as ? A[i][k] : static_cast<std::uint8_t>(A[i][k])) *
                   (bs ? B[k][j] : static_cast<std::uint8_t>(B[k][j]));
            const std::int64_t want = clamp ? std::clamp<std::int64_t>(s, INT32_MIN, INT32_MAX)
                                            : static_cast<std::int32_t>(static_cast<std::uint32_t>(s));
            ASSERT_EQ(d[lane][v], want) << "signed " << as << bs << " clamp " << clamp << " D[" << i << "][" << j << "]";
          }
      }
}

// Integer SWMMAC: the stored values of each group of four multiply the B rows the index selects.
TEST(WaveBuiltins, SparseIu8SelectsTheIndexedRows) {
  std::mt19937 rng(5);
  std::int8_t slot[16][16];
  int idx[16][8][2];
  std::int8_t B[32][16];
  for (auto& r : slot) for (auto& x : r) x = static_cast<std::int8_t>(rng());
  for (auto& r : B) for (auto& x : r) x = static_cast<std::int8_t>(rng());
  for (auto& r : idx)
    for (auto& g : r) {
      g[0] = static_cast<int>(rng() % 3);
      g[1] = g[0] + 1 + static_cast<int>(rng() % (3 - g[0]));
    }
  std::vector<v2i> a(32);
  std::vector<v4i> b(32);
  std::vector<v8i> c(32);
  std::vector<short> index(32);
  for (int lane = 0; lane < 32; ++lane) {
    const int i = lane % 16, half = lane / 16;
    for (int f = 0; f < 4; ++f) {  // spec 5.2 8-bit: lane i + 16*(G>>2), slot f = G&3 at bits [16f+15:16f]
      const int G = 4 * half + f;
      reinterpret_cast<std::uint8_t*>(&a[lane])[2 * f] = static_cast<std::uint8_t>(slot[i][2 * G]);
      reinterpret_cast<std::uint8_t*>(&a[lane])[2 * f + 1] = static_cast<std::uint8_t>(slot[i][2 * G + 1]);
      index[lane] = static_cast<short>(index[lane] | (idx[i][G][0] | idx[i][G][1] << 2) << (4 * f));
    }
    for (int k = 16 * half; k < 16 * half + 16; ++k)  // B: lane j + 16*(k>>4), byte k&15
      reinterpret_cast<std::uint8_t*>(&b[lane])[k & 15] = static_cast<std::uint8_t>(B[k][lane % 16]);
  }
  const auto d = wave::swmmac_i32_16x16x32_iu8_w32(true, a, true, b, c, index, false);
  for (int lane = 0; lane < 32; ++lane)
    for (int v = 0; v < 8; ++v) {
      const int i = 8 * (lane / 16) + v, j = lane % 16;
      int s = 0;
      for (int G = 0; G < 8; ++G)
        for (int t = 0; t < 2; ++t) s += slot[i][2 * G + t] * B[4 * G + idx[i][G][t]][j];
      ASSERT_EQ(d[lane][v], s) << "D[" << i << "][" << j << "]";
    }
}

TEST(WaveBuiltins, WrongLaneCountIsOneSentence) {
  std::vector<v8h> a(31), b(32);
  std::vector<v8f> c(32);
  try {
    wave::wmma_f32_16x16x16_f16_w32_gfx12(a, b, c);
    FAIL();
  } catch (const UserError& e) {
    EXPECT_STREQ(e.what(), "wmma_f32_16x16x16_f16_w32_gfx12 argument 1 has 31 lane values; the wave has 32");
  }
}

}  // namespace
}  // namespace wmmasim
