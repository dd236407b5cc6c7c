// Verdicts on a probe file (`wmmasim hw probe` output, a run file whose programs are probes of
// wmmasim/hw/probes.hpp): for each values probe, which candidate hypotheses reproduce the recorded
// bits of D; for each timed probe, the value of the cycle-model parameter it calibrates, fitted with
// the model itself (the parameter value whose predicted metric_value is closest to the measured one).
// Nothing here runs a GPU: it judges whatever the file says, hardware or synthetic.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "wmmasim/runfile/run_file.hpp"

namespace wmmasim::runfile {

// One candidate's prediction of D: element bits, and where any NaN counts as a match (a rule that
// says "NaN" without saying which NaN).
struct Expected {
  Matrix d;
  std::vector<bool> any_nan;
};

struct ProbeVerdict {
  std::string probe, question, arch, instruction;
  bool timed = false;
  std::vector<std::string> candidates;  // values: every hypothesis the probe names
  std::vector<std::string> matching;    // those whose D equals the recorded D bit for bit
  // Timed probes.
  std::string benchmark, parameter;     // cycle-model microbenchmark and the parameter fitted ("" if none)
  std::optional<double> measured_metric, default_metric;
  std::optional<double> fitted;         // the parameter value (coexec: 0 or 1)
  std::string error;                    // why the record could not be judged ("" if it was)
};

struct VerdictReport {
  std::string source;
  std::vector<ProbeVerdict> probes;
  long errors() const;
  long unexplained() const;  // values probes that no candidate reproduces
};

// True if any program of the run is a probe of the suite.
bool is_probe_run(const RunFile& run);

// Every hypothesis of a probe: "model:NAME" for each model of models_for(instruction), then the
// probe's alternatives. Throws UserError for an unknown probe name.
std::vector<std::string> probe_hypotheses(const std::string& probe_name);
// What hypothesis `h` predicts for a probe record (its inputs and modifiers).
Expected hypothesis_output(const ProgramRecord& record, const std::string& h);

VerdictReport probe_verdicts(const RunFile& run, const std::string& source);
std::string verdict_text(const VerdictReport& report);

// The calibration file (docs/hw.md "Verdicts and calibration"): {"format": "wmmasim-calibration-1",
// "cycles": <a wmmasim-cycles-calibration-1 object>, "numerics": {"models": {builtin: model}}}.
nlohmann::json calibration_json(const VerdictReport& report, const RunFile& run);

}  // namespace wmmasim::runfile
