#include <regex>

#include "wmmasim/error.hpp"
#include "wmmasim/layouts/views/queries.hpp"

namespace wmmasim::views {

ElementRef parse_element_ref(std::string_view text) {
  static const std::regex form(R"(^\s*([A-Za-z]+)\s*\[\s*([0-9]{1,4})\s*\]\s*\[\s*([0-9]{1,4})\s*\]\s*$)");
  std::cmatch m;
  if (!std::regex_match(text.data(), text.data() + text.size(), m, form))
    throw UserError("cannot read the element '" + quoted_input(text) +
                    "': expected NAME[row][col] with non-negative integers, e.g. A[3][9]");
  return ElementRef{m[1].str(), std::stoi(m[2].str()), std::stoi(m[3].str())};
}

}  // namespace wmmasim::views
