#include "wmmasim/runfile/probe_calibration.hpp"

#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "wmmasim/error.hpp"
#include "wmmasim/layouts/instruction_table.hpp"
#include "wmmasim/layouts/lookup.hpp"

namespace wmmasim::runfile {

Calibration parse_calibration_file(const std::string& text, const std::string& path) {
  const std::string where = "calibration file " + path + ": ";
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(text);
  } catch (const nlohmann::json::exception&) {
    // The cycles parser words syntax errors (and numbers out of range) with line and column; let it say it.
    return {cycles::parse_calibration(text, path), {}};
  }
  if (!j.is_object() || !j.contains("format") || j["format"] != kCalibrationFormat)
    return {cycles::parse_calibration(text, path), {}};  // the cycle model's own format (or its error)
  Calibration c;
  for (const auto& [key, value] : j.items())
    if (key != "format" && key != "cycles" && key != "numerics" && key != "source" && key != "producer")
      throw UserError(where + "unknown key \"" + quoted_input(key) + "\" (expected format, source, producer, cycles, numerics)");
  if (j.contains("cycles")) {
    if (!j["cycles"].is_object()) throw UserError(where + "\"cycles\" must be an object in the cycle model's calibration format");
    c.cycles = cycles::parse_calibration(j["cycles"].dump(), path);
  }
  if (j.contains("numerics")) {
    const nlohmann::json& n = j["numerics"];
    if (!n.is_object() || (n.contains("models") && !n["models"].is_object()))
      throw UserError(where + "\"numerics\" must be an object whose \"models\" maps builtin names to model names");
    const nlohmann::json models = n.value("models", nlohmann::json::object());
    for (const auto& [builtin, model] : models.items()) {
      const Instruction* ins = find_builtin(builtin);
      if (!ins) throw UserError(where + "numerics.models names \"" + quoted_input(builtin) + "\", which is not a builtin of the table");
      if (!model.is_string()) throw UserError(where + "numerics.models." + quoted_input(builtin) + " must be a model name (a string)");
      const Model* m = find_model(model.get<std::string>());
      if (!m) throw UserError(where + "numerics.models." + quoted_input(builtin) + " is \"" + quoted_input(model.get<std::string>()) + "\", which is not a model");
      if (!model_applies(*m, *ins))
        throw UserError(where + "numerics.models." + builtin + ": model " + std::string(m->name) + " does not apply to that builtin");
      c.models[std::string(ins->name)] = m;
    }
  }
  return c;
}

Calibration load_calibration_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw UserError("calibration file " + path + ": cannot be read (missing or unreadable)");
  std::stringstream s;
  s << in.rdbuf();
  return parse_calibration_file(s.str(), path);
}

const Model& calibrated_model(const Calibration& c, const Instruction& ins) {
  const auto it = c.models.find(std::string(ins.name));
  return it != c.models.end() ? *it->second : default_model(ins);
}

}  // namespace wmmasim::runfile
