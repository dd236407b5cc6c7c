// wmmasim.mma (one instruction on matrices), execute (one instruction on per-lane register words),
// and the element conversions with the C++ rounding.
#include "numerics.hpp"

#include <string>
#include <vector>

#include <pybind11/stl.h>

#include "wmmasim/error.hpp"
#include "wmmasim/layouts/lookup.hpp"
#include "wmmasim/matrix/gemm.hpp"
#include "wmmasim/numerics/formats.hpp"
#include "wmmasim/wave/execute.hpp"

namespace wmmasim::python {
namespace {

using Bits = std::vector<std::uint32_t>;

void require_shape(const BitsArray& m, const char* what, int rows, int cols) {
  if (m.rows != rows || m.cols != cols)
    throw UserError(std::string(what) + " is " + std::to_string(m.rows) + "x" + std::to_string(m.cols) + ", expected " +
                    std::to_string(rows) + "x" + std::to_string(cols));
}

void require_matrix_instruction(const Instruction& ins) {
  if (ins.family == Family::load_tr)
    throw UserError(full_builtin_name(ins) + " is a transposing load, not a matrix multiply");
}

BitsArray c_or_zeros(const Instruction& ins, const py::object& c) {
  if (!c.is_none()) return read_bits(c, ins.cd, "C");
  return BitsArray{ins.m, ins.n, Bits(static_cast<std::size_t>(ins.m) * ins.n, 0u), {}};
}

py::array mma(const py::object& builtin, const py::object& a_in, const py::object& b_in, const py::object& c_in,
              const py::object& index_in, const py::object& model_in, const py::object& neg, const py::object& neg_hi,
              const py::object& is_signed, bool clamp, bool fp16_ovfl, bool raw) {
  const Instruction& ins = to_instruction(builtin);
  require_matrix_instruction(ins);
  const Model& model = pick_model(ins, model_in);
  const BitsArray a = read_bits(a_in, ins.a, "A"), b = read_bits(b_in, ins.b, "B");
  const BitsArray c = c_or_zeros(ins, c_in);
  const Modifiers mods = make_modifiers(ins, {neg, neg_hi, is_signed, clamp, fp16_ovfl}, a.is_signed, b.is_signed);
  require_shape(b, "B", ins.k, ins.n);
  require_shape(c, ins.has_c() ? "C" : "C (the SWMMAC accumulator)", ins.m, ins.n);
  Bits d;
  if (ins.family == Family::swmmac && index_in.is_none()) {
    // A dense 2:4-sparse A: the matrix API compresses it exactly as the hardware expects.
    require_shape(a, "A (dense, 2:4 sparse; or pass the stored 16 x K/2 A with index=)", ins.m, ins.k);
    GemmOptions o;
    o.model = &model;
    o.modifiers = mods;
    o.threads = 1;
    const BitMatrix dm = gemm(ins, BitMatrix{ins.m, ins.k, ins.a, a.bits}, BitMatrix{ins.k, ins.n, ins.b, b.bits},
                              BitMatrix{ins.m, ins.n, ins.cd, c.bits}, o);
    d = dm.bits;
  } else {
    std::vector<std::uint8_t> index;
    if (ins.family == Family::swmmac) {
      require_shape(a, "A (stored slots, with index=)", ins.m, ins.k / 2);
      py::array idx = py::module_::import("numpy").attr("asarray")(index_in);
      if (idx.dtype().kind() != 'u' && idx.dtype().kind() != 'i')
        throw UserError("index has dtype " + std::string(py::str(idx.dtype().attr("name"))) +
                        "; its fields idx0 | idx1 << 2 are integers in 0..15");
      if (idx.ndim() != 2 || idx.shape(0) != ins.m || idx.shape(1) != ins.k / 4)
        throw UserError("index must be " + std::to_string(ins.m) + "x" + std::to_string(ins.k / 4) +
                        " (one field per row and dense group of four K)");
      const py::array_t<std::int64_t> fields = idx.attr("astype")("int64");
      for (py::ssize_t i = 0; i < fields.size(); ++i) {
        const std::int64_t v = fields.data()[i];
        if (v < 0 || v > 15) throw UserError("index holds " + std::to_string(v) + "; each field is idx0 | idx1 << 2, in 0..15");
        index.push_back(static_cast<std::uint8_t>(v));
      }
      d = c.bits;  // SWMMAC accumulates into D itself
    } else {
      if (!index_in.is_none()) throw UserError(full_builtin_name(ins) + " is dense; index= applies to SWMMAC builtins");
      require_shape(a, "A", ins.m, ins.k);
      d.assign(c.bits.size(), 0u);
    }
    compute_d(ins, a.bits.data(), b.bits.data(), c.bits.data(), index.empty() ? nullptr : index.data(), mods, model,
              d.data());
  }
  return write_bits(d.data(), ins.m, ins.n, ins.cd, raw);
}

// Per-lane register words: shape (wave, vgprs) of uint32 (int32 and float32 are taken as bits).
Bits lane_words(const py::object& h, const char* what, int wave, int vgprs) {
  py::array a = py::module_::import("numpy").attr("ascontiguousarray")(h);
  const py::dtype dt = a.dtype();
  if (dt.itemsize() != 4 || (dt.kind() != 'u' && dt.kind() != 'i' && dt.kind() != 'f'))
    throw UserError(std::string(what) + " has dtype " + std::string(py::str(dt.attr("name"))) +
                    "; register words are uint32 (int32 and float32 are taken as their bits)");
  if (a.ndim() != 2 || a.shape(0) != wave || a.shape(1) != vgprs)
    throw UserError(std::string(what) + " must have shape (" + std::to_string(wave) + ", " + std::to_string(vgprs) +
                    ") = (lanes, VGPRs of the operand)");
  const auto* p = static_cast<const std::uint32_t*>(a.data());
  return Bits(p, p + a.size());
}

py::array execute_lanes(const py::object& builtin, const py::object& a_in, const py::object& b_in, const py::object& c_in,
                        const py::object& index_in, const py::object& model_in, const py::object& neg,
                        const py::object& neg_hi, bool clamp, bool fp16_ovfl, int opsel, int index_key,
                        std::optional<int> inline_c) {
  const Instruction& ins = to_instruction(builtin);
  require_matrix_instruction(ins);
  const Model& model = pick_model(ins, model_in);
  Modifiers mods = make_modifiers(ins, {neg, neg_hi, py::none(), clamp, fp16_ovfl}, std::nullopt, std::nullopt);
  mods.index_key = index_key;
  if (opsel != 0 && opsel != 1) throw UserError("opsel " + std::to_string(opsel) + " is not valid; expected 0 or 1");
  if (opsel == 1 && !(ins.allowed_modifiers() & kOpselD))
    throw UserError("opsel 1 selects the register half of RDNA3 f16/bf16 C/D; " + full_builtin_name(ins) +
                    " has no such choice");
  const int wave = ins.wave, va = ins.vgprs_a, vb = ins.vgprs_b, vcd = ins.vgprs_cd;
  // Register file: A, B, C, D (tied builtins: D is C's registers), index, one after another.
  OperandVgprs at;
  at.a = 0;
  at.b = va;
  const int c_at = va + vb;
  at.c = inline_c ? SourceOperand{true, *inline_c} : SourceOperand{false, c_at};
  at.d = ins.tied ? c_at : c_at + vcd;
  at.index = c_at + 2 * vcd;
  at.half = opsel;
  RegisterFile regs(wave, at.index + 1);
  const auto put = [&](const Bits& words, int first, int count) {
    for (int lane = 0; lane < wave; ++lane)
      for (int v = 0; v < count; ++v) regs.at(first + v, lane) = words[static_cast<std::size_t>(lane) * count + v];
  };
  put(lane_words(a_in, "a", wave, va), at.a, va);
  put(lane_words(b_in, "b", wave, vb), at.b, vb);
  if (inline_c) {
    if (!c_in.is_none()) throw UserError("pass either c or inline_c, not both");
    if (!ins.has_c()) throw UserError(full_builtin_name(ins) + " has no C operand for an inline constant");
  } else {
    put(c_in.is_none() ? Bits(static_cast<std::size_t>(wave) * vcd, 0u) : lane_words(c_in, "c", wave, vcd),
        ins.has_c() ? c_at : at.d, vcd);
  }
  if (ins.family == Family::swmmac) {
    if (index_in.is_none()) throw UserError(full_builtin_name(ins) + " needs index=, the sparse-index VGPR of every lane");
    py::array idx = py::module_::import("numpy").attr("asarray")(index_in, "uint32");
    if (idx.size() != wave) throw UserError("index must hold one uint32 per lane (" + std::to_string(wave) + ")");
    put(lane_words(idx.attr("reshape")(wave, 1), "index", wave, 1), at.index, 1);
  } else if (!index_in.is_none()) {
    throw UserError(full_builtin_name(ins) + " is dense; index= applies to SWMMAC builtins");
  }
  {
    py::gil_scoped_release unlocked;
    execute(ins, regs, at, mods, model);
  }
  py::array_t<std::uint32_t> d({wave, vcd});
  std::uint32_t* o = d.mutable_data();
  for (int lane = 0; lane < wave; ++lane)
    for (int v = 0; v < vcd; ++v) *o++ = regs.at(at.d + v, lane);
  return d;
}

}  // namespace

const Model& pick_model(const Instruction& ins, const py::object& model) {
  if (model.is_none()) return default_model(ins);
  const Model* m = nullptr;
  if (py::isinstance<Model>(model)) m = &model.cast<const Model&>();
  else if (py::isinstance<py::str>(model)) {
    const std::string name = model.cast<std::string>();
    m = find_model(name);
    if (!m) {
      std::string known;
      for (const Model* x : all_models()) known += (known.empty() ? "" : ", ") + std::string(x->name);
      throw UserError("unknown model '" + name + "' (known models: " + known + ").");
    }
  } else {
    throw UserError("model must be a wmmasim.Model, a model name or None");
  }
  check_model_applies(*m, ins);
  return *m;
}

std::uint8_t source_bits(const py::object& flags, const char* what) {
  if (flags.is_none()) return 0;
  if (py::isinstance<py::bool_>(flags) || !py::isinstance<py::int_>(flags)) {
    if (!py::isinstance<py::sequence>(flags) || py::len(flags) != 3)
      throw UserError(std::string(what) + " must be three flags (A, B, C) or a 3-bit mask");
    std::uint8_t m = 0;
    for (int s = 0; s < 3; ++s)
      if (py::bool_(flags[py::int_(s)])) m = static_cast<std::uint8_t>(m | 1u << s);
    return m;
  }
  const long v = flags.cast<long>();
  if (v < 0 || v > 7) throw UserError(std::string(what) + " = " + std::to_string(v) + " is not a 3-bit mask (bit 0 = A, 1 = B, 2 = C)");
  return static_cast<std::uint8_t>(v);
}

Modifiers make_modifiers(const Instruction& ins, const ModifierArgs& args, std::optional<bool> a_signed,
                         std::optional<bool> b_signed) {
  Modifiers m;
  m.neg = source_bits(args.neg, "neg");
  m.neg_hi = source_bits(args.neg_hi, "neg_hi");
  m.clamp = args.clamp;
  if (args.fp16_ovfl) m.mode |= kModeFp16Ovfl;
  if (!args.is_signed.is_none()) {
    if (!ins.integer_inputs()) throw UserError("signed= applies to integer (iu8/iu4) builtins, not " + full_builtin_name(ins));
    if (!py::isinstance<py::sequence>(args.is_signed) || py::len(args.is_signed) != 2)
      throw UserError("signed must be two flags (A signed, B signed)");
    a_signed = py::bool_(args.is_signed[py::int_(0)]);
    b_signed = py::bool_(args.is_signed[py::int_(1)]);
  }
  if (ins.integer_inputs()) m.neg = static_cast<std::uint8_t>(m.neg | (a_signed.value_or(false) ? 1 : 0) |
                                                             (b_signed.value_or(false) ? 2 : 0));
  check_modifiers(ins, m);
  return m;
}

void bind_numerics(py::module_& m) {
  m.def("mma", &mma, py::arg("builtin"), py::arg("A"), py::arg("B"), py::arg("C") = py::none(), py::kw_only(),
        py::arg("index") = py::none(), py::arg("model") = py::none(), py::arg("neg") = py::none(),
        py::arg("neg_hi") = py::none(), py::arg("signed") = py::none(), py::arg("clamp") = false,
        py::arg("fp16_ovfl") = false, py::arg("raw") = false,
        R"(D = A*B + C for one instruction, bit-exact under a numerics model.

A is M x K (SWMMAC: the dense 2:4-sparse M x K, or the stored M x K/2 slots with index=), B is K x N,
C is M x N (None: zeros; SWMMAC: the accumulator). Element dtypes per format: f16 float16/float32/
uint16 bits; bf16 uint16 bits/float16/float32; fp8, bf8 uint8 bits/float16/float32; f32 float32/
uint32 bits; iu8 int8 (signed) or uint8; iu4 int8 in -8..7 or uint8 in 0..15; i32 int32/uint32.
float16/float32 inputs of narrower formats are rounded to nearest even, as wmmasim.to_bits does.

index: SWMMAC M x K/4 fields idx0 | idx1 << 2 of the selected index set.
model: None (the builtin's default), a Model or a model name.
neg, neg_hi: (A, B, C) flags or a 3-bit mask; signed: (A, B) for integer forms (default: from the
dtype, int8 = signed); clamp: saturate the i32 result; fp16_ovfl: MODE.FP16_OVFL.
Returns D as float32 (f32), float16 (f16), uint16 bits (bf16) or int32 (i32); raw=True gives the
unsigned raw bits. Bad input raises ValueError with one sentence.)");
  m.def("execute", &execute_lanes, py::arg("builtin"), py::arg("a"), py::arg("b"), py::arg("c") = py::none(),
        py::kw_only(), py::arg("index") = py::none(), py::arg("model") = py::none(), py::arg("neg") = py::none(),
        py::arg("neg_hi") = py::none(), py::arg("clamp") = false, py::arg("fp16_ovfl") = false, py::arg("opsel") = 0,
        py::arg("index_key") = 0, py::arg("inline_c") = py::none(),
        R"(One instruction on register words, as a wave issues it.

a, b, c: uint32 arrays of shape (lanes, VGPRs of the operand), what each lane's registers hold (the
clang builtin's vector arguments, lane by lane). SWMMAC: c is the accumulator D, index is one uint32
per lane (the sparse-index VGPR) and index_key picks its set. RDNA3 f16/bf16 outputs: opsel picks the
register half of C and D (tied builtins keep C in the other half). inline_c: a VOP3P inline-constant
selector instead of c. Integer forms: neg bits 0/1 mean A/B signed, as in the ISA.
Returns D's words, uint32 of shape (lanes, VGPRs of D).)");

  m.def("caveats", [](const py::object& builtin, const py::object& model, const py::object& neg, const py::object& neg_hi,
                      const py::object& is_signed, bool clamp, bool fp16_ovfl) {
          const Instruction& ins = to_instruction(builtin);
          require_matrix_instruction(ins);
          const Model& m = pick_model(ins, model);
          return result_caveats(ins, make_modifiers(ins, {neg, neg_hi, is_signed, clamp, fp16_ovfl}, std::nullopt, std::nullopt), m);
        }, py::arg("builtin"), py::kw_only(), py::arg("model") = py::none(), py::arg("neg") = py::none(),
        py::arg("neg_hi") = py::none(), py::arg("signed") = py::none(), py::arg("clamp") = false,
        py::arg("fp16_ovfl") = false,
        "The sentences that qualify a result of mma/gemm with these arguments beyond its model's name (a model that is "
        "not hardware-qualified, FP8 C NEG/ABS unverified, ...), as `wmmasim eval` attaches them; empty when none.");
  m.def("to_bits", [](const py::object& x, const std::string& format, bool saturate) {
          const Format f = parse_format(format);
          if (!is_float_format(f)) throw UserError("to_bits converts to a float format (f16, bf16, f32, fp8, bf8), not " + format);
          const py::array_t<std::uint32_t> in = float32_bits(x, "x");
          std::vector<std::uint32_t> bits(in.data(), in.data() + in.size());
          for (auto& b : bits) b = f == Format::f32 ? b : convert_from_f32(b, f, saturate ? Overflow::saturate : Overflow::to_infinity);
          return raw_bits_array(bits, std::vector<py::ssize_t>(in.shape(), in.shape() + in.ndim()), f, true);
        }, py::arg("x"), py::arg("format"), py::arg("saturate") = false,
        "float32 (or float16) values -> raw bits of `format`, rounded to nearest even exactly as the C++ "
        "converts (overflow gives inf, or NaN for fp8; saturate=True clamps to the largest finite value). "
        "Returns uint16 (f16, bf16), uint8 (fp8, bf8) or uint32 (f32).");
  m.def("to_float", [](const py::object& bits, const std::string& format) {
          const Format f = parse_format(format);
          if (!is_float_format(f)) throw UserError("to_float converts from a float format (f16, bf16, f32, fp8, bf8), not " + format);
          py::array a = py::module_::import("numpy").attr("ascontiguousarray")(bits);
          if (a.dtype().kind() != 'u' && !(a.dtype().kind() == 'V' && a.dtype().itemsize() * 8 == format_bits(f)))
            throw UserError("bits has dtype " + std::string(py::str(a.dtype().attr("name"))) + "; raw bits are unsigned integers");
          a = a.attr("astype")("uint32");
          const auto* p = static_cast<const std::uint32_t*>(a.data());
          py::array_t<float> out(std::vector<py::ssize_t>(a.shape(), a.shape() + a.ndim()));
          auto* o = reinterpret_cast<std::uint32_t*>(out.mutable_data());
          for (py::ssize_t i = 0; i < a.size(); ++i) {
            if (format_bits(f) < 32 && p[i] >> format_bits(f))
              throw UserError("bits holds " + std::to_string(p[i]) + ", which does not fit in " + std::to_string(format_bits(f)) + " bits");
            o[i] = widen_to_f32(p[i], f);
          }
          return out;
        }, py::arg("bits"), py::arg("format"),
        "Raw bits of a float format -> float32, exactly (every f16, bf16, fp8 and bf8 value is a float32).");
  m.def("ulp_distance", [](const py::object& x, const py::object& y, const std::string& format) {
          const Format f = parse_format(format);
          const auto as_bits = [](const py::object& v, const char* what) {
            py::array a = py::module_::import("numpy").attr("asarray")(v);
            if (a.dtype().kind() != 'u' && a.dtype().kind() != 'i')
              throw UserError(std::string(what) + " has dtype " + std::string(py::str(a.dtype().attr("name"))) +
                              "; raw bits are unsigned integers (see to_bits)");
            return a;
          };
          const py::object np = py::module_::import("numpy");
          const py::array xa = as_bits(x, "x"), ya = as_bits(y, "y");
          const py::tuple both = np.attr("broadcast_arrays")(xa, ya);
          py::array ab = np.attr("ascontiguousarray")(both[0], "uint32");
          py::array bb = np.attr("ascontiguousarray")(both[1], "uint32");
          py::array_t<std::int64_t> out(std::vector<py::ssize_t>(ab.shape(), ab.shape() + ab.ndim()));
          const auto* p = static_cast<const std::uint32_t*>(ab.data());
          const auto* q = static_cast<const std::uint32_t*>(bb.data());
          for (py::ssize_t i = 0; i < ab.size(); ++i) out.mutable_data()[i] = ulp_distance(p[i], q[i], f);
          return out;
        }, py::arg("x"), py::arg("y"), py::arg("format"),
        "Distance in units in the last place between raw bits x and y of `format` (-1 where a NaN is involved).");
  m.def("inline_constant", [](int selector, const std::string& format) {
          return inline_constant_bits(selector, parse_format(format));
        }, py::arg("selector"), py::arg("format"),
        "The raw bits a VOP3P inline constant (128..208 integers, 240..248 floats) gives as a C element of `format`.");
}

}  // namespace wmmasim::python
