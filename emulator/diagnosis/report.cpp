// Findings as text (one line each) and as JSON.
#include <nlohmann/json.hpp>

#include "checker.hpp"
#include "wmmasim/diagnosis/check.hpp"

namespace wmmasim::diagnosis {

std::string finding_line(const Finding& f) {
  std::string file = f.file;
  const std::size_t slash = file.find_last_of('/');
  if (slash != std::string::npos) file = file.substr(slash + 1);
  std::string counts;
  if (f.executions > 1 || f.launches > 1)
    counts = " (in " + std::to_string(f.executions) + (f.executions == 1 ? " execution" : " executions") +
             (f.launches > 1 ? " of " + std::to_string(f.launches) + " launches" : std::string()) + ")";
  const std::string where = file.empty() ? "wmmasim: kernel " + f.kernel : file + ":" + std::to_string(f.line) + ": " + f.instruction;
  return where + ": " + (f.severity == Finding::Severity::error ? "error: " : "note: ") + f.message + counts;
}

namespace detail {
std::string finding_key(const Finding& f) {
  return f.file + ":" + std::to_string(f.line) + "|" + f.kernel.substr(0, f.file.empty() ? std::string::npos : 0) + "|" + f.instruction +
         "|" + std::string(operand_name(f.operand)) + "|" + (f.severity == Finding::Severity::error ? "e|" : "n|") + f.cause;
}
}  // namespace detail

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
    j["launches"] = f.launches;
    j["message"] = f.message;
    out.push_back(std::move(j));
  }
  return out.dump(2);
}

}  // namespace wmmasim::diagnosis
