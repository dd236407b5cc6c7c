#include <nlohmann/json.hpp>

#include "wmmasim/cycles/report.hpp"

namespace wmmasim::cycles {
namespace {

nlohmann::json stalls_json(const StallCounts& s) {
  nlohmann::json j = nlohmann::json::object();
  for (std::size_t c = 0; c < kStallCauseCount; ++c) j[std::string(stall_name(static_cast<StallCause>(c)))] = s[c];
  return j;
}

}  // namespace

std::string json_report(const Prediction& p, int indent) {
  using nlohmann::json;
  json j;
  j["format"] = "wmmasim-cycles-prediction-1";
  j["program"] = p.program;
  j["model"] = p.model;
  j["hardware_qualified"] = false;
  json params = json::object();
  for (const ParameterInfo& row : parameter_table())
    params[std::string(row.key)] = parameter_value(p.parameters, row.key);
  j["parameters"] = params;
  j["parameters_origin"] = p.parameters.origin;
  j["kernel_cycles"] = p.kernel_cycles;
  j["ops"] = p.ops();
  j["stalls"] = stalls_json(p.stalls);
  j["simds"] = json::array();
  j["waves"] = json::array();
  for (const SimdResult& s : p.simds)
    j["simds"].push_back({{"simd", s.simd},
                          {"waves", s.waves},
                          {"end", s.end},
                          {"wmma_busy", s.wmma_busy},
                          {"valu_busy", s.valu_busy},
                          {"ops", s.ops},
                          {"wmma_port_utilization", s.utilization()},
                          {"flop_per_clk", s.flop_per_clk()},
                          {"sustained_flop_per_clk", s.sustained_flop_per_clk()},
                          {"wmma_first_issue", s.wmma_first},
                          {"wmma_last_release", s.wmma_last_release}});
  for (const WaveResult& w : p.waves)
    j["waves"].push_back({{"wave", w.wave_id},
                          {"simd", w.simd},
                          {"block", w.block},
                          {"wave_size", w.wave_size},
                          {"launch", w.launch},
                          {"end", w.end},
                          {"cycles", w.cycles()},
                          {"timed_cycles", w.timed_cycles()},
                          {"timer_reads", w.timer_reads},
                          {"wmma", w.wmma_count},
                          {"ops", w.ops},
                          {"stalls", stalls_json(w.stalls)}});
  j["hazards"] = json::array();
  for (const Hazard& h : p.hazards)
    j["hazards"].push_back({{"id", std::string(hazard_name(h.id))},
                            {"severity", h.severity == Severity::error ? "error" : "warning"},
                            {"wave", h.wave_id},
                            {"index", h.index},
                            {"producer_index", h.producer_index},
                            {"where", to_string(h.where)},
                            {"producer_where", to_string(h.producer_where)},
                            {"message", h.message}});
  return j.dump(indent);
}

}  // namespace wmmasim::cycles
