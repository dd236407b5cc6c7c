// The public FP8 WMMA hardware probe on an RX 9070 XT (OUCO86/dlss5-on-amd-9070xt-porting,
// Development/HIP/README.md, "Hardware result (2026-09-14)"; inputs from wmma_validate.cpp and
// the kernels of wmma_probe.hip at commit 8337269), reproduced on the emulator's models: the same 79
// cases, rebuilt here from the published generator's description (std::mt19937 seeded 1201, drawn
// in the same order), each a 16x32 by 32x16 product run as two chained K=16 instructions.
//
// Only summary counts of the hardware run are public. They are the observations a model must meet:
//  * FP8 WMMA against F16 WMMA on the same decoded values (the F16 kernel puts K 8g+e of its lane
//    group g in element e, so its instruction sees K in the order of a contiguous labelling):
//    2,054 bit differences among the after-K16 and final f32 results (2 x 20,224 values; pairs of
//    zeros differing only in sign are not counted), two differing final f16 roundings, and a
//    largest absolute difference of 4;
//  * C inside the WMMA against A·B then a separate f32 `+ C` (the HLSL variant, assumed here to be
//    the same two instructions from C = 0 followed by one f32 add): 232 of the 20,224 final f32
//    values differ, by at most 4 in absolute value.
#pragma once

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "wmmasim/numerics/formats.hpp"
#include "wmmasim/numerics/numerics.hpp"

namespace wmmasim::testing {

// One case: A is 16x32, B 32x16 (E4M3 bytes, row-major), C 16x16 f32 bits.
struct Fp8Case {
  std::string name;
  std::vector<std::uint32_t> a = std::vector<std::uint32_t>(512), b = std::vector<std::uint32_t>(512),
                             c = std::vector<std::uint32_t>(256);
};

// The E4M3 code of a small integer (exact): 1.0 = 0x38.
inline std::uint32_t e4m3_of_int(int v) {
  if (v == 0) return 0;
  const std::uint32_t f32 = std::bit_cast<std::uint32_t>(static_cast<float>(v));
  return convert_from_f32(f32, Format::fp8);
}
inline std::uint32_t f32_of_e4m3(std::uint32_t code) { return widen_to_f32(code, Format::fp8); }
inline std::uint32_t f32_of_int(int v) { return std::bit_cast<std::uint32_t>(static_cast<float>(v)); }

inline std::vector<Fp8Case> public_probe_cases() {
  std::vector<Fp8Case> cases;
  auto add = [&](std::string name) -> Fp8Case& {
    cases.push_back({});
    cases.back().name = std::move(name);
    return cases.back();
  };
  add("zero");
  {
    Fp8Case& t = add("carry_C");
    for (int i = 0; i < 256; ++i) t.c[i] = f32_of_int(i % 31 - 15);
  }
  {
    Fp8Case& t = add("ones");
    for (auto& v : t.a) v = e4m3_of_int(1);
    for (auto& v : t.b) v = e4m3_of_int(1);
  }
  for (int k = 0; k < 32; ++k) {  // every row of A one at K = k, B's row k distinct small integers
    Fp8Case& t = add("basis_k" + std::to_string(k));
    for (int m = 0; m < 16; ++m) t.a[m * 32 + k] = e4m3_of_int(m % 7 - 3);
    for (int n = 0; n < 16; ++n) t.b[k * 16 + n] = e4m3_of_int(n % 9 - 4);
  }
  std::mt19937 rng(1201);
  for (int j = 0; j < 16; ++j) {
    Fp8Case& t = add("random_integer");
    for (auto& v : t.a) v = e4m3_of_int(static_cast<int>(rng() % 9) - 4);
    for (auto& v : t.b) v = e4m3_of_int(static_cast<int>(rng() % 9) - 4);
    for (auto& v : t.c) v = f32_of_int(static_cast<int>(rng() % 9) - 4);
  }
  for (int j = 0; j < 24; ++j) {  // random finite E4M3 codes: magnitudes below 81 (|x| < 16), then every finite one
    Fp8Case& t = add(j < 12 ? "random_moderate" : "random_fullfinite");
    auto next = [&] {
      const std::uint32_t magnitude = j < 12 ? rng() % 81 : rng() % 127;
      return magnitude | (rng() & 1) << 7;
    };
    for (auto& v : t.a) v = next();
    for (auto& v : t.b) v = next();
    for (auto& v : t.c) v = f32_of_e4m3(next());
  }
  const std::uint32_t boundary[] = {0, 128, 1, 129, 7, 135, 8, 136, 0x38, 0xb8, 0x7e, 0xfe};
  for (int j = 0; j < 4; ++j) {
    Fp8Case& t = add("boundary_cancel");
    for (int i = 0; i < 512; ++i) {
      t.a[i] = boundary[(i + j) % 12];
      t.b[i] = boundary[(i * 7 + j) % 12];
    }
    if (j == 3)
      for (auto& v : t.c) v = 0x4B800000u;  // 2^24
  }
  return cases;
}

// The 16-column slice K 16t..16t+15 of A and the matching rows of B.
inline std::vector<std::uint32_t> a_tile(const Fp8Case& c, int t) {
  std::vector<std::uint32_t> out(256);
  for (int m = 0; m < 16; ++m)
    for (int k = 0; k < 16; ++k) out[m * 16 + k] = c.a[m * 32 + 16 * t + k];
  return out;
}
inline std::vector<std::uint32_t> b_tile(const Fp8Case& c, int t) {
  std::vector<std::uint32_t> out(256);
  for (int k = 0; k < 16; ++k)
    for (int n = 0; n < 16; ++n) out[k * 16 + n] = c.b[(16 * t + k) * 16 + n];
  return out;
}

// The F16 kernel's operands: element e of lane group g holds K 8g+e and sits at ISA K label
// (e & 3) + 4g + 8(e >> 2) of the 16-bit layout; values decoded exactly to f16.
inline std::vector<std::uint32_t> as_f16_contiguous_k(const std::vector<std::uint32_t>& tile, bool is_a) {
  std::vector<std::uint32_t> out(256);
  for (int g = 0; g < 2; ++g)
    for (int e = 0; e < 8; ++e) {
      const int k_true = 8 * g + e, k_isa = (e & 3) + 4 * g + 8 * (e >> 2);
      for (int mn = 0; mn < 16; ++mn) {
        const std::uint32_t f16 = convert_from_f32(f32_of_e4m3(tile[is_a ? mn * 16 + k_true : k_true * 16 + mn]), Format::f16);
        out[is_a ? mn * 16 + k_isa : k_isa * 16 + mn] = f16;
      }
    }
  return out;
}

// Two chained K=16 instructions: D1 = A0 B0 + C, D = A1 B1 + D1. Returns {D1, D}.
template <class Tile>
std::pair<std::vector<std::uint32_t>, std::vector<std::uint32_t>> two_k16(const Instruction& ins, const Model& model, const Fp8Case& c,
                                                                          const std::vector<std::uint32_t>& c0, Tile tile) {
  std::vector<std::uint32_t> d1(256), d(256);
  const auto a0 = tile(a_tile(c, 0), true), b0 = tile(b_tile(c, 0), false);
  const auto a1 = tile(a_tile(c, 1), true), b1 = tile(b_tile(c, 1), false);
  compute_d(ins, a0.data(), b0.data(), c0.data(), nullptr, {}, model, d1.data());
  compute_d(ins, a1.data(), b1.data(), d1.data(), nullptr, {}, model, d.data());
  return {d1, d};
}

}  // namespace wmmasim::testing
