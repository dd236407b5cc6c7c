// wmmasim.Builtin (one row of the instruction table), builtins(), builtin(), the numerics models.
#include "wmmasim/layouts/evidence.hpp"
#include <string>
#include <utility>
#include <vector>

#include <pybind11/stl.h>

#include "bindings.hpp"
#include "wmmasim/error.hpp"
#include "wmmasim/layouts/lookup.hpp"
#include "wmmasim/layouts/operand_layout.hpp"
#include "wmmasim/layouts/views/operand_view.hpp"
#include "wmmasim/numerics/numerics.hpp"

namespace wmmasim::python {
namespace {

constexpr Operand kOperands[] = {Operand::a, Operand::b, Operand::c, Operand::d, Operand::index};


Format operand_format(const Instruction& ins, Operand op) {
  switch (op) {
    case Operand::a: return ins.a;
    case Operand::b: return ins.b;
    case Operand::index: return Format::none;
    default: return ins.cd;
  }
}

// Names of Instruction::allowed_modifiers() bits, in bit order.
std::vector<std::string> modifier_names(std::uint16_t bits) {
  static const std::pair<std::uint16_t, const char*> names[] = {
      {kNegLoA, "neg_a"},   {kNegLoB, "neg_b"},     {kNegHiA, "neg_hi_a"},       {kNegHiB, "neg_hi_b"},
      {kNegC, "neg_c"},     {kAbsC, "abs_c"},       {kSignA, "signed_a"},        {kSignB, "signed_b"},
      {kClamp, "clamp"},    {kIndexKey, "index_key"}, {kOpselD, "opsel"},        {kInlineC, "inline_c"},
      {kCModifiersUnverified, "c_modifiers_unverified"}};
  std::vector<std::string> out;
  for (const auto& [bit, name] : names)
    if (bits & bit) out.emplace_back(name);
  return out;
}

py::dict per_operand(const Instruction& ins, auto value) {
  py::dict d;
  for (Operand op : kOperands)
    if (ins.has_operand(op)) d[py::str(std::string(operand_name(op)))] = value(op);
  return d;
}

std::string builtin_repr(const Instruction& ins) {
  std::string s = "<wmmasim.Builtin " + full_builtin_name(ins) + " (" + std::string(ins.mnemonic) + ", " +
                  std::string(arch_name(ins.arch)) + ", wave" + std::to_string(ins.wave);
  if (ins.family != Family::load_tr)
    s += ", " + std::to_string(ins.m) + "x" + std::to_string(ins.n) + "x" + std::to_string(ins.k) + ", " +
         std::string(format_name(ins.a)) + " x " + std::string(format_name(ins.b)) + " -> " +
         std::string(format_name(ins.cd));
  return s + ")>";
}

std::vector<const Instruction*> filtered_builtins(std::optional<std::string> arch, std::optional<std::string> family,
                                                  std::optional<int> wave) {
  std::optional<Arch> want_arch;
  if (arch) want_arch = parse_arch(*arch);
  if (family && *family != "wmma" && *family != "swmmac" && *family != "load_tr")
    throw UserError("unknown family '" + *family + "'; expected wmma, swmmac or load_tr");
  if (wave && *wave != 32 && *wave != 64)
    throw UserError("wave size " + std::to_string(*wave) + " is not supported; expected 32 or 64");
  std::vector<const Instruction*> out;
  for (const Instruction& ins : kInstructions)
    if ((!want_arch || ins.arch == *want_arch) && (!family || family_name(ins.family) == *family) &&
        (!wave || ins.wave == *wave))
      out.push_back(&ins);
  return out;
}

}  // namespace

Arch parse_arch(const std::string& name) {
  for (const char* n : {"gfx11", "rdna3", "gfx1100", "gfx1101", "gfx1102", "gfx1103"})
    if (name == n) return Arch::rdna3;
  for (const char* n : {"gfx12", "rdna4", "gfx1200", "gfx1201"})
    if (name == n) return Arch::rdna4;
  throw UserError("unknown architecture '" + name + "'; expected gfx11 (RDNA3) or gfx12 (RDNA4)");
}

const Instruction& to_instruction(const py::object& builtin, std::optional<int> wave, std::optional<std::string> arch) {
  if (py::isinstance<Instruction>(builtin)) return builtin.cast<const Instruction&>();
  if (!py::isinstance<py::str>(builtin))
    throw UserError("a builtin is a wmmasim.Builtin or a name such as 'wmma_f32_16x16x16_f16_w32_gfx12', not a " +
                    std::string(py::str(builtin.get_type().attr("__name__"))));
  const std::string name = builtin.cast<std::string>();
  const Instruction& ins = resolve_instruction(name, wave.value_or(32), arch ? parse_arch(*arch) : Arch::rdna4);
  // A full builtin name fixes wave and arch; contradicting it explicitly is a mistake worth saying.
  if (wave && ins.wave != *wave)
    throw UserError(full_builtin_name(ins) + " is a wave" + std::to_string(ins.wave) + " builtin, but wave=" +
                    std::to_string(*wave) + " was given");
  if (arch && ins.arch != parse_arch(*arch))
    throw UserError(full_builtin_name(ins) + " is a " + std::string(arch_name(ins.arch)) + " builtin, but arch='" +
                    *arch + "' was given");
  return ins;
}

void bind_instructions(py::module_& m) {
  py::class_<Model>(m, "Model", "A numerics model: the arithmetic rule an emulated instruction follows.")
      .def_property_readonly("name", [](const Model& x) { return std::string(x.name); })
      .def_property_readonly("hardware_qualified", [](const Model& x) { return x.hardware_qualified; },
                             "True when the model reproduces every hardware capture bit for bit.")
      .def_property_readonly("description", [](const Model& x) { return std::string(x.description); })
      .def("__repr__", [](const Model& x) {
        return "<wmmasim.Model " + std::string(x.name) + (x.hardware_qualified ? " (hardware-qualified)>" : " (not hardware-qualified)>");
      });

  auto ref = py::return_value_policy::reference;
  py::class_<Instruction>(m, "Builtin",
                          "One matrix instruction builtin of the instruction table (RDNA4 WMMA/SWMMAC, RDNA3 WMMA, "
                          "RDNA4 global_load_tr).\n\nGet one with wmmasim.builtin(name); list them with wmmasim.builtins().")
      .def_property_readonly("name", [](const Instruction& i) { return std::string(i.name); },
                             "The clang builtin name without '__builtin_amdgcn_'.")
      .def_property_readonly("full_name", [](const Instruction& i) { return full_builtin_name(i); })
      .def_property_readonly("mnemonic", [](const Instruction& i) { return std::string(i.mnemonic); })
      .def_property_readonly("arch", [](const Instruction& i) { return std::string(arch_name(i.arch)); },
                             "'gfx12' (RDNA4) or 'gfx11' (RDNA3).")
      .def_property_readonly("family", [](const Instruction& i) { return std::string(family_name(i.family)); },
                             "'wmma', 'swmmac' or 'load_tr'.")
      .def_property_readonly("wave", [](const Instruction& i) { return int(i.wave); })
      .def_property_readonly("opcode", [](const Instruction& i) { return int(i.opcode); }, "VOP3P OP field (0 for loads).")
      .def_property_readonly("shape", [](const Instruction& i) { return py::make_tuple(int(i.m), int(i.n), int(i.k)); },
                             "(M, N, K); K is the dense K (SWMMAC: 32 or 64).")
      .def_property_readonly("m", [](const Instruction& i) { return int(i.m); })
      .def_property_readonly("n", [](const Instruction& i) { return int(i.n); })
      .def_property_readonly("k", [](const Instruction& i) { return int(i.k); })
      .def_property_readonly("types", [](const Instruction& i) {
        return per_operand(i, [&](Operand op) {
          return op == Operand::index ? std::string("sparse_index") : std::string(format_name(operand_format(i, op)));
        });
      }, "Element format per operand, e.g. {'A': 'f16', 'B': 'f16', 'C': 'f32', 'D': 'f32'}.")
      .def_property_readonly("vgprs", [](const Instruction& i) {
        return per_operand(i, [&](Operand op) { return operand_vgprs(i, op); });
      }, "VGPRs per lane of each operand.")
      .def_property_readonly("cycles", [](const Instruction& i) { return int(i.issue_cycles); },
                             "VALU-port issue cycles on one SIMD (the AMD calculator's execution cycles).")
      .def_property_readonly("ops", [](const Instruction& i) { return i.ops(); }, "2*M*N*K.")
      .def_property_readonly("clang_type", [](const Instruction& i) { return std::string(i.clang_type); })
      .def_property_readonly("tied", [](const Instruction& i) { return i.tied; })
      .def_property_readonly("operands", [](const Instruction& i) {
        std::vector<std::string> out;
        for (Operand op : views::operands_of(i)) out.emplace_back(operand_name(op));
        return out;
      })
      .def_property_readonly("evidence", [](const Instruction& i) {
        return per_operand(i, [&](Operand op) { return std::string(::wmmasim::evidence_name(operand_layout(i, op).evidence)); });
      }, "How far each operand's layout is established: 'documented', 'hypothesis' or 'unknown'.")
      .def_property_readonly("modifiers", [](const Instruction& i) { return modifier_names(i.allowed_modifiers()); },
                             "The instruction modifiers this builtin accepts.")
      .def_property_readonly("models", [](const Instruction& i) { return models_for(i); }, ref,
                             "The numerics models that apply to this builtin.")
      .def_property_readonly("default_model", [](const Instruction& i) -> const Model& { return default_model(i); }, ref)
      .def_property_readonly("counterpart", [](const Instruction& i) { return views::counterpart(i); }, ref,
                             "The same mnemonic and wave size on the other architecture, or None.")
      .def("__repr__", &builtin_repr)
      .def("__eq__", [](const Instruction& a, const Instruction& b) { return &a == &b; })
      .def("__hash__", [](const Instruction& a) { return std::hash<const void*>{}(&a); });

  m.def("builtins", &filtered_builtins, py::arg("arch") = py::none(), py::arg("family") = py::none(),
        py::arg("wave") = py::none(), ref,
        "Every builtin of the instruction table, optionally only one arch ('gfx12', 'gfx11', 'rdna4', ...), "
        "family ('wmma', 'swmmac', 'load_tr') or wave size (32, 64).");
  m.def("builtin", [](const py::object& name, std::optional<int> wave, std::optional<std::string> arch) -> const Instruction& {
          return to_instruction(name, wave, arch);
        }, py::arg("name"), py::arg("wave") = py::none(), py::arg("arch") = py::none(), ref,
        "The builtin named `name`: a clang builtin (with or without '__builtin_amdgcn_') or a mnemonic such as "
        "'v_wmma_f32_16x16x16_f16' (wave 32 and gfx12 unless `wave`/`arch` say otherwise).\n\n"
        "Raises ValueError naming the closest builtins when nothing matches.");
  m.def("models", [](const py::object& builtin) {
          if (builtin.is_none()) return all_models();
          return models_for(to_instruction(builtin));
        }, py::arg("builtin") = py::none(), ref,
        "Every numerics model, or those that apply to `builtin`.");
  m.def("model", [](const std::string& name) -> const Model& {
          if (const Model* x = find_model(name)) return *x;
          std::string known;
          for (const Model* x : all_models()) known += (known.empty() ? "" : ", ") + std::string(x->name);
          throw UserError("unknown model '" + name + "' (known models: " + known + ").");
        }, py::arg("name"), ref, "The numerics model named `name`.");
}

}  // namespace wmmasim::python
