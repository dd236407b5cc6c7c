#include "wmmasim/wave/register_file.hpp"

#include <string>

#include "wmmasim/error.hpp"

namespace wmmasim {

std::uint32_t& RegisterFile::at(int vgpr, int lane) {
  if (vgpr < 0 || vgpr >= vgprs_ || lane < 0 || lane >= wave_)
    throw UserError("register v" + std::to_string(vgpr) + " lane " + std::to_string(lane) + " is outside a wave" +
                    std::to_string(wave_) + " register file of " + std::to_string(vgprs_) + " VGPRs");
  return words_[static_cast<std::size_t>(vgpr) * wave_ + lane];
}

std::uint32_t RegisterFile::at(int vgpr, int lane) const { return const_cast<RegisterFile*>(this)->at(vgpr, lane); }

void RegisterFile::fill(int first_vgpr, int count, std::uint32_t word) {
  for (int v = first_vgpr; v < first_vgpr + count; ++v)
    for (int l = 0; l < wave_; ++l) at(v, l) = word;
}

namespace {

LinearLayout checked_layout(const Instruction& ins, Operand op, LayoutOptions options) {
  const LinearLayout l = operand_layout(ins, op, options);
  if (l.evidence == Evidence::unknown)
    throw UserError(std::string(ins.name) + " operand " + std::string(operand_name(op)) + " has no known register layout");
  return l;
}

std::uint32_t field_mask(int bits) { return bits >= 32 ? 0xFFFFFFFFu : (1u << bits) - 1u; }

}  // namespace

std::vector<std::uint32_t> read_matrix(const Instruction& ins, Operand op, const RegisterFile& regs, int first_vgpr,
                                       LayoutOptions options) {
  const LinearLayout l = checked_layout(ins, op, options);
  std::vector<std::uint32_t> m(static_cast<std::size_t>(l.rows()) * l.cols() * l.keys());
  const std::uint32_t mask = field_mask(l.element_bits);
  for (int key = 0; key < l.keys(); ++key)
    for (int r = 0; r < l.rows(); ++r)
      for (int c = 0; c < l.cols(); ++c) {
        const Place p = l.first_place({r, c, key});
        m[(static_cast<std::size_t>(key) * l.rows() + r) * l.cols() + c] = regs.at(first_vgpr + p.vgpr, p.lane) >> p.bit_lo & mask;
      }
  return m;
}

void write_matrix(const Instruction& ins, Operand op, const std::vector<std::uint32_t>& matrix, RegisterFile& regs,
                  int first_vgpr, LayoutOptions options) {
  const LinearLayout l = checked_layout(ins, op, options);
  const std::size_t expected = static_cast<std::size_t>(l.rows()) * l.cols() * l.keys();
  if (matrix.size() != expected)
    throw UserError("a " + std::string(operand_name(op)) + " matrix of " + std::to_string(matrix.size()) +
                    " elements was given for " + std::string(ins.name) + ", which needs " + std::to_string(expected));
  const std::uint32_t mask = field_mask(l.element_bits);
  Place places[16];
  for (int key = 0; key < l.keys(); ++key)
    for (int r = 0; r < l.rows(); ++r)
      for (int c = 0; c < l.cols(); ++c) {
        const std::uint32_t value = matrix[(static_cast<std::size_t>(key) * l.rows() + r) * l.cols() + c] & mask;
        const int n = l.places_of({r, c, key}, places, 16);
        for (int i = 0; i < n; ++i) {
          std::uint32_t& w = regs.at(first_vgpr + places[i].vgpr, places[i].lane);
          w = (w & ~(mask << places[i].bit_lo)) | value << places[i].bit_lo;
        }
      }
}

}  // namespace wmmasim
