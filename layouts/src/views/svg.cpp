#include <algorithm>
#include <ostream>
#include <set>

#include "markup.hpp"
#include "wmmasim/layouts/lookup.hpp"
#include "wmmasim/layouts/views/printers.hpp"

namespace wmmasim::views {
namespace {

using markup::escape;

constexpr double kCharWidth = 6.7;  // 11px monospace advance, rounded up
constexpr int kLine = 13, kPad = 4, kLeft = 56, kTop = 96, kGap = 30;

struct CellText {
  std::string lanes, vgpr, bits;
};

}  // namespace

void print_svg(std::ostream& out, const OperandView& view) {
  const bool show_bits = view.element_bits() < 32;
  const std::vector<ElementPlaces> elements = view.elements();
  std::size_t widest = 3;
  std::set<int> groups;
  for (const ElementPlaces& ep : elements) {
    widest = std::max(widest, markup::lanes_text(ep).size());
    if (show_bits) widest = std::max(widest, markup::bits_text(ep.places.front()).size());
    for (const Place& p : ep.places) groups.insert(p.lane >> 4);
  }
  const int cell_w = std::max(40, static_cast<int>(widest * kCharWidth) + 2 * kPad);
  const int cell_h = (show_bits ? 3 : 2) * kLine + 2 * kPad;
  const std::vector<int> keys = view.shown_keys();
  const bool per_key = view.operand() == Operand::index;
  const int grid_w = view.cols() * cell_w, grid_h = view.rows() * cell_h;
  const int block_h = grid_h + (per_key ? 2 * kLine : 0) + kGap;
  const int legend_y = kTop + static_cast<int>(keys.size()) * block_h;
  const Instruction& ins = view.instruction();
  const std::string title = full_builtin_name(ins);
  const std::string subtitle = view_header(view, "svg").substr(title.size() + 3);
  const std::string caption = "cell = lane(s), VGPR" + std::string(show_bits ? ", bits" : "") + " holding " + view.symbol() +
                              "[row][col]; rows: " + view.row_axis() + "; columns: " + view.col_axis();
  // Wide enough for the grid and for the longest text line (12px monospace, about 7.3px a character).
  const std::size_t longest = std::max({title.size() * 8 / 7, subtitle.size(), caption.size()});
  const int width = std::max({kLeft + grid_w + 20, static_cast<int>(longest * 7.3) + 20, 700});
  const int height = legend_y + 3 * kLine + 2 * kPad + 20;

  out << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      << "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"" << width << "\" height=\"" << height
      << "\" viewBox=\"0 0 " << width << " " << height << "\" font-family=\"DejaVu Sans Mono, Menlo, Consolas, monospace\" font-size=\"11\">\n"
      << "<title>" << escape(title + ": operand " + operand_label(view.operand())) << "</title>\n"
      << "<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n"
      << "<text x=\"10\" y=\"20\" font-size=\"14\" font-weight=\"bold\">" << escape(title) << "</text>\n"
      << "<text x=\"10\" y=\"38\" font-size=\"12\">" << escape(subtitle) << "</text>\n"
      << "<text x=\"10\" y=\"56\" font-size=\"12\">" << escape(caption) << "</text>\n";

  for (std::size_t ki = 0; ki < keys.size(); ++ki) {
    int y0 = kTop + static_cast<int>(ki) * block_h;
    if (per_key) {
      out << "<text x=\"10\" y=\"" << y0 - 2 << "\" font-size=\"12\" font-weight=\"bold\">index set " << keys[ki] << "</text>\n";
      y0 += 2 * kLine;
    }
    for (int c = 0; c < view.cols(); ++c)
      out << "<text x=\"" << kLeft + c * cell_w + cell_w / 2 << "\" y=\"" << y0 - 6 << "\" text-anchor=\"middle\" fill=\"#555555\">" << c << "</text>\n";
    for (int r = 0; r < view.rows(); ++r)
      out << "<text x=\"" << kLeft - 6 << "\" y=\"" << y0 + r * cell_h + cell_h / 2 + 4 << "\" text-anchor=\"end\" fill=\"#555555\">" << r << "</text>\n";
    for (const ElementPlaces& ep : elements) {
      if (ep.element.key != keys[ki]) continue;
      const Place& p = ep.places.front();
      const int x = kLeft + ep.element.col * cell_w, y = y0 + ep.element.row * cell_h;
      std::string tip = view.element_name(ep.element) + ":";
      for (const Place& q : ep.places) tip += " " + describe_place(q) + ";";
      tip.pop_back();
      out << "<g><title>" << escape(tip) << "</title>"
          << "<rect x=\"" << x << "\" y=\"" << y << "\" width=\"" << cell_w << "\" height=\"" << cell_h << "\" fill=\""
          << markup::lane_group_colour(p.lane >> 4) << "\" stroke=\"#ffffff\" stroke-width=\"1\"/>";
      int ty = y + kPad + kLine - 2;
      out << "<text x=\"" << x + cell_w / 2 << "\" y=\"" << ty << "\" text-anchor=\"middle\">" << markup::lanes_text(ep) << "</text>";
      out << "<text x=\"" << x + cell_w / 2 << "\" y=\"" << ty + kLine << "\" text-anchor=\"middle\" font-weight=\"bold\">"
          << markup::vgpr_text(p) << "</text>";
      if (show_bits)
        out << "<text x=\"" << x + cell_w / 2 << "\" y=\"" << ty + 2 * kLine << "\" text-anchor=\"middle\" fill=\"#333333\">"
            << markup::bits_text(p) << "</text>";
      out << "</g>\n";
    }
    out << "<rect x=\"" << kLeft << "\" y=\"" << y0 << "\" width=\"" << grid_w << "\" height=\"" << grid_h
        << "\" fill=\"none\" stroke=\"#888888\"/>\n";
  }

  // Legend: one swatch per lane group that holds part of the operand.
  int lx = 10;
  const int ly = legend_y;
  out << "<text x=\"" << lx << "\" y=\"" << ly + 12 << "\" font-size=\"12\">lane groups:</text>\n";
  lx += 100;
  for (int g : groups) {
    out << "<rect x=\"" << lx << "\" y=\"" << ly << "\" width=\"16\" height=\"16\" fill=\"" << markup::lane_group_colour(g)
        << "\" stroke=\"#888888\"/><text x=\"" << lx + 22 << "\" y=\"" << ly + 12 << "\" font-size=\"12\">"
        << escape(markup::lane_group_range(g)) << "</text>\n";
    lx += 130;
  }
  if (!elements.empty() && elements.front().places.size() > 1)
    out << "<text x=\"10\" y=\"" << ly + 34 << "\" font-size=\"12\">"
        << escape("every element is replicated: each listed lane holds a copy in the same VGPR and bits; colour = first lane")
        << "</text>\n";
  out << "</svg>\n";
}

}  // namespace wmmasim::views
