// Per-lane fragment addressing for kernels: which matrix element is element `e` of a lane's builtin
// vector. Kernels (CPU and GPU alike) load and store fragments with these, the same layouts the
// emulator and the printers use. Host and device code.
#pragma once

#include "wmmasim/layouts/instruction_table.hpp"
#include "wmmasim/layouts/operand_layout.hpp"

namespace wmmasim {

// Element `e` of lane `lane`'s vector for operand `op`: elements are numbered from bit 0 of the first
// VGPR upwards at the operand's element width (bytes of an int2, nibbles of an int, halves of a v8h).
// Returns false for a slot that holds nothing (lanes 32-63 of some wave64 iu4 operands).
WMMASIM_HD constexpr bool fragment_element(const LinearLayout& l, int lane, int e, Element& out) {
  const int per_vgpr = l.elements_per_vgpr();
  return l.element_at(lane, e / per_vgpr, l.bit_offset + (e % per_vgpr) * l.element_bits, out);
}

// Number of elements in one lane's vector for the operand.
WMMASIM_HD constexpr int fragment_size(const LinearLayout& l) { return l.vgprs() * l.elements_per_vgpr(); }

// fragment_element for every lane and element at once, meant to be built at compile time so that a
// kernel's fragment loop is a table lookup. row = -1 marks a slot that holds nothing.
template <int Lanes, int Elements>
struct FragmentMap {
  signed char row[Lanes][Elements] = {}, col[Lanes][Elements] = {};
};

template <int Lanes, int Elements>
WMMASIM_HD constexpr FragmentMap<Lanes, Elements> fragment_map(const LinearLayout& l) {
  FragmentMap<Lanes, Elements> m;
  for (int lane = 0; lane < Lanes; ++lane)
    for (int e = 0; e < Elements; ++e) {
      Element el;
      const bool held = fragment_element(l, lane, e, el);
      m.row[lane][e] = static_cast<signed char>(held ? el.row : -1);
      m.col[lane][e] = static_cast<signed char>(held ? el.col : 0);
    }
  return m;
}

// Index of a builtin in kInstructions, for template parameters (a constant expression).
WMMASIM_HD constexpr int instruction_index(std::string_view builtin_name) {
  for (int i = 0; i < static_cast<int>(kInstructionCount); ++i)
    if (kInstructions[i].name == builtin_name) return i;
  return -1;
}

}  // namespace wmmasim
