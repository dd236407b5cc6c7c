// The reader of declared matrix shapes (WMMASIM_CHECK_SHAPES, shapes.hpp).
#include "wmmasim/diagnosis/shapes.hpp"

#include <fstream>
#include <iterator>
#include <map>

#include "wmmasim/error.hpp"

namespace wmmasim::diagnosis {
namespace {

constexpr std::size_t kMaxFileBytes = 1 << 20;

std::string_view trim(std::string_view s) {
  const auto first = s.find_first_not_of(" \t\r");
  if (first == std::string_view::npos) return {};
  return s.substr(first, s.find_last_not_of(" \t\r") - first + 1);
}

// A positive decimal integer below 2^31, or -1.
long long positive(std::string_view s) {
  if (s.empty() || s.size() > 10) return -1;
  long long v = 0;
  for (char c : s) {
    if (c < '0' || c > '9') return -1;
    v = v * 10 + (c - '0');
  }
  return v >= 1 && v < (1LL << 31) ? v : -1;
}

std::string format_list() {
  std::string out;
  for (int f = 0; f < static_cast<int>(Format::none); ++f) out += (f ? ", " : "") + std::string(format_name(static_cast<Format>(f)));
  return out;
}

// One entry, or the reason it is not one.
std::string parse_entry(std::string_view entry, MatrixShape& shape) {
  const auto eq = entry.find('=');
  if (eq == std::string_view::npos) return "expected BUFFER=ROWSxCOLS, as in dA=16x64:col";
  shape.buffer = std::string(trim(entry.substr(0, eq)));
  if (shape.buffer.empty()) return "the buffer name before '=' is empty";
  std::string_view rest = trim(entry.substr(eq + 1));
  const auto colon = rest.find(':');
  const std::string_view size = trim(rest.substr(0, colon));
  const auto x = size.find_first_of("xX");
  const long long rows = x == std::string_view::npos ? -1 : positive(trim(size.substr(0, x)));
  const long long cols = x == std::string_view::npos ? -1 : positive(trim(size.substr(x + 1)));
  if (rows < 0 || cols < 0) return "the size must be ROWSxCOLS, two whole numbers from 1 to 2147483647, as in 16x64";
  if (rows * cols > (1LL << 32)) return "the matrix has more than 2^32 elements, more than the check can number";
  shape.rows = static_cast<int>(rows);
  shape.cols = static_cast<int>(cols);
  bool major_given = false;
  while (colon != std::string_view::npos && !rest.empty()) {
    rest = rest.substr(rest.find(':') + 1);
    const auto next = rest.find(':');
    const std::string_view option = trim(rest.substr(0, next));
    if (option == "row" || option == "col" || option == "column") {
      if (major_given) return "row or col is given twice";
      major_given = true;
      shape.column_major = option != "row";
    } else if (const Format f = format_named(option); f != Format::none) {
      if (shape.format != Format::none) return "two formats are given";
      shape.format = f;
    } else {
      std::string why = "'";
      why += quoted_input(option);
      return why + "' is neither row, col nor a format (" + format_list() + ")";
    }
    if (next == std::string_view::npos) break;
  }
  return "";
}

}  // namespace

std::vector<MatrixShape> parse_shapes(std::string_view text, std::string_view source) {
  const bool file = source != "WMMASIM_CHECK_SHAPES";
  std::vector<MatrixShape> out;
  std::map<std::string, int> entry_of;
  int line = 1, number = 0;
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t end = text.find_first_of(",\n", start);
    if (end == std::string_view::npos) end = text.size();
    std::string_view entry = text.substr(start, end - start);
    if (const auto hash = entry.find('#'); hash != std::string_view::npos) {
      entry = entry.substr(0, hash);
      // the comment runs to the end of the line, past any comma
      if (end < text.size() && text[end] == ',') {
        end = text.find('\n', end);
        if (end == std::string_view::npos) end = text.size();
      }
    }
    entry = trim(entry);
    if (!entry.empty()) {
      ++number;
      const std::string where = file ? std::string(source) + ":" + std::to_string(line) + ": entry '" + quoted_input(entry) + "'"
                                     : std::string(source) + " entry " + std::to_string(number) + " ('" + quoted_input(entry) + "')";
      MatrixShape shape;
      const std::string why = parse_entry(entry, shape);
      if (!why.empty()) throw UserError(where + ": " + why);
      const auto [it, fresh] = entry_of.emplace(shape.buffer, number);
      if (!fresh)
        throw UserError(where + ": '" + quoted_input(shape.buffer) + "' is declared twice (entries " + std::to_string(it->second) + " and " +
                        std::to_string(number) + ")");
      out.push_back(std::move(shape));
    }
    if (end < text.size() && text[end] == '\n') ++line;
    start = end + 1;
  }
  return out;
}

std::vector<MatrixShape> shapes_setting(std::string_view value) {
  if (value.empty() || value[0] != '@') return parse_shapes(value, "WMMASIM_CHECK_SHAPES");
  const std::string path(value.substr(1));
  std::ifstream in(path, std::ios::binary);
  if (path.empty() || !in)
    throw UserError("WMMASIM_CHECK_SHAPES names the file '" + quoted_input(path) + "', which cannot be read");
  std::string text;
  char buffer[4096];
  while (in.read(buffer, sizeof buffer) || in.gcount() > 0) {
    text.append(buffer, static_cast<std::size_t>(in.gcount()));
    if (text.size() > kMaxFileBytes)
      throw UserError("the shapes file '" + quoted_input(path) + "' is larger than 1 MiB; it should hold one short line per buffer");
  }
  return parse_shapes(text, quoted_input(path));
}

std::string shape_text(const MatrixShape& s) {
  std::string text = s.buffer + "=" + std::to_string(s.rows) + "x" + std::to_string(s.cols) + (s.column_major ? ":col" : ":row");
  if (s.format != Format::none) text.append(":").append(format_name(s.format));
  return text;
}

}  // namespace wmmasim::diagnosis
