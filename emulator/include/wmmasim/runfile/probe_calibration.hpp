// Loading a calibration file for the emulator: either the cycle model's own format
// (wmmasim-cycles-calibration-1, docs/cycles.md) or the combined file a probe verdict writes
// (wmmasim-calibration-1: a cycles part and a numerics part naming the model each builtin should use
// by default). `wmmasim run --calibration` and `wmmasim eval --calibration` read both.
#pragma once

#include <map>
#include <optional>
#include <string>

#include "wmmasim/cycles/parameters.hpp"
#include "wmmasim/numerics/numerics.hpp"

namespace wmmasim::runfile {

inline constexpr const char* kCalibrationFormat = "wmmasim-calibration-1";

struct Calibration {
  cycles::Parameters cycles;                         // defaults when the file has no cycles part
  std::map<std::string, const Model*> models;        // builtin name (no prefix) -> model
};

// Throws UserError with one sentence naming the file (and the key) for any problem.
Calibration load_calibration_file(const std::string& path);
Calibration parse_calibration_file(const std::string& json_text, const std::string& path);

// The calibrated model of `ins`, or its default model.
const Model& calibrated_model(const Calibration& c, const Instruction& ins);

}  // namespace wmmasim::runfile
