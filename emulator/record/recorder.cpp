#include "wmmasim/record/recorder.hpp"

#include <cxxabi.h>
#include <fnmatch.h>
#include <unistd.h>

#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <fstream>
#include <iterator>

#include "wmmasim/error.hpp"
#include "wmmasim/runfile/launch_file_writer.hpp"

namespace wmmasim::record {
namespace {

std::string trim(const std::string& s) {
  const auto b = s.find_first_not_of(" \t");
  if (b == std::string::npos) return "";
  return s.substr(b, s.find_last_not_of(" \t") - b + 1);
}

// Removes trailing qualifiers that do not change what a pointer points to ("float* const __restrict__").
std::string without_trailing_qualifiers(std::string t) {
  for (bool again = true; again;) {
    again = false;
    t = trim(t);
    for (const char* q : {"const", "volatile", "__restrict__", "__restrict", "restrict"}) {
      const std::size_t n = std::strlen(q);
      if (t.size() > n && t.compare(t.size() - n, n, q) == 0 && !std::isalnum(static_cast<unsigned char>(t[t.size() - n - 1])) &&
          t[t.size() - n - 1] != '_') {
        t.resize(t.size() - n);
        again = true;
      }
    }
  }
  return t;
}

bool has_word(const std::string& s, const std::string& word) {
  for (std::size_t at = s.find(word); at != std::string::npos; at = s.find(word, at + 1)) {
    const bool left = at == 0 || !(std::isalnum(static_cast<unsigned char>(s[at - 1])) || s[at - 1] == '_');
    const std::size_t end = at + word.size();
    const bool right = end == s.size() || !(std::isalnum(static_cast<unsigned char>(s[end])) || s[end] == '_');
    if (left && right) return true;
  }
  return false;
}

std::uint64_t parse_bytes(const std::string& text, const std::string& what) {
  std::size_t used = 0;
  unsigned long long v = 0;
  try {
    v = std::stoull(text, &used, 10);
  } catch (const std::exception&) {
    used = 0;
  }
  std::uint64_t scale = 1;
  const std::string rest = text.substr(used);
  if (rest == "K" || rest == "k") scale = 1ull << 10;
  else if (rest == "M" || rest == "m") scale = 1ull << 20;
  else if (rest == "G" || rest == "g") scale = 1ull << 30;
  else if (!rest.empty()) used = 0;
  if (used == 0 || text.empty() || text[0] == '-' || v > (~0ull) / scale)
    throw UserError(what + " is '" + text + "', not a byte count such as 1048576, 64M or 2G");
  return v * scale;
}

std::string command_line() {
  std::ifstream in("/proc/self/cmdline", std::ios::binary);
  std::string raw((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  while (!raw.empty() && raw.back() == '\0') raw.pop_back();
  for (char& c : raw)
    if (c == '\0') c = ' ';
  return raw;
}

std::string utc_now() {
  const std::time_t t = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

}  // namespace

bool is_pointer_type(const std::string& type) {
  const std::string t = without_trailing_qualifiers(type);
  return !t.empty() && t.back() == '*';
}

bool points_to_const(const std::string& type) {
  std::string t = without_trailing_qualifiers(type);
  if (t.empty() || t.back() != '*') return false;
  t.pop_back();  // the pointee's type: "const float", "float const", "const float*"
  const std::string pointee = trim(t);
  if (pointee.find('*') == std::string::npos) return has_word(pointee, "const");
  return without_trailing_qualifiers(pointee) != pointee && has_word(pointee.substr(pointee.rfind('*')), "const");
}

std::string demangle(const std::string& symbol) {
  int status = 0;
  char* d = abi::__cxa_demangle(symbol.c_str(), nullptr, nullptr, &status);
  if (status != 0 || !d) return symbol;
  std::string s = d;
  std::free(d);
  return s;
}

// ---- LaunchFilter ----

bool LaunchFilter::selects(std::uint64_t index, const std::string& kernel) const {
  if (empty()) return true;
  for (const auto& [lo, hi] : ranges)
    if (index >= lo && index <= hi) return true;
  const std::string base = runfile::kernel_base_name(kernel);
  for (const std::string& pattern : names)
    if (fnmatch(pattern.c_str(), base.c_str(), 0) == 0 || fnmatch(pattern.c_str(), kernel.c_str(), 0) == 0) return true;
  return false;
}

LaunchFilter LaunchFilter::parse(const std::string& text, const std::string& what) {
  LaunchFilter f;
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t comma = text.find(',', start);
    const std::string item = trim(text.substr(start, comma == std::string::npos ? std::string::npos : comma - start));
    start = comma == std::string::npos ? text.size() + 1 : comma + 1;
    if (item.empty()) {
      if (text.empty()) break;
      throw UserError(what + " has an empty item in '" + text + "' (expected launch numbers, ranges such as 3-5, or kernel names)");
    }
    if (std::isdigit(static_cast<unsigned char>(item[0]))) {
      const std::size_t dash = item.find('-');
      const std::string lo = item.substr(0, dash), hi = dash == std::string::npos ? lo : item.substr(dash + 1);
      const bool digits = !lo.empty() && !hi.empty() && lo.find_first_not_of("0123456789") == std::string::npos &&
                          hi.find_first_not_of("0123456789") == std::string::npos && lo.size() < 19 && hi.size() < 19;
      if (!digits || std::stoull(lo) > std::stoull(hi))
        throw UserError(what + " has '" + item + "', which is neither a launch number, a range such as 3-5 nor a kernel name");
      f.ranges.emplace_back(std::stoull(lo), std::stoull(hi));
    } else {
      f.names.push_back(item);
    }
  }
  return f;
}

// ---- Options ----

std::optional<Options> Options::from(const std::function<const char*(const char*)>& get) {
  const char* out = get("WMMASIM_RECORD");
  if (!out || !*out) return std::nullopt;
  Options o;
  o.out = out;
  if (const char* v = get("WMMASIM_RECORD_ONLY_OUTPUTS"); v && *v) {
    const std::string s = v;
    if (s == "1" || s == "yes" || s == "true") o.only_outputs = true;
    else if (s != "0" && s != "no" && s != "false")
      throw UserError("WMMASIM_RECORD_ONLY_OUTPUTS is '" + s + "', expected 1 or 0");
  }
  if (const char* v = get("WMMASIM_RECORD_LAUNCHES"); v && *v) o.launches = LaunchFilter::parse(v, "WMMASIM_RECORD_LAUNCHES");
  if (const char* v = get("WMMASIM_RECORD_MAX_BYTES"); v && *v) o.max_buffer_bytes = parse_bytes(v, "WMMASIM_RECORD_MAX_BYTES");
  return o;
}

std::optional<Options> Options::from_environment() {
  return from([](const char* name) { return static_cast<const char*>(std::getenv(name)); });
}

Argument Argument::of(std::string type, const void* value, std::size_t bytes, Kind kind) {
  Argument a;
  a.type = std::move(type);
  const auto* p = static_cast<const std::uint8_t*>(value);
  a.value.assign(p, p + bytes);
  a.kind = kind;
  return a;
}

// ---- Recorder ----

Recorder::Recorder(Options options, runfile::Producer producer, nlohmann::json environment)
    : options_(std::move(options)), environment_(std::move(environment)) {
  if (!environment_.is_object()) environment_ = nlohmann::json::object();
  writer_ = std::make_unique<runfile::LaunchFileWriter>(options_.out, std::move(producer));
  char host[256] = "";
  ::gethostname(host, sizeof host - 1);
  environment_["host"] = host;
  environment_["date"] = utc_now();
  environment_["command"] = command_line();
  nlohmann::json settings = {{"only_outputs", options_.only_outputs}, {"max_buffer_bytes", options_.max_buffer_bytes}};
  if (const char* f = std::getenv("WMMASIM_RECORD_LAUNCHES"); f && !options_.launches.empty()) settings["launches"] = f;
  environment_["recording"] = std::move(settings);
}

Recorder::~Recorder() = default;

void Recorder::note_allocation(std::uint64_t base, std::uint64_t bytes, std::string element_type) {
  std::lock_guard lock(mutex_);
  allocations_[base] = {bytes, std::move(element_type)};
}

void Recorder::note_free(std::uint64_t base) {
  std::lock_guard lock(mutex_);
  allocations_.erase(base);
}

Recorder::Ticket Recorder::before_launch(const Launch& launch, const CopyFromDevice& copy) {
  std::lock_guard lock(mutex_);
  Ticket ticket{next_index_++, false};
  if (finished_ || !options_.launches.selects(ticket.index, launch.kernel)) return ticket;
  ticket.recorded = true;

  runfile::LaunchRecord r;
  r.index = ticket.index;
  r.kernel = launch.kernel;
  r.symbol = launch.symbol;
  r.grid = {launch.grid.x, launch.grid.y, launch.grid.z};
  r.block = {launch.block.x, launch.block.y, launch.block.z};
  r.dynamic_lds = launch.dynamic_lds;
  r.wave_size = launch.wave_size;
  r.notes = launch.notes;
  std::vector<std::uint64_t>& bases = pending_bases_[ticket.index];
  for (std::size_t i = 0; i < launch.arguments.size(); ++i) {
    const Argument& a = launch.arguments[i];
    runfile::LaunchArgument out{a.type, a.value, -1, 0};
    const bool typed_pointer = a.kind == Argument::Kind::pointer || (a.kind == Argument::Kind::from_type && is_pointer_type(a.type));
    const bool maybe_pointer = a.kind == Argument::Kind::from_type && a.type.empty();
    if ((typed_pointer || maybe_pointer) && a.value.size() == 8) {
      std::uint64_t address = 0;
      std::memcpy(&address, a.value.data(), 8);
      auto it = allocations_.upper_bound(address);
      if (it != allocations_.begin() && address < std::prev(it)->first + std::prev(it)->second.bytes) {
        --it;
        if (maybe_pointer)
          r.notes.push_back("argument " + std::to_string(i) + " has no type; its value lies inside an allocation, so it is taken as a pointer");
        std::size_t b = 0;
        while (b < bases.size() && bases[b] != it->first) ++b;
        if (b == bases.size()) {
          bases.push_back(it->first);
          runfile::LaunchBuffer buffer;
          buffer.bytes = it->second.bytes;
          buffer.element_type = it->second.element_type;
          buffer.output = false;
          r.buffers.push_back(std::move(buffer));
        }
        runfile::LaunchBuffer& buffer = r.buffers[b];
        buffer.arguments.push_back(static_cast<int>(i));
        // An argument of unknown constness may write: only a typed pointer to const makes an input.
        if (!(typed_pointer && !a.type.empty() && points_to_const(a.type))) buffer.output = true;
        out.buffer = static_cast<int>(b);
        out.offset = address - it->first;
      } else if (typed_pointer && address != 0) {
        r.notes.push_back("argument " + std::to_string(i) + " (" + (a.type.empty() ? "a pointer" : a.type) +
                          ") points into no allocation the program made through the runtime; not recorded");
      }
    }
    r.arguments.push_back(std::move(out));
  }
  for (std::size_t b = 0; b < r.buffers.size(); ++b) {
    runfile::LaunchBuffer& buffer = r.buffers[b];
    const std::string label = "launch " + std::to_string(r.index) + " (" + runfile::kernel_base_name(r.kernel) + "): the buffer of argument " +
                              std::to_string(buffer.arguments.front());
    if (options_.only_outputs && !buffer.output) {
      buffer.skipped = "not an output (only outputs are recorded)";
    } else if (buffer.bytes > options_.max_buffer_bytes) {
      buffer.skipped = "its " + std::to_string(buffer.bytes) + " bytes exceed the recording's limit of " +
                       std::to_string(options_.max_buffer_bytes) + " (WMMASIM_RECORD_MAX_BYTES); contents not recorded";
      ++skipped_buffers_;
      std::fprintf(stderr, "wmmasim record: %s: %s\n", label.c_str(), buffer.skipped.c_str());
    }
  }
  pending_[ticket.index] = std::move(r);
  copy_contents(pending_[ticket.index], true, copy);
  return ticket;
}

void Recorder::copy_contents(runfile::LaunchRecord& r, bool before, const CopyFromDevice& copy) {
  const std::vector<std::uint64_t>& bases = pending_bases_[r.index];
  for (std::size_t b = 0; b < r.buffers.size(); ++b) {
    runfile::LaunchBuffer& buffer = r.buffers[b];
    if (!buffer.skipped.empty() || (before && options_.only_outputs)) continue;
    std::vector<std::uint8_t> bytes(buffer.bytes);
    const std::string problem = copy ? copy(bases[b], bytes.data(), bytes.size()) : "no copy function was given";
    if (!problem.empty()) {
      buffer.skipped = std::string("copying it ") + (before ? "before" : "after") + " the launch failed: " + problem;
      continue;
    }
    (before ? buffer.before : buffer.after) = std::move(bytes);
  }
}

void Recorder::after_launch(const Ticket& ticket, const CopyFromDevice& copy, const std::string& error) {
  if (!ticket.recorded) return;
  std::lock_guard lock(mutex_);
  auto it = pending_.find(ticket.index);
  if (it == pending_.end()) return;
  runfile::LaunchRecord& r = it->second;
  if (error.empty()) copy_contents(r, false, copy);
  else r.error = error;
  writer_->append(r);
  ++recorded_;
  pending_.erase(it);
  pending_bases_.erase(ticket.index);
}

void Recorder::set_environment(const std::string& key, nlohmann::json value) {
  std::lock_guard lock(mutex_);
  environment_[key] = std::move(value);
}

void Recorder::finish() {
  std::lock_guard lock(mutex_);
  if (finished_) return;
  finished_ = true;
  environment_["launches_seen"] = next_index_;
  environment_["launches_recorded"] = recorded_;
  environment_["buffers_over_limit"] = skipped_buffers_;
  if (!pending_.empty()) environment_["launches_unfinished"] = pending_.size();
  writer_->finish(environment_);
}

std::uint64_t Recorder::launches_seen() const {
  std::lock_guard lock(mutex_);
  return next_index_;
}

// ---- the process's recorder ----

namespace {
Recorder* g_recorder = nullptr;

void finish_at_exit() {
  try {
    g_recorder->finish();
  } catch (const UserError& e) {
    std::fflush(nullptr);
    std::fprintf(stderr, "wmmasim record: %s\n", e.what());
    std::_Exit(2);
  }
}
}  // namespace

Recorder* process_recorder(const runfile::Producer& producer, const nlohmann::json& environment) {
  static std::once_flag once;
  std::call_once(once, [&] {
    try {
      std::optional<Options> options = Options::from_environment();
      if (!options) return;
      g_recorder = new Recorder(std::move(*options), producer, environment);  // lives until exit
      std::atexit(finish_at_exit);
    } catch (const UserError& e) {
      std::fprintf(stderr, "wmmasim record: %s\n", e.what());
      std::_Exit(2);
    }
  });
  return g_recorder;
}

}  // namespace wmmasim::record
