// The register-file side of an operand: which element every (lane, slot) holds. Shared by the
// ascii, markdown and html views so that they cannot disagree.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "wmmasim/layouts/views/operand_view.hpp"

namespace wmmasim::views {

struct RegisterTable {
  std::vector<Slot> slots;
  std::vector<std::string> headers;                       // "v0[15:0]", "v3" (index: "v0[7:4] set 1")
  std::vector<std::vector<std::optional<Element>>> cells;  // [lane][slot]
};

RegisterTable register_table(const OperandView& view);

// "v2[31:16]", or "v2" when the element fills the VGPR.
std::string slot_name(const Slot& slot);

}  // namespace wmmasim::views
