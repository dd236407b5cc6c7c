#include "wmmasim/check/run.hpp"

#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include <nlohmann/json.hpp>

#include "wmmasim/error.hpp"

extern char** environ;

namespace wmmasim::check {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

bool wants(const CheckOptions& o, const std::string& tool) {
  return o.tools.empty() || std::find(o.tools.begin(), o.tools.end(), tool) != o.tools.end();
}

int run_program(const std::vector<std::string>& command, const std::vector<std::string>& extra_environment) {
  std::vector<std::string> environment;
  for (char** e = environ; *e; ++e) {
    const std::string entry = *e;
    const bool replaced = std::any_of(extra_environment.begin(), extra_environment.end(), [&](const std::string& x) {
      return entry.compare(0, x.find('=') + 1, x, 0, x.find('=') + 1) == 0;
    });
    if (!replaced) environment.push_back(entry);
  }
  environment.insert(environment.end(), extra_environment.begin(), extra_environment.end());
  std::vector<char*> argv, envp;
  for (const std::string& a : command) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  for (const std::string& e : environment) envp.push_back(const_cast<char*>(e.c_str()));
  envp.push_back(nullptr);
  pid_t pid = 0;
  if (const int err = posix_spawnp(&pid, argv[0], nullptr, nullptr, argv.data(), envp.data()))
    throw UserError("cannot run " + quoted_input(command[0]) + ": " + std::strerror(err));
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

// The layout check's own findings file (wmmasim/diagnosis/check.hpp, findings_json) as check findings.
void add_layout_findings(const fs::path& path, Report& report) {
  std::ifstream in(path);
  if (!in) return;  // no launch with a matrix instruction was checked
  const json j = json::parse(in, nullptr, false);
  if (j.is_discarded() || !j.is_array()) throw UserError("the layout check's findings file " + path.string() + " is not JSON");
  for (const json& l : j) {
    Finding f;
    f.tool = "layout";
    f.severity = l.value("severity", "note") == "error" ? "error" : "note";
    f.kind = l.contains("mistake") && l["mistake"].is_string() ? l["mistake"].get<std::string>() : "layout";
    f.kernel = l.value("kernel", "");
    f.message = l.value("message", "");
    f.file = l.value("file", "");
    f.line = l.value("line", 0u);
    f.blocks = l.value("executions", std::uint64_t{1});
    report.findings.push_back(std::move(f));
  }
}

const CodeSite* first_site(const Finding& f) {
  for (const Access& a : f.accesses)
    if (a.site.line != 0) return &a.site;
  return nullptr;
}

// Where a finding is reported: its later access for a race (the line that meets the earlier one),
// else the file and line the runtime gave.
std::pair<std::string, unsigned> place(const Finding& f) {
  if (f.accesses.size() == 2 && f.accesses[1].site.line != 0) return {f.accesses[1].site.file, f.accesses[1].site.line};
  if (const CodeSite* s = first_site(f)) return {s->file, s->line};
  return {f.file, f.line};
}

std::string short_file(const std::string& file) {
  const std::size_t slash = file.rfind('/');
  return slash == std::string::npos ? file : file.substr(slash + 1);
}

std::string where(const CodeSite& s) {
  return s.line ? short_file(s.file) + ":" + std::to_string(s.line) : std::string("an unknown line");
}

// The user's own text of a line, trimmed, for quoting under a finding.
std::string source_line(const std::string& file, unsigned line) {
  std::ifstream in(file);
  std::string text;
  for (unsigned i = 0; i < line && std::getline(in, text); ++i) {
  }
  if (!in) return "";
  const std::size_t start = text.find_first_not_of(" \t");
  return start == std::string::npos ? "" : text.substr(start);
}

std::string who(const Access& a) { return "wave " + std::to_string(a.wave) + " lane " + std::to_string(a.lane); }

std::string race_sentence(const Finding& f) {
  const Access& first = f.accesses[0];
  const Access& second = f.accesses[1];
  const bool lockstep = f.kind.rfind("lockstep-", 0) == 0;
  const std::string kind = lockstep ? f.kind.substr(9) : f.kind;
  const char* later = kind == "read-after-write" ? "reads" : "writes";
  const char* earlier = kind == "write-after-read" ? "read" : "wrote";
  std::string memory = f.memory + " (byte " + std::to_string(f.offset) + ")";
  std::string s = kind + (lockstep ? " between lanes of one wave" : " race") + " on " + memory + ": " + who(second) + " " +
                  later + " at " + where(second.site) + " what " + who(first) + " " + earlier + " at " + where(first.site);
  if (lockstep)
    s += ", with no wave rendezvous between them: defined on RDNA hardware, where a wave's memory accesses complete in "
         "order, but a race in HIP's memory model (order them with __builtin_amdgcn_wave_barrier() or __syncthreads())";
  else
    s += ", with no __syncthreads() between them: on the GPU the result depends on which wave runs first";
  return s;
}

std::string init_sentence(const Finding& f) {
  const Access& a = f.accesses[0];
  return who(a) + " reads uninitialised " + f.memory + " at " + where(a.site) + " (byte " + std::to_string(f.offset) +
         ", " + f.message;
}

std::string block_text(const Finding& f) {
  std::string s = "in kernel " + f.kernel + ", block (" + std::to_string(f.block[0]) + "," + std::to_string(f.block[1]) +
                  "," + std::to_string(f.block[2]) + ")";
  if (f.blocks > 1) s += " and " + std::to_string(f.blocks - 1) + " more";
  return s;
}

// A fragment element that came from no tagged buffer is what a kernel that read uninitialised
// memory holds; the layout check, which does not know that, may have found a catalogue mistake
// that leaves holes. With an initcheck finding in the same kernel, the hole is said to be that.
template <class Map> void explain_holes(Map& merged) {
  std::map<std::string, std::string> uninitialised;  // kernel -> where it read what nothing wrote
  for (auto& [key, f] : merged)
    if (f.tool == "initcheck" && f.accesses.size() == 1 && !uninitialised.count(f.kernel))
      uninitialised[f.kernel] = where(f.accesses[0].site);
  const std::string hole = " holds nothing from a tagged buffer; the layout puts ";
  for (auto& [key, f] : merged) {
    const auto it = uninitialised.find(f.kernel);
    const std::size_t at = f.message.find(hole);
    const std::size_t there = at == std::string::npos ? at : f.message.find(" there", at + hole.size());
    if (f.tool != "layout" || it == uninitialised.end() || there == std::string::npos) continue;
    f.message = f.message.substr(0, there + 6) + ": the kernel read uninitialised memory at " + it->second +
                " (initcheck), which this element holds; no layout mistake is needed to explain it";
    f.kind = "uninitialised";
  }
}

std::string message(const Finding& f) {
  if (f.tool == "racecheck" && f.accesses.size() == 2) return race_sentence(f);
  if (f.tool == "initcheck" && f.accesses.size() == 1) return init_sentence(f);
  return f.message;
}

}  // namespace

CheckResult run_check(const CheckOptions& options) {
  if (options.command.empty()) throw UserError("wmmasim check needs a program to run");
  for (const std::string& t : options.tools)
    if (std::find(tool_names().begin(), tool_names().end(), t) == tool_names().end())
      throw UserError("unknown check tool '" + quoted_input(t) + "' (memcheck, racecheck, initcheck, synccheck, layout or all)");
  char dir_template[] = "/tmp/wmmasim-check-XXXXXX";
  if (!mkdtemp(dir_template)) throw UserError(std::string("cannot make a temporary directory: ") + std::strerror(errno));
  const fs::path dir = dir_template, report_path = dir / "report.json", layout_path = dir / "layout.json";
  std::string tools;
  for (const std::string& t : tool_names())
    if (wants(options, t) && t != "layout") tools += (tools.empty() ? "" : ",") + t;
  std::vector<std::string> environment = {"WMMASIM_CHECK=" + (tools.empty() ? std::string("none") : tools),
                                          "WMMASIM_CHECK_REPORT=" + report_path.string()};
  if (wants(options, "layout"))
    environment.insert(environment.end(), {"WMMASIM_CHECK_LAYOUTS=1", "WMMASIM_CHECK_LAYOUTS_JSON=" + layout_path.string()});
  CheckResult result;
  try {
    result.program_status = run_program(options.command, environment);
    if (!fs::exists(report_path)) {
      const std::string program = quoted_input(options.command[0]);
      if (result.program_status > 128)
        throw UserError(program + " was ended by signal " + std::to_string(result.program_status - 128) +
                        " before it could write its check report");
      throw UserError(program + " exited with status " + std::to_string(result.program_status) +
                      " without writing a check report: wmmasim check runs programs built by wmmasim-hipcc");
    }
    result.report = read_report(report_path.string());
    if (wants(options, "layout")) add_layout_findings(layout_path, result.report);
  } catch (...) {
    fs::remove_all(dir);
    throw;
  }
  fs::remove_all(dir);
  std::vector<CodeSite*> sites;
  for (Finding& f : result.report.findings)
    for (Access& a : f.accesses) sites.push_back(&a.site);
  symbolize(sites);
  for (Finding& f : result.report.findings) {
    const std::string prefix = "static __shared__ '";
    if (f.memory.rfind(prefix + "_Z", 0) == 0 && f.memory.back() == '\'')
      f.memory = prefix + demangle(f.memory.substr(prefix.size(), f.memory.size() - prefix.size() - 1)) + "'";
  }
  // One finding per cause and pair of lines: the runtime merged by code address, and several
  // addresses can be one line (an unrolled loop).
  std::map<std::tuple<std::string, std::string, std::string, unsigned, std::string, unsigned, std::string>, Finding> merged;
  for (Finding& f : result.report.findings) {
    const auto [file, line] = place(f);
    const CodeSite* other = f.accesses.size() == 2 ? &f.accesses[0].site : nullptr;
    const auto key = std::make_tuple(file, f.tool, f.kind, line, other ? other->file : f.message, other ? other->line : 0u,
                                     f.memory.substr(0, f.memory.find(" (")));
    // Addresses of one line count the same blocks: the line was seen in at least the most of them.
    auto [it, inserted] = merged.emplace(key, f);
    if (!inserted) it->second.blocks = std::max(it->second.blocks, f.blocks);
    if (!inserted && std::make_tuple(f.block[2], f.block[1], f.block[0]) <
                         std::make_tuple(it->second.block[2], it->second.block[1], it->second.block[0]))
      it->second.block = f.block;
  }
  explain_holes(merged);
  result.report.findings.clear();
  for (auto& [key, f] : merged) {
    (f.severity == "error" ? result.errors : f.severity == "warning" ? result.warnings : result.notes) += 1;
    result.report.findings.push_back(std::move(f));
  }
  return result;
}

std::string check_text(const CheckResult& result) {
  std::ostringstream out;
  for (const Finding& f : result.report.findings) {
    const auto [file, line] = place(f);
    const std::string at = line ? short_file(file) + ":" + std::to_string(line) + ": " : std::string();
    if (f.tool == "racecheck" && f.accesses.size() == 2) {
      out << at << f.severity << ": racecheck: " << race_sentence(f) << ", " << block_text(f) << "\n";
      for (const Access* a : {&f.accesses[0], &f.accesses[1]})
        if (a->site.line) out << "    " << where(a->site) << " | " << source_line(a->site.file, a->site.line) << "\n";
    } else if (f.tool == "racecheck" && f.accesses.size() == 1) {
      out << at << f.severity << ": racecheck: " << who(f.accesses[0]) << " of " << block_text(f).substr(3) << " "
          << f.message << "\n";
      if (f.accesses[0].site.line)
        out << "    " << where(f.accesses[0].site) << " | " << source_line(f.accesses[0].site.file, f.accesses[0].site.line) << "\n";
    } else if (f.tool == "initcheck" && f.accesses.size() == 1) {
      out << at << f.severity << ": initcheck: " << init_sentence(f) << ", " << block_text(f) << "\n";
      if (f.accesses[0].site.line)
        out << "    " << where(f.accesses[0].site) << " | " << source_line(f.accesses[0].site.file, f.accesses[0].site.line) << "\n";
    } else if (f.tool == "synccheck" && f.severity != "error") {
      out << at << f.severity << ": synccheck: " << f.message << ", " << block_text(f) << "\n";
    } else if (f.tool == "layout") {
      out << at << f.severity << ": layout: " << f.message << "\n";
    } else {
      out << at << f.severity << ": " << f.tool << ": " << f.message << "\n";
    }
  }
  const auto count = [](std::size_t n, const char* one, const char* many) {
    return std::to_string(n) + " " + (n == 1 ? one : many);
  };
  out << "wmmasim check: " << count(result.errors, "error", "errors") << ", " << count(result.warnings, "warning", "warnings")
      << " in " << count(result.report.launches, "launch", "launches") << "\n";
  return out.str();
}

std::string check_json(const CheckResult& result) {
  json findings = json::array();
  for (const Finding& f : result.report.findings) {
    const auto [file, line] = place(f);
    json accesses = json::array();
    for (const Access& a : f.accesses)
      accesses.push_back({{"wave", a.wave}, {"lane", a.lane}, {"file", a.site.file}, {"line", a.site.line},
                          {"function", a.site.function}});
    findings.push_back({{"tool", f.tool}, {"severity", f.severity}, {"kind", f.kind}, {"kernel", f.kernel},
                        {"file", file}, {"line", line}, {"message", message(f)},
                        {"memory", f.memory}, {"offset", f.offset}, {"block", f.block}, {"blocks", f.blocks},
                        {"accesses", accesses}});
  }
  return json{{"errors", result.errors}, {"warnings", result.warnings}, {"launches", result.report.launches},
              {"program_status", result.program_status}, {"findings", findings}}
             .dump(2) + "\n";
}

int check_status(const CheckResult& result) { return result.errors ? 1 : result.program_status; }

}  // namespace wmmasim::check
