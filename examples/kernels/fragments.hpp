// Loading and storing WMMA fragments with the table's layouts, for any element width >= 8 bits.
#pragma once

#include "wmmasim/kernel.hpp"
#include "wmmasim/layouts/fragment.hpp"

namespace wmmasim::examples {

template <class Op, Operand Which>
WMMASIM_DEVICE constexpr LinearLayout layout_of() {
  return operand_layout(kInstructions[instruction_index(Op::builtin)], Which);
}

// Fills lane `lane`'s vector V with element(row, col) (converted to E) for every element of its fragment.
template <class Op, Operand Which, class V, class E = typename Op::In, class Get>
WMMASIM_DEVICE V load_fragment(int lane, Get&& element) {
  constexpr LinearLayout l = layout_of<Op, Which>();
  constexpr int bytes = l.element_bits / 8;
  static_assert(l.element_bits % 8 == 0 && fragment_size(l) * bytes == sizeof(V), "fragment does not fill the vector");
  static constexpr auto map = fragment_map<l.lanes(), fragment_size(l)>(l);
  unsigned char raw[sizeof(V)] = {};
  for (int e = 0; e < fragment_size(l); ++e) {
    if (map.row[lane][e] < 0) continue;
    const E v = static_cast<E>(element(map.row[lane][e], map.col[lane][e]));
    __builtin_memcpy(raw + e * bytes, &v, bytes);
  }
  V out;
  __builtin_memcpy(&out, raw, sizeof(V));
  return out;
}

// Calls put(row, col, value) for every element of lane `lane`'s accumulator fragment.
template <class Op, class Put>
WMMASIM_DEVICE void store_fragment(int lane, const typename Op::Acc& acc, Put&& put) {
  constexpr LinearLayout l = layout_of<Op, Operand::d>();
  static constexpr auto map = fragment_map<l.lanes(), fragment_size(l)>(l);
  for (int e = 0; e < fragment_size(l); ++e)
    if (map.row[lane][e] >= 0) put(map.row[lane][e], map.col[lane][e], static_cast<typename Op::Out>(acc[e]));
}

}  // namespace wmmasim::examples
