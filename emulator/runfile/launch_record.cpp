#include "wmmasim/runfile/launch_record.hpp"

#include "json_path_reader.hpp"
#include "wmmasim/error.hpp"

namespace wmmasim::runfile {
namespace {

using nlohmann::json;

constexpr char kBase64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

// An argument's bytes read as a little-endian unsigned integer, 2 hex digits per byte: ints and
// pointers read naturally ("0x00000040"), and structs passed by value keep every byte.
std::string value_hex(const std::vector<std::uint8_t>& bytes) {
  static constexpr char digits[] = "0123456789abcdef";
  std::string s = "0x";
  for (auto it = bytes.rbegin(); it != bytes.rend(); ++it) {
    s += digits[*it >> 4];
    s += digits[*it & 15];
  }
  return s;
}

struct LaunchReader : JsonPathReader {
  std::array<std::uint32_t, 3> extent(const json& obj, const std::string& path, const char* key) const {
    const json& v = field(obj, path, key);
    const std::string p = path + "." + key;
    if (!v.is_array() || v.size() != 3) fail(p, "is not an array of three extents [x, y, z]");
    std::array<std::uint32_t, 3> e{};
    for (int i = 0; i < 3; ++i) e[i] = static_cast<std::uint32_t>(count(v[i], p + "[" + std::to_string(i) + "]", 0xFFFFFFFFu));
    return e;
  }
  std::vector<std::uint8_t> value(const json& v, const std::string& path) const {
    if (!v.is_string()) fail(path, "is not a hex string such as \"0x00000040\"");
    const std::string s = v.get<std::string>();
    if (s.size() < 2 || s[0] != '0' || s[1] != 'x' || s.size() % 2 != 0 ||
        s.find_first_not_of("0123456789abcdefABCDEF", 2) != std::string::npos)
      fail(path, "is \"" + quoted_input(s) + "\", not an even number of hex digits after 0x (two per byte)");
    std::vector<std::uint8_t> bytes;
    for (std::size_t i = s.size(); i > 2; i -= 2) bytes.push_back(static_cast<std::uint8_t>(std::stoul(s.substr(i - 2, 2), nullptr, 16)));
    return bytes;
  }
  std::vector<std::uint8_t> contents(const json& obj, const std::string& path, const char* key, std::uint64_t bytes) const {
    const std::string encoded = text(obj, path, key);
    auto decoded = base64_decode(encoded);
    if (!decoded) fail(path + "." + key, "is not base64 (RFC 4648, with padding)");
    if (decoded->size() != bytes)
      fail(path + "." + key, "holds " + std::to_string(decoded->size()) + " bytes, but the buffer has " + std::to_string(bytes));
    return std::move(*decoded);
  }
};

}  // namespace

std::string kernel_base_name(const std::string& kernel) {
  // The parameter list is the last top-level parenthesis group (a function-pointer parameter nests).
  if (kernel.empty() || kernel.back() != ')') return kernel;
  int depth = 0;
  for (std::size_t i = kernel.size(); i-- > 0;) {
    if (kernel[i] == ')') ++depth;
    else if (kernel[i] == '(' && --depth == 0) return kernel.substr(0, i);
  }
  return kernel;
}

std::string comparable_kernel_name(const std::string& kernel) {
  std::string base = kernel_base_name(kernel);
  if (base.rfind("void ", 0) == 0) base.erase(0, 5);
  std::string out;
  for (char c : base)
    if (c != ' ') out += c;
  return out;
}

KernelMatch match_kernels(const std::string& a, const std::string& b) {
  const std::string x = comparable_kernel_name(a), y = comparable_kernel_name(b);
  if (x == y) return KernelMatch::same;
  // The function's own name: template argument lists removed, then the last ::-component.
  const auto function = [](const std::string& name) {
    std::string flat;
    int depth = 0;
    for (char c : name) {
      if (c == '<') ++depth;
      else if (c == '>') depth = depth > 0 ? depth - 1 : 0;
      else if (depth == 0) flat += c;
    }
    const auto colons = flat.rfind("::");
    return colons == std::string::npos ? flat : flat.substr(colons + 2);
  };
  return !function(x).empty() && function(x) == function(y) ? KernelMatch::same_function : KernelMatch::different;
}

std::string base64_encode(const std::vector<std::uint8_t>& bytes) {
  std::string out;
  out.reserve((bytes.size() + 2) / 3 * 4);
  std::size_t i = 0;
  for (; i + 3 <= bytes.size(); i += 3) {
    const std::uint32_t v = bytes[i] << 16 | bytes[i + 1] << 8 | bytes[i + 2];
    for (int s = 18; s >= 0; s -= 6) out += kBase64[(v >> s) & 63];
  }
  if (const std::size_t rest = bytes.size() - i) {
    const std::uint32_t v = bytes[i] << 16 | (rest == 2 ? bytes[i + 1] << 8 : 0);
    out += kBase64[(v >> 18) & 63];
    out += kBase64[(v >> 12) & 63];
    out += rest == 2 ? kBase64[(v >> 6) & 63] : '=';
    out += '=';
  }
  return out;
}

std::optional<std::vector<std::uint8_t>> base64_decode(const std::string& text) {
  if (text.size() % 4 != 0) return std::nullopt;
  int table[256];
  for (int& t : table) t = -1;
  for (int k = 0; k < 64; ++k) table[static_cast<unsigned char>(kBase64[k])] = k;
  std::vector<std::uint8_t> out;
  out.reserve(text.size() / 4 * 3);
  for (std::size_t i = 0; i < text.size(); i += 4) {
    const bool last = i + 4 == text.size();
    const int pad = last ? (text[i + 3] == '=') + (text[i + 2] == '=') : 0;
    std::uint32_t v = 0;
    for (int k = 0; k < 4; ++k) {
      const int d = k >= 4 - pad ? 0 : table[static_cast<unsigned char>(text[i + k])];
      if (d < 0) return std::nullopt;
      v = v << 6 | static_cast<std::uint32_t>(d);
    }
    out.push_back(static_cast<std::uint8_t>(v >> 16));
    if (pad < 2) out.push_back(static_cast<std::uint8_t>(v >> 8));
    if (pad < 1) out.push_back(static_cast<std::uint8_t>(v));
  }
  return out;
}

nlohmann::json launch_to_json(const LaunchRecord& l, bool with_contents) {
  json args = json::array();
  for (const LaunchArgument& a : l.arguments) {
    json j = {{"type", a.type}, {"value", value_hex(a.value)}};
    if (a.buffer >= 0) {
      j["buffer"] = a.buffer;
      j["offset"] = a.offset;
    }
    args.push_back(std::move(j));
  }
  json buffers = json::array();
  for (const LaunchBuffer& b : l.buffers) {
    json j = {{"bytes", b.bytes}, {"element_type", b.element_type}, {"arguments", b.arguments}, {"output", b.output}};
    if (b.before && with_contents) j["before"] = base64_encode(*b.before);
    if (b.after && with_contents) j["after"] = base64_encode(*b.after);
    if (!b.skipped.empty()) j["skipped"] = b.skipped;
    buffers.push_back(std::move(j));
  }
  json j = {{"index", l.index}, {"kernel", l.kernel}, {"symbol", l.symbol}, {"grid", l.grid}, {"block", l.block},
            {"dynamic_lds", l.dynamic_lds}, {"wave_size", l.wave_size}, {"arguments", std::move(args)},
            {"buffers", std::move(buffers)}};
  if (!l.error.empty()) j["error"] = l.error;
  if (!l.notes.empty()) j["notes"] = l.notes;
  return j;
}

LaunchRecord launch_from_json(const nlohmann::json& j, const std::string& source, const std::string& path) {
  const LaunchReader r{source};
  LaunchRecord l;
  l.index = r.count(r.field(j, path, "index"), path + ".index", ~0ull);
  l.kernel = r.text(j, path, "kernel");
  if (j.contains("symbol")) l.symbol = r.text(j, path, "symbol");
  l.grid = r.extent(j, path, "grid");
  l.block = r.extent(j, path, "block");
  l.dynamic_lds = r.count(r.field(j, path, "dynamic_lds"), path + ".dynamic_lds", ~0ull);
  l.wave_size = static_cast<int>(r.count(r.field(j, path, "wave_size"), path + ".wave_size", 64));
  if (l.wave_size != 0 && l.wave_size != 32 && l.wave_size != 64)
    r.fail(path + ".wave_size", "is " + std::to_string(l.wave_size) + ", expected 32, 64 or 0 (unknown)");

  const json& buffers = r.field(j, path, "buffers");
  if (!buffers.is_array()) r.fail(path + ".buffers", "is not an array");
  const json& args = r.field(j, path, "arguments");
  if (!args.is_array()) r.fail(path + ".arguments", "is not an array");
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string p = path + ".arguments[" + std::to_string(i) + "]";
    LaunchArgument a;
    a.type = r.text(args[i], p, "type");
    a.value = r.value(r.field(args[i], p, "value"), p + ".value");
    if (args[i].contains("buffer")) {
      a.buffer = static_cast<int>(r.count(args[i]["buffer"], p + ".buffer", 1u << 30));
      if (static_cast<std::size_t>(a.buffer) >= buffers.size())
        r.fail(p + ".buffer", "is " + std::to_string(a.buffer) + ", but the launch has " + std::to_string(buffers.size()) + " buffers");
      a.offset = r.count(r.field(args[i], p, "offset"), p + ".offset", ~0ull);
    }
    l.arguments.push_back(std::move(a));
  }
  for (std::size_t i = 0; i < buffers.size(); ++i) {
    const std::string p = path + ".buffers[" + std::to_string(i) + "]";
    LaunchBuffer b;
    b.bytes = r.count(r.field(buffers[i], p, "bytes"), p + ".bytes", ~0ull);
    if (buffers[i].contains("element_type")) b.element_type = r.text(buffers[i], p, "element_type");
    const json& reach = r.field(buffers[i], p, "arguments");
    if (!reach.is_array()) r.fail(p + ".arguments", "is not an array of argument indices");
    for (std::size_t k = 0; k < reach.size(); ++k) {
      const auto a = r.count(reach[k], p + ".arguments[" + std::to_string(k) + "]", 1u << 30);
      if (a >= l.arguments.size())
        r.fail(p + ".arguments[" + std::to_string(k) + "]", "is " + std::to_string(a) + ", but the launch has " +
                                                                 std::to_string(l.arguments.size()) + " arguments");
      b.arguments.push_back(static_cast<int>(a));
    }
    const json& output = r.field(buffers[i], p, "output");
    if (!output.is_boolean()) r.fail(p + ".output", "is not true or false");
    b.output = output.get<bool>();
    if (buffers[i].contains("before")) b.before = r.contents(buffers[i], p, "before", b.bytes);
    if (buffers[i].contains("after")) b.after = r.contents(buffers[i], p, "after", b.bytes);
    if (buffers[i].contains("skipped")) b.skipped = r.text(buffers[i], p, "skipped");
    l.buffers.push_back(std::move(b));
  }
  if (j.contains("error")) l.error = r.text(j, path, "error");
  if (j.contains("notes")) {
    const json& notes = j["notes"];
    if (!notes.is_array()) r.fail(path + ".notes", "is not an array of strings");
    for (const json& n : notes) {
      if (!n.is_string()) r.fail(path + ".notes", "is not an array of strings");
      l.notes.push_back(n.get<std::string>());
    }
  }
  return l;
}

}  // namespace wmmasim::runfile
