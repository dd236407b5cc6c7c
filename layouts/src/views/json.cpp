#include <ostream>

#include <nlohmann/json.hpp>

#include "wmmasim/layouts/lookup.hpp"
#include "wmmasim/layouts/views/printers.hpp"

namespace wmmasim::views {
namespace {

nlohmann::ordered_json operand_json(const OperandView& view) {
  nlohmann::ordered_json j;
  j["operand"] = operand_label(view.operand());
  j["symbol"] = view.symbol();
  j["format"] = view.operand() == Operand::index ? "index4" : std::string(format_name(view.format()));
  j["element_bits"] = view.element_bits();
  j["rows"] = view.rows();
  j["cols"] = view.cols();
  j["row_axis"] = view.row_axis();
  j["col_axis"] = view.col_axis();
  j["vgprs"] = view.vgprs();
  j["evidence"] = view.evidence_name();
  if (const std::string src = view.evidence_source(); !src.empty()) j["evidence_source"] = src;
  j["labelling"] = view.labelling_name();
  if (view.instruction().allowed_modifiers() & kOpselD && (view.operand() == Operand::c || view.operand() == Operand::d))
    j["opsel"] = view.options().layout.opsel;
  if (view.operand() == Operand::index) {
    j["index_sets"] = view.layout().keys();
    j["keys_shown"] = view.shown_keys();
  }
  auto& elements = j["elements"] = nlohmann::ordered_json::array();
  for (const ElementPlaces& ep : view.elements()) {
    nlohmann::ordered_json e;
    e["row"] = ep.element.row;
    e["col"] = ep.element.col;
    if (view.operand() == Operand::index) e["key"] = ep.element.key;
    auto& places = e["places"] = nlohmann::ordered_json::array();
    for (const Place& p : ep.places)
      places.push_back({{"lane", p.lane}, {"vgpr", p.vgpr}, {"bit_lo", p.bit_lo}, {"bit_hi", p.bit_hi}});
    elements.push_back(std::move(e));
  }
  return j;
}

}  // namespace

void print_json(std::ostream& out, const std::vector<OperandView>& views) {
  if (views.empty()) return;
  const Instruction& ins = views.front().instruction();
  nlohmann::ordered_json doc;
  doc["builtin"] = full_builtin_name(ins);
  doc["mnemonic"] = ins.mnemonic;
  doc["arch"] = arch_name(ins.arch);
  doc["family"] = family_name(ins.family);
  doc["wave"] = ins.wave;
  doc["m"] = ins.m;
  doc["n"] = ins.n;
  doc["k"] = ins.k;
  doc["issue_cycles"] = ins.issue_cycles;
  auto& ops = doc["operands"] = nlohmann::ordered_json::array();
  for (const OperandView& v : views) ops.push_back(operand_json(v));
  out << doc.dump(1) << "\n";
}

}  // namespace wmmasim::views
