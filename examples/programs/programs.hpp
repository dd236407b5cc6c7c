// The example programs as runnable units: each runs its kernel per lane through the SIMT runtime on
// seeded inputs, and checks the result against the matrix API (the wave-level emulation of the same
// GEMM) bit for bit. `wmmasim run PROGRAM` and the tests use this list.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "wmmasim/layouts/instruction.hpp"
#include "wmmasim/matrix/gemm.hpp"
#include "wmmasim/simt/trace.hpp"

namespace wmmasim::examples {

struct ProgramArgs {
  int m = 128, n = 128, k = 128;
  std::uint64_t seed = 1;
  simt::TraceSink* trace = nullptr;  // records what each wave issued (for the cycle model)
};

struct ProgramRun {
  BitMatrix a, b, c;           // inputs (c: the accumulator the kernel starts from)
  BitMatrix d;                 // what the kernel wrote
  BitMatrix expected;          // the matrix API's result for the same inputs
  double seconds = 0;          // wall time of the SIMT launch
  long mismatches() const;
};

struct Program {
  std::string name, description;
  const Instruction* instruction;  // the builtin the kernel issues
  std::string constraints;         // shape rules, empty if any M, N, K works
  std::function<ProgramRun(const ProgramArgs&)> run;
};

const std::vector<Program>& programs();
const Program& find_program(const std::string& name);  // UserError naming the programs if unknown

}  // namespace wmmasim::examples
