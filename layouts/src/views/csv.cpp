#include <ostream>

#include "wmmasim/layouts/views/printers.hpp"

namespace wmmasim::views {

void print_csv(std::ostream& out, const OperandView& view) {
  const bool with_key = view.operand() == Operand::index;
  out << (with_key ? "row,col,key,lane,vgpr,bit_lo,bit_hi\n" : "row,col,lane,vgpr,bit_lo,bit_hi\n");
  for (const ElementPlaces& ep : view.elements())
    for (const Place& p : ep.places) {
      out << ep.element.row << ',' << ep.element.col << ',';
      if (with_key) out << ep.element.key << ',';
      out << p.lane << ',' << p.vgpr << ',' << p.bit_lo << ',' << p.bit_hi << '\n';
    }
}

}  // namespace wmmasim::views
