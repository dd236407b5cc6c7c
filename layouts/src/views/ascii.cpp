#include <algorithm>
#include <ostream>

#include "wmmasim/layouts/views/printers.hpp"
#include "wmmasim/layouts/views/register_table.hpp"

namespace wmmasim::views {
namespace {

// Lanes whose slots are never read by the operand (e.g. wave64 iu4 A in lanes 32-63).
constexpr const char* kUnread = "-";

std::string pad(const std::string& s, std::size_t w) { return s + std::string(w > s.size() ? w - s.size() : 0, ' '); }
std::string pad_left(const std::string& s, std::size_t w) { return std::string(w > s.size() ? w - s.size() : 0, ' ') + s; }

}  // namespace

void print_ascii(std::ostream& out, const OperandView& view, int width) {
  const RegisterTable t = register_table(view);
  const std::size_t lanes = t.cells.size();
  std::vector<std::vector<std::string>> text(lanes);
  std::vector<std::size_t> col_w(t.slots.size());
  for (std::size_t s = 0; s < t.slots.size(); ++s) col_w[s] = t.headers[s].size();
  for (std::size_t l = 0; l < lanes; ++l)
    for (std::size_t s = 0; s < t.slots.size(); ++s) {
      const auto& e = t.cells[l][s];
      text[l].push_back(e ? view.compact_name(*e) : kUnread);
      col_w[s] = std::max(col_w[s], text[l].back().size());
    }

  out << "# " << view_header(view, "ascii") << "\n";
  if (const std::string src = view.evidence_source(); !src.empty()) out << "# evidence: " << src << "\n";
  out << "# cell \"r,c\" = " << view.symbol() << "[r][c]; rows: " << view.row_axis() << "; columns: " << view.col_axis();
  if (view.operand() == Operand::index && view.layout().keys() > 1) out << "; setN = index set N";
  out << "; " << kUnread << " = slot not read\n";

  const std::size_t lane_w = 4;
  std::size_t first = 0;
  while (first < t.slots.size()) {
    // As many slot columns as fit the width, at least one.
    std::size_t last = first, used = lane_w + 3 + col_w[first];
    while (last + 1 < t.slots.size() && used + 1 + col_w[last + 1] <= static_cast<std::size_t>(width))
      used += 1 + col_w[++last];
    if (first > 0) out << "\n";
    out << pad_left("lane", lane_w) << " |";
    for (std::size_t s = first; s <= last; ++s) out << " " << (s == last ? t.headers[s] : pad(t.headers[s], col_w[s]));
    out << "\n" << std::string(lane_w + 1, '-') << "+" << std::string(used - lane_w - 2, '-') << "\n";
    for (std::size_t l = 0; l < lanes; ++l) {
      out << pad_left(std::to_string(l), lane_w) << " |";
      for (std::size_t s = first; s <= last; ++s) out << " " << (s == last ? text[l][s] : pad(text[l][s], col_w[s]));
      out << "\n";
    }
    first = last + 1;
  }
}

}  // namespace wmmasim::views
