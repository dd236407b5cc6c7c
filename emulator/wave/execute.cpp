#include "wmmasim/wave/execute.hpp"

#include <cstdio>
#include <string>

#include "wmmasim/error.hpp"
#include "wmmasim/layouts/instruction_table.hpp"

namespace wmmasim {

void execute(const Instruction& ins, RegisterFile& regs, const OperandVgprs& at, const Modifiers& modifiers,
             const Model& model) {
  if (ins.family == Family::load_tr)
    throw UserError(std::string(ins.name) + " is a memory load; run it through the SIMT runtime, not execute()");
  if (regs.wave_size() != ins.wave)
    throw UserError(std::string(ins.name) + " needs a wave" + std::to_string(ins.wave) + " register file, not wave" +
                    std::to_string(regs.wave_size()));
  check_modifiers(ins, modifiers);
  check_model_applies(model, ins);
  const LayoutOptions opts{at.half};
  const std::vector<std::uint32_t> a = read_matrix(ins, Operand::a, regs, at.a, opts);
  const std::vector<std::uint32_t> b = read_matrix(ins, Operand::b, regs, at.b, opts);
  std::vector<std::uint32_t> c;
  std::vector<std::uint8_t> index;
  if (ins.family == Family::swmmac) {
    c = read_matrix(ins, Operand::d, regs, at.d, opts);
    const LinearLayout il = operand_layout(ins, Operand::index);
    const std::vector<std::uint32_t> all_sets = read_matrix(ins, Operand::index, regs, at.index, opts);
    if (modifiers.index_key < 0 || modifiers.index_key >= il.keys())
      throw UserError("index_key " + std::to_string(modifiers.index_key) + " is outside 0.." + std::to_string(il.keys() - 1) +
                      " for " + std::string(ins.name));
    const std::size_t per_set = static_cast<std::size_t>(il.rows()) * il.cols();
    index.assign(all_sets.begin() + per_set * modifiers.index_key, all_sets.begin() + per_set * (modifiers.index_key + 1));
  } else if (at.c.is_inline) {
    c.assign(static_cast<std::size_t>(ins.m) * ins.n, inline_constant_bits(at.c.value, ins.cd));
  } else {
    c = read_matrix(ins, Operand::c, regs, at.c.value, opts);
  }
  // SWMMAC accumulates into D itself: compute_d reads the accumulator from d.
  std::vector<std::uint32_t> d = ins.family == Family::swmmac ? c : std::vector<std::uint32_t>(static_cast<std::size_t>(ins.m) * ins.n);
  compute_d(ins, a.data(), b.data(), c.data(), index.empty() ? nullptr : index.data(), modifiers, model, d.data());
  write_matrix(ins, Operand::d, d, regs, at.d, opts);
}

DecodedInstruction decode_vop3p(std::uint32_t word0, std::uint32_t word1, Arch arch, int wave) {
  const std::uint64_t w = static_cast<std::uint64_t>(word1) << 32 | word0;
  const auto field = [w](int lo, int bits) { return static_cast<int>(w >> lo & ((1ull << bits) - 1)); };
  char hex[40];
  std::snprintf(hex, sizeof hex, "0x%08x 0x%08x", word0, word1);
  if ((word0 >> 24) != 0xCC)
    throw UserError(std::string("instruction word ") + hex + " is not a VOP3P encoding (byte 3 must be 0xcc)");
  const int opcode = field(16, 7);
  const Instruction* found = nullptr;
  for (const Instruction& i : kInstructions)
    if (i.arch == arch && i.wave == wave && i.opcode == opcode && i.family != Family::load_tr && !i.tied) found = &i;
  if (!found)
    throw UserError(std::string("instruction word ") + hex + " has opcode " + std::to_string(opcode) +
                    ", which is no matrix instruction of " + std::string(arch_name(arch)) + " wave" + std::to_string(wave));
  DecodedInstruction d;
  d.instruction = found;
  const auto vgpr_of = [&](int src, const char* what) {
    if (src < 256) throw UserError(std::string("instruction word ") + hex + ": " + what + " must be a VGPR");
    return src - 256;
  };
  d.operands.d = field(0, 8);
  d.operands.a = vgpr_of(field(32, 9), "SRC0 (A)");
  d.operands.b = vgpr_of(field(41, 9), "SRC1 (B)");
  const int src2 = field(50, 9);
  if (found->family == Family::swmmac) d.operands.index = vgpr_of(src2, "SRC2 (index)");
  else d.operands.c = src2 >= 256 ? SourceOperand{false, src2 - 256} : SourceOperand{true, src2};
  d.opsel = field(11, 3);
  d.opsel_hi = field(59, 2) | field(14, 1) << 2;
  d.modifiers.neg_hi = static_cast<std::uint8_t>(field(8, 3));
  d.modifiers.neg = static_cast<std::uint8_t>(field(61, 3));
  d.clamp = field(15, 1) != 0;
  // Float forms ignore CLAMP in hardware (operand captures; CALC README), though LLVM will not emit it.
  d.modifiers.clamp = found->integer_inputs() && d.clamp;
  if (found->family == Family::swmmac) d.modifiers.index_key = d.opsel;
  if (found->arch == Arch::rdna3) d.operands.half = d.opsel >> 2 & 1;
  return d;
}

}  // namespace wmmasim
