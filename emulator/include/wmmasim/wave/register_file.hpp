// A wave's vector register file and the matrix <-> register conversions that every backend shares.
#pragma once

#include <cstdint>
#include <vector>

#include "wmmasim/layouts/instruction.hpp"
#include "wmmasim/layouts/operand_layout.hpp"

namespace wmmasim {

class RegisterFile {
 public:
  explicit RegisterFile(int wave_size, int vgprs = 256) : wave_(wave_size), vgprs_(vgprs), words_(static_cast<std::size_t>(wave_size) * vgprs) {}
  int wave_size() const { return wave_; }
  int vgprs() const { return vgprs_; }
  std::uint32_t& at(int vgpr, int lane);
  std::uint32_t at(int vgpr, int lane) const;
  void fill(int first_vgpr, int count, std::uint32_t word);  // every lane of VGPRs [first, first+count)

 private:
  int wave_, vgprs_;
  std::vector<std::uint32_t> words_;  // [vgpr][lane]
};

// Reads operand `op` of `ins` held in VGPRs starting at `first_vgpr` into matrix form: element raw bits,
// row-major (rows() x cols() x keys() for the index operand, key-major). RDNA3 replicated A/B are read
// from lane group 0's copy.
std::vector<std::uint32_t> read_matrix(const Instruction& ins, Operand op, const RegisterFile& regs, int first_vgpr,
                                       LayoutOptions options = {});

// Writes a matrix into the operand's registers. Bits of a VGPR that hold no element of the operand are kept.
void write_matrix(const Instruction& ins, Operand op, const std::vector<std::uint32_t>& matrix, RegisterFile& regs,
                  int first_vgpr, LayoutOptions options = {});

}  // namespace wmmasim
