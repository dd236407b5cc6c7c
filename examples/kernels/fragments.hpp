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

// How a lane's A or B fragment lies along K, read off the layout at compile time: runs of `length`
// slots, each run consecutive K values of one row of A (one column of B) that starts at a multiple
// of `length`. With the tile stored K-contiguous, a run is then one aligned vector read.
template <class Op, Operand Which>
struct KRuns {
  using C = FragmentCoords<Op, Which>;
  static_assert(Which == Operand::a || Which == Operand::b, "only A and B have a K dimension");
  static_assert(C::linear, "every slot must hold an element and split as lane part ^ slot part");

  // mn: the row of A or the column of B; k: the other coordinate (A is M x K, B is K x N).
  WMMASIM_HD static constexpr int mn(int lane, int e) { return Which == Operand::a ? C::row(lane, e) : C::col(lane, e); }
  WMMASIM_HD static constexpr int k(int lane, int e) { return Which == Operand::a ? C::col(lane, e) : C::row(lane, e); }

  WMMASIM_HD static constexpr int run_length() {
    int n = 1;
    while (n < C::size && mn(0, n) == mn(0, 0) && k(0, n) == k(0, 0) + n) ++n;
    return n;
  }
  static constexpr int length = run_length();

  WMMASIM_HD static constexpr bool runs() {
    if (C::size % length != 0 || (length & (length - 1)) != 0) return false;
    for (int lane = 0; lane < C::lanes; ++lane)
      for (int e = 0; e < C::size; ++e) {
        const int first = e - e % length;
        if (mn(lane, e) != mn(lane, first) || k(lane, e) != k(lane, first) + e % length || k(lane, first) % length != 0)
          return false;
      }
    return true;
  }
  static_assert(runs(), "this operand's fragment is not aligned runs of consecutive K of one row (A) or column (B)");
};

// A type of `Bytes` bytes that one memory instruction moves.
template <int Bytes> struct vector_of_bytes;
template <> struct vector_of_bytes<16> { using type = v4i; };
template <> struct vector_of_bytes<8> { using type = v2i; };
template <> struct vector_of_bytes<4> { using type = int; };
template <> struct vector_of_bytes<2> { using type = short; };
template <> struct vector_of_bytes<1> { using type = char; };

// Lane `lane`'s A or B fragment from a tile stored K-contiguous in LDS, element (mn, k) at
// tile[mn * Ld + k] (A row-major, B transposed): one vector read per run, or per 16 bytes of a
// longer run. `tile` must be 16-byte aligned.
// Always inlined: on the CPU, g++ otherwise keeps it out of line (the traced reads make it look
// big), and a 16-byte fragment returned through memory from two 8-byte reads costs the SIMT run of
// the example GEMM about 5 %.
template <class Op, Operand Which, class V, int Ld, class E>
WMMASIM_DEVICE __attribute__((always_inline)) inline V load_fragment_k_runs(int lane, const E* tile) {
  using R = KRuns<Op, Which>;
  static_assert(R::C::l.element_bits == 8 * sizeof(E) && R::C::size * sizeof(E) == sizeof(V), "fragment does not fill the vector");
  constexpr int run_bytes = R::length * static_cast<int>(sizeof(E));
  constexpr int piece = run_bytes < 16 ? run_bytes : 16, per_piece = piece / static_cast<int>(sizeof(E));
  static_assert(Ld * sizeof(E) % piece == 0, "tile rows must keep the runs aligned");
  using P = typename vector_of_bytes<piece>::type;
  unsigned char raw[sizeof(V)];
  for (int e = 0; e < R::C::size; e += per_piece) {
    // One aligned LDS read per run (load_as on a __shared__ tile: a traced LDS access on the CPU).
    const P p = load_as<P>(tile + R::mn(lane, e) * Ld + R::k(lane, e));
    __builtin_memcpy(raw + e * sizeof(E), &p, piece);
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
