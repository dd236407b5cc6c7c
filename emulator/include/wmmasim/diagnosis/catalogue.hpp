// The catalogue of classic fragment mistakes, each a transformation of the operand's layout bit map:
// what every slot holds when a kernel makes that mistake. The layout check compares an observed
// fragment with these maps to name the mistake; `wmmasim diff` applies them to whole input matrices
// to find the one that reproduces an observed D.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "wmmasim/diagnosis/slot_map.hpp"
#include "wmmasim/layouts/instruction.hpp"
#include "wmmasim/layouts/operand_layout.hpp"

namespace wmmasim::diagnosis {

// One entry of the catalogue (the ids are stable: tests and tools match on them).
struct Mistake {
  std::string_view id;
  std::string_view summary;  // one line, for --help and docs
};
const std::vector<Mistake>& mistakes();

// One mistake made concrete for an instruction's operand.
struct Candidate {
  std::string id;    // Mistake::id
  std::string text;  // what the kernel did, e.g. "B transposed: element (k, n) of B was read from (n, k)"
  SlotMap map;       // what each slot holds under the mistake
};

// Every catalogue mistake that applies to `op` of `ins` and gives a map different from the layout's,
// most specific first. The RDNA3 16-bit OPSEL half is not a map of elements (it moves whole halves)
// and is detected by the check from the tags' half bit instead.
std::vector<Candidate> candidates(const Instruction& ins, Operand op, const LayoutOptions& options = {});

// The same name both front ends print: "B transposed" etc. for the ids above.
std::string mistake_text(std::string_view id, Operand op);

}  // namespace wmmasim::diagnosis
