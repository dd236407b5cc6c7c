// numpy arrays <-> element raw bits of one format. Which dtypes a format accepts (the same rule for
// mma, gemm and the conversion helpers):
//   f16   float16 (exact), uint16 raw bits, float32 (rounded to nearest even by wmmasim)
//   bf16  uint16 raw bits (or an ml_dtypes bfloat16 array), float32 (rounded)
//   fp8/bf8  uint8 raw bits (or ml_dtypes float8_e4m3fn / float8_e5m2), float32 (rounded)
//   f32   float32, uint32 raw bits
//   iu8   int8 (signed values) or uint8 (unsigned values / raw bits)
//   iu4   int8 in -8..7 (signed) or uint8 in 0..15 (unsigned / raw bits)
//   i32   int32, uint32 raw bits
// Anything else is a ValueError naming the operand, its dtype and the accepted ones.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include <pybind11/numpy.h>

#include "bindings.hpp"

namespace wmmasim::python {

struct BitsArray {
  int rows = 0, cols = 0;
  std::vector<std::uint32_t> bits;  // row-major
  std::optional<bool> is_signed;    // integer formats: what the dtype says (int8 signed, uint8 not)
};

// A 2-D array (`what` names it in messages) as raw bits of `f`.
BitsArray read_bits(const py::handle& array, Format f, const char* what);

// A 2-D array of raw bits as numpy: float32 (f32), float16 (f16), uint16 (bf16), int32 (i32); with
// `raw`, unsigned integers of the element width.
py::array write_bits(const std::uint32_t* bits, int rows, int cols, Format f, bool raw);

// Any-shape variants for the conversion helpers.
py::array_t<std::uint32_t> float32_bits(const py::handle& array, const char* what);
py::array raw_bits_array(const std::vector<std::uint32_t>& bits, const std::vector<py::ssize_t>& shape, Format f,
                         bool raw);

Format parse_format(const std::string& name);

}  // namespace wmmasim::python
