// Register-level execution of one WMMA/SWMMAC, as the hardware does it: every input is read before D is
// written (D may alias A, B or C), EXEC is ignored (spec numerics.md 9.1, 9.2).
#pragma once

#include <cstdint>

#include "wmmasim/numerics/numerics.hpp"
#include "wmmasim/wave/register_file.hpp"

namespace wmmasim {

// A source that may be an inline constant: a VGPR number, or a VOP3P inline-constant selector
// (128..208 integers, 240..248 floats).
struct SourceOperand {
  bool is_inline = false;
  int value = 0;
};

// First VGPR of each operand (SWMMAC: `c` is unused, D is the accumulator; `index` is SRC2).
struct OperandVgprs {
  int a = 0, b = 0;
  SourceOperand c;
  int d = 0, index = 0;
  int half = 0;  // RDNA3 16-bit C/D: OPSEL[2], the register half that holds C and D
};

void execute(const Instruction& ins, RegisterFile& regs, const OperandVgprs& at, const Modifiers& modifiers,
             const Model& model);

// A decoded 64-bit VOP3P instruction word (spec layouts.md 2.2), low dword first.
struct DecodedInstruction {
  const Instruction* instruction = nullptr;
  OperandVgprs operands;
  Modifiers modifiers;
  int opsel = 0, opsel_hi = 0;  // raw fields; dense gfx12 WMMA ignores them
  bool clamp = false;           // raw CLAMP bit; only integer forms use it
};

// Decodes an encoded WMMA/SWMMAC for one architecture and wave size; UserError if the word is not one.
DecodedInstruction decode_vop3p(std::uint32_t word0, std::uint32_t word1, Arch arch, int wave);

}  // namespace wmmasim
