// Generates HIP device sources from the instruction table: the hw kernels (one per program) and the
// signature check (every builtin called with exactly its clang-19 parameter types).
#pragma once

#include <string>
#include <vector>

#include <functional>

#include "wmmasim/hw/programs.hpp"

namespace wmmasim::hw {

// One kernel per program of `arch` and `wave`, plus `wmmasim_realtime_probe` (the runner's wall-clock
// calibration). Compile with -mwavefrontsize64 when wave == 64.
std::string device_source(Arch arch, int wave);

// A signature case: one builtin, called with exact argument types, optionally with one type changed.
struct SignatureCase {
  const Instruction* ins = nullptr;
  int mutated = -2;      // -2: none; -1: the result type; i >= 0: parameter i
  std::string change;    // e.g. "parameter 4: s -> i"
  int first_line = 0, last_line = 0;  // lines of the generated source that belong to the case
};

// With mutate = false every case must compile; with mutate = true every case changes one type to a
// neighbouring one (the clang-22 spelling or another element type) and must fail.
std::string signature_source(Arch arch, int wave, bool mutate, std::vector<SignatureCase>& cases);

// Shared by the program and probe generators.
BuiltinCall call_of(const Instruction& ins);  // the builtin's parameters, parsed from its clang type
std::string operand_var(Operand op);          // a, b, c, idx, d
// The builtin call expression: constant flags from `flags` as true/false, the load_tr pointer as
// `src`, operands named by var(op).
std::string call_text(const Instruction& ins, std::uint16_t flags, const std::function<std::string(Operand)>& var);

}  // namespace wmmasim::hw
