// Findings as text (one line each) and as JSON.
#include <nlohmann/json.hpp>

#include "wmmasim/diagnosis/check.hpp"

namespace wmmasim::diagnosis {

std::string finding_line(const Finding& f) {
  std::string file = f.file;
  const std::size_t slash = file.find_last_of('/');
  if (slash != std::string::npos) file = file.substr(slash + 1);
  return file + ":" + std::to_string(f.line) + ": " + f.instruction + ": " +
         (f.severity == Finding::Severity::error ? "error: " : "note: ") + f.message;
}

std::string findings_json(const std::vector<Finding>& findings) {
  nlohmann::json out = nlohmann::json::array();
  for (const Finding& f : findings) {
    nlohmann::json j;
    j["severity"] = f.severity == Finding::Severity::error ? "error" : "note";
    j["kernel"] = f.kernel;
    j["instruction"] = f.instruction;
    j["file"] = f.file;
    j["line"] = f.line;
    j["block"] = {f.block.x, f.block.y, f.block.z};
    j["wave"] = f.wave;
    j["operand"] = std::string(operand_name(f.operand));
    if (f.lane >= 0) j["place"] = {{"lane", f.lane}, {"vgpr", f.vgpr}, {"bit_lo", f.bit_lo}, {"bit_hi", f.bit_hi}};
    if (!f.found.empty()) j["found"] = f.found;
    if (!f.expected.empty()) j["expected"] = f.expected;
    j["mistake"] = f.mistake.empty() ? nlohmann::json(nullptr) : nlohmann::json(f.mistake);
    j["executions"] = f.executions;
    j["message"] = f.message;
    out.push_back(std::move(j));
  }
  return out.dump(2);
}

}  // namespace wmmasim::diagnosis
