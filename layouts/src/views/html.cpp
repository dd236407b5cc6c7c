#include <algorithm>
#include <ostream>

#include "html_script.hpp"
#include "markup.hpp"
#include "wmmasim/layouts/lookup.hpp"
#include "wmmasim/layouts/views/printers.hpp"
#include "wmmasim/layouts/views/register_table.hpp"

namespace wmmasim::views {
namespace {

using markup::escape;

std::string element_id(const Element& e) {
  return std::to_string(e.row) + ":" + std::to_string(e.col) + ":" + std::to_string(e.key);
}

void matrix_table(std::ostream& out, const OperandView& view, int key) {
  const bool show_bits = view.element_bits() < 32;
  out << "<table class=\"matrix\"><tr><th></th>";
  for (int c = 0; c < view.cols(); ++c) out << "<th>" << c << "</th>";
  out << "</tr>\n";
  int row = -1;
  for (const ElementPlaces& ep : view.elements()) {
    if (ep.element.key != key) continue;
    if (ep.element.row != row) {
      out << (row >= 0 ? "</tr>\n" : "") << "<tr><th>" << ep.element.row << "</th>";
      row = ep.element.row;
    }
    const Place& p = ep.places.front();
    std::string tip = view.element_name(ep.element) + " \u2192";
    for (std::size_t i = 0; i < ep.places.size(); ++i) tip += (i ? "; " : " ") + describe_place(ep.places[i]);
    out << "<td class=\"g" << (p.lane >> 4) << "\" data-e=\"" << element_id(ep.element) << "\" title=\"" << escape(tip)
        << "\">" << markup::lanes_text(ep) << "<br/>" << markup::vgpr_text(p);
    if (show_bits) out << "<br/>" << p.bit_hi << ":" << p.bit_lo;
    out << "</td>";
  }
  out << "</tr></table>\n";
}

void register_file_table(std::ostream& out, const OperandView& view) {
  const RegisterTable t = register_table(view);
  out << "<table class=\"regs\"><tr><th>lane</th>";
  for (const std::string& h : t.headers) out << "<th>" << escape(h) << "</th>";
  out << "</tr>\n";
  const auto keys = view.shown_keys();
  for (std::size_t lane = 0; lane < t.cells.size(); ++lane) {
    out << "<tr><th>" << lane << "</th>";
    for (std::size_t s = 0; s < t.slots.size(); ++s) {
      const auto& e = t.cells[lane][s];
      const bool shown = e && std::find(keys.begin(), keys.end(), e->key) != keys.end();
      if (!shown) {
        out << "<td class=\"unread\">-</td>";
        continue;
      }
      out << "<td class=\"g" << (lane >> 4) << "\" data-e=\"" << element_id(*e) << "\" title=\""
          << escape("lane " + std::to_string(lane) + ", " + slot_name(t.slots[s]) + " \u2192 " + view.element_name(*e))
          << "\">" << escape(view.compact_name(*e)) << "</td>";
    }
    out << "</tr>\n";
  }
  out << "</table>\n";
}

void operand_panel(std::ostream& out, const OperandView& view) {
  const Instruction& ins = view.instruction();
  const std::string id = std::string(arch_name(ins.arch)) + "-" + operand_label(view.operand());
  out << "<div class=\"panel\" id=\"" << escape(id) << "\">\n<h3>" << escape(operand_label(view.operand())) << ": "
      << view.rows() << "\u00d7" << view.cols() << " "
      << escape(view.operand() == Operand::index ? "index fields" : std::string(format_name(view.format()))) << ", "
      << view.vgprs() << " VGPR" << (view.vgprs() > 1 ? "s" : "") << "</h3>\n"
      << "<p class=\"note\">" << escape("rows: " + view.row_axis() + "; columns: " + view.col_axis() + "; K labels " +
                                        view.labelling_name() + "; evidence " + view.evidence_name())
      << "</p>\n";
  if (const std::string src = view.evidence_source(); !src.empty()) out << "<p class=\"note\">" << escape("Evidence: " + src) << "</p>\n";
  out << "<div class=\"info\"></div>\n<div class=\"pair\">\n";
  for (int key : view.shown_keys()) {
    out << "<div>";
    if (view.operand() == Operand::index) out << "<div class=\"note\">index set " << key << "</div>";
    matrix_table(out, view, key);
    out << "</div>\n";
  }
  out << "<div>";
  register_file_table(out, view);
  out << "</div>\n</div>\n</div>\n";
}

// RDNA3's OPSEL half and an index set only exist on one side; each side keeps what applies to it.
ViewOptions options_for(const Instruction& ins, const ViewOptions& options) {
  ViewOptions o = options;
  if (!(ins.allowed_modifiers() & kOpselD)) o.layout.opsel = 0;
  if (!ins.has_index()) o.key.reset();
  return o;
}

void arch_section(std::ostream& out, const Instruction& ins, const ViewOptions& options) {
  out << "<div class=\"arch\" data-arch=\"" << arch_name(ins.arch) << "\">\n<h2>"
      << escape(std::string(ins.arch == Arch::rdna4 ? "RDNA4 " : "RDNA3 ") + std::string(arch_name(ins.arch)) + ": " +
                full_builtin_name(ins))
      << "</h2>\n<p class=\"note\">" << escape(std::string(ins.mnemonic)) << ", wave" << int(ins.wave) << ", "
      << int(ins.m) << "\u00d7" << int(ins.n) << "\u00d7" << int(ins.k) << ", " << int(ins.issue_cycles)
      << " issue cycles</p>\n";
  for (Operand op : operands_of(ins)) operand_panel(out, OperandView(ins, op, options_for(ins, options)));
  out << "</div>\n";
}

}  // namespace

void print_html(std::ostream& out, const Instruction& ins, const ViewOptions& options) {
  const Instruction* other = counterpart(ins);
  const Instruction* left = other && other->arch == Arch::rdna4 ? other : &ins;
  const Instruction* right = left == &ins ? other : &ins;
  out << "<!DOCTYPE html>\n<html xmlns=\"http://www.w3.org/1999/xhtml\" lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n"
      << "<title>" << escape(full_builtin_name(ins) + " operand layouts") << "</title>\n<style>" << html_assets::kStyle
      << "</style>\n</head>\n<body data-script-ok=\"0\">\n<pre id=\"script-errors\"></pre>\n"
      << "<script>//<![CDATA[" << html_assets::kErrorTrap << "//]]></script>\n"
      << "<h1>" << escape(full_builtin_name(ins)) << "</h1>\n<p class=\"note\">"
      << escape("Hover a matrix cell to see the register place(s) holding it, or a register cell to see its element. "
                "Matrix cells show lane(s), VGPR and bits; colours are lane groups (rose lanes 0-15, grey 16-31, "
                "blue 32-47, green 48-63). Register cells show row,col.")
      << "</p>\n<div class=\"archs\">\n";
  arch_section(out, *left, options);
  if (right) arch_section(out, *right, options);
  out << "</div>\n<script>//<![CDATA[" << html_assets::kInteraction << "//]]></script>\n</body>\n</html>\n";
}

}  // namespace wmmasim::views
