// wmmasim.gemm: the matrix API (any M, N, K, tiled into emulated instructions) with the GIL released,
// Ctrl-C and an optional progress callback; wmmasim.random_matrix: the hardware backend's inputs.
#include <functional>

#include <pybind11/stl.h>

#include "numerics.hpp"
#include "wmmasim/error.hpp"
#include "wmmasim/layouts/lookup.hpp"
#include "wmmasim/matrix/gemm.hpp"
#include "wmmasim/matrix/random.hpp"

namespace wmmasim::python {
namespace {

BitMatrix as_matrix(BitsArray&& a, Format f) { return BitMatrix{a.rows, a.cols, f, std::move(a.bits)}; }

py::array gemm_arrays(const py::object& builtin, const py::object& a_in, const py::object& b_in, const py::object& c_in,
                      const py::object& model_in, const py::object& neg, const py::object& neg_hi,
                      const py::object& is_signed, bool clamp, bool fp16_ovfl, std::optional<int> threads,
                      const py::object& progress, bool raw) {
  const Instruction& ins = to_instruction(builtin);
  if (ins.family == Family::load_tr) throw UserError(full_builtin_name(ins) + " is a transposing load, not a matrix multiply");
  GemmOptions options;
  options.model = &pick_model(ins, model_in);
  BitsArray a = read_bits(a_in, ins.a, "A"), b = read_bits(b_in, ins.b, "B");
  options.modifiers = make_modifiers(ins, {neg, neg_hi, is_signed, clamp, fp16_ovfl}, a.is_signed, b.is_signed);
  if (threads && *threads < 0) throw UserError("threads = " + std::to_string(*threads) + " is negative; pass None for all cores");
  options.threads = threads.value_or(0);
  const int m = a.rows, n = b.cols;
  BitMatrix c{m, n, ins.cd, std::vector<std::uint32_t>(static_cast<std::size_t>(m) * n, 0u)};
  if (!c_in.is_none()) c = as_matrix(read_bits(c_in, ins.cd, "C"), ins.cd);
  const BitMatrix am = as_matrix(std::move(a), ins.a), bm = as_matrix(std::move(b), ins.b);
  if (!progress.is_none() && !PyCallable_Check(progress.ptr())) throw UserError("progress must be callable as progress(done, total)");
  // The GEMM's calling thread reports progress every 200 ms: the moment to look at Ctrl-C and to
  // call the user's callback. An exception from either stops the GEMM and is raised here.
  const py::object callback = py::reinterpret_borrow<py::object>(progress);
  options.progress = [&callback](long done, long total) {
    py::gil_scoped_acquire locked;
    if (PyErr_CheckSignals() != 0) throw py::error_already_set();
    if (!callback.is_none()) callback(done, total);
  };
  BitMatrix d;
  {
    py::gil_scoped_release unlocked;
    d = gemm(ins, am, bm, c, options);
  }
  return write_bits(d.bits.data(), d.rows, d.cols, ins.cd, raw);
}

}  // namespace

void bind_gemm(py::module_& m) {
  m.def("gemm", &gemm_arrays, py::arg("builtin"), py::arg("A"), py::arg("B"), py::arg("C") = py::none(), py::kw_only(),
        py::arg("model") = py::none(), py::arg("neg") = py::none(), py::arg("neg_hi") = py::none(),
        py::arg("signed") = py::none(), py::arg("clamp") = false, py::arg("fp16_ovfl") = false,
        py::arg("threads") = py::none(), py::arg("progress") = py::none(), py::arg("raw") = false,
        R"(D = A*B + C for any M, N, K, bit-exact: 16x16 output tiles, K in instruction-sized chunks in
increasing order, each chunk one emulated instruction whose D feeds the next one's C (what a kernel
issuing the builtin tile by tile computes). Shapes that are not multiples of the instruction's are
zero-padded (D is cropped). SWMMAC builtins take a dense A that is 2:4 sparse in every group of four K.

A: M x K, B: K x N, C: M x N (None: zeros), with the dtypes mma() accepts; model, neg, neg_hi,
signed, clamp, fp16_ovfl as for mma(). threads: None for all cores. The GIL is released while it
runs; progress(done_tiles, total_tiles) is called about every 0.2 s from the calling thread, and
Ctrl-C (or an exception from progress) stops it. Returns D like mma().)");
  m.def("random_matrix", [](int rows, int cols, const std::string& format, std::uint64_t seed, std::uint64_t stream) {
          if (rows <= 0 || cols <= 0) throw UserError("rows and cols must be positive");
          const Format f = parse_format(format);
          const BitMatrix r = random_matrix(rows, cols, f, seed, stream);
          return write_bits(r.bits.data(), rows, cols, f, true);
        }, py::arg("rows"), py::arg("cols"), py::arg("format"), py::arg("seed") = 1, py::arg("stream") = 0,
        "Seeded random raw bits, identical to the hardware backend's inputs for the same seed and stream (A = 0, "
        "B = 1, C = 2): floats with a random sign, binary exponent in [-4, 3] and a uniform fraction; integers "
        "uniform over their bits. Returns unsigned raw bits (uint8/uint16/uint32).");
}

}  // namespace wmmasim::python
