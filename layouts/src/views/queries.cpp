#include <cctype>
#include <sstream>

#include "wmmasim/error.hpp"
#include "wmmasim/layouts/lookup.hpp"
#include "wmmasim/layouts/views/queries.hpp"

namespace wmmasim::views {
namespace {

// How a typed name addresses an operand: SWMMAC A and the index are also reachable by dense k,
// the spec's notation, which names a group of four K values rather than one stored value.
enum class Addressing { stored, dense_k };

struct Target {
  Operand op;
  Addressing addressing;
};

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

Target target_of(const Instruction& ins, const std::string& name) {
  const std::string n = lower(name);
  const bool sparse = ins.family == Family::swmmac;
  if (ins.family == Family::load_tr && (n == "in" || n == "d")) return {Operand::d, Addressing::stored};
  if (n == "in") throw UserError("'in' names the source elements of global_load_tr; " + full_builtin_name(ins) + " is not a load");
  if (n == "ac") {
    if (!sparse) throw UserError("'Ac' names SWMMAC's stored A values; " + full_builtin_name(ins) + " is dense, use A");
    return {Operand::a, Addressing::stored};
  }
  if (n == "k" || n == "idx" || n == "index") {
    const Operand op = resolve_operand(ins, "index");
    return {op, n == "k" ? Addressing::dense_k : Addressing::stored};
  }
  const Operand op = resolve_operand(ins, name);
  return {op, sparse && op == Operand::a ? Addressing::dense_k : Addressing::stored};
}

std::string range(int n) { return "0.." + std::to_string(n - 1); }

void require_inside(const OperandView& view, const ElementRef& ref, int rows, int cols) {
  if (ref.row < rows && ref.col < cols) return;
  throw UserError(ref.name + "[" + std::to_string(ref.row) + "][" + std::to_string(ref.col) + "] is outside operand " +
                  operand_label(view.operand()) + " of " + full_builtin_name(view.instruction()) + ": rows " + range(rows) +
                  ", columns " + range(cols));
}

std::string place_line(const std::string& who, const Place& p) {
  return who + " -> " + describe_place(p) + "  (" + calc_notation(p) + ")\n";
}

std::string places_text(const OperandView& view, Element e) {
  Place buf[16];
  const int n = view.layout().places_of(e, buf, 16);
  std::string s;
  for (int i = 0; i < n; ++i) s += (i ? " | " : "") + describe_place(buf[i]);
  return s;
}

std::string ref_text(const ElementRef& r) {
  return r.name + "[" + std::to_string(r.row) + "][" + std::to_string(r.col) + "]";
}

}  // namespace

std::string where(const Instruction& ins, std::string_view text, const ViewOptions& options) {
  const ElementRef ref = parse_element_ref(text);
  const Target t = target_of(ins, ref.name);
  const OperandView view(ins, t.op, options);
  std::string out;
  if (t.op == Operand::index) {
    const int group = t.addressing == Addressing::dense_k ? ref.col / 4 : ref.col;
    require_inside(view, ref, view.rows(), t.addressing == Addressing::dense_k ? ins.k : view.cols());
    for (int key : view.shown_keys()) {
      const Element e{ref.row, group, key};
      const std::string who = t.addressing == Addressing::dense_k ? ref_text(ref) + " = " + view.element_name(e)
                                                                  : view.element_name(e);
      out += place_line(who,
                        view.layout().first_place(e));
    }
    return out;
  }
  if (t.addressing == Addressing::dense_k) {  // SWMMAC A by dense k: the two stored values of its group
    require_inside(view, ref, view.rows(), ins.k);
    const int group = ref.col / 4;
    for (int s = 0; s < 2; ++s) {
      const Element e{ref.row, 2 * group + s, 0};
      out += place_line(ref_text(ref) + " (dense group " + std::to_string(group) + ", stored value s=" + std::to_string(s) +
                            " = " + view.element_name(e) + ")",
                        view.layout().first_place(e));
    }
    out += "the sparse index field idx[" + std::to_string(ref.row) + "][" + std::to_string(group) +
           "] says which two of k=" + std::to_string(4 * group) + ".." + std::to_string(4 * group + 3) +
           " the stored values are (see --where 'K[" + std::to_string(ref.row) + "][" + std::to_string(ref.col) + "]')\n";
    return out;
  }
  require_inside(view, ref, view.rows(), view.cols());
  Place buf[16];
  const int n = view.layout().places_of(Element{ref.row, ref.col, 0}, buf, 16);
  for (int i = 0; i < n; ++i) out += place_line(ref_text(ref), buf[i]);
  return out;
}

std::string register_contents(const Instruction& ins, std::optional<Operand> operand, int lane, int vgpr,
                              std::optional<int> bit, const ViewOptions& options) {
  if (lane < 0 || lane >= ins.wave)
    throw UserError("lane " + std::to_string(lane) + " is outside wave" + std::to_string(ins.wave) + " (lanes " +
                    range(ins.wave) + ")");
  if (bit && (*bit < 0 || *bit > 31)) throw UserError("bit " + std::to_string(*bit) + " is outside a 32-bit VGPR (bits 0..31)");
  if (vgpr < 0) throw UserError("VGPR " + std::to_string(vgpr) + " is negative; VGPR offsets start at 0");
  std::vector<Operand> ops = operand ? std::vector<Operand>{*operand} : operands_of(ins);
  std::string out, have;
  bool any = false;
  for (Operand op : ops) {
    ViewOptions o = options;
    if (op != Operand::index) o.key.reset();
    if (op != Operand::c && op != Operand::d) o.layout.opsel = 0;
    const OperandView view(ins, op, o);
    have += (have.empty() ? "" : ", ") + operand_label(op) + " v0..v" + std::to_string(view.vgprs() - 1);
    if (vgpr >= view.vgprs()) {
      if (operand)
        throw UserError("VGPR " + std::to_string(vgpr) + " is outside operand " + operand_label(op) + " of " +
                        full_builtin_name(ins) + ", which has " + std::to_string(view.vgprs()) + " VGPR(s) (v0..v" +
                        std::to_string(view.vgprs() - 1) + ")");
      continue;
    }
    any = true;
    bool found = false;
    for (const Slot& s : view.slots()) {
      if (s.vgpr != vgpr || (bit && (*bit < s.bit_lo || *bit > s.bit_hi))) continue;
      const Place p{lane, vgpr, s.bit_lo, s.bit_hi};
      const auto e = view.element_at(lane, s);
      out += operand_label(op) + ": " + describe_place(p) + "  (" + calc_notation(p) + ") = " +
             (e ? view.element_name(*e) : std::string("nothing: the operand does not read this lane")) + "\n";
      found = true;
    }
    if (!found)
      out += operand_label(op) + ": lane " + std::to_string(lane) + ", v" + std::to_string(vgpr) +
             (bit ? ", bit " + std::to_string(*bit) : std::string()) + " holds no element of " + operand_label(op) + "\n";
  }
  if (!any)
    throw UserError("VGPR " + std::to_string(vgpr) + " is outside every operand of " + full_builtin_name(ins) + " (" + have + ")");
  return out;
}

std::string expand(const Instruction& ins, std::string_view text, const ViewOptions& options) {
  const ElementRef ref = parse_element_ref(text);
  if (ins.family == Family::load_tr) throw UserError("--expand needs a matrix instruction; " + full_builtin_name(ins) + " is a load");
  if (lower(ref.name) != "d")
    throw UserError("--expand takes an element of D (the output), e.g. D[11][1]; got '" + quoted_input(ref.name) + "'");
  ViewOptions acc_options = options;
  acc_options.key.reset();
  const OperandView d(ins, Operand::d, acc_options);
  require_inside(d, ref, d.rows(), d.cols());
  const Element de{ref.row, ref.col, 0};
  const Place dp = d.layout().first_place(de);
  const std::string i = std::to_string(ref.row), j = std::to_string(ref.col);
  std::ostringstream out;
  out << "D[" << i << "][" << j << "] is at " << describe_place(dp) << "\n";

  ViewOptions ab_options = acc_options;
  ab_options.layout.opsel = 0;
  const OperandView a(ins, Operand::a, ab_options), b(ins, Operand::b, ab_options);
  if (ins.family == Family::wmma) {
    const OperandView c(ins, Operand::c, acc_options);
    out << calc_notation(dp) << " = D[" << i << "][" << j << "] =";
    for (int k = 0; k < ins.k; ++k) out << (k ? " +" : "") << " A[" << i << "][" << k << "]*B[" << k << "][" << j << "]";
    out << " + C[" << i << "][" << j << "]\n";
    out << "terms in " << (a.labelling_name() == "contig16" ? "contig16" : "ISA") << " K order:\n";
    for (int k = 0; k < ins.k; ++k)
      out << "  k=" << k << ": A[" << i << "][" << k << "] at " << places_text(a, {ref.row, k, 0}) << "; B[" << k << "]["
          << j << "] at " << places_text(b, {k, ref.col, 0}) << "\n";
    out << "  C[" << i << "][" << j << "] at " << places_text(c, de) << "\n";
    return out.str();
  }

  const int key = options.key.value_or(0);
  ViewOptions index_options = options;
  index_options.key = key;
  const OperandView idx(ins, Operand::index, index_options);
  const int groups = ins.k / 4;
  out << calc_notation(dp) << " = D[" << i << "][" << j << "] =";
  for (int g = 0; g < groups; ++g)
    for (int s = 0; s < 2; ++s)
      out << (g || s ? " +" : "") << " Ac[" << i << "][" << 2 * g + s << "]*B[" << 4 * g << "+p" << s << "][" << j << "]";
  out << " + D[" << i << "][" << j << "]\n";
  out << "SWMMAC: the accumulator is D itself. Ac[i][2G+s] is the s-th stored value of dense group G of row " << i
      << "; which B row it multiplies depends on the sparse index: p0 = bits [1:0] and p1 = bits [3:2] of the field "
         "idx[" << i << "][G] in index set " << key << " (OPSEL/index_key), so the B rows used are 4G+p0 and 4G+p1.\n";
  for (int g = 0; g < groups; ++g) {
    out << "  G=" << g << ": Ac[" << i << "][" << 2 * g << "] at " << places_text(a, {ref.row, 2 * g, 0}) << "; Ac[" << i
        << "][" << 2 * g + 1 << "] at " << places_text(a, {ref.row, 2 * g + 1, 0}) << "\n";
    out << "       idx[" << i << "][" << g << "] (set " << key << ") at " << places_text(idx, {ref.row, g, key}) << "\n";
    out << "       candidates:";
    for (int p = 0; p < 4; ++p)
      out << (p ? ";" : "") << " B[" << 4 * g + p << "][" << j << "] at " << places_text(b, {4 * g + p, ref.col, 0});
    out << "\n";
  }
  out << "  D[" << i << "][" << j << "] (accumulator input) at " << describe_place(dp) << "\n";
  return out.str();
}

}  // namespace wmmasim::views
