// The plain-HIP examples (examples/hip), built by wmmasim-hipcc and run: each passes its own host
// check, and the matrices it writes equal what wmmasim's matrix API computes from the same inputs,
// bit for bit. The expected values come from the matrix API and the layout table only, never from
// the example's own arithmetic.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>

#include "../hw/shell.hpp"
#include "wmmasim/layouts/fragment.hpp"
#include "wmmasim/layouts/lookup.hpp"
#include "wmmasim/matrix/gemm.hpp"

namespace wmmasim {
namespace {

namespace fs = std::filesystem;

// What an example wrote (examples/hip/example_utils.h, MatrixDump): raw element bits, row-major.
struct Dumped {
  int rows = 0, cols = 0, bits = 0;
  std::vector<std::uint32_t> values;
};
using Dump = std::map<std::string, Dumped>;

Dump read_dump(const fs::path& path) {
  std::ifstream in(path);
  Dump out;
  std::string name;
  Dumped m;
  while (in >> name >> m.rows >> m.cols >> m.bits) {
    m.values.resize(static_cast<std::size_t>(m.rows) * m.cols);
    for (auto& v : m.values) in >> std::hex >> v >> std::dec;
    out[name] = m;
  }
  return out;
}

// Runs one example with a dump file; the dump is returned after the run's own checks.
Dump run_example(const std::string& program) {
  const fs::path exe = fs::path(WMMASIM_HIP_EXAMPLES_DIR) / ("hip_" + program);
  const fs::path dump = fs::temp_directory_path() / ("wmmasim_" + program + "_" + std::to_string(::getpid()) + ".txt");
  const test::CommandResult r = test::run_shell(test::shell_quote(exe.string()) + " " + test::shell_quote(dump.string()) + " 2>&1");
  EXPECT_EQ(r.status, 0) << r.output;
  EXPECT_NE(r.output.find(": PASS ("), std::string::npos) << r.output;
  Dump d = read_dump(dump);
  fs::remove(dump);
  return d;
}

BitMatrix as_matrix(const Dump& d, const std::string& name, Format f) {
  const auto it = d.find(name);
  if (it == d.end()) {
    ADD_FAILURE() << "the example wrote no matrix '" << name << "'";
    return BitMatrix{};
  }
  return BitMatrix{it->second.rows, it->second.cols, f, it->second.values};
}

BitMatrix zeros(int rows, int cols, Format f) {
  return BitMatrix{rows, cols, f, std::vector<std::uint32_t>(static_cast<std::size_t>(rows) * cols, 0)};
}

// Rows [r0, r0 + rows) of m.
BitMatrix row_block(const BitMatrix& m, int r0, int rows) {
  BitMatrix out{rows, m.cols, m.format, {}};
  out.bits.assign(m.bits.begin() + static_cast<long>(r0) * m.cols, m.bits.begin() + static_cast<long>(r0 + rows) * m.cols);
  return out;
}

void expect_same_bits(const BitMatrix& got, const BitMatrix& want, const std::string& what) {
  ASSERT_EQ(got.rows, want.rows) << what;
  ASSERT_EQ(got.cols, want.cols) << what;
  long differ = 0;
  for (int r = 0; r < want.rows; ++r)
    for (int c = 0; c < want.cols; ++c)
      if (got.at(r, c) != want.at(r, c) && differ++ < 5)
        ADD_FAILURE() << what << "[" << r << "][" << c << "]: example 0x" << std::hex << got.at(r, c) << ", matrix API 0x"
                      << want.at(r, c);
  EXPECT_EQ(differ, 0) << what << ": elements that differ";
}

const Instruction& builtin(const char* name) { return *find_builtin(name); }

TEST(HipExamples, TilePolicyGemmBothPoliciesEqualTheMatrixApi) {
  const Dump d = run_example("tile_policy_gemm");
  const Instruction& ins = builtin("wmma_f32_16x16x16_f16_w32_gfx12");
  const BitMatrix a = as_matrix(d, "A", Format::f16), b = as_matrix(d, "B", Format::f16);
  const BitMatrix want = gemm(ins, a, b, zeros(a.rows, b.cols, Format::f32));
  expect_same_bits(as_matrix(d, "D_lds", Format::f32), want, "D (LDS policy)");
  expect_same_bits(as_matrix(d, "D_load_tr", Format::f32), want, "D (global_load_tr policy)");
}

TEST(HipExamples, Fp8EncodingAndWmmaEqualTheLibrary) {
  const Dump d = run_example("fp8_wmma");
  const Instruction& ins = builtin("wmma_f32_16x16x16_fp8_fp8_w32_gfx12");
  const BitMatrix a = as_matrix(d, "A", Format::fp8), b = as_matrix(d, "B", Format::fp8);
  // The example's own E4M3 encoder against the numerics library's conversion (round to nearest even).
  for (const char* name : {"A", "B"}) {
    const BitMatrix f = as_matrix(d, std::string(name) + "_float", Format::f32);
    expect_same_bits(name == std::string("A") ? a : b, to_bits(to_float(f), Format::fp8), std::string(name) + " encoding");
  }
  expect_same_bits(as_matrix(d, "D", Format::f32), gemm(ins, a, b, as_matrix(d, "C", Format::f32)), "D");
}

TEST(HipExamples, Iu8SignedTimesUnsignedEqualsTheMatrixApi) {
  const Dump d = run_example("iu8_shared");
  GemmOptions o;
  o.modifiers.neg = 1;  // A signed, B unsigned: the example's constant flags
  const BitMatrix want = gemm(builtin("wmma_i32_16x16x16_iu8_w32_gfx12"), as_matrix(d, "A", Format::iu8),
                              as_matrix(d, "B", Format::iu8), as_matrix(d, "C", Format::i32), o);
  expect_same_bits(as_matrix(d, "D", Format::i32), want, "D");
}

TEST(HipExamples, Iu4SixteenBySixteenByThirtyTwoEqualsTheMatrixApi) {
  const Dump d = run_example("iu4_16x16x32");
  GemmOptions o;
  o.modifiers.neg = 3;  // signed x signed
  const BitMatrix want = gemm(builtin("wmma_i32_16x16x32_iu4_w32_gfx12"), as_matrix(d, "A", Format::iu4),
                              as_matrix(d, "B", Format::iu4), as_matrix(d, "C", Format::i32), o);
  expect_same_bits(as_matrix(d, "D", Format::i32), want, "D");
}

TEST(HipExamples, MlpLayersEqualTheMatrixApi) {
  const Dump d = run_example("mlp");
  const Instruction& ins = builtin("wmma_f32_16x16x16_f16_w32_gfx12");
  const BitMatrix x = as_matrix(d, "X", Format::f16), w1 = as_matrix(d, "W1", Format::f16), w2 = as_matrix(d, "W2", Format::f16);
  Eigen::MatrixXf z = to_float(gemm(ins, x, w1, zeros(x.rows, w1.cols, Format::f32)));
  z = z.unaryExpr([](float v) { return v > 0.0f ? v : 0.0f; });  // ReLU
  const BitMatrix h = to_bits(z, Format::f16);
  expect_same_bits(as_matrix(d, "H", Format::f16), h, "H = f16(ReLU(X W1))");
  expect_same_bits(as_matrix(d, "Y", Format::f32), gemm(ins, h, w2, zeros(h.rows, w2.cols, Format::f32)), "Y = H W2");
}

// The register holding D, read as A: the layout table says which element each slot is in both.
BitMatrix d_register_as_a(const Instruction& ins, const BitMatrix& d) {
  const LinearLayout dl = operand_layout(ins, Operand::d), al = operand_layout(ins, Operand::a);
  EXPECT_EQ(fragment_size(dl), fragment_size(al));
  BitMatrix a{16, 16, ins.a, std::vector<std::uint32_t>(256, 0xFFFFFFFFu)};
  for (int lane = 0; lane < dl.lanes(); ++lane)
    for (int e = 0; e < fragment_size(dl); ++e) {
      Element from, to;
      if (fragment_element(dl, lane, e, from) && fragment_element(al, lane, e, to)) a.at(to.row, to.col) = d.at(from.row, from.col);
    }
  for (std::uint32_t v : a.bits) EXPECT_NE(v, 0xFFFFFFFFu) << "an A element no D slot fills";
  return a;
}

TEST(HipExamples, ChainFeedsDBackAsAInRegisterOrder) {
  const Dump d = run_example("chain");
  const Instruction& ins = builtin("wmma_f16_16x16x16_f16_w32_gfx12");
  const BitMatrix bs = as_matrix(d, "B", Format::f16), cs = as_matrix(d, "C", Format::f16), ds = as_matrix(d, "D", Format::f16);
  BitMatrix a = as_matrix(d, "A0", Format::f16);
  ASSERT_EQ(ds.rows % 16, 0);
  for (int s = 0; s < ds.rows / 16; ++s) {
    const BitMatrix want = gemm(ins, a, row_block(bs, 16 * s, 16), row_block(cs, 16 * s, 16));
    expect_same_bits(row_block(ds, 16 * s, 16), want, "D of step " + std::to_string(s));
    a = d_register_as_a(ins, want);
  }
}

TEST(HipExamples, SparseSwmmacBuildsTheIndexAndEqualsTheMatrixApi) {
  const Dump d = run_example("sparse_swmmac");
  const BitMatrix a = as_matrix(d, "A", Format::f16), index = as_matrix(d, "index", Format::iu8);
  // The device-built index names the two nonzero places of each group of four, in increasing order.
  for (int r = 0; r < a.rows; ++r)
    for (int g = 0; g < a.cols / 4; ++g) {
      std::vector<int> places;
      for (int i = 0; i < 4; ++i)
        if ((a.at(r, 4 * g + i) & 0x7FFF) != 0) places.push_back(i);
      ASSERT_EQ(places.size(), 2u) << "row " << r << " group " << g;
      EXPECT_EQ(index.at(r, g), static_cast<std::uint32_t>(places[0] | places[1] << 2)) << "row " << r << " group " << g;
    }
  const Instruction& ins = builtin("swmmac_f32_16x16x32_f16_w32");
  const BitMatrix b = as_matrix(d, "B", Format::f16);
  expect_same_bits(as_matrix(d, "D", Format::f32), gemm(ins, a, b, zeros(a.rows, b.cols, Format::f32)), "D");
}

void expect_arch_path(const char* program, std::uint32_t path, const char* builtin_name) {
  const Dump d = run_example(program);
  ASSERT_EQ(as_matrix(d, "path", Format::i32).bits, std::vector<std::uint32_t>{path});
  const BitMatrix want = gemm(builtin(builtin_name), as_matrix(d, "A", Format::f16), as_matrix(d, "B", Format::f16),
                              as_matrix(d, "C", Format::f32));
  expect_same_bits(as_matrix(d, "D", Format::f32), want, "D");
}

TEST(HipExamples, Rdna4PathOfTheTwoArchitectureSourceEqualsTheMatrixApi) {
  expect_arch_path("rdna3_rdna4", 12, "wmma_f32_16x16x16_f16_w32_gfx12");
}

TEST(HipExamples, Rdna3PathOfTheTwoArchitectureSourceEqualsTheMatrixApi) {
  expect_arch_path("rdna3_rdna4_gfx1100", 11, "wmma_f32_16x16x16_f16_w32");
}

TEST(HipExamples, ShflXorReductionSumsTheWmmaResult) {
  const Dump d = run_example("shfl_xor_reduce");
  const BitMatrix a = as_matrix(d, "A", Format::f16), b = as_matrix(d, "B", Format::f16);
  const BitMatrix want = gemm(builtin("wmma_f32_16x16x16_f16_w32_gfx12"), a, b, zeros(16, 16, Format::f32));
  expect_same_bits(as_matrix(d, "D", Format::f32), want, "D");
  // The example's inputs make every sum exact, so the sums in double are the only right answers.
  const Eigen::MatrixXf dv = to_float(want);
  double total = 0;
  BitMatrix rows{16, 1, Format::f32, {}};
  for (int r = 0; r < 16; ++r) {
    double s = 0;
    for (int c = 0; c < 16; ++c) s += dv(r, c);
    total += s;
    const float f = static_cast<float>(s);
    ASSERT_EQ(static_cast<double>(f), s) << "row " << r << " does not sum exactly";
    std::uint32_t bits;
    std::memcpy(&bits, &f, 4);
    rows.bits.push_back(bits);
  }
  expect_same_bits(as_matrix(d, "row_sums", Format::f32), rows, "row sums");
  const float t = static_cast<float>(total);
  ASSERT_EQ(static_cast<double>(t), total);
  std::uint32_t tbits;
  std::memcpy(&tbits, &t, 4);
  EXPECT_EQ(as_matrix(d, "total", Format::f32).bits, std::vector<std::uint32_t>{tbits});
}

}  // namespace
}  // namespace wmmasim
