#include "diagnostics.hpp"

#include <cctype>
#include <fstream>
#include <regex>
#include <utility>
#include <string_view>

namespace wmmasim::hipcc {
namespace {

struct Token {
  std::size_t begin, end;  // byte offsets
};

std::vector<Token> tokens(const std::string& s) {
  std::vector<Token> out;
  std::size_t i = 0;
  const auto word = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$'; };
  while (i < s.size()) {
    const char c = s[i];
    if (std::isspace(static_cast<unsigned char>(c))) {
      ++i;
      continue;
    }
    std::size_t j = i + 1;
    if (word(c)) {
      while (j < s.size() && word(s[j])) ++j;
    } else if (c == '"' || c == '\'') {
      while (j < s.size() && s[j] != c) j += s[j] == '\\' ? 2 : 1;
      j = std::min(j + 1, s.size());
    }
    out.push_back({i, j});
    i = j;
  }
  return out;
}

// Tabs as clang shows them (tab stops of 8), for the caret's place under the quoted line.
std::string expand_tabs(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '\t') out.append(8 - out.size() % 8, ' ');
    else out += c;
  }
  return out;
}
std::size_t display_column(const std::string& s, std::size_t byte) {
  return expand_tabs(s.substr(0, std::min(byte, s.size()))).size();
}

std::string chomp(const std::string& s) { return !s.empty() && s.back() == '\n' ? s.substr(0, s.size() - 1) : s; }

}  // namespace

std::size_t DiagnosticMapper::map_column(const std::string& expanded, const std::string& original, std::size_t column) {
  const std::vector<Token> a = tokens(expanded), b = tokens(original);
  const auto text = [](const std::string& s, const Token& t) { return std::string_view(s).substr(t.begin, t.end - t.begin); };
  std::size_t at = 0;  // the token of `expanded` the column points into (or the next one)
  while (at < a.size() && a[at].end <= column - 1) ++at;
  if (b.empty()) return 1;
  // Longest common subsequence of the two token lists, then walk it to pair tokens in order.
  const std::size_t n = a.size(), m = b.size();
  std::vector<std::vector<unsigned short>> lcs(n + 1, std::vector<unsigned short>(m + 1, 0));
  for (std::size_t i = n; i-- > 0;)
    for (std::size_t j = m; j-- > 0;)
      lcs[i][j] = text(expanded, a[i]) == text(original, b[j]) ? static_cast<unsigned short>(lcs[i + 1][j + 1] + 1)
                                                               : std::max(lcs[i + 1][j], lcs[i][j + 1]);
  std::optional<std::size_t> last_original;  // the original token paired with the last paired token before `at`
  for (std::size_t i = 0, j = 0; i < n && j < m;) {
    if (text(expanded, a[i]) == text(original, b[j]) && lcs[i][j] == lcs[i + 1][j + 1] + 1) {
      if (i == at) {
        const std::size_t into = column - 1 > a[i].begin ? column - 1 - a[i].begin : 0;  // within the token
        return b[j].begin + 1 + std::min(into, b[j].end - b[j].begin - 1);
      }
      if (i > at) break;
      last_original = j;
      ++i;
      ++j;
    } else if (lcs[i + 1][j] >= lcs[i][j + 1]) {
      if (i == at) break;
      ++i;
    } else {
      ++j;
    }
  }
  // Inside what the rewrite produced: the first original token after the last paired one.
  if (!last_original) return b[0].begin + 1;
  return *last_original + 1 < m ? b[*last_original + 1].begin + 1 : b[*last_original].begin + 1;
}

const std::string* DiagnosticMapper::source_line(const std::string& file, long line) {
  auto it = files_.find(file);
  if (it == files_.end()) {
    std::vector<std::string> lines;
    std::ifstream in(file);
    for (std::string l; std::getline(in, l);) lines.push_back(l);
    it = files_.emplace(file, std::move(lines)).first;
  }
  if (line < 1 || static_cast<std::size_t>(line) > it->second.size()) return nullptr;
  return &it->second[static_cast<std::size_t>(line) - 1];
}

std::string DiagnosticMapper::flush() {
  std::string out = header_ ? header_->text : "";
  header_.reset();
  caret_.reset();
  return out;
}

std::string DiagnosticMapper::line(const std::string& text) {
  static const std::regex header(R"(^(.*):([0-9]+):([0-9]+): (fatal error|error|warning|note|remark): .*)");
  static const std::regex quoted(R"(^( *[0-9]+ \| )(.*)$)");
  static const std::regex caret(R"(^( *\| )(.*)$)");
  const std::string bare = chomp(text);
  std::smatch m;
  if (caret_ && std::regex_match(bare, m, caret)) {
    const std::size_t column = *caret_;
    caret_.reset();
    return m[1].str() + std::string(column - 1, ' ') + "^\n";
  }
  caret_.reset();
  if (header_ && std::regex_match(bare, m, quoted)) {
    Held h = *std::exchange(header_, std::nullopt);
    const std::string* original = source_line(h.file, h.line);
    if (!original || *original == m[2].str()) return h.text + text;
    const std::size_t column = map_column(m[2].str(), *original, h.column);
    const std::string position = ":" + std::to_string(h.line) + ":" + std::to_string(h.column) + ":";
    std::string head = h.text;
    const std::size_t at = head.find(position, h.file.size());
    if (at != std::string::npos)
      head.replace(at, position.size(), ":" + std::to_string(h.line) + ":" + std::to_string(column) + ":");
    caret_ = display_column(*original, column - 1) + 1;
    return head + m[1].str() + expand_tabs(*original) + "\n";
  }
  std::string out = flush();
  if (std::regex_match(bare, m, header) && m[2].length() < 10 && m[3].length() < 10) {
    header_ = Held{text, m[1].str(), std::stol(m[2].str()), static_cast<std::size_t>(std::stoul(m[3].str()))};
    return out;
  }
  return out + text;
}

}  // namespace wmmasim::hipcc
