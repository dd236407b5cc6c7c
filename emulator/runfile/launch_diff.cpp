#include "wmmasim/runfile/launch_diff.hpp"

#include <algorithm>
#include <bit>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <map>

#include "wmmasim/error.hpp"
#include "wmmasim/numerics/formats.hpp"

namespace wmmasim::runfile {
namespace {

std::string trim(const std::string& s) {
  const auto b = s.find_first_not_of(" \t");
  if (b == std::string::npos) return "";
  return s.substr(b, s.find_last_not_of(" \t") - b + 1);
}

// "const __half* __restrict__" -> "__half"; "unsigned int" stays; "float4" stays.
std::string pointee_or_self(std::string t) {
  for (const char* word : {"__restrict__", "__restrict", "restrict", "const", "volatile", "struct", "class"}) {
    const std::size_t n = std::strlen(word);
    for (std::size_t at = t.find(word); at != std::string::npos; at = t.find(word, at)) {
      const bool left = at == 0 || !(std::isalnum(static_cast<unsigned char>(t[at - 1])) || t[at - 1] == '_');
      const bool right = at + n == t.size() || !(std::isalnum(static_cast<unsigned char>(t[at + n])) || t[at + n] == '_');
      if (left && right) t.erase(at, n);
      else at += n;
    }
  }
  t = trim(t);
  if (!t.empty() && t.back() == '*') t.pop_back();
  t = trim(t);
  if (t.find('*') != std::string::npos) return "";  // a pointer to pointers: its elements are addresses
  std::string collapsed;  // single spaces: "unsigned   int" -> "unsigned int"
  for (char c : t)
    if (!(c == ' ' && (collapsed.empty() || collapsed.back() == ' '))) collapsed += c;
  const auto colons = collapsed.rfind("::");  // std::int32_t, ::__half
  if (colons != std::string::npos) collapsed = collapsed.substr(colons + 2);
  return collapsed;
}

std::string hex_of(std::uint64_t v, int bytes) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "0x%0*llx", bytes * 2, static_cast<unsigned long long>(v));
  return buf;
}

std::uint64_t load(const std::vector<std::uint8_t>& b, std::uint64_t at, int bytes) {
  std::uint64_t v = 0;
  for (int i = bytes - 1; i >= 0; --i) v = v << 8 | b[at + static_cast<std::uint64_t>(i)];
  return v;
}

std::int64_t as_signed(std::uint64_t v, int bytes) {
  if (bytes == 8) return static_cast<std::int64_t>(v);
  const std::uint64_t sign = 1ull << (8 * bytes - 1);
  return static_cast<std::int64_t>((v ^ sign) - sign);
}

std::string decoded(std::uint64_t v, const ElementType& t) {
  char buf[48];
  if (t.name == "b8") return "";
  if (t.name == "f64") std::snprintf(buf, sizeof buf, "%.17g", std::bit_cast<double>(v));
  else if (t.is_float)
    std::snprintf(buf, sizeof buf, "%.9g",
                  static_cast<double>(std::bit_cast<float>(widen_to_f32(static_cast<std::uint32_t>(v), format_named(t.name)))));
  else if (t.is_signed) std::snprintf(buf, sizeof buf, "%lld", static_cast<long long>(as_signed(v, t.bytes)));
  else std::snprintf(buf, sizeof buf, "%llu", static_cast<unsigned long long>(v));
  return buf;
}

long long distance(std::uint64_t a, std::uint64_t b, const ElementType& t) {
  if (t.name == "f64") {
    const double x = std::bit_cast<double>(a), y = std::bit_cast<double>(b);
    if (x != x || y != y) return -1;
    // Ordered integers: the ULP distance is their difference (+0 and -0 coincide).
    auto ordered = [](std::uint64_t v) -> long long {
      const long long mag = static_cast<long long>(v & 0x7FFFFFFFFFFFFFFFull);
      return v >> 63 ? -mag : mag;
    };
    const long long d = ordered(a) - ordered(b);
    return d < 0 ? -d : d;
  }
  if (t.is_float) return ulp_distance(static_cast<std::uint32_t>(a), static_cast<std::uint32_t>(b), format_named(t.name));
  if (t.is_signed) {
    const long long d = as_signed(a, t.bytes) - as_signed(b, t.bytes);
    return d < 0 ? -d : d;
  }
  return a > b ? static_cast<long long>(a - b) : static_cast<long long>(b - a);
}

struct TypeChoice {
  ElementType type;
  std::string source;
};

TypeChoice choose_type(const LaunchRecord& a, const LaunchRecord& b, int argument, int buffer_a, int buffer_b,
                       const std::vector<TypeOverride>& overrides) {
  const std::string base = kernel_base_name(a.kernel);
  for (auto it = overrides.rbegin(); it != overrides.rend(); ++it)
    if (it->argument == argument && (it->kernel.empty() || it->kernel == base)) return {it->type, "--type"};
  for (const LaunchRecord* l : {&a, &b})
    if (static_cast<std::size_t>(argument) < l->arguments.size())
      if (auto t = element_type_of(l->arguments[argument].type)) return {*t, "parameter type"};
  if (auto t = element_type_of(a.buffers[buffer_a].element_type)) return {*t, "allocation hint"};
  if (auto t = element_type_of(b.buffers[buffer_b].element_type)) return {*t, "allocation hint"};
  return {*element_type_named("b8"), "raw bytes"};
}

// Compares one phase of one buffer: whole elements aligned to the argument's pointer, then any stray
// bytes before the first or after the last whole element.
BufferDiff compare_contents(const std::vector<std::uint8_t>& want, const std::vector<std::uint8_t>& got, std::uint64_t offset,
                            const TypeChoice& choice, std::size_t max_listed) {
  BufferDiff d;
  d.type = choice.type;
  d.type_source = choice.source;
  const std::uint64_t size = static_cast<std::uint64_t>(choice.type.bytes), n = want.size();
  const std::uint64_t first = offset % size;  // the first whole element's byte offset
  auto note = [&](ElementDifference e) {
    ++d.differing;
    d.max_distance = std::max(d.max_distance, e.distance < 0 ? std::numeric_limits<long long>::max() : e.distance);
    if (d.differences.size() < max_listed) d.differences.push_back(std::move(e));
  };
  auto stray_byte = [&](std::uint64_t at) {
    ++d.compared;
    if (want[at] == got[at]) return;
    note({"byte " + std::to_string(at), at, want[at], got[at], "", "", std::abs(int(want[at]) - int(got[at]))});
  };
  for (std::uint64_t at = 0; at < first && at < n; ++at) stray_byte(at);
  std::uint64_t at = first;
  for (; at + size <= n; at += size) {
    ++d.compared;
    if (std::memcmp(&want[at], &got[at], size) == 0) continue;
    const std::uint64_t x = load(want, at, choice.type.bytes), y = load(got, at, choice.type.bytes);
    const long long element = (static_cast<long long>(at) - static_cast<long long>(offset)) / static_cast<long long>(size);
    note({"[" + std::to_string(element) + "]", at, x, y, decoded(x, choice.type), decoded(y, choice.type), distance(x, y, choice.type)});
  }
  for (; at < n; ++at) stray_byte(at);
  return d;
}

std::string extent(const std::array<std::uint32_t, 3>& e) {
  return std::to_string(e[0]) + "x" + std::to_string(e[1]) + "x" + std::to_string(e[2]);
}

LaunchDiff diff_one(const LaunchRecord& a, const LaunchRecord& b, std::size_t position, const std::vector<TypeOverride>& overrides,
                    std::size_t max_listed) {
  LaunchDiff d;
  d.position = position;
  d.index_first = a.index;
  d.index_second = b.index;
  d.kernel = a.kernel;
  if (comparable_kernel_name(a.kernel) != comparable_kernel_name(b.kernel)) {
    d.error = "the first file launched " + kernel_base_name(a.kernel) + ", the second " + kernel_base_name(b.kernel) +
              " (are both recordings of the same program with the same launch filter?)";
    return d;
  }
  if (a.grid != b.grid) d.differences.push_back("grid " + extent(a.grid) + " vs " + extent(b.grid));
  if (a.block != b.block) d.differences.push_back("block " + extent(a.block) + " vs " + extent(b.block));
  if (a.dynamic_lds != b.dynamic_lds)
    d.differences.push_back("dynamic LDS " + std::to_string(a.dynamic_lds) + " vs " + std::to_string(b.dynamic_lds) + " bytes");
  if (a.wave_size && b.wave_size && a.wave_size != b.wave_size)
    d.differences.push_back("wave size " + std::to_string(a.wave_size) + " vs " + std::to_string(b.wave_size));
  if (a.error != b.error)
    d.differences.push_back("launch result \"" + (a.error.empty() ? "success" : a.error) + "\" vs \"" +
                            (b.error.empty() ? "success" : b.error) + "\"");
  if (a.arguments.size() != b.arguments.size()) {
    d.error = "the launches have " + std::to_string(a.arguments.size()) + " and " + std::to_string(b.arguments.size()) + " arguments";
    return d;
  }
  for (std::size_t i = 0; i < a.arguments.size(); ++i) {
    const LaunchArgument &x = a.arguments[i], &y = b.arguments[i];
    const std::string label = "argument " + std::to_string(i) + (x.type.empty() ? "" : " (" + x.type + ")");
    if ((x.buffer >= 0) != (y.buffer >= 0)) {
      d.notes.push_back(label + " points into a recorded buffer in " + (x.buffer >= 0 ? "the first" : "the second") +
                        " file only; not compared");
      continue;
    }
    if (x.buffer >= 0) {  // addresses differ between runs; where they point in their buffer must not
      if (x.offset != y.offset)
        d.differences.push_back(label + " points " + std::to_string(x.offset) + " vs " + std::to_string(y.offset) + " bytes into its buffer");
      continue;
    }
    const bool pointer = !x.type.empty() && x.type.find('*') != std::string::npos;
    if (pointer || x.value == y.value) continue;
    std::vector<std::uint8_t> vx = x.value, vy = y.value;
    const int bytes = static_cast<int>(std::min<std::size_t>(8, std::max(vx.size(), vy.size())));
    vx.resize(8);
    vy.resize(8);
    std::string text = label + ": " + hex_of(load(vx, 0, bytes), bytes) + " vs " + hex_of(load(vy, 0, bytes), bytes);
    if (x.value.size() != y.value.size()) text += " (" + std::to_string(x.value.size()) + " vs " + std::to_string(y.value.size()) + " bytes)";
    d.differences.push_back(text);
  }
  for (std::size_t bi = 0; bi < a.buffers.size(); ++bi) {
    const LaunchBuffer& ba = a.buffers[bi];
    if (ba.arguments.empty()) continue;
    const int arg = ba.arguments.front();
    const int bj = b.arguments[arg].buffer;
    if (bj < 0) continue;  // noted with the arguments
    const LaunchBuffer& bb = b.buffers[bj];
    const std::string label = "arg" + std::to_string(arg);
    if (ba.bytes != bb.bytes) {
      d.differences.push_back(label + "'s allocation is " + std::to_string(ba.bytes) + " vs " + std::to_string(bb.bytes) + " bytes");
      continue;
    }
    const TypeChoice choice = choose_type(a, b, arg, static_cast<int>(bi), bj, overrides);
    for (const char* phase : {"before", "after"}) {
      const bool before = phase[0] == 'b';
      const auto& ca = before ? ba.before : ba.after;
      const auto& cb = before ? bb.before : bb.after;
      if (!ca || !cb) {
        if (ca || cb || (!before && ba.output))
          d.notes.push_back(label + " " + phase + ": contents missing in " + (!ca && !cb ? "both files" : !ca ? "the first file" : "the second file") +
                            (!ca && !ba.skipped.empty() ? " (" + ba.skipped + ")" : !cb && !bb.skipped.empty() ? " (" + bb.skipped + ")" : ""));
        continue;
      }
      BufferDiff bd = compare_contents(*ca, *cb, a.arguments[arg].offset, choice, max_listed);
      bd.argument = arg;
      bd.parameter = a.arguments[arg].type.empty() ? b.arguments[arg].type : a.arguments[arg].type;
      bd.phase = phase;
      d.buffers.push_back(std::move(bd));
    }
  }
  return d;
}

}  // namespace

std::optional<ElementType> element_type_named(const std::string& name) {
  static const std::map<std::string, ElementType> types = {
      {"f64", {"f64", 8, true, true}},  {"f32", {"f32", 4, true, true}},  {"f16", {"f16", 2, true, true}},
      {"bf16", {"bf16", 2, true, true}}, {"fp8", {"fp8", 1, true, true}},  {"bf8", {"bf8", 1, true, true}},
      {"i8", {"i8", 1, false, true}},   {"u8", {"u8", 1, false, false}},  {"i16", {"i16", 2, false, true}},
      {"u16", {"u16", 2, false, false}}, {"i32", {"i32", 4, false, true}}, {"u32", {"u32", 4, false, false}},
      {"i64", {"i64", 8, false, true}}, {"u64", {"u64", 8, false, false}}, {"b8", {"b8", 1, false, false}}};
  auto it = types.find(name);
  if (it == types.end()) return std::nullopt;
  return it->second;
}

std::optional<ElementType> element_type_of(const std::string& cpp_type) {
  static const std::map<std::string, std::string> names = {
      {"float", "f32"}, {"double", "f64"}, {"__half", "f16"}, {"half", "f16"}, {"_Float16", "f16"}, {"__fp16", "f16"},
      {"__hip_bfloat16", "bf16"}, {"hip_bfloat16", "bf16"}, {"__bf16", "bf16"}, {"bfloat16", "bf16"},
      {"__hip_fp8_e4m3", "fp8"}, {"__hip_fp8_e5m2", "bf8"},
      {"char", "i8"}, {"signed char", "i8"}, {"int8_t", "i8"}, {"unsigned char", "u8"}, {"uint8_t", "u8"}, {"uchar", "u8"},
      {"short", "i16"}, {"short int", "i16"}, {"int16_t", "i16"}, {"unsigned short", "u16"}, {"unsigned short int", "u16"},
      {"uint16_t", "u16"}, {"ushort", "u16"}, {"int", "i32"}, {"signed", "i32"}, {"signed int", "i32"}, {"int32_t", "i32"},
      {"unsigned", "u32"}, {"unsigned int", "u32"}, {"uint32_t", "u32"}, {"uint", "u32"}, {"long", "i64"}, {"long int", "i64"},
      {"long long", "i64"}, {"long long int", "i64"}, {"int64_t", "i64"}, {"unsigned long", "u64"}, {"unsigned long int", "u64"},
      {"unsigned long long", "u64"}, {"unsigned long long int", "u64"}, {"uint64_t", "u64"}, {"size_t", "u64"},
      {"ulong", "u64"}, {"longlong", "i64"}, {"ulonglong", "u64"}};
  std::string t = pointee_or_self(cpp_type);
  if (t.empty()) return std::nullopt;
  if (auto it = names.find(t); it != names.end()) return element_type_named(it->second);
  // HIP vector types (float4, __half2, int2, uchar4, ...): the element type of the vector.
  while (!t.empty() && std::isdigit(static_cast<unsigned char>(t.back()))) t.pop_back();
  if (t.size() < pointee_or_self(cpp_type).size())
    if (auto it = names.find(t); it != names.end()) return element_type_named(it->second);
  return std::nullopt;
}

TypeOverride TypeOverride::parse(const std::string& text) {
  const auto eq = text.find('=');
  const std::string what = text.substr(0, eq == std::string::npos ? 0 : eq);
  const auto colon = what.rfind(':');
  TypeOverride o;
  std::string arg = what;
  if (colon != std::string::npos && (colon == 0 || what[colon - 1] != ':')) {
    o.kernel = what.substr(0, colon);
    arg = what.substr(colon + 1);
  }
  const bool arg_ok = arg.size() > 3 && arg.compare(0, 3, "arg") == 0 && arg.size() < 9 &&
                      arg.find_first_not_of("0123456789", 3) == std::string::npos;
  const auto type = eq == std::string::npos ? std::nullopt : element_type_named(text.substr(eq + 1));
  if (!arg_ok || !type)
    throw UserError("--type " + text + " is not of the form argN=TYPE or KERNEL:argN=TYPE with TYPE one of "
                    "f64 f32 f16 bf16 fp8 bf8 i8 u8 i16 u16 i32 u32 i64 u64 b8");
  o.argument = std::stoi(arg.substr(3));
  o.type = *type;
  return o;
}

std::uint64_t LaunchDiff::differing() const {
  std::uint64_t n = differences.size();
  for (const BufferDiff& b : buffers) n += b.differing;
  return n;
}

std::uint64_t LaunchDiffReport::differing() const {
  std::uint64_t n = 0;
  for (const LaunchDiff& l : launches) n += l.differing();
  return n;
}

std::size_t LaunchDiffReport::failed() const {
  std::size_t n = errors.size();
  for (const LaunchDiff& l : launches) n += !l.error.empty();
  return n;
}

LaunchDiffReport diff_launches(const RunFile& first, const RunFile& second, const std::vector<TypeOverride>& types,
                               std::size_t max_listed) {
  LaunchDiffReport report;
  auto by_index = [](const RunFile& r) {
    std::vector<const LaunchRecord*> v;
    for (const LaunchRecord& l : r.launches) v.push_back(&l);
    std::stable_sort(v.begin(), v.end(), [](auto* x, auto* y) { return x->index < y->index; });
    return v;
  };
  const auto a = by_index(first), b = by_index(second);
  if (a.empty() && b.empty()) report.errors.push_back("neither file holds launch records (run files of version 2 from a recording)");
  else if (a.size() != b.size())
    report.errors.push_back("the first file has " + std::to_string(a.size()) + " launches, the second " + std::to_string(b.size()) +
                            "; the first " + std::to_string(std::min(a.size(), b.size())) + " are compared");
  for (std::size_t i = 0; i < std::min(a.size(), b.size()); ++i) report.launches.push_back(diff_one(*a[i], *b[i], i, types, max_listed));
  return report;
}

std::string launch_diff_text(const LaunchDiffReport& report) {
  std::string out;
  auto line = [&](const std::string& s) { out += s + "\n"; };
  std::size_t with_differences = 0;
  for (const LaunchDiff& l : report.launches) {
    std::string head = "launch " + std::to_string(l.position) + " " + kernel_base_name(l.kernel);
    if (l.index_first != l.position || l.index_second != l.position)
      head += " (launch #" + std::to_string(l.index_first) + " vs #" + std::to_string(l.index_second) + ")";
    if (!l.error.empty()) {
      line(head + ": cannot be compared: " + l.error);
      continue;
    }
    std::uint64_t compared = 0;
    std::vector<int> buffers;  // each buffer shows up once per phase
    for (const BufferDiff& b : l.buffers) {
      compared += b.compared;
      if (std::find(buffers.begin(), buffers.end(), b.argument) == buffers.end()) buffers.push_back(b.argument);
    }
    const std::uint64_t n = l.differing();
    with_differences += n != 0;
    line(head + ": " + std::to_string(buffers.size()) + (buffers.size() == 1 ? " buffer, " : " buffers, ") + std::to_string(compared) +
         " elements compared, " +
         (n ? std::to_string(n) + " differ" : "identical"));
    for (const std::string& s : l.differences) line("  " + s);
    for (const BufferDiff& b : l.buffers) {
      if (!b.differing) continue;
      line("  arg" + std::to_string(b.argument) + (b.parameter.empty() ? "" : " (" + b.parameter + ")") + " " + b.phase + ": " +
           std::to_string(b.differing) + " of " + std::to_string(b.compared) + " " + b.type.name + " elements differ (type from " +
           b.type_source + ")" + (b.type.is_float ? ", max " + (b.max_distance == std::numeric_limits<long long>::max() ? std::string("NaN") : std::to_string(b.max_distance)) + " ulp" : ""));
      for (const ElementDifference& e : b.differences) {
        const int bytes = e.where.rfind("byte", 0) == 0 ? 1 : b.type.bytes;
        std::string s = "    arg" + std::to_string(b.argument) + e.where + ": " + hex_of(e.expected, bytes) +
                        (e.expected_value.empty() ? "" : " (" + e.expected_value + ")") + " vs " + hex_of(e.got, bytes) +
                        (e.got_value.empty() ? "" : " (" + e.got_value + ")");
        if (b.type.is_float && bytes == b.type.bytes) s += e.distance < 0 ? ", NaN" : ", " + std::to_string(e.distance) + " ulp";
        line(s);
      }
      if (b.differences.size() < b.differing) line("    ... " + std::to_string(b.differing - b.differences.size()) + " more");
    }
    for (const std::string& s : l.explanations) line("  " + s);
    for (const std::string& s : l.notes) line("  note: " + s);
  }
  for (const std::string& e : report.errors) line("error: " + e);
  line("summary: " + std::to_string(report.launches.size()) + " launches compared, " + std::to_string(with_differences) +
       " with differences (" + std::to_string(report.differing()) + " in all)" +
       (report.failed() ? ", " + std::to_string(report.failed()) + " could not be compared" : ""));
  return out;
}

}  // namespace wmmasim::runfile
