// Reads code objects the way the tests need them: llvm-objdump's instruction listing per kernel and
// llvm-readelf's kernel metadata (wave size, VGPR count).
#pragma once

#include <map>
#include <string>
#include <vector>

namespace wmmasim::test {

struct Inst {
  std::string mnemonic;
  std::vector<std::string> operands;  // comma-separated operands; modifiers after them are in `modifiers`
  std::string modifiers;              // e.g. "neg_lo:[1,0,0] clamp"
  std::string text;                   // the whole instruction
};

struct Register {
  int first = -1, count = 0;  // v[8:9] -> 8, 2; v5 -> 5, 1; not a VGPR -> -1
};
Register vgpr_of(const std::string& operand);

struct KernelMeta {
  int wavefront_size = 0, vgpr_count = 0;
};

// Kernel name -> instructions. `wave64` disassembles with wave64 register tuples.
std::map<std::string, std::vector<Inst>> disassemble(const std::string& objdump, const std::string& file,
                                                     const std::string& target, bool wave64);
std::map<std::string, KernelMeta> kernel_metadata(const std::string& readelf, const std::string& file);

// The highest VGPR an instruction names (-1 if none).
int highest_vgpr(const Inst& inst);

}  // namespace wmmasim::test
