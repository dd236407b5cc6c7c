// clang compiles the pre-pass's output, which is preprocessed: its diagnostics quote that text, with
// every macro expanded (threadIdx, the user's own macros). This puts the user's own line back under
// each diagnostic, and the column and caret on the same token there (tokens are matched between the
// two lines in order), so a message shows the code as the user wrote it, never rewritten.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace wmmasim::hipcc {

class DiagnosticMapper {
 public:
  // One line of clang's stderr (with its newline, if any) in; what to print instead out (held lines
  // come out with the next call or flush()).
  std::string line(const std::string& text);
  std::string flush();

  // The column (1-based, in bytes) in `original` of the token at `column` in `expanded`.
  static std::size_t map_column(const std::string& expanded, const std::string& original, std::size_t column);

 private:
  const std::string* source_line(const std::string& file, long line);

  struct Held {
    std::string text, file;
    long line = 0;
    std::size_t column = 0;
  };
  std::optional<Held> header_;             // a "file:line:col: kind: message" waiting for its quoted line
  std::optional<std::size_t> caret_;       // the caret's new column, for the line after the quoted one
  std::map<std::string, std::vector<std::string>> files_;
};

}  // namespace wmmasim::hipcc
