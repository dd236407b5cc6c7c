#include <ostream>

#include "wmmasim/layouts/views/printers.hpp"
#include "wmmasim/layouts/views/register_table.hpp"

namespace wmmasim::views {

void print_markdown(std::ostream& out, const OperandView& view) {
  const RegisterTable t = register_table(view);
  out << "**" << view_header(view, "markdown") << "**\n\n";
  if (const std::string src = view.evidence_source(); !src.empty()) out << "Evidence: " << src << ".\n\n";
  out << "Cell `r,c` = `" << view.symbol() << "[r][c]`; rows: " << view.row_axis() << "; columns: " << view.col_axis()
      << "; `-` = slot not read.\n\n";
  out << "| lane |";
  for (const std::string& h : t.headers) out << " " << h << " |";
  out << "\n|---:|";
  for (std::size_t s = 0; s < t.headers.size(); ++s) out << "---|";
  out << "\n";
  for (std::size_t l = 0; l < t.cells.size(); ++l) {
    out << "| " << l << " |";
    for (const auto& e : t.cells[l]) out << " " << (e ? view.compact_name(*e) : "-") << " |";
    out << "\n";
  }
}

}  // namespace wmmasim::views
