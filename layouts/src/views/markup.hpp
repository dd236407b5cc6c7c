// Small helpers shared by the SVG and HTML writers (internal to the views library).
#pragma once

#include <string>
#include <string_view>

#include "wmmasim/layouts/views/operand_view.hpp"

namespace wmmasim::views::markup {

// Escapes text for XML character data and attribute values.
inline std::string escape(std::string_view s) {
  std::string r;
  for (char c : s) {
    switch (c) {
      case '&': r += "&amp;"; break;
      case '<': r += "&lt;"; break;
      case '>': r += "&gt;"; break;
      case '"': r += "&quot;"; break;
      default: r += c;
    }
  }
  return r;
}

// Fill colours of lane groups 0..3 (lanes 0-15 rose and 16-31 grey, as in AMD's figures).
inline const char* lane_group_colour(int group) {
  static const char* kColours[] = {"#f4c7c3", "#d9d9d9", "#c9daf8", "#d9ead3"};
  return kColours[group & 3];
}

inline std::string lane_group_range(int group) {
  return "lanes " + std::to_string(16 * group) + "\u2013" + std::to_string(16 * group + 15);
}

// "L3" or, for replicated elements, "L3,19,35,51".
inline std::string lanes_text(const ElementPlaces& ep) {
  std::string s = "L";
  for (std::size_t i = 0; i < ep.places.size(); ++i) s += (i ? "," : "") + std::to_string(ep.places[i].lane);
  return s;
}

// "v2" and, when a VGPR holds more than this element, its bit range "[31:16]".
inline std::string vgpr_text(const Place& p) { return "v" + std::to_string(p.vgpr); }
inline std::string bits_text(const Place& p) {
  return "[" + std::to_string(p.bit_hi) + ":" + std::to_string(p.bit_lo) + "]";
}

}  // namespace wmmasim::views::markup
