// Parameter defaults, their provenance, and calibration files.
#include "wmmasim/cycles/parameters.hpp"

#include <cmath>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "wmmasim/error.hpp"
#include "wmmasim/json_error.hpp"
#include "wmmasim/layouts/instruction_table.hpp"
#include "wmmasim/layouts/lookup.hpp"

namespace wmmasim::cycles {

std::string to_string(const LatencyRule& r) {
  std::string p;
  if (r.per_p == 0.5) p = "P/2";
  else if (r.per_p == 1.0) p = "P";
  else if (r.per_p != 0.0) {
    std::ostringstream s;
    s << r.per_p << "*P";
    p = s.str();
  }
  if (p.empty()) return std::to_string(r.fixed);
  if (r.fixed == 0) return p;
  return p + (r.fixed > 0 ? " + " : " - ") + std::to_string(std::abs(r.fixed));
}

int Parameters::occupancy(const Instruction& ins) const {
  int p = ins.issue_cycles;
  if (auto it = p_override.find(ins.name); it != p_override.end()) p = it->second;
  return ins.wave == 64 ? p * k64 : p;
}

const std::vector<ParameterInfo>& parameter_table() {
  // Sources are the tags of timing.md section 0; [L] values are unmeasured guesses to be replaced by
  // the named microbenchmark.
  static const std::vector<ParameterInfo> rows = {
      {"P", "VALU-port cycles of one WMMA/SWMMAC, per builtin (object: builtin name -> cycles)",
       "instruction table issue_cycles (16 f16/bf16, 8 for 8-bit and 4-bit)", "H", "CALC, ROCROLLER, TRACE (timing.md 2)", "T1"},
      {"k64", "wave64 multiplier on P", "1", "M", "CALC gives one cycle count for both wave sizes (timing.md 2)", "T7"},
      {"coexec", "ordinary VALU may issue while a WMMA holds the VALU port", "false", "H",
       "CALC 'Can co-execute with VALU: False' (timing.md 1)", "T5"},
      {"b_acc", "extra cycles before a WMMA result can be the next WMMA's C (exact overlap)", "0", "L",
       "LLVM-HZ: hardware stalls, no count published (timing.md 3.1)", "T2"},
      {"L_ab", "cycles after the end of P before a WMMA result can be the next WMMA's A or B", "P/2", "L",
       "guess by analogy with L_valu (timing.md 4.1)", "T3"},
      {"L_idx", "cycles after the end of P before a WMMA result can be a SWMMAC index", "= L_ab", "L",
       "timing.md 4.1", "T8"},
      {"L_valu", "cycles after the end of P before a VALU may read (or write) a WMMA result", "P/2", "L",
       "ROCROLLER 4/8-NOP rule read as a latency (timing.md 3.2)", "T4"},
      {"L_v", "ordinary VALU result latency", "5", "M", "LLVM SISchedule.td Write32Bit = 5 (timing.md 3.3)", "T4 variant"},
      {"valu_cycles_wave64", "VALU-port cycles of one wave64 VALU instruction (two halves)", "2", "L",
       "unmeasured guess; not in timing.md", "T7"},
      {"L_sgetreg", "cycles until a shader-cycle counter read returns", "8", "L", "RDNA3-ISA 3.4.10 (timing.md 4.1)", "T0"},
      {"lds_load_latency", "LDS load latency after the LDS pipe accepts it", "31", "L",
       "RDNA3 gfx1100 seed document (timing.md 3.3)", "T6"},
      {"lds_store_latency", "LDS store completion latency (a barrier waits for it)", "33", "L",
       "RDNA3 gfx1100 seed document (timing.md 3.3)", "T6"},
      {"lds_bytes_per_clk_per_cu", "LDS bandwidth shared by the SIMDs of a CU", "128", "L",
       "32 banks x 4 B (timing.md 7.2)", "T6"},
      {"global_load_latency", "global load latency after the memory pipe accepts it", "300", "L",
       "RDNA3 gfx1100 seed document, VMEM ~300 (timing.md 3.3)", "T6"},
      {"global_store_latency", "global store completion latency", "300", "L", "as global_load_latency", "T6"},
      {"global_bytes_per_clk_per_cu", "global-memory (L2-hit) bandwidth per CU", "64", "L",
       "unmeasured guess; cache bandwidths are not published (timing.md 7.2)", "T6, T9"},
      {"barrier_latency", "cycles from the last wave reaching s_barrier to the release", "8", "L",
       "unmeasured guess", "T9 (separate microbenchmark)"},
      {"dispatch_ramp", "cycles added to every kernel for wave dispatch", "0", "L", "timing.md 4.2 step 6", "T9"},
      {"f_sclk_mhz", "shader clock for converting cycles to seconds", "unset (measured per run)", "-",
       "timing.md 5.4", "every run"},
  };
  return rows;
}

std::string parameter_value(const Parameters& p, std::string_view key) {
  if (key == "P") {
    if (p.p_override.empty()) return "table";
    std::string s;
    for (const auto& [name, cycles] : p.p_override) s += (s.empty() ? "" : ", ") + name + "=" + std::to_string(cycles);
    return s;
  }
  if (key == "k64") return std::to_string(p.k64);
  if (key == "coexec") return p.coexec ? "true" : "false";
  if (key == "b_acc") return std::to_string(p.b_acc);
  if (key == "L_ab") return to_string(p.l_ab);
  if (key == "L_idx") return p.l_idx ? to_string(*p.l_idx) : "= L_ab";
  if (key == "L_valu") return to_string(p.l_valu);
  if (key == "L_v") return std::to_string(p.l_v);
  if (key == "valu_cycles_wave64") return std::to_string(p.valu_cycles_wave64);
  if (key == "L_sgetreg") return std::to_string(p.l_sgetreg);
  if (key == "lds_load_latency") return std::to_string(p.lds_load_latency);
  if (key == "lds_store_latency") return std::to_string(p.lds_store_latency);
  if (key == "lds_bytes_per_clk_per_cu") return std::to_string(p.lds_bytes_per_clk_per_cu);
  if (key == "global_load_latency") return std::to_string(p.global_load_latency);
  if (key == "global_store_latency") return std::to_string(p.global_store_latency);
  if (key == "global_bytes_per_clk_per_cu") return std::to_string(p.global_bytes_per_clk_per_cu);
  if (key == "barrier_latency") return std::to_string(p.barrier_latency);
  if (key == "dispatch_ramp") return std::to_string(p.dispatch_ramp);
  if (key == "f_sclk_mhz") return p.f_sclk_mhz ? std::to_string(*p.f_sclk_mhz) : "unset";
  return "?";
}

namespace {

using nlohmann::json;

// Ceiling for any cycle count or rate in a calibration file: larger values are typos, not hardware.
constexpr std::int64_t kLargest = 1'000'000;

class Reader {
 public:
  explicit Reader(std::string origin) : origin_(std::move(origin)) {}

  [[noreturn]] void fail(const std::string& what) const {
    throw UserError("calibration file " + origin_ + ": " + what);
  }

  int integer(const json& v, std::string_view key, std::int64_t min, std::string_view unit) const {
    if (!v.is_number_integer() || v.get<std::int64_t>() < min || v.get<std::int64_t>() > kLargest)
      fail("parameter \"" + quoted_input(key) + "\" must be an integer from " + std::to_string(min) + " to " +
           std::to_string(kLargest) + " (" + std::string(unit) + "), not " + v.dump());
    return static_cast<int>(v.get<std::int64_t>());
  }

  LatencyRule latency(const json& v, std::string_view key) const {
    if (v.is_number_integer()) return {integer(v, key, 0, "cycles"), 0.0};
    const std::string shape = "parameter \"" + quoted_input(key) +
                              "\" must be a cycle count or {\"cycles\": integer, \"per_P\": number} "
                              "(cycles + per_P * P), not " + v.dump();
    if (!v.is_object()) fail(shape);
    LatencyRule r{0, 0.0};
    for (const auto& [field, value] : v.items()) {
      if (field == "cycles") {
        if (!value.is_number_integer()) fail(shape);
        r.fixed = static_cast<int>(std::clamp<std::int64_t>(value.get<std::int64_t>(), -kLargest, kLargest));
      } else if (field == "per_P") {
        if (!value.is_number() || value.get<double>() < 0 || value.get<double>() > 64) fail(shape);
        r.per_p = value.get<double>();
      } else {
        fail(shape);
      }
    }
    if (r.cycles(8) < 0) fail("parameter \"" + quoted_input(key) + "\" must not give a negative latency, as " + v.dump() + " does for P = 8");
    return r;
  }

  void issue_cycles(const json& v, Parameters& p) const {
    if (!v.is_object()) fail("parameter \"P\" must be an object mapping builtin names to cycles, not " + v.dump());
    for (const auto& [name, value] : v.items()) {
      const Instruction* ins = find_builtin(name);
      if (ins == nullptr || ins->family == Family::load_tr) {
        std::string near;
        for (auto n : closest_builtins(name)) near += (near.empty() ? "" : ", ") + std::string(n);
        fail("\"P\" names unknown matrix builtin \"" + quoted_input(name) + "\" (closest: " + near + ")");
      }
      p.p_override[std::string(ins->name)] = integer(value, "P." + name, 1, "cycles");
    }
  }

  void parameter(std::string_view key, const json& v, Parameters& p) const {
    if (key == "P") return issue_cycles(v, p);
    if (key == "coexec") {
      if (!v.is_boolean()) fail("parameter \"coexec\" must be true or false, not " + v.dump());
      p.coexec = v.get<bool>();
      return;
    }
    if (key == "f_sclk_mhz") {
      if (!v.is_number() || v.get<double>() <= 0 || v.get<double>() > 100000)
        fail("parameter \"f_sclk_mhz\" must be a positive clock in MHz, not " + v.dump());
      p.f_sclk_mhz = v.get<double>();
      return;
    }
    if (key == "L_ab") { p.l_ab = latency(v, key); return; }
    if (key == "L_idx") { p.l_idx = latency(v, key); return; }
    if (key == "L_valu") { p.l_valu = latency(v, key); return; }
    struct IntField { std::string_view key; int Parameters::*field; std::int64_t min; std::string_view unit; };
    static const IntField fields[] = {
        {"k64", &Parameters::k64, 1, "a multiplier"},
        {"b_acc", &Parameters::b_acc, 0, "cycles"},
        {"L_v", &Parameters::l_v, 1, "cycles"},
        {"valu_cycles_wave64", &Parameters::valu_cycles_wave64, 1, "cycles"},
        {"L_sgetreg", &Parameters::l_sgetreg, 1, "cycles"},
        {"lds_load_latency", &Parameters::lds_load_latency, 0, "cycles"},
        {"lds_store_latency", &Parameters::lds_store_latency, 0, "cycles"},
        {"lds_bytes_per_clk_per_cu", &Parameters::lds_bytes_per_clk_per_cu, 1, "bytes per cycle"},
        {"global_load_latency", &Parameters::global_load_latency, 0, "cycles"},
        {"global_store_latency", &Parameters::global_store_latency, 0, "cycles"},
        {"global_bytes_per_clk_per_cu", &Parameters::global_bytes_per_clk_per_cu, 1, "bytes per cycle"},
        {"barrier_latency", &Parameters::barrier_latency, 0, "cycles"},
        {"dispatch_ramp", &Parameters::dispatch_ramp, 0, "cycles"},
    };
    for (const IntField& f : fields)
      if (f.key == key) {
        p.*(f.field) = integer(v, key, f.min, f.unit);
        return;
      }
    std::string_view best;
    std::size_t best_distance = 4;  // suggest only plausible typos
    for (const ParameterInfo& row : parameter_table())
      if (auto d = edit_distance(key, row.key); d < best_distance) best = row.key, best_distance = d;
    fail("unknown parameter \"" + quoted_input(key) + "\"" +
         (best.empty() ? std::string("; see `wmmasim cycles --parameters` for the list")
                       : "; did you mean \"" + std::string(best) + "\"?"));
  }

 private:
  std::string origin_;
};

std::string position(std::string_view text, std::size_t byte) {
  std::size_t line = 1, column = 1;
  for (std::size_t i = 0; i < byte && i < text.size(); ++i) {
    if (text[i] == '\n') ++line, column = 1;
    else ++column;
  }
  return "line " + std::to_string(line) + ", column " + std::to_string(column);
}

}  // namespace

Parameters parse_calibration(std::string_view json_text, const std::string& origin) {
  Reader reader(origin);
  json doc;
  try {
    doc = json::parse(json_text.begin(), json_text.end());
  } catch (const json::parse_error& e) {
    reader.fail("not valid JSON (syntax error at " + position(json_text, e.byte == 0 ? 0 : e.byte - 1) + ")");
  } catch (const json::exception& e) {
    reader.fail("not valid JSON (" + json_exception_reason(e.what()) + ")");
  }
  if (!doc.is_object()) reader.fail("expected a JSON object holding a \"parameters\" object, not " + std::string(doc.type_name()));
  Parameters p;
  p.origin = origin;
  bool has_parameters = false;
  for (const auto& [key, value] : doc.items()) {
    if (key == "parameters") {
      if (!value.is_object()) reader.fail("\"parameters\" must be an object, not " + std::string(value.type_name()));
      for (const auto& [name, v] : value.items()) reader.parameter(name, v, p);
      has_parameters = true;
    } else if (key == "device" || key == "notes" || key == "date") {
      if (!value.is_string()) reader.fail("\"" + quoted_input(key) + "\" must be a string");
      if (key == "device") p.origin += " (" + quoted_input(value.get<std::string>()) + ")";
    } else if (key == "format") {
      if (value != "wmmasim-cycles-calibration-1")
        reader.fail("\"format\" must be \"wmmasim-cycles-calibration-1\", not " + value.dump());
    } else {
      reader.fail("unknown top-level key \"" + quoted_input(key) + "\"; expected format, device, notes, date and parameters");
    }
  }
  if (!has_parameters) reader.fail("no \"parameters\" object");
  return p;
}

Parameters load_calibration(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw UserError("cannot read calibration file " + path + "; check the path");
  std::ostringstream text;
  text << in.rdbuf();
  return parse_calibration(text.str(), path);
}

}  // namespace wmmasim::cycles
