// Replaying a run file's program on the emulator: the same instruction (or example GEMM) on the
// recorded inputs, giving the outputs the emulator predicts for it.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "wmmasim/numerics/numerics.hpp"
#include "wmmasim/runfile/run_file.hpp"

namespace wmmasim::runfile {

// Modifier flag names of run files (hw programs use the first four):
//   signed_a signed_b clamp opsel  neg_lo_a neg_lo_b neg_lo_c  neg_hi_a neg_hi_b neg_hi_c
//   fp16_ovfl (MODE bit 23)  index_key=N  exec=0xMASK (EXEC while the instruction issued; the emulator
//   ignores EXEC, spec numerics.md 9.1, so a replay computes every lane and says so)
struct ProgramModifiers {
  Modifiers numerics;
  int opsel = 0;  // RDNA3 16-bit outputs: the register half of C and D
  std::optional<std::uint64_t> exec;  // bit L = lane L
};
ProgramModifiers parse_modifiers(const std::vector<std::string>& names, const std::string& program);
std::vector<std::string> modifier_names(const Modifiers& m, int opsel);

struct Replay {
  std::map<std::string, Matrix> outputs;  // what the emulator computes, by output name
  std::string model;                      // the numerics model used ("" for pure data movement)
  bool hardware_qualified = true;
  std::vector<std::string> caveats;
};

// Throws UserError (one sentence naming the program) for a record the emulator cannot replay.
Replay replay(const ProgramRecord& program, const Model* model = nullptr);

// Which catalogue mistakes (wmmasim/diagnosis/explain.hpp) turn the program's inputs into `observed`
// D bit for bit, as sentences; empty when none does or the program is not a dense WMMA on A, B, C.
std::vector<std::string> explain_output(const ProgramRecord& program, const Matrix& observed, const Model* model = nullptr);

}  // namespace wmmasim::runfile
