// The questions `wmmasim layout` answers about single elements and registers. Each returns the
// printed answer; bad input throws UserError (one sentence).
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "wmmasim/layouts/views/operand_view.hpp"

namespace wmmasim::views {

// NAME[row][col] as typed by a user, e.g. "A[3][9]".
struct ElementRef {
  std::string name;
  int row = 0, col = 0;
};
ElementRef parse_element_ref(std::string_view text);

// Where an element lives, one line per place: "A[3][9] -> lane 3, v2, bits [31:16]  (v2{3}.[31:16])".
// Names: A, B, C, D (dense K for SWMMAC A, answered with both stored slots of its group), Ac (SWMMAC
// stored A, column = 2G+s), K (sparse-index field covering dense k, as in the spec), idx (index
// field of group G), in (global_load_tr source element).
std::string where(const Instruction& ins, std::string_view ref, const ViewOptions& options);

// What a register holds: every element in VGPR `vgpr` of `lane`, for `operand` or every operand
// that has that VGPR; with `bit`, only the element covering that bit.
std::string register_contents(const Instruction& ins, std::optional<Operand> operand, int lane, int vgpr,
                              std::optional<int> bit, const ViewOptions& options);

// The dot product producing one element of D, each term with the register places of its factors.
std::string expand(const Instruction& ins, std::string_view ref, const ViewOptions& options);

}  // namespace wmmasim::views
