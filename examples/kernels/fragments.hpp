// Loading and storing WMMA fragments with the table's layouts, for any element width >= 8 bits.
#pragma once

#include "wmmasim/kernel.hpp"
#include "wmmasim/layouts/fragment.hpp"

namespace wmmasim::examples {

template <class Op, Operand Which>
WMMASIM_DEVICE constexpr LinearLayout layout_of() {
  return operand_layout(kInstructions[instruction_index(Op::builtin)], Which);
}

// Where the elements of a lane's fragment lie, from the layout at compile time. The layouts are
// linear over GF(2): a slot's (row, col) is what the lane's bits contribute XOR what the slot's bits
// contribute. So the lane part is a few bit operations and the slot part a constant once the slot
// loop is unrolled, where a table indexed by lane would sit in GPU memory and cost a load per
// coordinate. Layouts with empty slots (wave64 iu4) keep the table.
template <class Op, Operand Which>
struct FragmentCoords {
  static constexpr LinearLayout l = layout_of<Op, Which>();
  static constexpr int lanes = l.lanes(), size = fragment_size(l);
  static constexpr FragmentMap<lanes, size> map = fragment_map<lanes, size>(l);

  WMMASIM_HD static constexpr int lane_row(int lane) {
    int x = 0;
    for (int b = 0; b < l.lane_bits; ++b)
      if (lane >> b & 1) x ^= map.row[1 << b][0];
    return x;
  }
  WMMASIM_HD static constexpr int lane_col(int lane) {
    int x = 0;
    for (int b = 0; b < l.lane_bits; ++b)
      if (lane >> b & 1) x ^= map.col[1 << b][0];
    return x;
  }
  WMMASIM_HD static constexpr bool splits() {
    for (int lane = 0; lane < lanes; ++lane)
      for (int e = 0; e < size; ++e)
        if (map.row[lane][e] < 0 || map.row[lane][e] != (lane_row(lane) ^ map.row[0][e]) ||
            map.col[lane][e] != (lane_col(lane) ^ map.col[0][e]))
          return false;
    return true;
  }
  static constexpr bool linear = splits();

  // Row and column of slot e of lane `lane`; row -1: the slot holds nothing.
  WMMASIM_HD static constexpr int row(int lane, int e) {
    if constexpr (linear) return lane_row(lane) ^ map.row[0][e];
    else return map.row[lane][e];
  }
  WMMASIM_HD static constexpr int col(int lane, int e) {
    if constexpr (linear) return lane_col(lane) ^ map.col[0][e];
    else return map.col[lane][e];
  }
};

// Fills lane `lane`'s vector V with element(row, col) (converted to E) for every element of its fragment.
template <class Op, Operand Which, class V, class E = typename Op::In, class Get>
WMMASIM_DEVICE V load_fragment(int lane, Get&& element) {
  using C = FragmentCoords<Op, Which>;
  constexpr int bytes = C::l.element_bits / 8;
  static_assert(C::l.element_bits % 8 == 0 && C::size * bytes == sizeof(V), "fragment does not fill the vector");
  unsigned char raw[sizeof(V)] = {};
  for (int e = 0; e < C::size; ++e) {
    const int row = C::row(lane, e);
    if (row < 0) continue;
    const E v = static_cast<E>(element(row, C::col(lane, e)));
    __builtin_memcpy(raw + e * bytes, &v, bytes);
  }
  V out;
  __builtin_memcpy(&out, raw, sizeof(V));
  return out;
}

// Calls put(row, col, value) for every element of lane `lane`'s accumulator fragment.
template <class Op, class Put>
WMMASIM_DEVICE void store_fragment(int lane, const typename Op::Acc& acc, Put&& put) {
  using C = FragmentCoords<Op, Operand::d>;
  for (int e = 0; e < C::size; ++e) {
    const int row = C::row(lane, e);
    if (row >= 0) put(row, C::col(lane, e), static_cast<typename Op::Out>(acc[e]));
  }
}

}  // namespace wmmasim::examples
