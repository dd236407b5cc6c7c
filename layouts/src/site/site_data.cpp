// The explorer's data: what OperandView and the numerics models say, in a compact JSON the page
// reads. Placements are packed one integer per register place and identical operand layouts are
// stored once (the f16/bf16 and fp8/bf8 variants share theirs), which keeps the page small.
#include <cctype>
#include <map>
#include <stdexcept>
#include <string>

#include <nlohmann/json.hpp>

#include "wmmasim/error.hpp"
#include "wmmasim/layouts/instruction_table.hpp"
#include "wmmasim/layouts/lookup.hpp"
#include "wmmasim/layouts/views/operand_view.hpp"
#include "wmmasim/layouts/views/register_table.hpp"
#include "wmmasim/layouts/views/site.hpp"
#include "wmmasim/numerics/numerics.hpp"

namespace wmmasim::views {
namespace {

using Json = nlohmann::ordered_json;

// One register place as one integer: lane | vgpr << 6 | bit_lo << 11 (bit_hi follows from the
// element width). The page unpacks it with the same three shifts.
int pack(const Place& p) { return p.lane | p.vgpr << 6 | p.bit_lo << 11; }

// Distinct operand layouts, numbered in order of first use.
class LayoutPool {
 public:
  int add(const OperandView& view) {
    Json j;
    j["rows"] = view.rows();
    j["cols"] = view.cols();
    j["keys"] = static_cast<int>(view.shown_keys().size());
    j["bits"] = view.element_bits();
    j["vgprs"] = view.vgprs();
    j["lanes"] = view.layout().lanes();
    const std::vector<ElementPlaces> elements = view.elements();
    const std::size_t copies = elements.front().places.size();
    j["copies"] = copies;
    const RegisterTable table = register_table(view);
    auto& slots = j["slots"] = Json::array();
    for (std::size_t s = 0; s < table.slots.size(); ++s)
      slots.push_back(Json::array({table.slots[s].vgpr, table.slots[s].bit_lo, table.headers[s]}));
    auto& places = j["p"] = Json::array();
    for (const ElementPlaces& ep : elements) {
      // The page indexes places as element * copies + copy, so every element must have as many.
      if (ep.places.size() != copies) throw std::logic_error("operand with uneven replication");
      for (const Place& p : ep.places) places.push_back(pack(p));
    }
    const std::string key = j.dump();
    const auto [it, fresh] = index_.emplace(key, static_cast<int>(layouts_.size()));
    if (fresh) layouts_.push_back(std::move(j));
    return it->second;
  }
  Json take() { return std::move(layouts_); }

 private:
  std::map<std::string, int> index_;
  Json layouts_ = Json::array();
};

// The contig16 label of each ISA K label of A (identity where contig16 relabels nothing): the label
// whose element sits in the register place ISA's label k occupies. Checked to agree for B, since a
// product pairs A[i][k] with B[k][j] under either labelling.
std::vector<int> contig16_of_isa_k(const Instruction& ins) {
  ViewOptions contig;
  contig.layout.labelling = Labelling::contig16;
  std::vector<int> out;
  for (Operand op : {Operand::a, Operand::b}) {
    const OperandView isa_view(ins, op), contig_view(ins, op, contig);
    std::vector<int> map;
    for (int k = 0; k < ins.k; ++k) {
      const Element isa_e = op == Operand::a ? Element{0, k, 0} : Element{k, 0, 0};
      const Place p = isa_view.layout().first_place(isa_e);
      const auto e = contig_view.element_at(p.lane, Slot{p.vgpr, p.bit_lo, p.bit_hi});
      if (!e) throw std::logic_error("contig16 view lacks an element the ISA view has");
      map.push_back(op == Operand::a ? e->col : e->row);
    }
    if (op == Operand::a) out = map;
    else if (map != out) throw std::logic_error("contig16 relabels A and B differently");
  }
  return out;
}

Json model_json(const Instruction& ins) {
  const Model& model = default_model(ins);
  const SummationOrder order = summation_order(ins, model);
  Json j;
  j["name"] = model.name;
  j["qualified"] = model.hardware_qualified;
  j["description"] = model.description;
  j["group"] = order.group_size;
  j["steps"] = order.steps;
  if (ins.family == Family::wmma) {  // the same steps in contig16 labels
    const std::vector<int> relabel = contig16_of_isa_k(ins);
    Json contig = Json::array();
    for (const auto& step : order.steps) {
      Json s = Json::array();
      for (int k : step) s.push_back(relabel[static_cast<std::size_t>(k)]);
      contig.push_back(std::move(s));
    }
    j["steps_contig16"] = std::move(contig);
  }
  return j;
}

// "_w32" <-> "_w64" for matrix builtins; for global_load_tr the element type after the vector width
// ("v8f16" <-> "v4f16", "v2i32" <-> "i32").
std::string type_suffix(std::string_view name) {
  std::string s(name.substr(name.rfind('_') + 1));
  if (!s.empty() && s[0] == 'v') {
    std::size_t i = 1;
    while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i]))) ++i;
    s = s.substr(i);
  }
  return s;
}

int other_wave(std::size_t self) {
  const Instruction& ins = kInstructions[self];
  for (std::size_t i = 0; i < kInstructionCount; ++i) {
    const Instruction& o = kInstructions[i];
    if (o.wave == ins.wave || o.arch != ins.arch || o.family != ins.family || o.mnemonic != ins.mnemonic ||
        o.a != ins.a || o.b != ins.b || o.cd != ins.cd || o.tied != ins.tied)
      continue;
    if (ins.family == Family::load_tr && type_suffix(o.name) != type_suffix(ins.name)) continue;
    return static_cast<int>(i);
  }
  return -1;
}

int index_of(const Instruction* ins) { return ins ? static_cast<int>(ins - kInstructions) : -1; }

Json operand_json(const OperandView& view, LayoutPool& pool) {
  Json j;
  j["op"] = operand_label(view.operand());
  j["symbol"] = view.symbol();
  j["format"] = view.operand() == Operand::index ? "index4" : std::string(format_name(view.format()));
  j["row_axis"] = view.row_axis();
  j["col_axis"] = view.col_axis();
  j["evidence"] = view.evidence_name();
  j["isa"] = pool.add(view);
  const Instruction& ins = view.instruction();
  if (ins.family == Family::wmma) {
    ViewOptions contig;
    contig.layout.labelling = Labelling::contig16;
    const OperandView relabelled(ins, view.operand(), contig);
    j["contig16"] = pool.add(relabelled);
    j["contig16_name"] = relabelled.labelling_name();
  }
  return j;
}

Json builtin_json(std::size_t i, LayoutPool& pool) {
  const Instruction& ins = kInstructions[i];
  Json j;
  j["name"] = ins.name;
  j["full"] = full_builtin_name(ins);
  j["mnemonic"] = ins.mnemonic;
  j["arch"] = arch_name(ins.arch);
  j["family"] = family_name(ins.family);
  j["wave"] = ins.wave;
  j["m"] = ins.m;
  j["n"] = ins.n;
  j["k"] = ins.k;
  j["a"] = format_name(ins.a);
  j["b"] = format_name(ins.b);
  j["cd"] = format_name(ins.cd);
  j["tied"] = ins.tied;
  j["cycles"] = ins.issue_cycles;
  j["counterpart"] = index_of(counterpart(ins));
  j["other_wave"] = other_wave(i);
  auto& ops = j["operands"] = Json::array();
  try {
    for (Operand op : operands_of(ins)) ops.push_back(operand_json(OperandView(ins, op), pool));
  } catch (const UserError& e) {  // no public layout (wave64 global_load_tr): the page says so
    ops = Json::array();
    j["unavailable"] = e.what();
  }
  if (ins.family != Family::load_tr) j["model"] = model_json(ins);
  return j;
}

}  // namespace

std::string site_data() {
  LayoutPool pool;
  Json builtins = Json::array();
  for (std::size_t i = 0; i < kInstructionCount; ++i) builtins.push_back(builtin_json(i, pool));
  Json doc;
  doc["prefix"] = kBuiltinPrefix;
  doc["builtins"] = std::move(builtins);
  doc["layouts"] = pool.take();
  std::string text = doc.dump();
  // The data sits inside a <script> element, which "</" would end early; "<\/" is the same JSON.
  for (std::size_t at = text.find("</"); at != std::string::npos; at = text.find("</", at + 3)) text.insert(at + 1, "\\");
  return text;
}

}  // namespace wmmasim::views
