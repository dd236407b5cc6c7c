// Seeded inputs for hw programs, identical on every compiler and machine: splitmix64 and integer
// arithmetic only (no <random> distributions, no floating point). The emulator uses the same
// function, so `wmmasim hw run P --seed S` on a GPU and an emulator run of P with seed S start from
// the same bits. The rules are documented in docs/hw.md ("Inputs"); changing them changes every
// recorded seed's meaning, so don't.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "wmmasim/hw/kernel_abi.hpp"
#include "wmmasim/hw/programs.hpp"
#include "wmmasim/hw/register_image.hpp"

namespace wmmasim::hw {

struct SplitMix64 {
  std::uint64_t state;
  std::uint64_t next() {
    std::uint64_t z = (state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
};

// One stream per input block: A = 0, B = 1, C = 2, index = 3, memory = 4.
inline SplitMix64 input_stream(std::uint64_t seed, std::uint64_t stream) {
  return SplitMix64{seed * 0x2545F4914F6CDD1Dull + stream};
}

// Floats: random sign, exponent uniform in [-4, 3], uniform fraction of the format's width (never
// zero, subnormal, infinite or NaN). Integers: uniform bits (iu8, iu4); i32 uniform in [-2^20, 2^20).
inline std::uint32_t random_element(Format f, std::uint64_t r) {
  const std::uint32_t sign = static_cast<std::uint32_t>(r >> 63);
  const int e = static_cast<int>(r >> 40 & 7) - 4;
  auto fp = [&](int width, int bias, int fraction_bits) {
    const std::uint32_t fraction = static_cast<std::uint32_t>(r) & ((1u << fraction_bits) - 1u);
    return sign << (width - 1) | static_cast<std::uint32_t>(bias + e) << fraction_bits | fraction;
  };
  switch (f) {
    case Format::f16: return fp(16, 15, 10);
    case Format::bf16: return fp(16, 127, 7);
    case Format::f32: return fp(32, 127, 23);
    case Format::fp8: return fp(8, 7, 3);
    case Format::bf8: return fp(8, 15, 2);
    case Format::i32: return static_cast<std::uint32_t>(static_cast<std::int32_t>(r % (1u << 21)) - (1 << 20));
    default: return static_cast<std::uint32_t>(r) & ((1u << format_bits(f)) - 1u);
  }
}

// A valid 2:4 selection (two different positions, the lower first): idx0 | idx1 << 2.
inline std::uint32_t random_index_field(std::uint64_t r) {
  static constexpr std::uint8_t kPairs[6] = {0x4, 0x8, 0xC, 0x9, 0xD, 0xE};  // (0,1) (0,2) (0,3) (1,2) (1,3) (2,3)
  return kPairs[r % 6];
}

struct InputMatrix {
  std::string name;     // block name: A, B, C, index, memory
  std::string format;   // f16 ... i32, "sparse_index" (4-bit fields), b16/b8 for memory
  int rows = 0, cols = 0, keys = 1;
  std::vector<std::uint32_t> elements;  // key-major, row-major, ISA K labels
  std::vector<std::uint32_t> words;     // the register (or memory) image the kernel loads
  Evidence evidence = Evidence::documented;
};

// The layout a block is converted with (SWMMAC's accumulator input uses D's layout).
inline LinearLayout block_layout(const Program& p, Operand op) {
  LayoutOptions o;
  o.opsel = (p.flags & kOpselD) ? 1 : 0;
  if (op == Operand::c && p.ins->family == Family::swmmac) op = Operand::d;
  return operand_layout(*p.ins, op, o);
}

inline std::string block_format(const Instruction& ins, Operand op) {
  switch (op) {
    case Operand::a: return std::string(format_name(ins.a));
    case Operand::b: return std::string(format_name(ins.b));
    case Operand::index: return "sparse_index";
    default: return std::string(format_name(ins.cd));
  }
}

inline std::vector<InputMatrix> generate_inputs(const Program& p, std::uint64_t seed) {
  const Instruction& ins = *p.ins;
  const KernelAbi abi = kernel_abi(ins);
  std::vector<InputMatrix> out;
  if (ins.family == Family::load_tr) {
    // Distinct values, so every element of the result names its source: the high byte of b16 (all of
    // b8) is a random permutation of 0..255.
    SplitMix64 rng = input_stream(seed, 4);
    std::vector<std::uint32_t> perm(tile_elements());
    for (int i = 0; i < tile_elements(); ++i) perm[i] = static_cast<std::uint32_t>(i);
    for (int i = tile_elements() - 1; i > 0; --i) std::swap(perm[i], perm[rng.next() % static_cast<std::uint64_t>(i + 1)]);
    InputMatrix m{"memory", std::string(format_name(ins.cd)), tile_rows(p.addressing), tile_cols(p.addressing), 1, {}, {}, Evidence::documented};
    const int bits = format_bits(ins.cd);
    m.words.assign(abi.inputs[0].words, 0);
    for (int i = 0; i < tile_elements(); ++i) {
      const std::uint32_t v = bits == 16 ? (perm[i] << 8 | static_cast<std::uint32_t>(rng.next() & 0xFF)) : perm[i];
      m.elements.push_back(v);
      m.words[static_cast<std::size_t>(i * bits / 32)] |= v << (i * bits % 32);
    }
    out.push_back(std::move(m));
    return out;
  }
  const auto call = builtin_call(ins);
  for (const InputBlock& b : abi.inputs) {
    const LinearLayout l = block_layout(p, b.op);
    InputMatrix m{b.name, block_format(ins, b.op), l.rows(), l.cols(), l.keys(), {}, {}, l.evidence};
    SplitMix64 rng = input_stream(seed, static_cast<std::uint64_t>(b.op == Operand::index ? 3 : static_cast<int>(b.op)));
    const Format f = b.op == Operand::a ? ins.a : b.op == Operand::b ? ins.b : ins.cd;
    m.elements.resize(matrix_elements(l));
    for (std::uint32_t& e : m.elements) e = b.op == Operand::index ? random_index_field(rng.next()) : random_element(f, rng.next());
    m.words = words_from_matrix(l, abi.lanes, b.words_per_lane, m.elements);
    // clang 19 passes the sparse index as `short`: only bits [15:0] of the index VGPR are the
    // program's; keep the rest zero so that the record is what the instruction reads either way.
    const CallParam* ip = call ? call->param_of(Operand::index) : nullptr;
    if (ip && ip->type.element_bits() < 32) {
      for (std::uint32_t& w : m.words) w &= (1u << ip->type.element_bits()) - 1u;
      m.elements = matrix_from_words(l, abi.lanes, b.words_per_lane, m.words);
    }
    out.push_back(std::move(m));
  }
  return out;
}

}  // namespace wmmasim::hw
