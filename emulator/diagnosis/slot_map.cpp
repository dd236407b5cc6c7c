#include "wmmasim/diagnosis/slot_map.hpp"

#include "wmmasim/layouts/fragment.hpp"
#include "wmmasim/layouts/operand_layout.hpp"

namespace wmmasim::diagnosis {

SlotMap slot_map(const LinearLayout& l, int lanes, int size) {
  SlotMap m;
  m.lanes = lanes;
  m.size = size;
  m.element_bits = l.element_bits;
  m.bit_offset = l.bit_offset;
  m.per_vgpr = l.elements_per_vgpr();
  m.slots.assign(static_cast<std::size_t>(lanes) * size, Slot{SlotState::empty, 0, 0});
  for (int lane = 0; lane < lanes; ++lane)
    for (int e = 0; e < size; ++e) {
      Element el;
      if (lane < l.lanes() && e < fragment_size(l) && fragment_element(l, lane, e, el))
        m.at(lane, e) = Slot{SlotState::element, el.row, el.col};
    }
  return m;
}

SlotMap operand_slot_map(const Instruction& ins, Operand op, const LayoutOptions& options) {
  const LinearLayout l = operand_layout(ins, op, options);
  return slot_map(l, ins.wave, fragment_size(l));
}

std::string place_text(const SlotMap& m, int lane, int e) {
  return "lane " + std::to_string(lane) + " v" + std::to_string(m.vgpr_of(e)) + " [" + std::to_string(m.bit_hi(e)) + ":" +
         std::to_string(m.bit_lo(e)) + "]";
}

}  // namespace wmmasim::diagnosis
