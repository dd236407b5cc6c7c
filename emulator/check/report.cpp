#include "wmmasim/check/report.hpp"

#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "wmmasim/error.hpp"
#include "wmmasim/files/atomic_file.hpp"

namespace wmmasim::check {
namespace {

using nlohmann::json;

json site_json(const CodeSite& s) {
  json j{{"module", s.module}, {"offset", s.offset}};
  if (s.line != 0) j.update({{"file", s.file}, {"line", s.line}, {"function", s.function}});
  return j;
}

json finding_json(const Finding& f) {
  json accesses = json::array();
  for (const Access& a : f.accesses) accesses.push_back({{"wave", a.wave}, {"lane", a.lane}, {"site", site_json(a.site)}});
  return json{{"tool", f.tool},     {"severity", f.severity}, {"kind", f.kind},   {"kernel", f.kernel},
              {"message", f.message}, {"memory", f.memory},   {"offset", f.offset}, {"block", f.block},
              {"accesses", accesses}, {"file", f.file},       {"line", f.line},     {"blocks", f.blocks}};
}

// Reading: every field has one type; anything else is the sentence below.
struct Reader {
  std::string_view source;
  [[noreturn]] void bad(const std::string& what) const {
    throw UserError(quoted_input(source) + " is not a wmmasim check report: " + what);
  }
  const json& field(const json& o, const char* name) const {
    if (!o.is_object() || !o.contains(name)) bad(std::string("a record has no \"") + name + "\"");
    return o.at(name);
  }
  std::string text(const json& o, const char* name) const {
    const json& v = field(o, name);
    if (!v.is_string()) bad(std::string("\"") + name + "\" is not a string");
    return v.get<std::string>();
  }
  std::uint64_t count(const json& o, const char* name, std::uint64_t max = ~std::uint64_t{0}) const {
    const json& v = field(o, name);
    if (!v.is_number_unsigned() || v.get<std::uint64_t>() > max) bad(std::string("\"") + name + "\" is not a count");
    return v.get<std::uint64_t>();
  }
  int id(const json& o, const char* name) const {
    const json& v = field(o, name);
    if (!v.is_number_integer() || v.get<std::int64_t>() < -1 || v.get<std::int64_t>() > 1 << 20)
      bad(std::string("\"") + name + "\" is not a wave or lane number");
    return static_cast<int>(v.get<std::int64_t>());
  }
  CodeSite site(const json& o) const {
    CodeSite s{text(o, "module"), count(o, "offset"), "", "", 0};
    if (o.contains("line")) {
      s.file = text(o, "file");
      s.function = text(o, "function");
      s.line = static_cast<unsigned>(count(o, "line", 0xffffffffu));
    }
    return s;
  }
  Finding finding(const json& o) const {
    Finding f;
    f.tool = text(o, "tool");
    f.severity = text(o, "severity");
    if (f.severity != "error" && f.severity != "warning" && f.severity != "note")
      bad("a severity is not \"error\", \"warning\" or \"note\"");
    f.kind = text(o, "kind");
    f.kernel = text(o, "kernel");
    f.message = text(o, "message");
    f.memory = text(o, "memory");
    f.offset = count(o, "offset");
    const json& b = field(o, "block");
    if (!b.is_array() || b.size() != 3) bad("a block is not three numbers");
    for (std::size_t i = 0; i < 3; ++i) {
      if (!b[i].is_number_unsigned() || b[i].get<std::uint64_t>() > 0xffffffffu) bad("a block is not three numbers");
      f.block[i] = static_cast<unsigned>(b[i].get<std::uint64_t>());
    }
    const json& accesses = field(o, "accesses");
    if (!accesses.is_array() || accesses.size() > 2) bad("\"accesses\" is not a list of at most two accesses");
    for (const json& a : accesses) f.accesses.push_back(Access{id(a, "wave"), id(a, "lane"), site(field(a, "site"))});
    f.file = text(o, "file");
    f.line = static_cast<unsigned>(count(o, "line", 0xffffffffu));
    f.blocks = count(o, "blocks");
    return f;
  }
};

}  // namespace

void write_report(const std::string& path, const Report& report) {
  json findings = json::array();
  for (const Finding& f : report.findings) findings.push_back(finding_json(f));
  const json j{{"format", "wmmasim-check-report"}, {"version", 1}, {"launches", report.launches}, {"findings", findings}};
  files::write_atomically(path, j.dump(1) + "\n", "the check report");
}

Report parse_report(std::string_view text, std::string_view source) {
  const Reader r{source};
  const json j = json::parse(text.begin(), text.end(), nullptr, false);
  if (j.is_discarded()) r.bad("it is not JSON");
  if (!j.is_object() || !j.contains("format") || j["format"] != "wmmasim-check-report") r.bad("its \"format\" is not \"wmmasim-check-report\"");
  if (r.count(j, "version") != 1) r.bad("its version is not 1");
  Report report;
  report.launches = r.count(j, "launches");
  const json& findings = r.field(j, "findings");
  if (!findings.is_array()) r.bad("\"findings\" is not a list");
  for (const json& f : findings) report.findings.push_back(r.finding(f));
  return report;
}

Report read_report(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw UserError("cannot read the check report " + quoted_input(path));
  std::ostringstream text;
  text << in.rdbuf();
  return parse_report(text.str(), path);
}

}  // namespace wmmasim::check
