// What each parameter of a builtin is, from the table's clang-19 type string: a register operand
// (A, B, C or the SWMMAC index), a constant modifier flag (signedness, clamp, RDNA3 opsel), or the
// global_load_tr source pointer. The hw generator, the input generator and the tests all use this.
#pragma once

#include <array>
#include <optional>
#include <string_view>
#include <vector>

#include "wmmasim/hw/clang_type.hpp"
#include "wmmasim/layouts/instruction.hpp"

namespace wmmasim::hw {

// Modifiers a builtin takes as constant bool parameters, in clang's parameter order: iu forms
// (a_sign, A, b_sign, B, C, clamp), RDNA3 16-bit outputs (A, B, C, opsel).
inline constexpr std::array<Modifier, 4> kFlagModifiers = {kSignA, kSignB, kClamp, kOpselD};

inline std::string_view flag_name(Modifier m) {
  switch (m) {
    case kSignA: return "signed_a";
    case kSignB: return "signed_b";
    case kClamp: return "clamp";
    case kOpselD: return "opsel";
    default: return "?";
  }
}

inline std::vector<Modifier> flag_modifiers(const Instruction& ins) {
  std::vector<Modifier> out;
  for (Modifier m : kFlagModifiers)
    if (ins.allowed_modifiers() & m) out.push_back(m);
  return out;
}

struct CallParam {
  enum Kind { operand_param, flag_param, pointer_param } kind = operand_param;
  ClangType type;
  Operand op = Operand::a;  // kind == operand (SWMMAC's accumulator input is Operand::c)
  Modifier flag = kSignA;   // kind == flag
};

struct BuiltinCall {
  ClangType result;
  std::vector<CallParam> params;
  const CallParam* param_of(Operand o) const {
    for (const CallParam& p : params)
      if (p.kind == CallParam::operand_param && p.op == o) return &p;
    return nullptr;
  }
};

// Assigns roles to the parameters of the table's type string; empty if the string does not fit the
// instruction (wrong count of operands or flags): a table error the tests report.
inline std::optional<BuiltinCall> builtin_call(const Instruction& ins) {
  const auto sig = parse_clang_type(ins.clang_type);
  if (!sig) return std::nullopt;
  BuiltinCall call{sig->result, {}};
  std::vector<Operand> operands;
  if (ins.family == Family::wmma) operands = {Operand::a, Operand::b, Operand::c};
  if (ins.family == Family::swmmac) operands = {Operand::a, Operand::b, Operand::c, Operand::index};
  const std::vector<Modifier> flags = flag_modifiers(ins);
  std::size_t next_operand = 0, next_flag = 0;
  for (const ClangType& t : sig->params) {
    CallParam p;
    p.type = t;
    if (t.constant) {
      if (t.element != 'b' || next_flag >= flags.size()) return std::nullopt;
      p.kind = CallParam::flag_param;
      p.flag = flags[next_flag++];
    } else if (t.is_pointer()) {
      if (ins.family != Family::load_tr) return std::nullopt;
      p.kind = CallParam::pointer_param;
    } else {
      if (next_operand >= operands.size()) return std::nullopt;
      p.op = operands[next_operand++];
    }
    call.params.push_back(p);
  }
  if (next_operand != operands.size() || next_flag != flags.size()) return std::nullopt;
  if (ins.family == Family::load_tr && call.params.size() != 1) return std::nullopt;
  return call;
}

}  // namespace wmmasim::hw
