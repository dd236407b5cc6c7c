#include "wmmasim/diagnosis/slot_map.hpp"

#include <algorithm>

#include "wmmasim/layouts/fragment.hpp"
#include "wmmasim/layouts/instruction_table.hpp"
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
  for (const Slot& s : m.slots)
    if (s.state == SlotState::element) {
      m.rows = std::max(m.rows, s.row + 1);
      m.cols = std::max(m.cols, s.col + 1);
    }
  m.slot_at.assign(static_cast<std::size_t>(m.rows) * static_cast<std::size_t>(m.cols), -1);
  for (std::size_t i = m.slots.size(); i-- > 0;)
    if (m.slots[i].state == SlotState::element)
      m.slot_at[static_cast<std::size_t>(m.slots[i].row) * static_cast<std::size_t>(m.cols) + static_cast<std::size_t>(m.slots[i].col)] = static_cast<int>(i);
  return m;
}

SlotMap operand_slot_map(const Instruction& ins, Operand op, const LayoutOptions& options) {
  const LinearLayout l = operand_layout(ins, op, options);
  return slot_map(l, ins.wave, fragment_size(l));
}

const SlotMap& table_slot_map(const Instruction& ins, Operand op, int opsel) {
  constexpr int kOperands = 5;
  static const std::vector<SlotMap> maps = [] {
    std::vector<SlotMap> all;
    for (const Instruction& i : kInstructions)
      for (int o = 0; o < kOperands; ++o)
        for (int half = 0; half < 2; ++half) {
          LayoutOptions lo;
          lo.opsel = half;
          all.push_back(i.has_operand(static_cast<Operand>(o)) ? operand_slot_map(i, static_cast<Operand>(o), lo) : SlotMap{});
        }
    return all;
  }();
  const std::size_t index = static_cast<std::size_t>(&ins - kInstructions);
  if (index >= kInstructionCount) {  // not a table entry: no cache
    static thread_local SlotMap scratch;
    LayoutOptions lo;
    lo.opsel = opsel;
    scratch = operand_slot_map(ins, op, lo);
    return scratch;
  }
  return maps[(index * kOperands + static_cast<std::size_t>(op)) * 2 + static_cast<std::size_t>(opsel & 1)];
}

std::string place_text(const SlotMap& m, int lane, int e) {
  return "lane " + std::to_string(lane) + " v" + std::to_string(m.vgpr_of(e)) + " [" + std::to_string(m.bit_hi(e)) + ":" +
         std::to_string(m.bit_lo(e)) + "]";
}

}  // namespace wmmasim::diagnosis
