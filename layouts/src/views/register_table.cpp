#include "wmmasim/layouts/views/register_table.hpp"

namespace wmmasim::views {

std::string slot_name(const Slot& slot) {
  std::string s = "v" + std::to_string(slot.vgpr);
  if (slot.bit_lo != 0 || slot.bit_hi != 31) s += "[" + std::to_string(slot.bit_hi) + ":" + std::to_string(slot.bit_lo) + "]";
  return s;
}

RegisterTable register_table(const OperandView& view) {
  RegisterTable t;
  t.slots = view.slots();
  t.cells.resize(static_cast<std::size_t>(view.layout().lanes()));
  for (int lane = 0; lane < view.layout().lanes(); ++lane)
    for (const Slot& s : t.slots) t.cells[static_cast<std::size_t>(lane)].push_back(view.element_at(lane, s));
  for (std::size_t i = 0; i < t.slots.size(); ++i) {
    std::string h = slot_name(t.slots[i]);
    // Index sets sit in fixed bit ranges, so a column belongs to one set: say which in its header.
    if (view.operand() == Operand::index && view.layout().keys() > 1 && t.cells[0][i])
      h += " set" + std::to_string(t.cells[0][i]->key);
    t.headers.push_back(h);
  }
  return t;
}

}  // namespace wmmasim::views
