// The example programs as runnable units: each runs its kernel per lane through the SIMT runtime on
// seeded inputs, and checks the result against the matrix API (the wave-level emulation of the same
// GEMM) bit for bit. `wmmasim run PROGRAM` and the tests use this list.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "wmmasim/layouts/instruction.hpp"
#include "wmmasim/matrix/gemm.hpp"
#include "wmmasim/simt/layout_check.hpp"
#include "wmmasim/simt/trace.hpp"

namespace wmmasim::examples {

struct ProgramArgs {
  int m = 128, n = 128, k = 128;
  std::uint64_t seed = 1;
  simt::TraceSink* trace = nullptr;  // records what each wave issued (for the cycle model)
  simt::LayoutCheck* check_layouts = nullptr;  // checks every fragment against its layout (docs/diagnosis.md)
};

struct ProgramRun {
  BitMatrix a, b, c;           // inputs (c: the accumulator the kernel starts from)
  BitMatrix d;                 // what the kernel wrote
  BitMatrix expected;          // the matrix API's result for the same inputs
  double seconds = 0;          // wall time of the SIMT launch
  long mismatches() const;
};

// What a program's kernel starts from and how it is launched, from the arguments alone: the SIMT run
// above and `wmmasim hw run PROGRAM` (hw/runner) both start here, so they get the same inputs for a
// seed and the same shape rules (UserError naming the rule).
struct ProgramSetup {
  BitMatrix a, b, c;                    // c: the accumulator the kernel starts from
  unsigned grid_x = 1, grid_y = 1;      // work-groups
  unsigned block = 32;                  // work-items per work-group
  std::vector<std::string> modifiers;   // run-file flags of the builtin call (iu8: signed_a, signed_b)
};

struct Program {
  std::string name, description;
  const Instruction* instruction;  // the builtin the kernel issues
  std::string constraints;         // shape rules, empty if any M, N, K works
  std::function<ProgramRun(const ProgramArgs&)> run;
  std::function<ProgramSetup(const ProgramArgs&)> setup;  // inputs and launch shape; checks the shape rules
};

const std::vector<Program>& programs();
const Program& find_program(const std::string& name);  // UserError naming the programs if unknown

}  // namespace wmmasim::examples
