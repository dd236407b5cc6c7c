// One record per matrix instruction builtin: the single description every other part iterates over.
#pragma once

#include <cstdint>
#include <string_view>

#include "wmmasim/layouts/format.hpp"

namespace wmmasim {

enum class Family : std::uint8_t {
  wmma,     // dense V_WMMA_*
  swmmac,   // 2:4 structured-sparse V_SWMMAC_* (RDNA4 only)
  load_tr,  // GLOBAL_LOAD_TR_* transposing loads (RDNA4 only)
};

WMMASIM_HD constexpr std::string_view family_name(Family f) {
  return f == Family::wmma ? "wmma" : f == Family::swmmac ? "swmmac" : "load_tr";
}

// Instruction modifiers, as a bit set. Which ones an instruction accepts is a rule of its family and
// formats (spec layouts.md 2.2, numerics.md 5), computed by allowed_modifiers() below.
enum Modifier : std::uint16_t {
  kNegLoA = 1u << 0,   // NEG[0]: flip A elements in bits [15:0] (f16/bf16)
  kNegLoB = 1u << 1,   // NEG[1]
  kNegHiA = 1u << 2,   // NEG_HI[0]: flip A elements in bits [31:16]
  kNegHiB = 1u << 3,   // NEG_HI[1]
  kNegC = 1u << 4,     // NEG[2]
  kAbsC = 1u << 5,     // NEG_HI[2]
  kSignA = 1u << 6,    // NEG[0] reused on integer forms: A is signed
  kSignB = 1u << 7,    // NEG[1] reused: B is signed
  kClamp = 1u << 8,    // saturate the i32 result
  kIndexKey = 1u << 9, // OPSEL selects the SWMMAC sparse-index set
  kOpselD = 1u << 10,  // RDNA3 16-bit outputs: OPSEL[2] picks the register half of C/D
  kInlineC = 1u << 11, // C may be a VOP3P inline constant
  kCModifiersUnverified = 1u << 12,  // FP8/BF8 C NEG/ABS: LLVM accepts, CALC/ISA say unsupported
};

struct Instruction {
  std::string_view name;      // clang builtin without the "__builtin_amdgcn_" prefix
  std::string_view mnemonic;  // LLVM mnemonic, e.g. v_wmma_f32_16x16x16_f16
  Arch arch;
  Family family;
  std::uint8_t wave;          // 32 or 64
  std::uint8_t opcode;        // VOP3P OP field; 0 for load_tr
  std::uint8_t m, n, k;       // k is the dense K (SWMMAC: 32 or 64)
  Format a, b, cd;            // C and D share one format (SWMMAC: D is the accumulator)
  std::uint8_t vgprs_a, vgprs_b, vgprs_cd, vgprs_index;  // per lane (spec layouts.md 2.1 and 2.6)
  std::uint8_t issue_cycles;  // VALU-port occupancy on one SIMD (CALC "Execution cycles")
  std::string_view clang_type;  // clang-19 builtin type string (result first), e.g. V8fV8hV8hV8f
  bool tied;                  // RDNA3 *_tied builtins: the unselected half of D keeps C

  WMMASIM_HD constexpr std::uint32_t ops() const {
    return family == Family::load_tr ? 0u : 2u * m * n * k;
  }
  WMMASIM_HD constexpr bool has_c() const { return family == Family::wmma; }
  WMMASIM_HD constexpr bool has_index() const { return family == Family::swmmac; }
  WMMASIM_HD constexpr bool integer_inputs() const { return a == Format::iu8 || a == Format::iu4; }
  WMMASIM_HD constexpr bool has_operand(Operand o) const {
    switch (o) {
      case Operand::a: case Operand::b: return family != Family::load_tr;
      case Operand::c: return has_c();
      case Operand::d: return true;
      case Operand::index: return has_index();
    }
    return false;
  }
  // Number of sparse-index sets held by the index VGPR (OPSEL / index_key range).
  WMMASIM_HD constexpr int index_sets() const {
    if (family != Family::swmmac) return 0;
    const int slots_per_lane = vgprs_a * 32 / (2 * format_bits(a));
    return 32 / (4 * slots_per_lane);
  }
  WMMASIM_HD constexpr std::uint16_t allowed_modifiers() const;
};

WMMASIM_HD constexpr std::uint16_t Instruction::allowed_modifiers() const {
  if (family == Family::load_tr) return 0;
  std::uint16_t m = 0;
  const bool sixteen_bit = a == Format::f16 || a == Format::bf16;
  const bool eight_bit_float = a == Format::fp8 || a == Format::bf8;
  if (sixteen_bit) m |= kNegLoA | kNegLoB | kNegHiA | kNegHiB;
  if (integer_inputs()) m |= kSignA | kSignB | kClamp;
  if (family == Family::wmma) {
    m |= kInlineC;
    if (sixteen_bit) m |= kNegC | kAbsC;
    if (eight_bit_float) m |= kNegC | kAbsC | kCModifiersUnverified;
    if (arch == Arch::rdna3 && format_bits(cd) == 16) m |= kOpselD;
  }
  if (family == Family::swmmac) m |= kIndexKey;
  return m;
}

}  // namespace wmmasim
