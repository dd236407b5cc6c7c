// The eval case format (wmmasim/eval): any byte stream, read line by line and evaluated with --check.
// Each line is either a case (a record comes back) or one sentence naming its line.
#include <sstream>
#include <string>

#include "fuzz_check.hpp"
#include "wmmasim/eval/case.hpp"
#include "wmmasim/eval/line_reader.hpp"

extern "C" int LLVMFuzzerTestOneInput(const unsigned char* data, std::size_t size) {
  using namespace wmmasim;
  std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
  eval::LineReader reader(in, 1 << 16);
  eval::Settings settings;
  settings.check = true;
  std::string text;
  long line = 0;
  bool too_long = false;
  while (reader.next(text, line, too_long)) {
    if (too_long) continue;
    const eval::Evaluated r = eval::evaluate_line(text, line, settings);
    if (!r.valid) {
      fuzz::require_one_sentence(r.error);
      if (r.error.rfind("line " + std::to_string(line), 0) != 0) fuzz::fail("an invalid line's sentence does not name its line");
    } else if (!r.record.contains("d")) {
      fuzz::fail("a valid case came back without its result d");
    }
  }
  return 0;
}
