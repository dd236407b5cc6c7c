#include "wmmasim/runfile/probe_verdict.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <sstream>

#include "wmmasim/cycles/microbenchmarks.hpp"
#include "wmmasim/error.hpp"
#include "wmmasim/hw/probes.hpp"
#include "wmmasim/layouts/instruction_table.hpp"
#include "wmmasim/numerics/formats.hpp"
#include "wmmasim/runfile/replay.hpp"

namespace wmmasim::runfile {
namespace {

const hw::Probe& probe_named(const std::string& name) {
  const hw::Probe* p = hw::find_probe(name);
  if (!p) throw UserError("program '" + name + "' is not a probe of this wmmasim's suite (wmmasim hw probe --list)");
  return *p;
}

bool subnormal(std::uint32_t bits, Format f) {
  if (!is_float_format(f)) return false;
  const Decoded d = decode(bits, f);
  return d.cls == FloatClass::finite && d.sig < (1u << d.fb);
}

std::uint32_t sign_of(std::uint32_t bits, Format f) { return bits & (1u << (format_bits(f) - 1)); }

Expected from_replay(const ProgramRecord& r, const Model* model = nullptr) {
  const Replay rep = replay(r, model);
  const auto it = rep.outputs.find("D");
  if (it == rep.outputs.end()) throw UserError("program '" + r.program + "': the emulator computes no D for it");
  return {it->second, std::vector<bool>(it->second.bits.size(), false)};
}

const Instruction& instruction_of(const ProgramRecord& r) {
  const Instruction* ins = find_builtin(r.instruction);
  if (!ins) throw UserError("program '" + r.program + "' uses '" + r.instruction + "', which is not a builtin of the table");
  return *ins;
}

// The factors of D[i][j]'s products, (A bits, B bits) per A column; a SWMMAC column (stored slot)
// meets the B row its index field selects in the recorded index set.
std::vector<std::pair<std::uint32_t, std::uint32_t>> factors_of(const ProgramRecord& r, const Instruction& ins, int i, int j) {
  const Matrix &a = r.inputs.at("A"), &b = r.inputs.at("B");
  std::vector<std::pair<std::uint32_t, std::uint32_t>> out;
  const Matrix* index = ins.family == Family::swmmac ? &r.inputs.at("index") : nullptr;
  const int key = index ? parse_modifiers(r.modifiers, r.program).numerics.index_key : 0;
  for (int col = 0; col < a.cols; ++col) {
    int k = col;
    if (index) {
      const std::uint32_t f = index->bits.at(static_cast<std::size_t>(key * index->rows + i) * index->cols + col / 2);
      k = 4 * (col / 2) + static_cast<int>(col % 2 ? f >> 2 & 3 : f & 3);
    }
    out.emplace_back(a.bits.at(static_cast<std::size_t>(i) * a.cols + col), b.bits.at(static_cast<std::size_t>(k) * b.cols + j));
  }
  return out;
}

// D as a per-lane register image and back, through D's layout (what the runner stored and converted).
struct DImage {
  LinearLayout layout;
  int lanes, words_per_lane;
};
DImage d_image(const Instruction& ins) {
  return {hw::block_layout(hw::Program{&ins, 0, hw::Mode::values, hw::Addressing::none}, Operand::d), ins.wave, ins.vgprs_cd};
}

ProgramRecord without_modifiers(ProgramRecord r, std::function<bool(const std::string&)> drop) {
  std::erase_if(r.modifiers, drop);
  return r;
}

// The alternative hypotheses: each a small change around the instruction's default model.
const std::map<std::string, std::function<Expected(const ProgramRecord&)>>& alternatives() {
  static const std::map<std::string, std::function<Expected(const ProgramRecord&)>> table = {
      {"modifier-ignored", [](const ProgramRecord& r) {
         return from_replay(without_modifiers(r, [](const std::string& m) {
           return m == "neg_lo_c" || m == "neg_hi_c" || m == "fp16_ovfl";
         }));
       }},
      {"clamp-ignored", [](const ProgramRecord& r) { return from_replay(without_modifiers(r, [](auto& m) { return m == "clamp"; })); }},
      {"saturating", [](const ProgramRecord& r) {
         ProgramRecord c = r;
         c.modifiers.push_back("clamp");
         return from_replay(c);
       }},
      {"signedness-ignored", [](const ProgramRecord& r) {
         return from_replay(without_modifiers(r, [](auto& m) { return m == "signed_a" || m == "signed_b"; }));
       }},
      {"index-key-ignored", [](const ProgramRecord& r) {
         return from_replay(without_modifiers(r, [](auto& m) { return m.rfind("index_key=", 0) == 0; }));
       }},
      {"flush-inputs", [](const ProgramRecord& r) {
         ProgramRecord c = r;
         for (const char* name : {"A", "B", "C"}) {
           auto it = c.inputs.find(name);
           if (it == c.inputs.end()) continue;
           const Format f = format_named(it->second.format);
           for (std::uint32_t& e : it->second.bits)
             if (subnormal(e, f)) e = sign_of(e, f);
         }
         return from_replay(c);
       }},
      {"flush-outputs", [](const ProgramRecord& r) {
         Expected e = from_replay(r);
         const Format f = format_named(e.d.format);
         for (std::uint32_t& x : e.d.bits)
           if (subnormal(x, f)) x = sign_of(x, f);
         return e;
       }},
      {"second-slot-dropped", [](const ProgramRecord& r) {
         ProgramRecord c = r;
         Matrix& a = c.inputs.at("A");
         for (int i = 0; i < a.rows; ++i)
           for (int s = 1; s < a.cols; s += 2) a.bits[static_cast<std::size_t>(i) * a.cols + s] = 0;
         return from_replay(c);
       }},
      {"index-sorted", [](const ProgramRecord& r) {
         ProgramRecord c = r;
         for (std::uint32_t& f : c.inputs.at("index").bits)
           if ((f & 3) > (f >> 2 & 3)) f = (f >> 2 & 3) | (f & 3) << 2;
         return from_replay(c);
       }},
      {"iu4-index-swap-xor1", [](const ProgramRecord& r) {
         // composable_kernel #3753 / PR #3759 read literally in register terms: stored nibble s of a group
         // meets the position in the OTHER field, XOR 1. The same as the documented reading of the field
         // (idx1 ^ 1) | (idx0 ^ 1) << 2.
         ProgramRecord c = r;
         for (std::uint32_t& f : c.inputs.at("index").bits) f = ((f >> 2 & 3) ^ 1) | ((f & 3) ^ 1) << 2;
         return from_replay(c);
       }},
      {"unselected-ignored", [](const ProgramRecord& r) {
         // True selection: rows the index leaves out cannot matter, so they may as well be zero.
         ProgramRecord c = r;
         Matrix& b = c.inputs.at("B");
         const Matrix& index = r.inputs.at("index");
         for (int k = 0; k < b.rows; ++k) {
           bool selected = false;
           for (int i = 0; i < index.rows && !selected; ++i) {
             const std::uint32_t f = index.bits[static_cast<std::size_t>(i) * index.cols + k / 4];
             selected = static_cast<int>(f & 3) == k % 4 || static_cast<int>(f >> 2 & 3) == k % 4;
           }
           if (!selected)
             for (int j = 0; j < b.cols; ++j) b.bits[static_cast<std::size_t>(k) * b.cols + j] = 0;
         }
         return from_replay(c);
       }},
      {"unselected-poison", [](const ProgramRecord& r) {
         // Zero-expanded A: 0 * NaN and 0 * inf are NaN, so any non-finite B value in a row that the
         // index leaves out of a group makes that row's result NaN in that column.
         Expected e = from_replay(r);
         const Matrix &b = r.inputs.at("B"), &index = r.inputs.at("index");
         const Format fb = format_named(b.format);
         for (int i = 0; i < e.d.rows; ++i)
           for (int j = 0; j < e.d.cols; ++j)
             for (int g = 0; g < index.cols; ++g) {
               const std::uint32_t f = index.bits[static_cast<std::size_t>(i) * index.cols + g];
               for (int pos = 0; pos < 4; ++pos) {
                 if (pos == static_cast<int>(f & 3) || pos == static_cast<int>(f >> 2 & 3)) continue;
                 const Decoded d = decode(b.bits[static_cast<std::size_t>(4 * g + pos) * b.cols + j], fb);
                 if (!d.is_nan() && !d.is_inf()) continue;
                 // Any NaN matches; the bits hold one (the f32 or f16/bf16 quiet NaN) to show in reports.
                 const std::size_t at = static_cast<std::size_t>(i) * e.d.cols + j;
                 e.any_nan[at] = true;
                 e.d.bits[at] = e.d.format == "f32" ? 0x7FC00000u : e.d.format == "f16" ? 0x7E00u : 0x7FC0u;
               }
             }
         return e;
       }},
      {"inline-int-as-value", [](const ProgramRecord& r) {
         ProgramRecord c = r;
         Matrix& cm = c.inputs.at("C");
         for (std::uint32_t& x : cm.bits) x = cm.format == "f32" ? 0x3F800000u : cm.format == "f16" ? 0x3C00u : 0x3F80u;
         return from_replay(c);
       }},
      {"inline-float-as-value", [](const ProgramRecord& r) {
         ProgramRecord c = r;
         for (std::uint32_t& x : c.inputs.at("C").bits) x = 1;
         return from_replay(c);
       }},
      {"overflow-saturates", [](const ProgramRecord& r) {
         // With finite inputs an infinite D can only come from overflow; this hypothesis gives the largest
         // finite value of D's format instead (the 12.8 inputs overflow in one step only, so saturating
         // that step and saturating D are the same).
         for (const char* name : {"A", "B", "C"}) {
           const Matrix& m = r.inputs.at(name);
           for (std::uint32_t x : m.bits)
             if (const Decoded d = decode(x, format_named(m.format)); d.is_inf() || d.is_nan())
               throw UserError("program '" + r.program + "': overflow-saturates needs finite inputs");
         }
         Expected e = from_replay(r);
         const FloatFormat& f = float_format(format_named(e.d.format));
         for (std::uint32_t& x : e.d.bits)
           if (decode(x, f).is_inf()) x = (x & f.sign_bit()) | f.max_finite;
         return e;
       }},
      {"nan-payload-propagated", [](const ProgramRecord& r) {
         // A NaN factor's own bits, quieted, instead of the fixed factor NaN: where exactly one factor of
         // D[i][j] is a NaN and nothing else makes a NaN there (C NaN, inf * 0, inf - inf). Where there are
         // several NaN sources the hypothesis does not say which wins, so any NaN matches; elements
         // without a NaN factor are the default model's.
         const Instruction& ins = instruction_of(r);
         if (ins.a != ins.cd || ins.b != ins.cd)
           throw UserError("program '" + r.program + "': nan-payload-propagated needs A and B in D's format");
         Expected e = from_replay(r);
         const FloatFormat& f = float_format(ins.cd);
         const std::uint32_t quiet = 1u << (f.frac_bits - 1);
         const Matrix& c = r.inputs.at("C");
         for (int i = 0; i < e.d.rows; ++i)
           for (int j = 0; j < e.d.cols; ++j) {
             const std::size_t at = static_cast<std::size_t>(i) * e.d.cols + j;
             int nans = 0;
             std::uint32_t first = 0;
             bool other = decode(c.bits.at(at), f).is_nan(), pinf = false, ninf = false;
             for (auto [x, y] : factors_of(r, ins, i, j)) {
               const Decoded dx = decode(x, f), dy = decode(y, f);
               for (auto [bits, d] : {std::pair{x, dx}, {y, dy}})
                 if (d.is_nan() && nans++ == 0) first = bits;
               if (dx.is_nan() || dy.is_nan()) continue;
               if ((dx.is_inf() && dy.is_zero()) || (dy.is_inf() && dx.is_zero())) other = true;
               else if (dx.is_inf() || dy.is_inf()) (dx.neg != dy.neg ? ninf : pinf) = true;
             }
             if (nans == 0) continue;
             if (nans == 1 && !other && !(pinf && ninf)) e.d.bits[at] = first | quiet;
             else e.any_nan[at] = true;
           }
         return e;
       }},
      {"exec-ignored", [](const ProgramRecord& r) {
         // Every lane written as with EXEC all ones: the emulator's execute() (spec numerics.md 9.1).
         if (!parse_modifiers(r.modifiers, r.program).exec)
           throw UserError("program '" + r.program + "' records no EXEC (modifier exec=0x...)");
         return from_replay(r);
       }},
      {"exec-skips", [](const ProgramRecord& r) {
         // Lanes with EXEC = 0 keep what D's registers held before the instruction: the probe's marker
         // (dense WMMA) or C (SWMMAC, whose D is its accumulator); the other lanes as with all lanes on.
         const std::optional<std::uint64_t> exec = parse_modifiers(r.modifiers, r.program).exec;
         if (!exec) throw UserError("program '" + r.program + "' records no EXEC (modifier exec=0x...)");
         const Instruction& ins = instruction_of(r);
         Expected e = from_replay(r);
         const DImage img = d_image(ins);
         std::vector<std::uint32_t> words = hw::words_from_matrix(img.layout, img.lanes, img.words_per_lane, e.d.bits);
         const std::vector<std::uint32_t> before =
             ins.family == Family::swmmac ? hw::words_from_matrix(img.layout, img.lanes, img.words_per_lane, r.inputs.at("C").bits)
                                          : std::vector<std::uint32_t>(words.size(), hw::kExecMarker);
         for (int lane = 0; lane < img.lanes; ++lane)
           if (!(*exec >> lane & 1))
             for (int v = 0; v < img.words_per_lane; ++v) {
               const std::size_t w = static_cast<std::size_t>(lane) * img.words_per_lane + v;
               words[w] = before[w];
             }
         e.d.bits = hw::matrix_from_words(img.layout, img.lanes, img.words_per_lane, words);
         return e;
       }},
      {"negative-zero-kept", [](const ProgramRecord& r) {
         Expected e = from_replay(r);
         const Matrix& cm = r.inputs.at("C");
         const Format f = format_named(e.d.format);
         for (std::size_t i = 0; i < e.d.bits.size(); ++i)
           if (e.d.bits[i] == 0 && cm.bits[i] == (1u << (format_bits(f) - 1))) e.d.bits[i] = cm.bits[i];
         return e;
       }},
  };
  return table;
}

bool reproduces(const Expected& e, const Matrix& got) {
  if (e.d.bits.size() != got.bits.size()) return false;
  const Format f = format_named(got.format);
  for (std::size_t i = 0; i < got.bits.size(); ++i) {
    if (e.d.bits[i] == got.bits[i]) continue;
    if (e.any_nan[i] && is_float_format(f) && decode(got.bits[i], f).is_nan()) continue;
    return false;
  }
  return true;
}

// ---- timing --------------------------------------------------------------------------------

struct Fit {
  std::string parameter;
  std::vector<int> range;
  std::function<void(cycles::Parameters&, int)> set;
};

// The parameter a timed probe calibrates, by test (timing.md 4.1 "calibrated by").
std::optional<Fit> fit_for(const hw::Probe& p) {
  std::vector<int> latencies(201);
  for (int i = 0; i <= 200; ++i) latencies[static_cast<std::size_t>(i)] = i;
  const std::string test = p.question.substr(p.question.find(' ') + 1);
  if (test == "T0" && p.body == hw::ProbeBody::timer_only)
    return Fit{"L_sgetreg", latencies, [](cycles::Parameters& q, int v) { q.l_sgetreg = v; }};
  if (p.body == hw::ProbeBody::chain_c && (test == "T2" || test == "T8"))
    return Fit{"b_acc", latencies, [](cycles::Parameters& q, int v) { q.b_acc = v; }};
  if (p.body == hw::ProbeBody::chain_c && test == "T7") return Fit{"k64", {1, 2, 3, 4}, [](cycles::Parameters& q, int v) { q.k64 = v; }};
  if (p.body == hw::ProbeBody::chain_a && test == "T3")
    return Fit{"L_ab", latencies, [](cycles::Parameters& q, int v) { q.l_ab = {v, 0.0}; }};
  if (test == "T4") return Fit{"L_valu", latencies, [](cycles::Parameters& q, int v) { q.l_valu = {v, 0.0}; }};
  if (test == "T5") return Fit{"coexec", {0, 1}, [](cycles::Parameters& q, int v) { q.coexec = v != 0; }};
  if (p.body == hw::ProbeBody::index_from_wmma)
    return Fit{"L_idx", latencies, [](cycles::Parameters& q, int v) { q.l_idx = cycles::LatencyRule{v, 0.0}; }};
  return std::nullopt;
}

const cycles::Microbenchmark& benchmark_named(const std::string& name) {
  static const std::vector<cycles::Microbenchmark> plan = cycles::microbenchmark_plan();
  for (const cycles::Microbenchmark& m : plan)
    if (m.name == name) return m;
  throw UserError("the cycle model has no microbenchmark '" + name + "'");
}

// The measured number in the benchmark's own metric: the model's prediction of the same program
// with every wave's timer reads replaced by the recorded SHADER_CYCLES delta.
double measured_metric(const cycles::Microbenchmark& m, const ProgramRecord& r) {
  cycles::Prediction measured = cycles::simulate(m.program);
  for (std::size_t w = 0; w < measured.waves.size(); ++w) {
    const auto& per_wave = r.cycles->per_wave;
    const std::uint64_t c = per_wave.at(std::min(w, per_wave.size() - 1)).shader_cycles;
    measured.waves[w].timer_reads = {0, static_cast<cycles::Cycle>(c)};
  }
  return cycles::metric_value(m, measured);
}

void judge_timed(const hw::Probe& p, const ProgramRecord& r, cycles::Parameters& fitted_so_far, ProbeVerdict& v) {
  v.benchmark = p.benchmark;
  if (!r.cycles || r.cycles->per_wave.empty()) {
    v.error = "the record holds no cycles";
    return;
  }
  const cycles::Microbenchmark& m = benchmark_named(p.benchmark);
  v.measured_metric = measured_metric(m, r);
  v.default_metric = cycles::metric_value(m, cycles::simulate(m.program));
  const auto fit = fit_for(p);
  if (!fit) return;
  v.parameter = fit->parameter;
  double best_error = INFINITY;
  for (int value : fit->range) {
    cycles::Parameters q = fitted_so_far;
    fit->set(q, value);
    const double err = std::fabs(cycles::metric_value(m, cycles::simulate(m.program, q)) - *v.measured_metric);
    if (err < best_error) best_error = err, v.fitted = value;
  }
}

std::string format_number(double x) {
  std::ostringstream o;
  o << x;
  return o.str();
}

// Order of the timing tests: the timer overhead first, since every other fit includes the timer reads.
int timing_rank(const hw::Probe& p) {
  static const std::vector<std::string> order = {"timing T0", "timing T2", "timing T3", "timing T4", "timing T5", "timing T7", "timing T8"};
  return static_cast<int>(std::find(order.begin(), order.end(), p.question) - order.begin());
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

// The fitted parameters: per parameter, the median over its probes (so one outlier run does not set it).
std::map<std::string, double> fitted_parameters(const VerdictReport& report) {
  std::map<std::string, std::vector<double>> values;
  for (const ProbeVerdict& v : report.probes)
    if (v.fitted && !v.parameter.empty()) values[v.parameter].push_back(*v.fitted);
  std::map<std::string, double> out;
  for (auto& [k, v] : values) out[k] = median(v);
  return out;
}

}  // namespace

long VerdictReport::errors() const {
  return std::count_if(probes.begin(), probes.end(), [](const ProbeVerdict& v) { return !v.error.empty(); });
}
long VerdictReport::unexplained() const {
  return std::count_if(probes.begin(), probes.end(),
                       [](const ProbeVerdict& v) { return !v.timed && v.error.empty() && v.matching.empty(); });
}

bool is_probe_run(const RunFile& run) {
  return std::any_of(run.programs.begin(), run.programs.end(), [](const ProgramRecord& p) { return hw::find_probe(p.program); });
}

std::vector<std::string> probe_hypotheses(const std::string& name) {
  const hw::Probe& p = probe_named(name);
  std::vector<std::string> out;
  if (p.models_are_candidates)
    for (const Model* m : models_for(*p.ins)) out.push_back("model:" + std::string(m->name));
  for (const std::string& a : p.alternatives) out.push_back(a);
  return out;
}

Expected hypothesis_output(const ProgramRecord& r, const std::string& h) {
  if (h.rfind("model:", 0) == 0) {
    const Model* m = find_model(h.substr(6));
    if (!m) throw UserError("hypothesis '" + h + "' names no model");
    return from_replay(r, m);
  }
  const auto it = alternatives().find(h);
  if (it == alternatives().end()) throw UserError("hypothesis '" + h + "' is not implemented by the verdict");
  return it->second(r);
}

VerdictReport probe_verdicts(const RunFile& run, const std::string& source) {
  VerdictReport report;
  report.source = source;
  // Timed probes in test order (T0 first), each fit using the parameters fitted before it.
  std::vector<const ProgramRecord*> order;
  for (const ProgramRecord& r : run.programs) order.push_back(&r);
  std::stable_sort(order.begin(), order.end(), [](const ProgramRecord* x, const ProgramRecord* y) {
    const hw::Probe *px = hw::find_probe(x->program), *py = hw::find_probe(y->program);
    return (px && px->timed() ? timing_rank(*px) : -1) < (py && py->timed() ? timing_rank(*py) : -1);
  });
  cycles::Parameters fitted;
  std::string last_test;
  for (const ProgramRecord* rp : order) {
    const ProgramRecord& r = *rp;
    ProbeVerdict v;
    v.probe = r.program;
    v.arch = r.arch;
    v.instruction = r.instruction;
    try {
      const hw::Probe& p = probe_named(r.program);
      v.question = p.question;
      v.timed = p.timed();
      if (p.timed()) {
        // Entering a new test: freeze the medians of the tests before it into the parameters.
        if (p.question != last_test) {
          VerdictReport so_far{source, report.probes};
          for (const auto& [key, value] : fitted_parameters(so_far)) {
            for (const hw::Probe& q : hw::all_probes())
              if (auto f = fit_for(q); f && f->parameter == key) {
                f->set(fitted, static_cast<int>(value));
                break;
              }
          }
          last_test = p.question;
        }
        judge_timed(p, r, fitted, v);
      } else {
        const auto got = r.outputs.find("D");
        if (got == r.outputs.end()) throw UserError("the record holds no D");
        v.candidates = probe_hypotheses(p.name);
        for (const std::string& h : v.candidates)
          if (reproduces(hypothesis_output(r, h), got->second)) v.matching.push_back(h);
      }
    } catch (const UserError& e) {
      v.error = e.what();
    }
    report.probes.push_back(std::move(v));
  }
  return report;
}

std::string verdict_text(const VerdictReport& report) {
  std::ostringstream o;
  o << "probe verdicts for " << report.source << "\n";
  for (const ProbeVerdict& v : report.probes) {
    o << "  " << v.probe << " [" << v.arch << "]: ";
    if (!v.error.empty()) {
      o << "not judged: " << v.error << "\n";
      continue;
    }
    if (v.timed) {
      o << "measured " << (v.measured_metric ? format_number(*v.measured_metric) : "?") << " (model defaults "
        << (v.default_metric ? format_number(*v.default_metric) : "?") << ")";
      if (v.fitted) o << " -> " << v.parameter << " = " << format_number(*v.fitted);
      o << "\n";
      continue;
    }
    if (v.matching.empty()) {
      o << "NO candidate reproduces the recorded D (candidates: ";
      for (std::size_t i = 0; i < v.candidates.size(); ++i) o << (i ? ", " : "") << v.candidates[i];
      o << ")\n";
      continue;
    }
    o << "reproduced by ";
    for (std::size_t i = 0; i < v.matching.size(); ++i) o << (i ? ", " : "") << v.matching[i];
    o << " (of " << v.candidates.size() << ")\n";
  }
  o << report.probes.size() << " probe(s), " << report.unexplained() << " unexplained, " << report.errors() << " not judged\n";
  return o.str();
}

nlohmann::json calibration_json(const VerdictReport& report, const RunFile& run) {
  const nlohmann::json& device = run.environment.contains("device") ? run.environment["device"] : nlohmann::json::object();
  const std::string device_text = device.value("name", std::string(run.producer.backend)) + " (" + device.value("arch", std::string("?")) + ")";
  nlohmann::json parameters = nlohmann::json::object();
  for (const auto& [key, value] : fitted_parameters(report)) {
    if (key == "coexec") parameters[key] = value != 0;
    else parameters[key] = static_cast<int>(value);
  }
  // Numerics: per builtin, the models that reproduced every values probe of that builtin whose
  // candidates include models; the first of them in the inventory order becomes its default.
  std::map<std::string, std::vector<std::string>> surviving;
  std::map<std::string, std::vector<std::string>> evidence;
  for (const ProbeVerdict& v : report.probes) {
    if (v.timed || !v.error.empty()) continue;
    const hw::Probe* p = hw::find_probe(v.probe);
    if (!p || p->expectation_only || !p->models_are_candidates) continue;
    std::vector<std::string> models;
    for (const std::string& h : v.matching)
      if (h.rfind("model:", 0) == 0) models.push_back(h.substr(6));
    const std::string builtin(p->ins->name);
    auto [it, fresh] = surviving.emplace(builtin, models);
    if (!fresh) std::erase_if(it->second, [&](const std::string& m) { return std::find(models.begin(), models.end(), m) == models.end(); });
    evidence[builtin].push_back(v.probe);
  }
  nlohmann::json models = nlohmann::json::object(), unresolved = nlohmann::json::object();
  for (const auto& [builtin, names] : surviving) {
    std::string chosen;
    for (const Model* m : all_models())
      if (chosen.empty() && std::find(names.begin(), names.end(), std::string(m->name)) != names.end()) chosen = m->name;
    if (chosen.empty()) unresolved[builtin] = "no model reproduced every probe: " + nlohmann::json(evidence[builtin]).dump();
    else models[builtin] = chosen;
  }
  return {
      {"format", "wmmasim-calibration-1"},
      {"source", report.source},
      {"producer", run.producer.backend},
      {"cycles", {{"format", "wmmasim-cycles-calibration-1"},
                  {"device", device_text},
                  {"notes", "fitted by wmmasim diff --verdict from " + report.source + ": medians over the probes of each parameter, "
                            "timer reads included as in the model's microbenchmarks"},
                  {"parameters", parameters}}},
      {"numerics", {{"models", models}, {"unresolved", unresolved}, {"evidence", evidence}}},
  };
}

}  // namespace wmmasim::runfile
