#include "hw_backend.hpp"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <csignal>
#include <cstring>
#include <filesystem>

#include "code_objects.hpp"
#include "example_programs.hpp"
#include "supervisor.hpp"
#include "wmmasim/error.hpp"
#include "wmmasim/runfile/run_file.hpp"

#if WMMASIM_HW_BACKEND
#include "devices.hpp"
#include "gpu_session.hpp"
#endif

namespace wmmasim::hw {

bool backend_built() { return WMMASIM_HW_BACKEND != 0; }

#ifndef WMMASIM_HW_SKIP_REASON
#define WMMASIM_HW_SKIP_REASON ""
#endif

std::string not_built_sentence() {
  return std::string("this wmmasim was built without the HIP backend (") + WMMASIM_HW_SKIP_REASON +
         "; see docs/hw.md), so it cannot run anything on a GPU";
}

std::vector<std::string> built_targets() {
  std::vector<std::string> out;
  for (const CodeObject& c : embedded_code_objects())
    if (std::find(out.begin(), out.end(), c.target) == out.end()) out.emplace_back(c.target);
  return out;
}

std::uint64_t parse_seed(std::string_view text) {
  const std::string s(text);
  const bool hex = s.size() > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X');
  const std::string digits = hex ? s.substr(2) : s;
  const bool ok = !digits.empty() && digits.size() <= (hex ? 16u : 20u) &&
                  digits.find_first_not_of(hex ? "0123456789abcdefABCDEF" : "0123456789") == std::string::npos;
  if (ok) {
    errno = 0;
    char* end = nullptr;
    const unsigned long long v = std::strtoull(digits.c_str(), &end, hex ? 16 : 10);
    if (errno == 0 && end && *end == '\0') return v;
  }
  throw UserError("--seed " + s + " is not a seed: expected an unsigned 64-bit number, decimal or 0x-hex (e.g. 42 or 0x2a)");
}

std::vector<Program> resolve_program_names(const std::vector<std::string>& names, bool& all) {
  all = false;
  std::vector<Program> out;
  if (names.empty()) throw UserError("no program given: name one or more (wmmasim hw list --programs), or all");
  for (const std::string& n : names) {
    if (n == "all") {
      all = true;
      continue;
    }
    if (auto p = find_program(n)) {
      out.push_back(*p);
      continue;
    }
    std::string hint;
    for (const std::string& c : closest_program_names(n)) hint += (hint.empty() ? "" : ", ") + c;
    throw UserError("unknown program '" + n + "'; closest: " + hint + " (wmmasim hw list --programs lists all)");
  }
  return out;
}

std::vector<const Probe*> resolve_probe_names(const std::vector<std::string>& names) {
  std::vector<const Probe*> out;
  for (const std::string& n : names) {
    if (const Probe* p = find_probe(n)) {
      out.push_back(p);
      continue;
    }
    // "did you mean": probes sharing the longest prefix with the name.
    std::size_t best = 0;
    std::vector<std::string> hint;
    for (const Probe& p : all_probes()) {
      std::size_t k = 0;
      while (k < n.size() && k < p.name.size() && n[k] == p.name[k]) ++k;
      if (k > best) best = k, hint.clear();
      if (k == best && hint.size() < 3) hint.push_back(p.name);
    }
    std::string h;
    for (const std::string& x : hint) h += (h.empty() ? "" : ", ") + x;
    throw UserError("unknown probe '" + n + "'; closest: " + h + " (wmmasim hw probe --list lists all)");
  }
  return out;
}

int list_probes(std::ostream& out) {
  for (const Probe& p : all_probes())
    out << p.name << "  [" << p.question << ", " << (p.timed() ? "timed" : "values") << "] " << p.decides << "\n";
  return 0;
}

int list_programs(std::ostream& out) {
  if (!backend_built()) throw UserError(not_built_sentence());
  for (const Program& p : all_programs()) out << p.name() << "\n";
  return 0;
}

#if WMMASIM_HW_BACKEND

int list_devices(std::ostream& out) {
  const HipApi& hip = HipApi::load();
  const std::vector<DeviceInfo> devices = query_devices(hip);
  const RuntimeInfo rt = query_runtime(hip);
  out << "HIP runtime " << rt.runtime_version << ", driver " << rt.driver_version << " (" << rt.library << ")\n";
  const auto targets = built_targets();
  for (const DeviceInfo& d : devices) {
    const bool runnable = std::find(targets.begin(), targets.end(), d.arch) != targets.end();
    out << d.index << ": " << d.name << "  " << d.arch << "  " << d.compute_units << " CUs  shader clock "
        << d.clock_khz / 1000 << " MHz  memory clock " << d.memory_clock_khz / 1000 << " MHz  wall clock "
        << (d.wall_clock_khz > 0 ? std::to_string(d.wall_clock_khz / 1000) + " MHz"
                                 : std::string("not reported (calibrated when timing)"))
        << (runnable ? "" : "  [no code objects for this arch]") << "\n";
  }
  return 0;
}

namespace {

std::string seconds_text(double s) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", s);
  return buf;
}

std::string signal_text(int sig) {
  const char* s = ::strsignal(sig);
  return "signal " + std::to_string(sig) + (s ? std::string(", ") + s : std::string());
}

}  // namespace

int run_programs(const RunOptions& o, std::ostream& out) {
  SessionRequest req;
  if (o.probes) {
    req.probes = resolve_probe_names(o.programs);
    if (o.programs.empty())  // every probe; the session keeps those of the device's architecture
      for (const Probe& p : all_probes()) req.probes.push_back(&p);
  } else if (const auto ex = std::find_if(o.programs.begin(), o.programs.end(),
                                          [](const std::string& n) { return find_example_kernel(n) != nullptr; });
             ex != o.programs.end()) {
    // An example program (examples/programs/): the same inputs and shape rules as `wmmasim run PROGRAM`.
    if (o.programs.size() != 1)
      throw UserError("example program " + *ex + " runs alone: give it as the only program of wmmasim hw run");
    if (o.waves != 1) throw UserError("--waves applies to the table's programs; example program " + *ex + " launches its own grid");
    if (o.m <= 0 || o.n <= 0 || o.k <= 0) throw UserError("--m, --n and --k must be positive");
    req.example = &examples::find_program(*ex);
    req.example_setup = req.example->setup(examples::ProgramArgs{o.m, o.n, o.k, parse_seed(o.seed), nullptr});
  } else {
    req.programs = resolve_program_names(o.programs, req.all);
  }
  req.seed = parse_seed(o.seed);
  if (o.waves < 1 || o.waves > 1024) throw UserError("--waves " + std::to_string(o.waves) + " is out of range: expected 1 to 1024");
  if (!(o.timeout_seconds > 0)) throw UserError("--timeout must be a positive number of seconds");
  req.device = o.device;
  req.waves = o.waves;
  const std::filesystem::path out_path(o.out);
  const std::filesystem::path dir = out_path.has_parent_path() ? out_path.parent_path() : std::filesystem::path(".");
  if (!std::filesystem::is_directory(dir)) throw UserError("--out " + o.out + ": the directory " + dir.string() + " does not exist");

  const auto timeout = std::chrono::milliseconds(static_cast<long long>(o.timeout_seconds * 1000));
  const ChildReport r = run_in_child([&](ChildChannel& ch) { return run_gpu_session(req, ch); }, timeout);
  const std::string step = r.last_step.empty() ? "start-up" : r.last_step;
  const std::string runtime_said = r.stderr_tail.empty() ? "" : "; the HIP runtime said: \"" + r.stderr_tail + "\"";
  switch (r.outcome) {
    case ChildReport::failed:
      throw UserError(r.sentence + (r.sentence.find("no run file") == std::string::npos ? "; no run file was written" : ""),
                      r.user_exit_code == 3 ? 3 : 2);
    case ChildReport::timed_out:
      throw UserError("the GPU did not finish " + step + " within " + seconds_text(o.timeout_seconds) +
                      " s (--timeout), so its process was stopped; no run file was written");
    case ChildReport::crashed:
      throw UserError("the GPU process died during " + step + " (" +
                      (r.signal ? signal_text(r.signal) : "exit status " + std::to_string(r.exit_code)) +
                      ", typically a kernel memory fault)" + runtime_said + "; no run file was written");
    case ChildReport::finished: break;
  }
  // Validate through the reader before writing, so a run file on disk always reads back.
  const runfile::RunFile run = runfile::from_json(nlohmann::json::parse(r.payload), "the GPU session's result");
  runfile::write_run_file(run, out_path);
  out << "wrote " << out_path.string() << ": " << run.programs.size() << " program(s) on "
      << run.environment["device"].value("arch", std::string("?")) << " ("
      << run.environment["device"].value("name", std::string("?")) << "), seed " << req.seed << "\n";
  return 0;
}

#else

int list_devices(std::ostream&) { throw UserError(not_built_sentence()); }
int run_programs(const RunOptions&, std::ostream&) { throw UserError(not_built_sentence()); }

#endif

}  // namespace wmmasim::hw
