// What every fuzz target asserts besides "no crash, no sanitizer report, no hang": a rejected input
// is rejected with UserError carrying one sentence (the CLI prints it and exits 2), never with any
// other exception (the CLI would call that an internal error).
#pragma once

#include <cstdio>
#include <cstdlib>
#include <string_view>

namespace wmmasim::fuzz {

inline void require_one_sentence(std::string_view what) {
  if (what.empty() || what.find('\n') != std::string_view::npos) {
    std::fprintf(stderr, "fuzz: a rejection is not one sentence: \"%.*s\"\n", static_cast<int>(what.size()), what.data());
    std::abort();
  }
}

[[noreturn]] inline void fail(const char* what) {
  std::fprintf(stderr, "fuzz: %s\n", what);
  std::abort();
}

}  // namespace wmmasim::fuzz
