// Parses clang builtin type strings (the `clang_type` column of the instruction table), e.g.
// "V8iIbV2iIbV2iV8iIb": result first, then the parameters. Only the letters the table uses are
// accepted; anything else is a table error, reported by returning an empty signature.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace wmmasim::hw {

struct ClangType {
  char element = 0;        // f float, h __fp16, x _Float16, s short, i int, y __bf16, b bool
  int lanes = 1;           // vector length; 1 for a scalar
  bool vector = false;     // V<n>: a GCC-style vector (clang builtins use vector_size, not ext_vector_type)
  bool constant = false;   // I prefix: the argument must be an integer constant expression
  int address_space = -1;  // >= 0: a pointer to the value type in that address space

  bool is_pointer() const { return address_space >= 0; }
  int element_bits() const {
    switch (element) {
      case 'f': case 'i': return 32;
      case 'h': case 'x': case 's': case 'y': return 16;
      case 'b': return 1;
    }
    return 0;
  }
  // Size of the value (for a pointer: of the pointee).
  int value_bytes() const { return element == 'b' ? 1 : lanes * element_bits() / 8; }
  bool operator==(const ClangType&) const = default;
};

struct ClangSignature {
  ClangType result;
  std::vector<ClangType> params;
};

inline std::optional<ClangSignature> parse_clang_type(std::string_view s) {
  std::vector<ClangType> types;
  std::size_t i = 0;
  while (i < s.size()) {
    ClangType t;
    if (s[i] == 'I') { t.constant = true; ++i; }
    if (i < s.size() && s[i] == 'V') {
      ++i;
      int n = 0;
      while (i < s.size() && s[i] >= '0' && s[i] <= '9') n = n * 10 + (s[i++] - '0');
      if (n < 2) return std::nullopt;
      t.vector = true;
      t.lanes = n;
    }
    if (i >= s.size() || std::string_view("fhxsiyb").find(s[i]) == std::string_view::npos) return std::nullopt;
    t.element = s[i++];
    if (i < s.size() && s[i] == '*') {
      ++i;
      t.address_space = 0;
      while (i < s.size() && s[i] >= '0' && s[i] <= '9') t.address_space = t.address_space * 10 + (s[i++] - '0');
    }
    types.push_back(t);
  }
  if (types.empty()) return std::nullopt;
  ClangSignature sig{types.front(), {types.begin() + 1, types.end()}};
  return sig;
}

// The C++ spelling of the element type.
inline std::string_view cxx_element(char e) {
  switch (e) {
    case 'f': return "float";
    case 'h': return "__fp16";
    case 'x': return "_Float16";
    case 's': return "short";
    case 'i': return "int";
    case 'y': return "__bf16";
    case 'b': return "bool";
  }
  return "?";
}

// A C++ type that is exactly the builtin's parameter type (vector_size vectors, address spaces).
inline std::string cxx_type(const ClangType& t) {
  std::string v(cxx_element(t.element));
  if (t.vector) v += " __attribute__((vector_size(" + std::to_string(t.value_bytes()) + ")))";
  if (t.is_pointer()) {
    if (t.address_space > 0) v += " __attribute__((address_space(" + std::to_string(t.address_space) + ")))";
    v += "*";
  }
  return v;
}

// The type string letters of one type (inverse of the parser), used to name mutated types in tests.
inline std::string type_letters(const ClangType& t) {
  std::string s;
  if (t.constant) s += 'I';
  if (t.vector) s += 'V' + std::to_string(t.lanes);
  s += t.element;
  if (t.is_pointer()) s += '*' + (t.address_space > 0 ? std::to_string(t.address_space) : std::string());
  return s;
}

}  // namespace wmmasim::hw
