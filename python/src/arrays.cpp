#include "arrays.hpp"

#include <cstring>
#include <string>

#include "wmmasim/error.hpp"
#include "wmmasim/numerics/formats.hpp"

namespace wmmasim::python {
namespace {

std::string accepted(Format f) {
  switch (f) {
    case Format::f16: return "float16, float32 (rounded to nearest even) or uint16 raw bits";
    case Format::bf16: return "uint16 raw bits, float16 or float32 (rounded to nearest even)";
    case Format::fp8: case Format::bf8: return "uint8 raw bits, float16 or float32 (rounded to nearest even)";
    case Format::f32: return "float32 or uint32 raw bits";
    case Format::iu8: return "int8 (signed) or uint8 (unsigned)";
    case Format::iu4: return "int8 in -8..7 (signed) or uint8 in 0..15 (unsigned)";
    case Format::i32: return "int32 or uint32 raw bits";
    default: return "nothing (" + std::string(format_name(f)) + " is not an element format)";
  }
}

// The ml_dtypes extension types (bfloat16, float8_*) that PyTorch/JAX users hold: their bits are ours.
bool is_raw_extension_dtype(const std::string& dtype_name, Format f) {
  return (f == Format::bf16 && dtype_name == "bfloat16") || (f == Format::fp8 && dtype_name == "float8_e4m3fn") ||
         (f == Format::bf8 && dtype_name == "float8_e5m2");
}

std::uint32_t load(const unsigned char* p, int itemsize) {
  if (itemsize == 1) return *p;
  if (itemsize == 2) { std::uint16_t v; std::memcpy(&v, p, 2); return v; }
  std::uint32_t v;
  std::memcpy(&v, p, 4);
  return v;
}

py::dtype output_dtype(Format f, bool raw) {
  const int bits = format_bits(f);
  if (raw || f == Format::bf16 || f == Format::fp8 || f == Format::bf8 || f == Format::iu4 || f == Format::b8 ||
      f == Format::b16)
    return py::dtype(bits <= 8 ? "uint8" : bits == 16 ? "uint16" : "uint32");
  switch (f) {
    case Format::f16: return py::dtype("float16");
    case Format::f32: return py::dtype("float32");
    case Format::iu8: return py::dtype("uint8");
    default: return py::dtype("int32");
  }
}

}  // namespace

Format parse_format(const std::string& name) {
  const Format f = format_named(name);
  if (f == Format::none || f == Format::b8 || f == Format::b16)
    throw UserError("unknown element format '" + name + "'; expected f16, bf16, f32, fp8, bf8, iu8, iu4 or i32");
  return f;
}

BitsArray read_bits(const py::handle& handle, Format f, const char* what) {
  const std::string who = what;
  py::array a = py::module_::import("numpy").attr("ascontiguousarray")(handle);
  if (a.ndim() != 2)
    throw UserError(who + " must be a 2-D array (rows x columns), not " + std::to_string(a.ndim()) + "-D");
  const py::dtype dt = a.dtype();
  const char kind = dt.kind();
  const int itemsize = static_cast<int>(dt.itemsize());
  const std::string name = py::str(dt.attr("name"));
  const int width = format_bits(f);
  const bool float_format = is_float_format(f);
  BitsArray out;
  out.rows = static_cast<int>(a.shape(0));
  out.cols = static_cast<int>(a.shape(1));
  out.bits.resize(static_cast<std::size_t>(a.size()));
  const auto* p = static_cast<const unsigned char*>(a.data());
  const auto refuse = [&] {
    throw UserError(who + " has dtype " + name + ", but " + std::string(format_name(f)) + " elements are given as " +
                    accepted(f));
  };
  enum { raw, from_f16, from_f32, signed_int } mode;
  if (kind == 'f' && float_format && (itemsize == 2 || itemsize == 4)) mode = itemsize == 2 ? from_f16 : from_f32;
  else if (kind == 'u' && (itemsize * 8 == width || (width == 4 && itemsize == 1))) mode = raw;
  else if (kind == 'i' && ((f == Format::iu8 || f == Format::iu4) ? itemsize == 1 : f == Format::i32 && itemsize == 4))
    mode = signed_int;
  else if (kind == 'V' && is_raw_extension_dtype(name, f)) mode = raw;
  else refuse();
  if (f == Format::iu8 || f == Format::iu4) out.is_signed = mode == signed_int;
  for (std::size_t i = 0; i < out.bits.size(); ++i) {
    std::uint32_t v = load(p + i * itemsize, itemsize);
    switch (mode) {
      case raw:
        if (width == 4 && v > 15)
          throw UserError(who + " holds " + std::to_string(v) + ", outside the unsigned 4-bit range 0..15");
        break;
      case from_f16: v = f == Format::f16 ? v : convert_from_f32(widen_to_f32(v, Format::f16), f); break;
      case from_f32: v = f == Format::f32 ? v : convert_from_f32(v, f); break;
      case signed_int:
        if (f == Format::iu4) {
          const int s = static_cast<std::int8_t>(v);
          if (s < -8 || s > 7) throw UserError(who + " holds " + std::to_string(s) + ", outside the signed 4-bit range -8..7");
          v &= 0xF;
        }
        break;
    }
    out.bits[i] = v;
  }
  return out;
}

py::array write_bits(const std::uint32_t* bits, int rows, int cols, Format f, bool raw) {
  return raw_bits_array(std::vector<std::uint32_t>(bits, bits + static_cast<std::size_t>(rows) * cols), {rows, cols}, f,
                        raw);
}

py::array raw_bits_array(const std::vector<std::uint32_t>& bits, const std::vector<py::ssize_t>& shape, Format f, bool raw) {
  py::array out(output_dtype(f, raw), shape);
  auto* p = static_cast<unsigned char*>(out.mutable_data());
  const int itemsize = static_cast<int>(out.itemsize());
  for (std::size_t i = 0; i < bits.size(); ++i) {
    if (itemsize == 1) p[i] = static_cast<unsigned char>(bits[i]);
    else if (itemsize == 2) { const auto v = static_cast<std::uint16_t>(bits[i]); std::memcpy(p + 2 * i, &v, 2); }
    else std::memcpy(p + 4 * i, &bits[i], 4);
  }
  return out;
}

py::array_t<std::uint32_t> float32_bits(const py::handle& handle, const char* what) {
  py::array a = py::module_::import("numpy").attr("ascontiguousarray")(handle);
  const py::dtype dt = a.dtype();
  if (dt.kind() != 'f' || (dt.itemsize() != 4 && dt.itemsize() != 2))
    throw UserError(std::string(what) + " has dtype " + std::string(py::str(dt.attr("name"))) +
                    ", expected float32 or float16 (convert float64 with .astype(numpy.float32))");
  std::vector<py::ssize_t> shape(a.shape(), a.shape() + a.ndim());
  py::array_t<std::uint32_t> out(shape);
  const auto* p = static_cast<const unsigned char*>(a.data());
  std::uint32_t* o = out.mutable_data();
  for (py::ssize_t i = 0; i < a.size(); ++i)
    o[i] = dt.itemsize() == 4 ? load(p + 4 * i, 4) : widen_to_f32(load(p + 2 * i, 2), Format::f16);
  return out;
}

}  // namespace wmmasim::python
