// Comparing outputs: a run file against the emulator's replay of it, or two run files against each
// other. Every differing element is reported with its register place, bits and distance in ULPs.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "wmmasim/layouts/linear_layout.hpp"
#include "wmmasim/runfile/replay.hpp"

namespace wmmasim::runfile {

struct ElementMismatch {
  std::string output;  // "D"
  int row = 0, col = 0;
  Place place{-1, -1, -1, -1};  // lane -1: no register place (DOT2, or D of unknown layout)
  std::uint32_t expected = 0, got = 0;
  long long ulps = 0;
  int bits = 32;
};

struct ProgramDiff {
  std::string program;
  std::string model;             // emulator model used (replays), or "" (two files)
  bool hardware_qualified = true;
  std::vector<std::string> caveats;
  long compared = 0;
  std::vector<ElementMismatch> mismatches;
  std::optional<double> measured_cycles, predicted_cycles;  // timed programs
  std::string error;             // why the program could not be compared ("" if it was)
  std::vector<std::string> explanations;  // catalogue mistakes that reproduce the differing D bit for bit
};

struct DiffReport {
  std::vector<ProgramDiff> programs;
  long mismatches() const;
  long compared() const;
  long errors() const;
};

// Replays every program of `run` on the emulator and compares the outputs.
DiffReport diff_against_emulator(const RunFile& run, const Model* model = nullptr);
// Compares two run files program by program (matched by name; `expected` is the first).
DiffReport diff_runs(const RunFile& expected, const RunFile& got);

std::string text_report(const DiffReport& report, int max_lines_per_program = 20);

}  // namespace wmmasim::runfile
