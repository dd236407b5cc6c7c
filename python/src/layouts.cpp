// wmmasim.Layout: one operand of one builtin (views::OperandView) as numpy arrays, queries and the
// printed views (csv, ascii, markdown, json, svg, html), with Jupyter rich display.
#include "wmmasim/layouts/evidence.hpp"
#include <sstream>
#include <string>
#include <vector>

#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include "bindings.hpp"
#include "wmmasim/error.hpp"
#include "wmmasim/layouts/lookup.hpp"
#include "wmmasim/layouts/views/printers.hpp"
#include "wmmasim/layouts/views/queries.hpp"

namespace wmmasim::python {
namespace {

using IntArray = py::array_t<std::int32_t>;

views::ViewOptions view_options(const std::string& labelling, int opsel, std::optional<int> key) {
  views::ViewOptions o;
  if (labelling == "contig16") o.layout.labelling = Labelling::contig16;
  else if (labelling != "isa") throw UserError("unknown labelling '" + labelling + "'; expected isa or contig16");
  o.layout.opsel = opsel;
  o.key = key;
  return o;
}

// The CLI drops options that belong to other operands when it shows them all; so do queries here.
views::ViewOptions for_operand(views::ViewOptions o, Operand op) {
  if (op != Operand::index) o.key.reset();
  if (op != Operand::c && op != Operand::d) o.layout.opsel = 0;
  return o;
}

template <class Print>
std::string printed(Print print) {
  std::ostringstream out;
  print(out);
  return out.str();
}

class Layout {
 public:
  Layout(const Instruction& ins, Operand op, const views::ViewOptions& o) : view_(ins, op, o) {
    if (o.key && op != Operand::index)
      throw UserError("key selects a sparse-index set; it applies to operand index, not " + std::string(operand_name(op)));
  }

  const views::OperandView& view() const { return view_; }
  const LinearLayout& linear() const { return view_.layout(); }

  // First register place of every element: shape (rows, cols), or (keys, rows, cols) for the index.
  IntArray place_field(int which) const {
    const LinearLayout& l = linear();
    const bool keyed = view_.operand() == Operand::index;
    std::vector<py::ssize_t> shape = {l.rows(), l.cols()};
    if (keyed) shape.insert(shape.begin(), l.keys());
    IntArray out(shape);
    std::int32_t* p = out.mutable_data();
    for (int k = 0; k < l.keys(); ++k)
      for (int r = 0; r < l.rows(); ++r)
        for (int c = 0; c < l.cols(); ++c) {
          const Place pl = l.first_place(Element{r, c, k});
          *p++ = which == 0 ? pl.lane : which == 1 ? pl.vgpr : which == 2 ? pl.bit_lo : pl.bit_hi;
        }
    return out;
  }

  // The inverse: the element each (lane, VGPR, slot) holds, -1 where it holds none.
  IntArray element_field(int which) const {
    const LinearLayout& l = linear();
    IntArray out({l.lanes(), l.vgprs(), l.elements_per_vgpr()});
    std::int32_t* p = out.mutable_data();
    for (int lane = 0; lane < l.lanes(); ++lane)
      for (int v = 0; v < l.vgprs(); ++v)
        for (int s = 0; s < l.elements_per_vgpr(); ++s) {
          Element e;
          const bool held = l.element_at(lane, v, l.bit_offset + s * l.element_bits, e);
          *p++ = !held ? -1 : which == 0 ? e.row : which == 1 ? e.col : e.key;
        }
    return out;
  }

  // The CSV's rows as integers (same order, same columns).
  IntArray places() const {
    const bool keyed = view_.operand() == Operand::index;
    std::vector<std::int32_t> flat;
    for (const views::ElementPlaces& ep : view_.elements())
      for (const Place& p : ep.places) {
        flat.push_back(ep.element.row);
        flat.push_back(ep.element.col);
        if (keyed) flat.push_back(ep.element.key);
        for (int v : {p.lane, p.vgpr, p.bit_lo, p.bit_hi}) flat.push_back(v);
      }
    const py::ssize_t width = keyed ? 7 : 6;
    IntArray out({static_cast<py::ssize_t>(flat.size()) / width, width});
    std::copy(flat.begin(), flat.end(), out.mutable_data());
    return out;
  }

  std::vector<std::string> place_columns() const {
    if (view_.operand() == Operand::index) return {"row", "col", "key", "lane", "vgpr", "bit_lo", "bit_hi"};
    return {"row", "col", "lane", "vgpr", "bit_lo", "bit_hi"};
  }

  py::object element_at(int lane, int vgpr, int bit) const {
    Element e;
    if (!linear().element_at(lane, vgpr, bit, e)) return py::none();
    if (view_.operand() == Operand::index) return py::make_tuple(e.row, e.col, e.key);
    return py::make_tuple(e.row, e.col);
  }

  std::string svg() const { return printed([&](std::ostream& o) { views::print_svg(o, view_); }); }
  std::string html() const {
    return printed([&](std::ostream& o) { views::print_html(o, view_.instruction(), view_.options()); });
  }

 private:
  views::OperandView view_;
};

// The library's names, so every evidence level the table gains reaches Python unchanged.
std::string evidence_text(Evidence e) { return std::string(::wmmasim::evidence_name(e)); }

}  // namespace

void bind_layouts(py::module_& m) {
  py::class_<Layout>(m, "Layout",
                     "The register layout of one operand of one builtin: where every matrix element lives "
                     "(lane, VGPR, bit range) and what every register slot holds.\n\n"
                     "Get one with Builtin.layout('A'). In Jupyter it displays as an SVG picture.")
      .def_property_readonly("builtin", [](const Layout& l) -> const Instruction& { return l.view().instruction(); },
                             py::return_value_policy::reference)
      .def_property_readonly("operand", [](const Layout& l) { return std::string(operand_name(l.view().operand())); })
      .def_property_readonly("symbol", [](const Layout& l) { return l.view().symbol(); },
                             "Matrix name in element names: A, B, C, D, Ac (SWMMAC stored A), idx, in.")
      .def_property_readonly("format", [](const Layout& l) {
        return l.view().format() == Format::none ? std::string("sparse_index") : std::string(format_name(l.view().format()));
      })
      .def_property_readonly("element_bits", [](const Layout& l) { return l.view().element_bits(); })
      .def_property_readonly("rows", [](const Layout& l) { return l.view().rows(); })
      .def_property_readonly("cols", [](const Layout& l) { return l.view().cols(); })
      .def_property_readonly("keys", [](const Layout& l) { return l.linear().keys(); },
                             "Sparse-index sets (index operand), else 1.")
      .def_property_readonly("lanes", [](const Layout& l) { return l.linear().lanes(); })
      .def_property_readonly("vgprs", [](const Layout& l) { return l.view().vgprs(); })
      .def_property_readonly("elements_per_vgpr", [](const Layout& l) { return l.linear().elements_per_vgpr(); })
      .def_property_readonly("replicas", [](const Layout& l) { return l.linear().replication(); },
                             "Register places per element (2 or 4 for RDNA3's replicated A/B, else 1).")
      .def_property_readonly("evidence", [](const Layout& l) { return evidence_text(l.linear().evidence); })
      .def_property_readonly("labelling", [](const Layout& l) { return l.view().labelling_name(); })
      .def_property_readonly("row_axis", [](const Layout& l) { return l.view().row_axis(); })
      .def_property_readonly("col_axis", [](const Layout& l) { return l.view().col_axis(); })
      .def_property_readonly("lane", [](const Layout& l) { return l.place_field(0); },
                             "int32 array (rows, cols) [(keys, rows, cols) for the index]: the lane holding each "
                             "element (its first place: lane group 0 for replicated RDNA3 A/B).")
      .def_property_readonly("vgpr", [](const Layout& l) { return l.place_field(1); },
                             "int32 array like `lane`: the VGPR offset inside the operand's register tuple.")
      .def_property_readonly("bit_lo", [](const Layout& l) { return l.place_field(2); }, "int32 array like `lane`.")
      .def_property_readonly("bit_hi", [](const Layout& l) { return l.place_field(3); }, "int32 array like `lane`.")
      .def_property_readonly("element_row", [](const Layout& l) { return l.element_field(0); },
                             "int32 array (lanes, vgprs, elements_per_vgpr): the row of the element each register "
                             "slot holds, -1 for a slot that holds none.")
      .def_property_readonly("element_col", [](const Layout& l) { return l.element_field(1); }, "Like element_row.")
      .def_property_readonly("element_key", [](const Layout& l) { return l.element_field(2); }, "Like element_row.")
      .def("places", &Layout::places,
           "Every element and register place as an int32 array, one row per place, the same rows and columns "
           "as the CLI's CSV (see place_columns).")
      .def_property_readonly("place_columns", &Layout::place_columns)
      .def("element_at", &Layout::element_at, py::arg("lane"), py::arg("vgpr"), py::arg("bit") = 0,
           "The element (row, col) [index: (row, col, key)] held at bit `bit` of VGPR `vgpr` of `lane`, or None.")
      .def("where", [](const Layout& l, const std::string& ref) {
             return views::where(l.view().instruction(), ref, l.view().options());
           }, py::arg("element"),
           "Register place(s) of one element, e.g. where('A[3][9]'), as the CLI's --where prints them.")
      .def("expand", [](const Layout& l, const std::string& ref) {
             return views::expand(l.view().instruction(), ref, l.view().options());
           }, py::arg("element"), "The dot product producing one D element, e.g. expand('D[11][1]'), with register places.")
      .def("register", [](const Layout& l, int lane, int vgpr, std::optional<int> bit) {
             return views::register_contents(l.view().instruction(), l.view().operand(), lane, vgpr, bit, l.view().options());
           }, py::arg("lane"), py::arg("vgpr"), py::arg("bit") = py::none(), "What one register of this operand holds.")
      .def("csv", [](const Layout& l) { return printed([&](std::ostream& o) { views::print_csv(o, l.view()); }); })
      .def("ascii", [](const Layout& l, int width) {
             if (width < 40 || width > 1000) throw UserError("width " + std::to_string(width) + " is outside 40..1000");
             return printed([&](std::ostream& o) { views::print_ascii(o, l.view(), width); });
           }, py::arg("width") = 120)
      .def("markdown", [](const Layout& l) { return printed([&](std::ostream& o) { views::print_markdown(o, l.view()); }); })
      .def("json", [](const Layout& l) { return printed([&](std::ostream& o) { views::print_json(o, {l.view()}); }); })
      .def("svg", &Layout::svg, "The operand as a standalone SVG picture.")
      .def("html", &Layout::html, "The builtin's interactive HTML page (every operand, RDNA4 and RDNA3 side by side).")
      .def("_repr_svg_", &Layout::svg)
      // Front ends that prefer HTML get the same picture, inline (an <svg> element without the XML prolog).
      .def("_repr_html_", [](const Layout& l) {
        const std::string svg = l.svg();
        return svg.rfind("<?xml", 0) == 0 ? svg.substr(svg.find('\n') + 1) : svg;
      })
      .def("__str__", [](const Layout& l) { return printed([&](std::ostream& o) { views::print_ascii(o, l.view(), 120); }); })
      .def("__repr__", [](const Layout& l) {
        std::string header = views::view_header(l.view(), "");
        header.erase(header.find(" | format "), std::string(" | format ").size());  // no output format here
        return "<wmmasim.Layout " + header + ">";
      });

  auto builtin = py::class_<Instruction>(m.attr("Builtin"));
  builtin
      .def("layout", [](const Instruction& ins, const std::string& operand, const std::string& labelling, int opsel,
                        std::optional<int> key) {
             return Layout(ins, resolve_operand(ins, operand), view_options(labelling, opsel, key));
           }, py::arg("operand"), py::arg("labelling") = "isa", py::arg("opsel") = 0, py::arg("key") = py::none(),
           "The layout of one operand ('A', 'B', 'C', 'D' or 'index').\n\n"
           "labelling: 'isa' (the hardware's K order) or 'contig16' (the relabelling several libraries use for "
           "16-bit wave32 dense A/B). opsel: RDNA3 f16/bf16 C/D register half. key: SWMMAC index set to show.")
      .def("where", [](const Instruction& ins, const std::string& ref, const std::string& labelling, int opsel) {
             return views::where(ins, ref, view_options(labelling, opsel, std::nullopt));
           }, py::arg("element"), py::arg("labelling") = "isa", py::arg("opsel") = 0,
           "Register place(s) of one element, e.g. where('A[3][9]').")
      .def("expand", [](const Instruction& ins, const std::string& ref, const std::string& labelling, int opsel) {
             return views::expand(ins, ref, view_options(labelling, opsel, std::nullopt));
           }, py::arg("element"), py::arg("labelling") = "isa", py::arg("opsel") = 0,
           "The dot product producing one D element, e.g. expand('D[11][1]').")
      .def("register", [](const Instruction& ins, int lane, int vgpr, std::optional<std::string> operand,
                          std::optional<int> bit) {
             std::optional<Operand> op;
             if (operand) op = resolve_operand(ins, *operand);
             return views::register_contents(ins, op, lane, vgpr, bit, {});
           }, py::arg("lane"), py::arg("vgpr"), py::arg("operand") = py::none(), py::arg("bit") = py::none(),
           "What VGPR `vgpr` of `lane` holds, for one operand or every operand that has that VGPR.")
      .def("html", [](const Instruction& ins, const std::string& labelling, int opsel) {
             return printed([&](std::ostream& o) { views::print_html(o, ins, view_options(labelling, opsel, std::nullopt)); });
           }, py::arg("labelling") = "isa", py::arg("opsel") = 0,
           "The interactive HTML page of every operand (and of the RDNA3/RDNA4 counterpart).")
      .def("json", [](const Instruction& ins) {
             std::vector<views::OperandView> vs;
             for (Operand op : views::operands_of(ins)) vs.emplace_back(ins, op, for_operand({}, op));
             return printed([&](std::ostream& o) { views::print_json(o, vs); });
           }, "The builtin's facts and every operand's elements with their places, as the CLI's JSON.")
      .def("_repr_html_", [](const Instruction& ins) {
             if (operand_layout(ins, Operand::d).evidence == Evidence::unknown) return py::object(py::none());
             return py::object(py::str(printed([&](std::ostream& o) { views::print_html(o, ins, {}); })));
           });

  m.def("builtin_table", [] { return printed([](std::ostream& o) { views::print_builtin_list(o); }); },
        "The instruction table as the CLI's `layout --list` prints it.");
}

}  // namespace wmmasim::python
