#include "wmmasim/eval/line_reader.hpp"

namespace wmmasim::eval {

bool LineReader::next(std::string& text, long& number, bool& too_long) {
  std::streambuf* buf = in_.rdbuf();
  while (true) {
    text.clear();
    too_long = false;
    bool any = false;
    for (int c = buf->sbumpc(); c != std::char_traits<char>::eof(); c = buf->sbumpc()) {
      any = true;
      if (c == '\n') break;
      if (too_long) continue;
      if (text.size() == max_) {
        too_long = true;
        text.clear();
        text.shrink_to_fit();
        continue;
      }
      text.push_back(static_cast<char>(c));
    }
    if (!any) return false;
    number = ++number_;
    if (too_long || text.find_first_not_of(" \t\r") != std::string::npos) return true;
  }
}

}  // namespace wmmasim::eval
