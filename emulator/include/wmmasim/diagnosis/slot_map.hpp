// What each slot of one operand's fragment holds, for the whole wave: slot (lane, e) is element e of
// lane `lane`'s builtin vector (elements numbered from bit 0 of the first VGPR at the operand's
// element width, as fragment_element numbers them). A layout gives one such map; each mistake of the
// catalogue gives another, and an observed fragment is compared with both.
#pragma once

#include <string>
#include <vector>

#include "wmmasim/layouts/instruction.hpp"
#include "wmmasim/layouts/linear_layout.hpp"
#include "wmmasim/layouts/operand_layout.hpp"

namespace wmmasim::diagnosis {

// What a slot is predicted (or seen) to hold.
enum class SlotState : std::uint8_t {
  element,  // the element (row, col) of the operand's matrix
  empty,    // nothing: the kernel leaves it unset (a zero or a value from no tagged buffer)
  any,      // no prediction: whatever the slot holds is consistent
};

struct Slot {
  SlotState state = SlotState::any;
  int row = 0, col = 0;
  bool operator==(const Slot&) const = default;
};

struct SlotMap {
  int lanes = 0, size = 0;     // lanes of the wave, elements per lane
  int element_bits = 0, bit_offset = 0, per_vgpr = 1;
  std::vector<Slot> slots;     // lane-major: slots[lane * size + e]
  // The tile the map covers and, for each of its places (row * cols + col), the first slot that
  // holds it (-1: none). Filled by slot_map(), for the layout's own maps; the check reads a
  // fragment's strides off neighbouring places with it.
  int rows = 0, cols = 0;
  std::vector<int> slot_at;

  int slot_of(int row, int col) const {
    return row < 0 || col < 0 || row >= rows || col >= cols ? -1 : slot_at[static_cast<std::size_t>(row) * cols + col];
  }

  const Slot& at(int lane, int e) const { return slots[static_cast<std::size_t>(lane) * size + e]; }
  Slot& at(int lane, int e) { return slots[static_cast<std::size_t>(lane) * size + e]; }
  int vgpr_of(int e) const { return e / per_vgpr; }
  int bit_lo(int e) const { return bit_offset + e % per_vgpr * element_bits; }
  int bit_hi(int e) const { return bit_lo(e) + element_bits - 1; }
  bool operator==(const SlotMap& o) const { return lanes == o.lanes && size == o.size && slots == o.slots; }
};

// The map of a layout for a wave of `lanes` lanes and `size` elements per lane (slots the layout
// does not cover, such as wave64 iu4's upper lanes, are `empty`).
SlotMap slot_map(const LinearLayout& l, int lanes, int size);

// The map of an instruction's operand as the table defines it.
SlotMap operand_slot_map(const Instruction& ins, Operand op, const LayoutOptions& options = {});

// The same for an instruction of kInstructions, built once for the whole table (the check asks for
// these at every instruction execution). `opsel` matters only for RDNA3 16-bit C and D.
const SlotMap& table_slot_map(const Instruction& ins, Operand op, int opsel = 0);

// "lane 3 v1 [31:16]"
std::string place_text(const SlotMap& m, int lane, int e);

}  // namespace wmmasim::diagnosis
