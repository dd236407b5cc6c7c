#include "wmmasim/runfile/replay.hpp"

#include "wmmasim/diagnosis/explain.hpp"

#include <algorithm>
#include <cstring>

#include "wmmasim/error.hpp"
#include "wmmasim/hw/load_tr_addressing.hpp"
#include "wmmasim/layouts/evidence.hpp"
#include "wmmasim/layouts/lookup.hpp"
#include "wmmasim/layouts/operand_layout.hpp"
#include "wmmasim/matrix/gemm.hpp"
#include "wmmasim/wave/builtin_call.hpp"

namespace wmmasim::runfile {
namespace {

struct Flag {
  const char* name;
  std::uint8_t Modifiers::*field;
  std::uint8_t bit;
};
constexpr Flag kNegFlags[] = {
    {"neg_lo_a", &Modifiers::neg, 1}, {"neg_lo_b", &Modifiers::neg, 2}, {"neg_lo_c", &Modifiers::neg, 4},
    {"neg_hi_a", &Modifiers::neg_hi, 1}, {"neg_hi_b", &Modifiers::neg_hi, 2}, {"neg_hi_c", &Modifiers::neg_hi, 4},
};

const Matrix& input(const ProgramRecord& p, const char* name) {
  const auto it = p.inputs.find(name);
  if (it == p.inputs.end()) throw UserError("program '" + p.program + "' has no input " + name + " to replay");
  return it->second;
}

Format format_of(const Matrix& m, const ProgramRecord& p) {
  const Format f = format_named(m.format);
  if (f == Format::none)
    throw UserError("program '" + p.program + "' has a matrix of format '" + m.format + "', which cannot be replayed");
  return f;
}

BitMatrix to_bits(const Matrix& m, const ProgramRecord& p) { return BitMatrix{m.rows, m.cols, format_of(m, p), m.bits}; }
Matrix from_bits(const BitMatrix& m) { return Matrix{std::string(format_name(m.format)), m.rows, m.cols, 1, m.bits, ""}; }

// V_DOT2_F32_F16/BF16 captures: src0/src1 as 1x2 matrices of 16-bit elements, src2 as 1x1 f32.
Replay replay_dot2(const ProgramRecord& p) {
  const Format f = p.instruction.find("bf16") != std::string::npos ? Format::bf16 : Format::f16;
  const auto word = [&](const char* name) {
    const Matrix& m = input(p, name);
    return m.bits.size() == 1 ? m.bits[0] : (m.bits.at(0) & 0xFFFFu) | m.bits.at(1) << 16;
  };
  Replay r;
  const Arch arch = p.arch.rfind("gfx11", 0) == 0 ? Arch::rdna3 : Arch::rdna4;
  r.outputs["D"] = Matrix{"f32", 1, 1, 1, {dot2_f32(arch, f, word("src0"), word("src1"), word("src2"))}, ""};
  r.model = arch == Arch::rdna3 ? "gfx11-dot2" : "gfx12-dot4";
  r.hardware_qualified = arch == Arch::rdna4;
  return r;
}

Replay replay_load_tr(const ProgramRecord& p, const Instruction& ins) {
  hw::Addressing a = hw::Addressing::none;
  for (hw::Addressing x : {hw::Addressing::linear, hw::Addressing::documented_8x32, hw::Addressing::isa_b})
    if (p.addressing == hw::addressing_name(x)) a = x;
  if (a == hw::Addressing::none) throw UserError("program '" + p.program + "' does not say how its lanes addressed memory");
  const Matrix& memory = input(p, "memory");
  const int bits = format_bits(ins.cd), per_lane = hw::elements_per_lane(ins);
  std::vector<std::uint32_t> fetched(static_cast<std::size_t>(ins.vgprs_cd) * ins.wave, 0);
  for (int s = 0; s < ins.wave; ++s)
    for (int e = 0; e < per_lane; ++e) {
      const std::uint32_t v = memory.bits.at(hw::lane_element_offset(ins, a, s) + e);
      fetched[static_cast<std::size_t>(s) * ins.vgprs_cd + e * bits / 32] |= v << (e * bits % 32);
    }
  const std::vector<std::uint32_t> got = shuffle_load_tr(ins, fetched);
  Replay r;
  // D as a matrix of what each lane received: rows = lanes, columns = elements (like the hw record).
  const Evidence evidence = operand_layout(ins, Operand::d).evidence;
  Matrix d{std::string(format_name(ins.cd)), ins.wave, per_lane, 1, {}, std::string(evidence_name(evidence))};
  for (int lane = 0; lane < ins.wave; ++lane)
    for (int e = 0; e < per_lane; ++e)
      d.bits.push_back(got[static_cast<std::size_t>(lane) * ins.vgprs_cd + e * bits / 32] >> (e * bits % 32) & ((1u << bits) - 1u));
  if (evidence == Evidence::documented) d.layout_evidence.clear();
  r.outputs["D"] = d;
  r.caveats.push_back("global_load_tr is replayed with the lane map of spec layouts.md 7 (" + std::string(evidence_name(evidence)) + ")");
  return r;
}

}  // namespace

ProgramModifiers parse_modifiers(const std::vector<std::string>& names, const std::string& program) {
  ProgramModifiers m;
  for (const std::string& n : names) {
    bool known = true;
    if (n == "signed_a") m.numerics.neg |= 1;
    else if (n == "signed_b") m.numerics.neg |= 2;
    else if (n == "clamp") m.numerics.clamp = true;
    else if (n == "opsel") m.opsel = 1;
    else if (n == "fp16_ovfl") m.numerics.mode |= kModeFp16Ovfl;
    else if (n.rfind("index_key=", 0) == 0) m.numerics.index_key = std::stoi(n.substr(10));
    else if (n.rfind("exec=0x", 0) == 0 && n.size() > 7 && n.size() <= 23 &&
             n.find_first_not_of("0123456789abcdefABCDEF", 7) == std::string::npos)
      m.exec = std::stoull(n.substr(7), nullptr, 16);
    else {
      known = false;
      for (const Flag& f : kNegFlags)
        if (n == f.name) { m.numerics.*f.field |= f.bit; known = true; }
    }
    if (!known) throw UserError("program '" + program + "' has the unknown modifier '" + n + "'");
  }
  return m;
}

std::vector<std::string> modifier_names(const Modifiers& m, int opsel) {
  std::vector<std::string> out;
  for (const Flag& f : kNegFlags)
    if (m.*f.field & f.bit) out.push_back(f.name);
  if (m.clamp) out.push_back("clamp");
  if (opsel) out.push_back("opsel");
  if (m.mode & kModeFp16Ovfl) out.push_back("fp16_ovfl");
  if (m.index_key) out.push_back("index_key=" + std::to_string(m.index_key));
  return out;
}

Replay replay(const ProgramRecord& p, const Model* model) {
  if (p.instruction.rfind("v_dot2_f32_", 0) == 0) return replay_dot2(p);
  const Instruction* ins = find_builtin(p.instruction);
  if (!ins) throw UserError("program '" + p.program + "' uses '" + p.instruction + "', which is not a builtin of the table");
  if (ins->family == Family::load_tr) return replay_load_tr(p, *ins);
  const ProgramModifiers mods = parse_modifiers(p.modifiers, p.program);
  // Integer records from hw programs name signedness as flags; their neg bits are the same NEG field.
  const Model& used = model ? *model : default_model(*ins);
  check_model_applies(used, *ins);
  Replay r;
  r.model = std::string(used.name);
  r.hardware_qualified = used.hardware_qualified;
  r.caveats = result_caveats(*ins, mods.numerics, used);
  if (mods.exec)
    r.caveats.push_back("the record's EXEC (" + *std::find_if(p.modifiers.begin(), p.modifiers.end(), [](const std::string& n) {
      return n.rfind("exec=", 0) == 0;
    }) + ") is not modelled: the emulator writes every lane of D (spec numerics.md 9.1)");
  const BitMatrix a = to_bits(input(p, "A"), p), b = to_bits(input(p, "B"), p), c = to_bits(input(p, "C"), p);
  // One instruction (hw programs, captures: SWMMAC then carries its compressed A and index), or a
  // whole GEMM (emulator programs: dense A, any shape), replayed through the matrix API.
  const bool one_instruction = ins->family == Family::swmmac ? p.inputs.count("index") != 0
                                                             : a.rows == ins->m && a.cols == ins->k && b.cols == ins->n;
  if (!one_instruction) {
    GemmOptions o;
    o.model = &used;
    o.modifiers = mods.numerics;
    r.outputs["D"] = from_bits(gemm(*ins, a, b, c, o));
    return r;
  }
  std::vector<std::uint32_t> d(static_cast<std::size_t>(ins->m) * ins->n);
  std::vector<std::uint8_t> index;
  if (ins->family == Family::swmmac) {
    const Matrix& all = input(p, "index");
    const int key = mods.numerics.index_key, per_set = all.rows * all.cols;
    if (key < 0 || key >= all.keys) throw UserError("program '" + p.program + "' selects index set " + std::to_string(key) + " of " + std::to_string(all.keys));
    for (int e = 0; e < per_set; ++e) index.push_back(static_cast<std::uint8_t>(all.bits.at(key * per_set + e)));
    d = c.bits;  // SWMMAC accumulates into D
  }
  compute_d(*ins, a.bits.data(), b.bits.data(), c.bits.data(), index.empty() ? nullptr : index.data(), mods.numerics, used, d.data());
  r.outputs["D"] = Matrix{std::string(format_name(ins->cd)), ins->m, ins->n, 1, d, ""};
  return r;
}

std::vector<std::string> explain_output(const ProgramRecord& p, const Matrix& observed, const Model* model) {
  const Instruction* ins = find_builtin(p.instruction);
  if (!ins || ins->family != Family::wmma || !p.inputs.count("A") || !p.inputs.count("B") || !p.inputs.count("C")) return {};
  GemmOptions o;
  o.model = model ? model : &default_model(*ins);
  o.modifiers = parse_modifiers(p.modifiers, p.program).numerics;
  std::vector<std::string> out;
  for (const diagnosis::Explanation& e : diagnosis::explain_d(*ins, to_bits(input(p, "A"), p), to_bits(input(p, "B"), p),
                                                                to_bits(input(p, "C"), p), to_bits(observed, p), o))
    out.push_back(e.sentence);
  return out;
}

}  // namespace wmmasim::runfile
