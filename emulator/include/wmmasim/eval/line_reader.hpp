// Reads a JSON Lines stream one line at a time with a bound on each line, so `wmmasim eval` takes
// input of any length in bounded memory and a line without an end cannot exhaust it.
#pragma once

#include <cstddef>
#include <istream>
#include <string>

namespace wmmasim::eval {

// A case line holds at most a few 16 x 64 matrices of hex strings (tens of kilobytes); 16 MiB leaves
// room for any annotation a capture carries.
inline constexpr std::size_t kMaxLineBytes = std::size_t{16} << 20;

class LineReader {
 public:
  explicit LineReader(std::istream& in, std::size_t max_line_bytes = kMaxLineBytes)
      : in_(in), max_(max_line_bytes) {}

  // The next line that is not blank, with its 1-based number. A line longer than the bound is
  // skipped to its end and reported in `too_long` (text then empty). False at the end of input.
  bool next(std::string& text, long& number, bool& too_long);

 private:
  std::istream& in_;
  std::size_t max_;
  long number_ = 0;
};

}  // namespace wmmasim::eval
