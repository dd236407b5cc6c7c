// The VOP3P instruction-word decoder (wmmasim/wave/execute.hpp): any 64-bit word, for each
// architecture and wave size, decodes to an instruction of the table or is one sentence.
#include <cstring>

#include "fuzz_check.hpp"
#include "wmmasim/error.hpp"
#include "wmmasim/layouts/instruction_table.hpp"
#include "wmmasim/wave/execute.hpp"

extern "C" int LLVMFuzzerTestOneInput(const unsigned char* data, std::size_t size) {
  using namespace wmmasim;
  if (size < 9) return 0;
  std::uint32_t w0, w1;
  std::memcpy(&w0, data, 4);
  std::memcpy(&w1, data + 4, 4);
  const Arch arch = data[8] & 1 ? Arch::rdna3 : Arch::rdna4;
  const int wave = data[8] & 2 ? 64 : 32;
  try {
    const DecodedInstruction d = decode_vop3p(w0, w1, arch, wave);
    if (!d.instruction) fuzz::fail("a decoded word has no instruction");
    if (d.instruction->arch != arch || d.instruction->wave != wave) fuzz::fail("a word decoded to another architecture or wave size");
    const Instruction* first = kInstructions;
    if (d.instruction < first || d.instruction >= first + kInstructionCount) fuzz::fail("a decoded instruction is not in the table");
  } catch (const UserError& e) {
    fuzz::require_one_sentence(e.what());
  }
  return 0;
}
