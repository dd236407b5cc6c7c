// `wmmasim eval`: evaluates matrix-level cases (JSON Lines on stdin, docs/eval-format.md) with a
// numerics model and writes each case back with its computed `d`; --check compares with `D`.
// The cases are read and computed by the eval library (wmmasim/eval); this file handles the options
// and prints.
#include <iostream>
#include <memory>
#include <string>

#include "command.hpp"
#include "wmmasim/error.hpp"
#include "wmmasim/eval/case.hpp"
#include "wmmasim/eval/line_reader.hpp"
#include "wmmasim/layouts/instruction_table.hpp"
#include "wmmasim/numerics/numerics.hpp"
#include "wmmasim/runfile/probe_calibration.hpp"

namespace wmmasim::cli {
namespace {

struct EvalOptions {
  std::string calibration_path;
  eval::Settings settings;  // the calibration's numerics part picks the default model per builtin
};

void print_mismatch(const eval::Mismatch& m) {
  std::cerr << "mismatch: " << m.id << " (" << m.instruction << ", line " << m.line;
  if (m.row < 0) {
    std::cerr << "): expected " << eval::hex_string(m.expected, m.bits) << ", got " << eval::hex_string(m.got, m.bits) << "\n";
    return;
  }
  std::cerr << ") D[" << m.row << "][" << m.col << "] lane " << m.place.lane << " v" << m.place.vgpr << "[" << m.place.bit_hi
            << ":" << m.place.bit_lo << "]: expected " << eval::hex_string(m.expected, m.bits) << ", got "
            << eval::hex_string(m.got, m.bits) << ", "
            << (m.ulps < 0 ? std::string("NaN involved") : std::to_string(m.ulps) + " ulp") << "\n";
}

// `--model list`: every model with its status and what it is (for FP8, which public observations it
// is consistent with), and the instructions it applies to.
int list_models() {
  for (const Model* m : all_models()) {
    int applies = 0, default_for = 0;
    for (const Instruction& ins : kInstructions) {
      if (!model_applies(*m, ins)) continue;
      ++applies;
      default_for += &default_model(ins) == m;
    }
    std::cout << m->name << (m->hardware_qualified ? "  [hardware-qualified]" : "  [not hardware-qualified]") << "  applies to "
              << applies << " instructions, the default for " << default_for << "\n  " << m->description << "\n";
  }
  return 0;
}

int run_eval(EvalOptions& o) {
  if (o.settings.model == "list") return list_models();
  if (!o.calibration_path.empty()) o.settings.calibration = runfile::load_calibration_file(o.calibration_path);
  if (!o.settings.model.empty() && find_model(o.settings.model) == nullptr) {
    std::string known;
    for (const Model* m : all_models()) known += (known.empty() ? "" : ", ") + std::string(m->name);
    throw UserError("unknown model '" + o.settings.model + "' (known models: " + known + ").");
  }
  long cases = 0, elements = 0, mismatches = 0, malformed = 0;
  eval::LineReader reader(std::cin);
  std::string text;
  long line = 0;
  bool too_long = false;
  while (reader.next(text, line, too_long)) {
    const eval::Evaluated r = too_long ? eval::Evaluated{false, {}, "line " + std::to_string(line) + " is longer than " +
                                                           std::to_string(eval::kMaxLineBytes >> 20) + " MiB, the most a case may take.", 0, {}}
                                       : eval::evaluate_line(text, line, o.settings);
    if (!r.valid) {
      ++malformed;
      std::cerr << "wmmasim eval: " << r.error << "\n";
      continue;
    }
    ++cases;
    elements += r.elements_checked;
    mismatches += static_cast<long>(r.mismatches.size());
    for (const eval::Mismatch& m : r.mismatches) print_mismatch(m);
    std::cout << r.record.dump() << "\n";
    if (!std::cout) break;  // the reader has gone (main.cpp decides what that means); stop computing
  }
  std::cout.flush();
  if (o.settings.check)
    std::cerr << "wmmasim eval: " << cases << " cases, " << elements << " elements checked, " << mismatches
              << " mismatches" << (malformed ? ", " + std::to_string(malformed) + " malformed lines" : "") << "\n";
  if (malformed) return 2;
  return mismatches ? 1 : 0;
}

RegisterCommand eval_command(
    "eval", "Evaluate matrix-level cases (JSON Lines on stdin) bit-exactly; --check compares with D",
    [](CLI::App& sub) {
      auto o = std::make_shared<EvalOptions>();
      sub.add_flag("--check", o->settings.check, "compare with each case's D (or d) and report every mismatch; exit 1 if any");
      sub.add_option("--model", o->settings.model, "numerics model (default: the instruction's default model); "
                                                    "--model list prints every model and its status");
      sub.add_option("--calibration", o->calibration_path,
                     "a calibration JSON from a probe verdict: its numerics part picks each builtin's default model");
      sub.footer("Input and output format: docs/eval-format.md");
      return std::function<int()>([o] { return run_eval(*o); });
    });

}  // namespace
}  // namespace wmmasim::cli
