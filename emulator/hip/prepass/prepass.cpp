// See prepass.hpp. The input is clang -E output: no comments, line markers (`# 12 "k.hip" 2`) give
// each position's user file and line, and the headers have turned __global__ and __shared__ into
// the markers __wmmasim_global__, __wmmasim_shared__, __wmmasim_device__, __wmmasim_host__ and
// __wmmasim_constant__ (WMMASIM_PREPASS_MARKERS), so that the rewrite sees them however the user
// spelled or wrapped them in macros.
#include "prepass.hpp"

#include <algorithm>
#include <cctype>
#include <cstddef>
#include <cstring>
#include <map>
#include <set>
#include <vector>

namespace wmmasim::hip {
namespace {

enum class Kind { identifier, punctuator, literal };

struct Token {
  Kind kind;
  std::size_t begin, end;
};

struct Position {
  std::string file;
  long line;
};

class Source {
 public:
  explicit Source(std::string_view text) : text_(text) { lex(); }

  std::string_view text() const { return text_; }
  const std::vector<Token>& tokens() const { return tokens_; }
  std::string_view spelling(std::size_t i) const { return text_.substr(tokens_[i].begin, tokens_[i].end - tokens_[i].begin); }
  bool is(std::size_t i, std::string_view s) const { return i < tokens_.size() && spelling(i) == s; }
  bool adjacent(std::size_t i) const { return i + 1 < tokens_.size() && tokens_[i].end == tokens_[i + 1].begin; }

  Position position(std::size_t offset) const {
    auto it = std::upper_bound(markers_.begin(), markers_.end(), offset,
                               [](std::size_t o, const Marker& m) { return o < m.offset; });
    if (it == markers_.begin()) return {"<input>", 1 + count_lines(0, offset)};
    --it;
    return {it->file, it->line + count_lines(it->offset, offset)};
  }

  [[noreturn]] void error(std::size_t offset, const std::string& sentence) const {
    const Position p = position(offset);
    throw PrepassError(p.file + ":" + std::to_string(p.line) + ": " + sentence);
  }

 private:
  struct Marker {
    std::size_t offset;  // start of the line the marker describes
    std::string file;
    long line;
  };

  long count_lines(std::size_t from, std::size_t to) const {
    return static_cast<long>(std::count(text_.begin() + static_cast<long>(from), text_.begin() + static_cast<long>(to), '\n'));
  }

  // A file name goes into the one-line messages: a control character (a NUL would end what() early,
  // as hip_prepass_fuzz found) is written as \xNN. clang escapes only quotes and backslashes.
  static std::string printable(char c) {
    const auto u = static_cast<unsigned char>(c);
    if (u >= 0x20 && u != 0x7f) return std::string(1, c);
    static constexpr char kHex[] = "0123456789abcdef";
    return std::string("\\x") + kHex[u >> 4] + kHex[u & 15];
  }

  static bool ident_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$'; }

  // A directive line: a line marker is remembered, anything else (#pragma) is left alone.
  std::size_t directive(std::size_t i) {
    std::size_t end = text_.find('\n', i);
    if (end == std::string_view::npos) end = text_.size();
    std::string_view line = text_.substr(i + 1, end - i - 1);
    std::size_t p = line.find_first_not_of(" \t");
    if (p != std::string_view::npos && line.substr(p, 4) == "line") p = line.find_first_not_of(" \t", p + 4);
    if (p != std::string_view::npos && std::isdigit(static_cast<unsigned char>(line[p]))) {
      long number = 0;
      // clang accepts line numbers up to 2^31 - 1; more digits (a fuzz finding: long overflowed) stay there.
      constexpr long kLargestLine = 2147483647;
      while (p < line.size() && std::isdigit(static_cast<unsigned char>(line[p])))
        number = std::min(number * 10 + (line[p++] - '0'), kLargestLine);
      std::string file = markers_.empty() ? "<input>" : markers_.back().file;
      const std::size_t q = line.find('"', p);
      if (q != std::string_view::npos) {
        file.clear();
        for (std::size_t k = q + 1; k < line.size() && line[k] != '"'; ++k) {
          if (line[k] == '\\' && k + 1 < line.size()) ++k;
          file += printable(line[k]);
        }
      }
      markers_.push_back(Marker{std::min(end + 1, text_.size()), file, number});
    }
    return end;
  }

  std::size_t quoted(std::size_t i, char quote) {
    for (std::size_t k = i + 1; k < text_.size(); ++k) {
      if (text_[k] == '\\') { ++k; continue; }
      if (text_[k] == quote) return k + 1;
      if (text_[k] == '\n') break;
    }
    throw PrepassError(position(i).file + ":" + std::to_string(position(i).line) + ": unterminated literal");
  }

  std::size_t raw_string(std::size_t quote) {
    const std::size_t open = text_.find('(', quote);
    if (open == std::string_view::npos) return quoted(quote, '"');
    const std::string close = ")" + std::string(text_.substr(quote + 1, open - quote - 1)) + "\"";
    const std::size_t end = text_.find(close, open);
    if (end == std::string_view::npos) return quoted(quote, '"');
    return end + close.size();
  }

  void lex() {
    bool line_start = true;
    for (std::size_t i = 0; i < text_.size();) {
      const char c = text_[i];
      if (c == '\n') { line_start = true; ++i; continue; }
      if (std::isspace(static_cast<unsigned char>(c))) { ++i; continue; }
      if (c == '#' && line_start) { i = directive(i); continue; }
      line_start = false;
      if (ident_char(c) && !std::isdigit(static_cast<unsigned char>(c))) {
        std::size_t k = i;
        while (k < text_.size() && ident_char(text_[k])) ++k;
        // Encoding prefixes of literals: u8"", L'', R"(...)".
        if (k < text_.size() && (text_[k] == '"' || text_[k] == '\'')) {
          const std::string_view prefix = text_.substr(i, k - i);
          if (prefix == "u8" || prefix == "u" || prefix == "U" || prefix == "L" || prefix.ends_with('R')) {
            const std::size_t end = text_[k] == '"' && prefix.ends_with('R') ? raw_string(k) : quoted(k, text_[k]);
            tokens_.push_back({Kind::literal, i, end});
            i = end;
            continue;
          }
        }
        tokens_.push_back({Kind::identifier, i, k});
        i = k;
      } else if (std::isdigit(static_cast<unsigned char>(c)) || (c == '.' && i + 1 < text_.size() && std::isdigit(static_cast<unsigned char>(text_[i + 1])))) {
        std::size_t k = i + 1;
        while (k < text_.size() && (ident_char(text_[k]) || text_[k] == '.' || text_[k] == '\'' ||
                                    ((text_[k] == '+' || text_[k] == '-') && std::strchr("eEpP", text_[k - 1]))))
          ++k;
        tokens_.push_back({Kind::literal, i, k});
        i = k;
      } else if (c == '"' || c == '\'') {
        const std::size_t end = quoted(i, c);
        tokens_.push_back({Kind::literal, i, end});
        i = end;
      } else {
        // Punctuators one character at a time, except '::' and '->': '<<<' and '>>>' are recognised
        // as three adjacent '<' or '>' where they matter.
        const std::size_t len = (text_.substr(i, 2) == "::" || text_.substr(i, 2) == "->") ? 2 : 1;
        tokens_.push_back({Kind::punctuator, i, i + len});
        i += len;
      }
    }
  }

  std::string_view text_;
  std::vector<Token> tokens_;
  std::vector<Marker> markers_;
};

struct Edit {
  std::size_t begin, end;
  std::string text;
};

std::string escape(std::string_view s) {
  std::string out;
  for (char c : s) {
    if (c == '\n' || c == '\t') c = ' ';
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  // Collapse runs of spaces for readable messages.
  std::string collapsed;
  for (char c : out)
    if (!(c == ' ' && !collapsed.empty() && collapsed.back() == ' ')) collapsed += c;
  while (!collapsed.empty() && collapsed.back() == ' ') collapsed.pop_back();
  return collapsed;
}

std::string newlines_in(std::string_view s) { return std::string(static_cast<std::size_t>(std::count(s.begin(), s.end(), '\n')), '\n'); }

std::string one_line(std::string_view s) {
  std::string out(s);
  std::replace(out.begin(), out.end(), '\n', ' ');
  return out;
}

enum class Scope { namespace_scope, class_scope, block_scope };

class Translator {
 public:
  Translator(std::string_view text, const PrepassOptions& options) : src_(text), options_(options) {}

  std::string run() {
    const auto& t = src_.tokens();
    for (std::size_t i = 0; i < t.size(); ++i) {
      const std::string_view s = src_.spelling(i);
      if (s == "{") {
        scopes_.push_back(classify(i));
        names_.push_back(pending_namespace_);
        pending_namespace_.clear();
        statement_start_ = i + 1;
      } else if (s == "}") {
        if (!scopes_.empty()) { scopes_.pop_back(); names_.pop_back(); }
        statement_start_ = i + 1;
      } else if (s == ";") {
        statement_start_ = i + 1;
      } else if (s == "namespace") {
        pending_namespace_ = (i + 1 < t.size() && t[i + 1].kind == Kind::identifier) ? std::string(src_.spelling(i + 1)) : "";
      } else if (s == "<" && src_.adjacent(i) && src_.is(i + 1, "<") && src_.adjacent(i + 1) && src_.is(i + 2, "<")) {
        i = launch(i);
      } else if (s == "[" && src_.is(i + 1, "[") && src_.is(i + 2, "clang") && src_.is(i + 3, "::") &&
                 src_.is(i + 4, "ext_vector_type") && src_.is(i + 5, "(")) {
        i = vector_attribute(i);
      } else if (s == "__wmmasim_shared__") {
        shared(i);
      } else if (s == "__wmmasim_global__") {
        global(i);
      } else if (s == "__wmmasim_device__" || s == "__wmmasim_constant__" || s == "__wmmasim_host__") {
        target(i);
      } else if (t[i].kind == Kind::identifier) {
        substitute(i);
      }
    }
    return apply();
  }

 private:
  Scope classify(std::size_t brace) const {
    bool seen_paren = false;
    for (std::size_t k = statement_start_; k < brace; ++k) {
      const std::string_view s = src_.spelling(k);
      if (s == "namespace") return Scope::namespace_scope;
      if (s == "extern" && k + 1 < brace && src_.tokens()[k + 1].kind == Kind::literal && k + 2 == brace)
        return Scope::namespace_scope;
      if (s == "(") seen_paren = true;
      if (!seen_paren && (s == "struct" || s == "class" || s == "union" || s == "enum")) return Scope::class_scope;
    }
    return Scope::block_scope;
  }

  bool in_function() const { return std::find(scopes_.begin(), scopes_.end(), Scope::block_scope) != scopes_.end(); }
  bool at_namespace_scope() const {
    return std::all_of(scopes_.begin(), scopes_.end(), [](Scope s) { return s == Scope::namespace_scope; });
  }

  std::size_t matching(std::size_t open, std::string_view o, std::string_view c) const {
    int depth = 0;
    for (std::size_t k = open; k < src_.tokens().size(); ++k) {
      if (src_.is(k, o)) ++depth;
      else if (src_.is(k, c) && --depth == 0) return k;
    }
    std::string sentence(1, '\'');  // appended piecewise: g++ 12 warns falsely (-Wrestrict) on "'" + std::string
    sentence += o;
    sentence += "' is never closed";
    src_.error(src_.tokens()[open].begin, sentence);
  }

  // kernel<<<config>>>(arguments)
  std::size_t launch(std::size_t first) {
    const auto& t = src_.tokens();
    const std::size_t at = t[first].begin;
    // The kernel expression, backwards: [::] name [<template arguments>] {:: name [<...>]}.
    std::size_t k = first;
    while (k > 0) {
      std::size_t j = k - 1;
      if (src_.is(j, ">")) {
        int depth = 0;
        for (;; --j) {
          if (src_.is(j, ">")) ++depth;
          else if (src_.is(j, "<") && --depth == 0) break;
          // Tested after the token, before stepping back: a '>' first in the file must not step
          // below token 0 (hip_prepass_fuzz found the wrap-around, a loop of 2^64 steps).
          if (src_.is(j, ";") || src_.is(j, "{") || src_.is(j, "}") || j == 0)
            src_.error(at, "wmmasim-hipcc cannot find the kernel's template arguments before '<<<'");
        }
        if (j == 0 || t[j - 1].kind != Kind::identifier)
          src_.error(at, "wmmasim-hipcc cannot find the kernel name before '<<<'");
        j -= 1;
      } else if (t[j].kind != Kind::identifier) {
        break;
      }
      k = j;
      if (k > 0 && src_.is(k - 1, "::")) {
        k -= 1;
        if (k == 0 || (t[k - 1].kind != Kind::identifier && !src_.is(k - 1, ">"))) break;
      } else {
        break;
      }
    }
    if (k == first) src_.error(at, "wmmasim-hipcc cannot find the kernel name before '<<<'");
    const std::size_t kernel_begin = t[k].begin;
    const std::string kernel = one_line(src_.text().substr(kernel_begin, at - kernel_begin));

    // The configuration, up to '>>>' outside parentheses.
    int depth = 0;
    std::size_t close = first + 3;
    for (;; ++close) {
      if (close >= t.size()) src_.error(at, "this kernel launch has no '>>>'");
      const std::string_view s = src_.spelling(close);
      if (s == "(" || s == "[" || s == "{") ++depth;
      if (s == ")" || s == "]" || s == "}") --depth;
      if (depth == 0 && s == ">" && src_.adjacent(close) && src_.is(close + 1, ">") && src_.adjacent(close + 1) &&
          src_.is(close + 2, ">"))
        break;
      if (s == ";") src_.error(at, "this kernel launch has no '>>>' before the end of the statement");
    }
    const std::string config = one_line(src_.text().substr(t[first + 2].end, t[close].begin - t[first + 2].end));
    if (config.find_first_not_of(' ') == std::string::npos) src_.error(at, "this kernel launch has no grid and block");
    const std::size_t open = close + 3;
    if (!src_.is(open, "(")) src_.error(at, "a kernel launch's '>>>' must be followed by the argument list");
    const std::size_t args_close = matching(open, "(", ")");
    const std::string_view arguments = src_.text().substr(t[open].end, t[args_close].begin - t[open].end);

    const Position p = src_.position(kernel_begin);
    std::string text = "::wmmasim::hip::detail::Launch(::wmmasim::hip::detail::LaunchSite{\"" + escape(kernel) +
                       "\", \"" + escape(arguments) + "\", \"" + escape(p.file) + "\", " + std::to_string(p.line) +
                       "}, [&](const auto&... wmmasim_a) { " + kernel + "(wmmasim_a...); }, " + config + ")";
    text += newlines_in(src_.text().substr(kernel_begin, t[open].begin - kernel_begin));
    edits_.push_back({kernel_begin, t[open].begin, text});
    return close + 2;
  }

  // [[clang::ext_vector_type(N)]], the spelling newer clang (20 and ROCm 7's amdclang) accepts,
  // becomes the GNU spelling clang-19 knows.
  std::size_t vector_attribute(std::size_t first) {
    const auto& t = src_.tokens();
    const std::size_t close = matching(first + 5, "(", ")");
    if (!src_.is(close + 1, "]") || !src_.is(close + 2, "]"))
      src_.error(t[first].begin, "wmmasim-hipcc understands [[clang::ext_vector_type(N)]] only on its own");
    const std::string_view count = src_.text().substr(t[first + 5].end, t[close].begin - t[first + 5].end);
    edits_.push_back({t[first].begin, t[close + 2].end, "__attribute__((ext_vector_type(" + std::string(count) + ")))"});
    return close + 2;
  }

  // __shared__ (the marker): static storage per block, or the dynamic shared memory after extern.
  void shared(std::size_t i) {
    const auto& t = src_.tokens();
    const bool is_extern = i > 0 && src_.is(i - 1, "extern");
    if (!is_extern) {
      const bool already_static = i > 0 && src_.is(i - 1, "static");
      edits_.push_back({t[i].begin, t[i].end, already_static ? "thread_local" : "static thread_local"});
      return;
    }
    // extern __shared__ [attributes] T name[];
    std::size_t semicolon = i;
    while (semicolon < t.size() && !src_.is(semicolon, ";")) ++semicolon;
    if (semicolon >= t.size() || semicolon < i + 4 || !src_.is(semicolon - 1, "]") || !src_.is(semicolon - 2, "[") ||
        t[semicolon - 3].kind != Kind::identifier)
      src_.error(t[i].begin, "wmmasim-hipcc understands 'extern __shared__' only as 'extern __shared__ T name[];'");
    const std::string name(src_.spelling(semicolon - 3));
    std::string type;
    for (std::size_t k = i + 1; k < semicolon - 3; ++k) {
      if (src_.is(k, "__attribute__") && src_.is(k + 1, "(")) { k = matching(k + 1, "(", ")"); continue; }
      if (src_.is(k, "[") && src_.is(k + 1, "[")) { k = matching(k, "[", "]"); continue; }
      type += std::string(src_.spelling(k)) + " ";
    }
    if (type.empty()) src_.error(t[i].begin, "this 'extern __shared__' array has no element type");
    const std::string pointer = "(::wmmasim::hip::detail::dynamic_shared<" + type + ">())";
    const std::size_t begin = t[i - 1].begin, end = t[semicolon].end;
    if (in_function()) {
      edits_.push_back({begin, end, type + "* const " + name + " = " + pointer + ";" + newlines_in(src_.text().substr(begin, end - begin))});
    } else {
      // At namespace scope the name stands for the running block's memory wherever it is used later.
      edits_.push_back({begin, end, newlines_in(src_.text().substr(begin, end - begin))});
      dynamic_names_[name] = pointer;
    }
  }

  void substitute(std::size_t i) {
    if (dynamic_names_.empty()) return;
    auto it = dynamic_names_.find(std::string(src_.spelling(i)));
    if (it == dynamic_names_.end()) return;
    if (i > 0 && (src_.is(i - 1, ".") || src_.is(i - 1, "->") || src_.is(i - 1, "::"))) return;
    edits_.push_back({src_.tokens()[i].begin, src_.tokens()[i].end, it->second});
  }

  // __global__ (the marker): dropped; a non-template kernel defined at namespace scope is registered.
  void global(std::size_t i) {
    const auto& t = src_.tokens();
    edits_.push_back({t[i].begin, t[i].end, ""});
    if (!at_namespace_scope()) return;
    for (std::size_t k = statement_start_; k < i; ++k)
      if (src_.is(k, "template")) return;
    std::size_t k = i + 1;
    while (k + 1 < t.size()) {
      if (src_.is(k, "__attribute__") && src_.is(k + 1, "(")) { k = matching(k + 1, "(", ")") + 1; continue; }
      if (t[k].kind == Kind::identifier && src_.is(k + 1, "(")) break;
      if (src_.is(k, ";") || src_.is(k, "{")) return;
      ++k;
    }
    if (k + 1 >= t.size()) return;
    const std::size_t close = matching(k + 1, "(", ")");
    if (!src_.is(close + 1, "{")) return;  // a declaration; the definition registers
    std::string qualified;
    for (const std::string& n : names_)
      if (!n.empty()) qualified += "::" + n;
    qualified += "::" + std::string(src_.spelling(k));
    ++definitions_[qualified];
  }

  // __device__, __constant__, __host__ (the markers): dropped, except that a device-only definition
  // at namespace scope gets the linkage of a GPU build without -fgpu-rdc (PrepassOptions).
  void target(std::size_t i) {
    const auto& t = src_.tokens();
    edits_.push_back({t[i].begin, t[i].end, device_only_linkage(i)});
  }

  std::string device_only_linkage(std::size_t i) const {
    if (src_.is(i, "__wmmasim_host__") || options_.relocatable_device_code || !at_namespace_scope()) return "";
    const auto& t = src_.tokens();
    // The marker must be among the declaration's leading specifiers (not in a lambda or an
    // initialiser); templates are already link-once.
    for (std::size_t k = statement_start_; k < i; ++k) {
      if (src_.is(k, "template") || src_.is(k, "=") || src_.is(k, "{") || src_.is(k, "using") || src_.is(k, "typedef"))
        return "";
      if (src_.is(k, "[") && !src_.is(k + 1, "[") && !(k > 0 && src_.is(k - 1, "["))) return "";
    }
    // Up to the end of the declarator: a __host__ anywhere there makes it a host function; the
    // first top-level '(' says it is a function, whose name the token before it is.
    int depth = 0;
    std::size_t paren = 0, end = t.size();
    bool function = false;
    for (std::size_t k = statement_start_; k < t.size(); ++k) {
      if (src_.is(k, "__wmmasim_host__")) return "";
      if (src_.is(k, "__attribute__") || src_.is(k, "alignas") || src_.is(k, "__declspec") || src_.is(k, "decltype")) {
        if (src_.is(k + 1, "(")) k = matching(k + 1, "(", ")");
        continue;
      }
      if (depth == 0 && (src_.is(k, ";") || src_.is(k, "{") || src_.is(k, "="))) {
        end = k;
        break;
      }
      if (src_.is(k, "(")) {
        if (depth == 0 && !function) {
          function = true;
          paren = k;
        }
        ++depth;
      } else if (src_.is(k, ")")) {
        --depth;
      }
    }
    if (function && paren > 0) {
      // [::] name ( or [::] operator op ( : qualified names are members (or already declared
      // elsewhere); an out-of-line member cannot take internal linkage after its class declared it.
      std::size_t name = paren - 1;
      for (std::size_t back = 0; back < 3 && name > statement_start_ && !src_.is(name, "operator"); ++back) --name;
      if (!src_.is(name, "operator")) name = paren - 1;
      if (name > statement_start_ && src_.is(name - 1, "::")) return "inline";
    } else if (end < t.size() && end > i + 1) {
      // A variable: `S::v` defines a static data member, whose linkage its class gave it.
      std::size_t name = end - 1;
      while (name > i && src_.is(name, "]")) {
        int brackets = 0;
        for (; name > i; --name) {
          if (src_.is(name, "]")) ++brackets;
          else if (src_.is(name, "[") && --brackets == 0) break;
        }
        --name;
      }
      if (name > i && src_.is(name - 1, "::")) return "";
    }
    return "__attribute__((internal_linkage))";
  }

  std::string apply() {
    std::sort(edits_.begin(), edits_.end(), [](const Edit& a, const Edit& b) { return a.begin < b.begin; });
    std::string out;
    std::size_t at = 0;
    const std::string_view text = src_.text();
    for (const Edit& e : edits_) {
      if (e.begin < at) continue;  // inside an earlier rewrite (a launch's own kernel name)
      out.append(text.substr(at, e.begin - at));
      out += e.text;
      at = e.end;
    }
    out.append(text.substr(at));
    // hipLaunchKernel(&kernel, ...) finds kernels by address; overloaded names cannot be registered.
    std::size_t n = 0;
    for (const auto& [name, count] : definitions_)
      if (count == 1)
        out += "\nstatic const bool wmmasim_registered_kernel_" + std::to_string(n++) +
               " = ::wmmasim::hip::detail::register_kernel(&" + name + ", \"" + name.substr(2) + "\");";
    out += "\n";
    return out;
  }

  Source src_;
  PrepassOptions options_;
  std::vector<Edit> edits_;
  std::vector<Scope> scopes_;
  std::vector<std::string> names_;  // the namespace name each open brace belongs to ("" otherwise)
  std::string pending_namespace_;
  std::size_t statement_start_ = 0;
  std::map<std::string, std::string> dynamic_names_;
  std::map<std::string, int> definitions_;
};

}  // namespace

std::string translate_preprocessed(std::string_view source, const PrepassOptions& options) {
  return Translator(source, options).run();
}

}  // namespace wmmasim::hip
