// The eval case format (docs/eval-format.md): matrix-level cases as JSON Lines, the hardware
// captures' format extended to every instruction of the table. This is its one reader: it checks a
// case, computes it with a numerics model and adds the result to the case. `wmmasim eval` only
// handles its options and prints.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "wmmasim/layouts/linear_layout.hpp"
#include "wmmasim/runfile/probe_calibration.hpp"

namespace wmmasim::eval {

using Json = nlohmann::ordered_json;

struct Settings {
  bool check = false;               // compare with each case's D (DOT2: d)
  std::string model;                // empty: the calibrated or default model of each instruction
  runfile::Calibration calibration;
};

// One element whose computed bits differ from the case's expected D.
struct Mismatch {
  std::string id, instruction;
  long line = 0;
  int row = -1, col = -1;  // -1: a DOT2 case's single result word
  Place place{};           // where D[row][col] sits in the registers
  int bits = 32;
  std::uint32_t expected = 0, got = 0;
  long long ulps = -1;     // -1: NaN involved
};

// One evaluated line: either `record` (the case with `d`, `model`, ... added) or `error`, one
// sentence starting with "line N".
struct Evaluated {
  bool valid = false;
  Json record;
  std::string error;
  long elements_checked = 0;
  std::vector<Mismatch> mismatches;
};

// Raw bits as the format writes them: "0x" and (bits + 3) / 4 hex digits.
std::string hex_string(std::uint32_t v, int bits);

Evaluated evaluate_line(std::string_view text, long line, const Settings& settings);

// Adds the result to the parsed case `rec` in place. Throws UserError (one sentence) or
// nlohmann::json::exception for a case that is not valid.
Evaluated evaluate_case(Json rec, long line, const Settings& settings);

}  // namespace wmmasim::eval
