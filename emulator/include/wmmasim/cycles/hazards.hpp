// Software hazards a program must avoid itself (timing.md 3.1) and the rocRoller padding rule for
// VALU access to WMMA results (timing.md 3.2), checked per wave on the issued instruction order.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "wmmasim/cycles/trace.hpp"

namespace wmmasim::cycles {

enum class HazardId : std::uint8_t {
  wh1,       // WMMA/SWMMAC D feeds the next WMMA/SWMMAC's A or B with no VALU between
  wh2,       // WMMA/SWMMAC D feeds the next SWMMAC's index with no VALU between
  rocroller, // a VALU reads or writes a WMMA's D fewer than 4 (8-pass) / 8 (16-pass) instructions later
};
std::string_view hazard_name(HazardId id);  // "WH1", "WH2", "rocRoller-WMMA-D"

enum class Severity : std::uint8_t { warning, error };

struct Hazard {
  HazardId id;
  Severity severity;
  int wave_id;
  std::size_t index;          // position of the second instruction in the wave's trace
  std::size_t producer_index; // position of the WMMA that wrote the registers
  SourceLocation where;       // of the second instruction
  SourceLocation producer_where;
  std::string message;        // one sentence
};

// WH1 and WH2 are errors in strict mode and warnings otherwise. The rocRoller rule is always a
// warning: LLVM relies on a hardware interlock instead, and test T4 has not decided who is right.
std::vector<Hazard> check_hazards(const Program& program, bool strict);

// Strict mode for library users: throws UserError with the first error's sentence, if any.
void require_no_hazard_errors(const std::vector<Hazard>& hazards);

}  // namespace wmmasim::cycles
