#include "wmmasim/runfile/run_file.hpp"

#include "wmmasim/files/atomic_file.hpp"

#include <cstdio>
#include <fstream>
#include <sstream>
#include <unistd.h>

#include "json_path_reader.hpp"
#include "wmmasim/error.hpp"
#include "wmmasim/json_error.hpp"

namespace wmmasim::runfile {
namespace {

using nlohmann::json;

std::string hex(std::uint64_t v, int digits) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "0x%0*llx", digits, static_cast<unsigned long long>(v));
  return buf;
}

json matrix_json(const Matrix& m) {
  json j = {{"format", m.format}, {"rows", m.rows}, {"cols", m.cols}};
  if (m.keys != 1) j["keys"] = m.keys;
  if (!m.layout_evidence.empty()) j["layout_evidence"] = m.layout_evidence;
  json bits = json::array();
  const int digits = hex_digits(m.format);
  for (std::uint32_t b : m.bits) bits.push_back(hex(b, digits));
  j["bits"] = std::move(bits);
  return j;
}

json program_json(const ProgramRecord& p) {
  json j = {{"program", p.program},         {"arch", p.arch},           {"wave_size", p.wave_size},
            {"seed", p.seed},               {"instruction", p.instruction}, {"modifiers", p.modifiers},
            {"mode", p.mode}};
  if (!p.addressing.empty()) j["addressing"] = p.addressing;
  for (const char* key : {"inputs", "outputs"}) {
    json side = json::object();
    for (const auto& [name, m] : key[0] == 'i' ? p.inputs : p.outputs) side[name] = matrix_json(m);
    j[key] = std::move(side);
  }
  if (!p.registers.empty()) {
    json regs = json::object();
    for (const auto& [name, lanes] : p.registers) {
      json lane_array = json::array();
      for (const auto& words : lanes) {
        json w = json::array();
        for (std::uint32_t x : words) w.push_back(hex(x, 8));
        lane_array.push_back(std::move(w));
      }
      regs[name] = std::move(lane_array);
    }
    j["registers"] = std::move(regs);
  }
  if (p.cycles) {
    json waves = json::array();
    for (const WaveCycles& w : p.cycles->per_wave)
      waves.push_back({{"wave", w.wave}, {"shader_cycles", w.shader_cycles}, {"realtime_ticks", w.realtime_ticks}});
    j["cycles"] = {{"per_wave", std::move(waves)}, {"wall_clock_hz", p.cycles->wall_clock_hz}};
    if (!p.cycles->wall_clock_source.empty()) j["cycles"]["wall_clock_source"] = p.cycles->wall_clock_source;
  }
  if (!p.notes.empty()) j["notes"] = p.notes;
  return j;
}

// Reading: the shared accessors and the run file's own values.
struct Reader : JsonPathReader {
  std::string string_at(const json& obj, const std::string& path, const char* key) const { return text(obj, path, key); }
  std::uint64_t unsigned_at(const json& obj, const std::string& path, const char* key) const {
    return count(field(obj, path, key), path + "." + key, UINT64_MAX);
  }
  int small_at(const json& obj, const std::string& path, const char* key, int max) const {
    return static_cast<int>(count(field(obj, path, key), path + "." + key, static_cast<std::uint64_t>(max)));
  }
  std::uint64_t hex_value(const json& v, const std::string& path, int max_digits) const {
    if (!v.is_string()) fail(path, "is not a hex string such as \"0x3c00\"");
    const std::string s = v.get<std::string>();
    if (s.size() < 3 || s[0] != '0' || (s[1] != 'x' && s[1] != 'X') || s.size() - 2 > 16 ||
        s.find_first_not_of("0123456789abcdefABCDEF", 2) != std::string::npos)
      fail(path, "is \"" + quoted_input(s) + "\", not a hex string such as \"0x3c00\"");
    const std::uint64_t x = std::stoull(s.substr(2), nullptr, 16);
    if (max_digits < 16 && x >> (4 * max_digits)) fail(path, "is " + s + ", wider than " + std::to_string(max_digits) + " hex digits");
    return x;
  }

  Matrix matrix(const json& j, const std::string& path) const {
    Matrix m;
    m.format = string_at(j, path, "format");
    m.rows = small_at(j, path, "rows", 1 << 16);
    m.cols = small_at(j, path, "cols", 1 << 16);
    m.keys = j.contains("keys") ? small_at(j, path, "keys", 64) : 1;
    if (j.contains("layout_evidence")) m.layout_evidence = string_at(j, path, "layout_evidence");
    const json& bits = field(j, path, "bits");
    if (!bits.is_array()) fail(path + ".bits", "is not an array");
    const std::size_t expected = static_cast<std::size_t>(m.keys) * m.rows * m.cols;
    if (bits.size() != expected)
      fail(path + ".bits", "has " + std::to_string(bits.size()) + " elements, expected keys*rows*cols = " + std::to_string(expected));
    const int digits = hex_digits(m.format);
    for (std::size_t i = 0; i < bits.size(); ++i)
      m.bits.push_back(static_cast<std::uint32_t>(hex_value(bits[i], path + ".bits[" + std::to_string(i) + "]", digits)));
    return m;
  }

  ProgramRecord program(const json& j, const std::string& path) const {
    ProgramRecord p;
    p.program = string_at(j, path, "program");
    p.arch = string_at(j, path, "arch");
    p.wave_size = small_at(j, path, "wave_size", 64);
    if (p.wave_size != 32 && p.wave_size != 64) fail(path + ".wave_size", "is " + std::to_string(p.wave_size) + ", expected 32 or 64");
    p.seed = unsigned_at(j, path, "seed");
    p.instruction = string_at(j, path, "instruction");
    const json& mods = field(j, path, "modifiers");
    if (!mods.is_array()) fail(path + ".modifiers", "is not an array of strings");
    for (std::size_t i = 0; i < mods.size(); ++i) {
      if (!mods[i].is_string()) fail(path + ".modifiers[" + std::to_string(i) + "]", "is not a string");
      p.modifiers.push_back(mods[i].get<std::string>());
    }
    p.mode = string_at(j, path, "mode");
    if (j.contains("addressing")) p.addressing = string_at(j, path, "addressing");
    for (const char* key : {"inputs", "outputs"}) {
      const json& side = field(j, path, key);
      if (!side.is_object()) fail(path + "." + key, "is not a JSON object");
      for (const auto& [name, m] : side.items())
        (key[0] == 'i' ? p.inputs : p.outputs)[name] = matrix(m, path + "." + key + "." + name);
    }
    if (j.contains("registers")) {
      const json& regs = j["registers"];
      if (!regs.is_object()) fail(path + ".registers", "is not a JSON object");
      for (const auto& [name, lanes] : regs.items()) {
        const std::string rp = path + ".registers." + name;
        if (!lanes.is_array()) fail(rp, "is not an array of lanes");
        auto& out = p.registers[name];
        for (std::size_t l = 0; l < lanes.size(); ++l) {
          if (!lanes[l].is_array()) fail(rp + "[" + std::to_string(l) + "]", "is not an array of words");
          std::vector<std::uint32_t> words;
          for (std::size_t w = 0; w < lanes[l].size(); ++w)
            words.push_back(static_cast<std::uint32_t>(
                hex_value(lanes[l][w], rp + "[" + std::to_string(l) + "][" + std::to_string(w) + "]", 8)));
          out.push_back(std::move(words));
        }
      }
    }
    if (j.contains("cycles") && !j["cycles"].is_null()) {
      const json& c = j["cycles"];
      const std::string cp = path + ".cycles";
      Cycles cycles;
      const json& waves = field(c, cp, "per_wave");
      if (!waves.is_array()) fail(cp + ".per_wave", "is not an array");
      for (std::size_t i = 0; i < waves.size(); ++i) {
        const std::string wp = cp + ".per_wave[" + std::to_string(i) + "]";
        cycles.per_wave.push_back({small_at(waves[i], wp, "wave", 1 << 30), unsigned_at(waves[i], wp, "shader_cycles"),
                                   unsigned_at(waves[i], wp, "realtime_ticks")});
      }
      const json& hz = field(c, cp, "wall_clock_hz");
      if (!hz.is_number() || hz.get<double>() < 0) fail(cp + ".wall_clock_hz", "is not a non-negative number");
      cycles.wall_clock_hz = hz.get<double>();
      if (c.contains("wall_clock_source")) cycles.wall_clock_source = string_at(c, cp, "wall_clock_source");
      p.cycles = std::move(cycles);
    }
    if (j.contains("notes")) {
      const json& notes = j["notes"];
      if (!notes.is_array()) fail(path + ".notes", "is not an array of strings");
      for (const json& n : notes) {
        if (!n.is_string()) fail(path + ".notes", "is not an array of strings");
        p.notes.push_back(n.get<std::string>());
      }
    }
    return p;
  }
};

}  // namespace

int hex_digits(const std::string& format) {
  if (format == "f16" || format == "bf16" || format == "b16") return 4;
  if (format == "fp8" || format == "bf8" || format == "iu8" || format == "b8") return 2;
  if (format == "iu4" || format == "sparse_index") return 1;
  return 8;
}

nlohmann::json to_json(const RunFile& run) {
  json producer = {{"backend", run.producer.backend}, {"tool", run.producer.tool}};
  producer["model"] = run.producer.model ? json(*run.producer.model) : json(nullptr);
  json programs = json::array();
  for (const ProgramRecord& p : run.programs) programs.push_back(program_json(p));
  json j = {{"format", kFormatName}, {"version", run.launches.empty() ? run.version : kLaunchFormatVersion},
            {"producer", std::move(producer)}, {"environment", run.environment}, {"programs", std::move(programs)}};
  if (!run.launches.empty()) {
    json launches = json::array();
    for (const LaunchRecord& l : run.launches) launches.push_back(launch_to_json(l));
    j["launches"] = std::move(launches);
  }
  return j;
}

RunFile from_json(const nlohmann::json& j, const std::string& source) {
  const Reader r{source};
  if (!j.is_object()) r.fail("the top level", "is not a JSON object");
  if (r.string_at(j, "the top level", "format") != kFormatName)
    r.fail("format", "is not \"" + std::string(kFormatName) + "\"");
  RunFile run;
  run.version = r.small_at(j, "the top level", "version", 1 << 20);
  if (run.version < kFormatVersion || run.version > kLaunchFormatVersion)
    r.fail("version", "is " + std::to_string(run.version) + ", but this wmmasim reads versions " + std::to_string(kFormatVersion) +
                          " to " + std::to_string(kLaunchFormatVersion));
  const json& producer = r.field(j, "the top level", "producer");
  run.producer.backend = r.string_at(producer, "producer", "backend");
  if (run.producer.backend != "hip" && run.producer.backend != "emulator" && run.producer.backend != "capture")
    r.fail("producer.backend", "is \"" + quoted_input(run.producer.backend) + "\", expected hip, emulator or capture");
  run.producer.tool = r.string_at(producer, "producer", "tool");
  if (producer.contains("model") && !producer["model"].is_null()) run.producer.model = r.string_at(producer, "producer", "model");
  if (j.contains("environment")) {
    if (!j["environment"].is_object()) r.fail("environment", "is not a JSON object");
    run.environment = j["environment"];
  }
  const json& programs = r.field(j, "the top level", "programs");
  if (!programs.is_array()) r.fail("programs", "is not an array");
  for (std::size_t i = 0; i < programs.size(); ++i)
    run.programs.push_back(r.program(programs[i], "programs[" + std::to_string(i) + "]"));
  if (j.contains("launches")) {
    if (run.version < kLaunchFormatVersion) r.fail("launches", "needs version " + std::to_string(kLaunchFormatVersion) + " or later");
    if (!j["launches"].is_array()) r.fail("launches", "is not an array");
    for (std::size_t i = 0; i < j["launches"].size(); ++i)
      run.launches.push_back(launch_from_json(j["launches"][i], source, "launches[" + std::to_string(i) + "]"));
  }
  return run;
}

RunFile read_run_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw UserError("cannot read run file " + path.string());
  json j;
  try {
    j = json::parse(in);
  } catch (const json::parse_error& e) {
    throw UserError(path.string() + " is not valid JSON (byte " + std::to_string(e.byte) + ")");
  } catch (const json::exception& e) {
    throw UserError(path.string() + " is not valid JSON (" + json_exception_reason(e.what()) + ")");
  }
  return from_json(j, path.string());
}

void write_run_file(const RunFile& run, const std::filesystem::path& path) {
  files::write_atomically(path, to_json(run).dump(1) + "\n", "the run file");
}

}  // namespace wmmasim::runfile
