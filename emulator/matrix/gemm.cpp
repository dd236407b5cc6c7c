#include "wmmasim/matrix/gemm.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstring>
#include <string>
#include <thread>

#include "wmmasim/error.hpp"
#include "wmmasim/numerics/formats.hpp"

namespace wmmasim {
namespace {

void check_shape(const BitMatrix& m, const char* what, Format want, int rows, int cols) {
  if (m.format != want)
    throw UserError(std::string(what) + " is " + std::string(format_name(m.format)) + " but the instruction takes " +
                    std::string(format_name(want)));
  if (m.rows != rows || m.cols != cols)
    throw UserError(std::string(what) + " is " + std::to_string(m.rows) + "x" + std::to_string(m.cols) + ", expected " +
                    std::to_string(rows) + "x" + std::to_string(cols));
  if (m.bits.size() != static_cast<std::size_t>(rows) * cols)
    throw UserError(std::string(what) + " holds " + std::to_string(m.bits.size()) + " elements for a " +
                    std::to_string(rows) + "x" + std::to_string(cols) + " matrix");
}

// A and B repacked once per GEMM into instruction-sized blocks, zero-padded at the edges, so that
// every emulated instruction reads two contiguous blocks (no bounds checks, no strided page walks):
//   A block (tile row r, K chunk q): 16 x kc elements, row-major (SWMMAC: 16 x kc/2 stored slots and
//   16 x kc/4 index fields, the 2:4 compression the hardware expects);
//   B block (tile column c, K chunk q): kc x 16 elements, row-major.
struct PackedOperands {
  int chunks = 0, a_block = 0, b_block = 0, index_block = 0;
  std::vector<std::uint32_t> a, b;
  std::vector<std::uint8_t> index;
  const std::uint32_t* a_at(int tile_row, int chunk) const {
    return a.data() + (static_cast<std::size_t>(tile_row) * chunks + chunk) * a_block;
  }
  const std::uint32_t* b_at(int tile_col, int chunk) const {
    return b.data() + (static_cast<std::size_t>(tile_col) * chunks + chunk) * b_block;
  }
  const std::uint8_t* index_at(int tile_row, int chunk) const {
    return index.empty() ? nullptr : index.data() + (static_cast<std::size_t>(tile_row) * chunks + chunk) * index_block;
  }
};

// 2:4 structured sparsity: the (at most) two nonzero values of each group of four K, in order.
void compress(const Instruction& ins, const std::uint32_t* dense, std::uint32_t* slots, std::uint8_t* index, int m0,
              int k0) {
  const int kc = ins.k;
  const std::uint32_t zero_mask = format_bits(ins.a) >= 32 ? 0x7FFFFFFFu : (1u << (format_bits(ins.a) - 1)) - 1u;
  for (int i = 0; i < 16; ++i)
    for (int g = 0; g < kc / 4; ++g) {
      int pos[2] = {-1, -1}, n = 0;
      for (int p = 0; p < 4; ++p) {
        const std::uint32_t v = dense[i * kc + 4 * g + p];
        const bool is_zero = is_float_format(ins.a) ? (v & zero_mask) == 0 : v == 0;
        if (is_zero) continue;
        if (n == 2)
          throw UserError("A is not 2:4 sparse: row " + std::to_string(m0 + i) + ", K " + std::to_string(k0 + 4 * g) +
                          ".." + std::to_string(k0 + 4 * g + 3) + " holds more than two nonzero values");
        pos[n++] = p;
      }
      // Fill unused slots with distinct zero positions so that idx0 < idx1 (spec layouts.md 5.1).
      for (int p = 0; n < 2 && p < 4; ++p)
        if (p != pos[0]) pos[n++] = p;
      if (pos[0] > pos[1]) std::swap(pos[0], pos[1]);
      slots[i * kc / 2 + 2 * g] = dense[i * kc + 4 * g + pos[0]];
      slots[i * kc / 2 + 2 * g + 1] = dense[i * kc + 4 * g + pos[1]];
      index[i * kc / 4 + g] = static_cast<std::uint8_t>(pos[0] | pos[1] << 2);
    }
}

PackedOperands pack(const Instruction& ins, const BitMatrix& a, const BitMatrix& b, int tiles_m, int tiles_n,
                    int k_total) {
  PackedOperands p;
  const int kc = ins.k;
  const bool sparse = ins.family == Family::swmmac;
  p.chunks = k_total / kc;
  p.a_block = sparse ? 16 * kc / 2 : 16 * kc;
  p.b_block = kc * 16;
  p.index_block = sparse ? 16 * kc / 4 : 0;
  p.a.resize(static_cast<std::size_t>(tiles_m) * p.chunks * p.a_block);
  p.b.resize(static_cast<std::size_t>(tiles_n) * p.chunks * p.b_block);
  if (sparse) p.index.resize(static_cast<std::size_t>(tiles_m) * p.chunks * p.index_block);
  std::vector<std::uint32_t> dense(16 * kc);
  for (int tr = 0; tr < tiles_m; ++tr)
    for (int q = 0; q < p.chunks; ++q) {
      const int m0 = 16 * tr, k0 = q * kc;
      std::uint32_t* out = sparse ? dense.data() : p.a.data() + (static_cast<std::size_t>(tr) * p.chunks + q) * p.a_block;
      for (int i = 0; i < 16; ++i)
        for (int k = 0; k < kc; ++k)
          out[i * kc + k] = (m0 + i < a.rows && k0 + k < a.cols) ? a.at(m0 + i, k0 + k) : 0u;
      if (sparse)
        compress(ins, dense.data(), p.a.data() + (static_cast<std::size_t>(tr) * p.chunks + q) * p.a_block,
                 p.index.data() + (static_cast<std::size_t>(tr) * p.chunks + q) * p.index_block, m0, k0);
    }
  for (int tc = 0; tc < tiles_n; ++tc)
    for (int q = 0; q < p.chunks; ++q) {
      const int n0 = 16 * tc, k0 = q * kc;
      std::uint32_t* out = p.b.data() + (static_cast<std::size_t>(tc) * p.chunks + q) * p.b_block;
      for (int k = 0; k < kc; ++k)
        for (int j = 0; j < 16; ++j) out[k * 16 + j] = (k0 + k < b.rows && n0 + j < b.cols) ? b.at(k0 + k, n0 + j) : 0u;
    }
  return p;
}

// One output tile: K chunks in increasing order, D of one instruction feeding C of the next.
struct TileWorker {
  const Instruction& ins;
  const PackedOperands& packed;
  BitMatrix& d;  // holds C on entry
  const GemmOptions& options;
  const Model& model;

  void run(int tile_row, int tile_col) const {
    const int m0 = tile_row * 16, n0 = tile_col * 16;
    alignas(64) std::uint32_t acc[256];
    for (int i = 0; i < 16; ++i)
      for (int j = 0; j < 16; ++j)
        acc[i * 16 + j] = (m0 + i < d.rows && n0 + j < d.cols) ? d.at(m0 + i, n0 + j) : 0u;
    for (int q = 0; q < packed.chunks; ++q)
      compute_d_prechecked(ins, packed.a_at(tile_row, q), packed.b_at(tile_col, q), acc, packed.index_at(tile_row, q),
                           options.modifiers, model, acc);
    for (int i = 0; i < 16; ++i)
      for (int j = 0; j < 16; ++j)
        if (m0 + i < d.rows && n0 + j < d.cols) d.at(m0 + i, n0 + j) = acc[i * 16 + j];
  }
};

}  // namespace

BitMatrix gemm(const Instruction& ins, const BitMatrix& a, const BitMatrix& b, const BitMatrix& c,
               const GemmOptions& options) {
  if (ins.family == Family::load_tr) throw UserError(std::string(ins.name) + " is a load, not a matrix multiply");
  const int M = a.rows, K = a.cols, N = b.cols;
  check_shape(a, "A", ins.a, M, K);
  check_shape(b, "B", ins.b, K, N);
  check_shape(c, "C", ins.cd, M, N);
  const Model& model = options.model ? *options.model : default_model(ins);
  check_model_applies(model, ins);
  check_modifiers(ins, options.modifiers);
  BitMatrix d = c;
  const int tiles_m = (M + 15) / 16, tiles_n = (N + 15) / 16;
  const long tiles = static_cast<long>(tiles_m) * tiles_n;
  const int k_total = (K + ins.k - 1) / ins.k * ins.k;
  const PackedOperands packed = pack(ins, a, b, tiles_m, tiles_n, k_total);
  const TileWorker worker{ins, packed, d, options, model};
  int threads = options.threads > 0 ? options.threads : static_cast<int>(std::thread::hardware_concurrency());
  threads = std::max(1, static_cast<int>(std::min<long>(threads, tiles)));
  std::atomic<long> next{0}, done{0};
  std::exception_ptr failure;
  std::atomic<bool> failed{false};
  // The calling thread computes too, and reports progress between its tiles.
  auto loop = [&](bool reporter) {
    auto last = std::chrono::steady_clock::now();
    try {
      for (long t; !failed && (t = next++) < tiles; ++done) {
        worker.run(static_cast<int>(t / tiles_n), static_cast<int>(t % tiles_n));
        if (reporter && options.progress && std::chrono::steady_clock::now() - last > std::chrono::milliseconds(200)) {
          options.progress(done, tiles);
          last = std::chrono::steady_clock::now();
        }
      }
    } catch (...) {
      if (!failed.exchange(true)) failure = std::current_exception();
    }
  };
  std::vector<std::thread> pool;
  for (int t = 1; t < threads; ++t) pool.emplace_back(loop, false);
  loop(true);
  for (auto& t : pool) t.join();
  if (failure) std::rethrow_exception(failure);
  if (options.progress) options.progress(tiles, tiles);
  return d;
}

BitMatrix to_bits(const Eigen::MatrixXf& m, Format f) {
  BitMatrix out{static_cast<int>(m.rows()), static_cast<int>(m.cols()), f, {}};
  out.bits.resize(static_cast<std::size_t>(m.size()));
  for (int r = 0; r < out.rows; ++r)
    for (int c = 0; c < out.cols; ++c) {
      const float x = m(r, c);
      std::uint32_t bits;
      if (is_float_format(f)) {
        std::uint32_t f32;
        std::memcpy(&f32, &x, 4);
        bits = f == Format::f32 ? f32 : convert_from_f32(f32, f);
      } else {
        const double lo = f == Format::iu8 ? -128 : f == Format::iu4 ? -8 : -2147483648.0;
        const double hi = f == Format::iu8 ? 127 : f == Format::iu4 ? 7 : 2147483647.0;
        const auto v = static_cast<std::int64_t>(std::nearbyint(std::clamp(static_cast<double>(x), lo, hi)));
        bits = static_cast<std::uint32_t>(v) & (format_bits(f) == 32 ? 0xFFFFFFFFu : (1u << format_bits(f)) - 1u);
      }
      out.at(r, c) = bits;
    }
  return out;
}

namespace {
double element_value(std::uint32_t bits, Format f) {
  if (is_float_format(f)) {
    const std::uint32_t w = widen_to_f32(bits, f);
    float x;
    std::memcpy(&x, &w, 4);
    return x;
  }
  const int n = format_bits(f);
  const std::int64_t v = n == 32 ? static_cast<std::int32_t>(bits) : (static_cast<std::int64_t>(bits) ^ (1ll << (n - 1))) - (1ll << (n - 1));
  return static_cast<double>(v);
}
}  // namespace

Eigen::MatrixXf to_float(const BitMatrix& m) {
  Eigen::MatrixXf out(m.rows, m.cols);
  for (int r = 0; r < m.rows; ++r)
    for (int c = 0; c < m.cols; ++c) out(r, c) = static_cast<float>(element_value(m.at(r, c), m.format));
  return out;
}

FloatComparison compare_with_float_gemm(const Instruction& ins, const BitMatrix& a, const BitMatrix& b,
                                        const BitMatrix& c, const BitMatrix& d) {
  FloatComparison cmp;
  if (ins.cd == Format::i32) {
    // Integers: the exact result in 64 bits (the reference a float GEMM cannot give beyond 2^24).
    for (int i = 0; i < d.rows; ++i)
      for (int j = 0; j < d.cols; ++j) {
        std::int64_t s = static_cast<std::int32_t>(c.at(i, j));
        for (int k = 0; k < a.cols; ++k) s += static_cast<std::int64_t>(element_value(a.at(i, k), a.format)) *
                                             static_cast<std::int64_t>(element_value(b.at(k, j), b.format));
        const double err = std::abs(static_cast<double>(static_cast<std::int32_t>(d.at(i, j))) - static_cast<double>(s));
        ++cmp.elements;
        cmp.differing += err != 0;
        cmp.max_ulp = std::max(cmp.max_ulp, err);
        cmp.mean_ulp += err;
        cmp.max_abs_error = std::max(cmp.max_abs_error, err);
      }
    if (cmp.elements) cmp.mean_ulp /= static_cast<double>(cmp.elements);
    return cmp;
  }
  const Eigen::MatrixXf ref = to_float(a) * to_float(b) + to_float(c);
  const BitMatrix ref_bits = to_bits(ref, d.format);
  for (int i = 0; i < d.rows; ++i)
    for (int j = 0; j < d.cols; ++j) {
      ++cmp.elements;
      const double got = element_value(d.at(i, j), d.format), want = ref(i, j);
      if (std::isnan(got) || std::isnan(want)) {
        cmp.differing += std::isnan(got) != std::isnan(want);
        continue;
      }
      const double ulps = static_cast<double>(ulp_distance(d.at(i, j), ref_bits.at(i, j), d.format));
      cmp.differing += ulps != 0;
      cmp.max_ulp = std::max(cmp.max_ulp, ulps);
      cmp.mean_ulp += ulps;
      if (std::isfinite(got) && std::isfinite(want)) cmp.max_abs_error = std::max(cmp.max_abs_error, std::abs(got - want));
    }
  if (cmp.elements) cmp.mean_ulp /= static_cast<double>(cmp.elements);
  return cmp;
}

}  // namespace wmmasim
