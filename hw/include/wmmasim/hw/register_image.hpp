// Per-lane register words <-> matrix-level element bits, through an operand's layout (both
// directions). Matrix order: key-major (SWMMAC index sets), then row-major, ISA K labels — the
// convention of run files. Places that hold no element (unused halves, ignored lanes) read as
// nothing and are written as 0; an element held in several places (RDNA3's replicated A/B) is read
// from the first place in lane/VGPR order and written to every place.
#pragma once

#include <cstdint>
#include <vector>

#include "wmmasim/layouts/linear_layout.hpp"

namespace wmmasim::hw {

inline std::size_t matrix_index(const LinearLayout& l, const Element& e) {
  return (static_cast<std::size_t>(e.key) * l.rows() + e.row) * l.cols() + e.col;
}
inline std::size_t matrix_elements(const LinearLayout& l) {
  return static_cast<std::size_t>(l.keys()) * l.rows() * l.cols();
}

// Visits every register place that holds an element: f(word index, bit_lo, element index).
template <class F>
void for_each_place(const LinearLayout& l, int lanes, int words_per_lane, F&& f) {
  for (int lane = 0; lane < lanes; ++lane)
    for (int v = 0; v < words_per_lane; ++v)
      for (int pos = 0; pos < l.elements_per_vgpr(); ++pos) {
        const int bit = l.bit_offset + pos * l.element_bits;
        Element e;
        if (!l.element_at(lane, v, bit, e)) continue;
        f(static_cast<std::size_t>(lane) * words_per_lane + v, bit, matrix_index(l, e));
      }
}

inline std::uint32_t element_mask(const LinearLayout& l) {
  return l.element_bits >= 32 ? 0xFFFFFFFFu : (1u << l.element_bits) - 1u;
}

inline std::vector<std::uint32_t> words_from_matrix(const LinearLayout& l, int lanes, int words_per_lane,
                                                    const std::vector<std::uint32_t>& elements) {
  std::vector<std::uint32_t> words(static_cast<std::size_t>(lanes) * words_per_lane, 0);
  const std::uint32_t mask = element_mask(l);
  for_each_place(l, lanes, words_per_lane, [&](std::size_t w, int bit, std::size_t i) {
    words[w] = (words[w] & ~(mask << bit)) | (elements[i] & mask) << bit;
  });
  return words;
}

inline std::vector<std::uint32_t> matrix_from_words(const LinearLayout& l, int lanes, int words_per_lane,
                                                    const std::vector<std::uint32_t>& words) {
  std::vector<std::uint32_t> elements(matrix_elements(l), 0);
  std::vector<bool> seen(elements.size(), false);
  const std::uint32_t mask = element_mask(l);
  for_each_place(l, lanes, words_per_lane, [&](std::size_t w, int bit, std::size_t i) {
    if (seen[i]) return;
    seen[i] = true;
    elements[i] = words[w] >> bit & mask;
  });
  return elements;
}

}  // namespace wmmasim::hw
