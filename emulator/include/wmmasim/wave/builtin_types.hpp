// C++ types of the clang builtins, derived at compile time from the instruction table's clang-19 type
// strings (spec layouts.md 2.3-2.6), so the CPU functions are typed exactly like the GPU builtins.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "wmmasim/layouts/instruction_table.hpp"

namespace wmmasim::builtin_types {

// GCC/Clang vector of N elements (the GCC spelling of clang's ext_vector_type; same layout).
template <class T, int N> struct VectorOf { typedef T type __attribute__((vector_size(N * sizeof(T)))); };
template <class T> struct VectorOf<T, 1> { using type = T; };
template <class T, int N> using vec = typename VectorOf<T, N>::type;

// One entry of a type string: V<count><letter>, optional leading I (constant), trailing *1 (global pointer).
struct Token {
  char letter = 0;
  int count = 1;
  bool constant = false, pointer = false;
};

constexpr int token_count(std::string_view s) {
  int n = 0;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == 'I' || s[i] == 'V' || (s[i] >= '0' && s[i] <= '9') || s[i] == '*') continue;
    if (i > 0 && s[i - 1] == '*') continue;  // address space digit
    ++n;
  }
  return n;
}

constexpr Token token_at(std::string_view s, int index) {
  int n = 0;
  for (std::size_t i = 0; i < s.size();) {
    Token t;
    if (s[i] == 'I') { t.constant = true; ++i; }
    if (s[i] == 'V') {
      ++i;
      t.count = 0;
      while (s[i] >= '0' && s[i] <= '9') t.count = t.count * 10 + (s[i++] - '0');
    }
    t.letter = s[i++];
    if (i + 1 < s.size() + 1 && i < s.size() && s[i] == '*') { t.pointer = true; i += 2; }
    if (n++ == index) return t;
  }
  return Token{};
}

constexpr std::size_t builtin_index(std::string_view name) {
  for (std::size_t i = 0; i < kInstructionCount; ++i)
    if (kInstructions[i].name == name) return i;
  throw "not a builtin of the instruction table";  // compile-time error when used in a constant expression
}

// bf16 ('y') has no arithmetic type in g++ 12: its bits travel as short, as in the bf16 WMMA builtins.
template <char L> struct ScalarOf;
template <> struct ScalarOf<'f'> { using type = float; };
template <> struct ScalarOf<'i'> { using type = int; };
template <> struct ScalarOf<'s'> { using type = short; };
template <> struct ScalarOf<'h'> { using type = _Float16; };
template <> struct ScalarOf<'x'> { using type = _Float16; };
template <> struct ScalarOf<'y'> { using type = short; };
template <> struct ScalarOf<'b'> { using type = bool; };

template <std::size_t Ins, int I> struct TypeAt {
  static constexpr Token t = token_at(kInstructions[Ins].clang_type, I);
  using element = typename ScalarOf<t.letter>::type;
  using value = vec<element, t.count>;
  using type = std::conditional_t<t.pointer, value*, value>;
};
template <std::size_t Ins> using result_t = typename TypeAt<Ins, 0>::type;
template <std::size_t Ins, int I> using param_t = typename TypeAt<Ins, I + 1>::type;
template <std::size_t Ins> constexpr int param_count = token_count(kInstructions[Ins].clang_type) - 1;

}  // namespace wmmasim::builtin_types
