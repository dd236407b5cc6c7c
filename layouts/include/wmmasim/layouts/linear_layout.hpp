// Layouts as linear maps over GF(2), in the manner of Triton's LinearLayout: every RDNA3/RDNA4
// operand layout sends each bit of a register place to one bit of a matrix index (or to nothing,
// for RDNA3's replicated A/B lane groups). Host and device code: constexpr, no exceptions, no heap.
#pragma once

#include <cstdint>
#include <string_view>

#include "wmmasim/layouts/format.hpp"

namespace wmmasim {

// A register place: lane, VGPR offset inside the operand's tuple, and the bit range [bit_lo, bit_hi].
struct Place {
  int lane = 0, vgpr = 0, bit_lo = 0, bit_hi = 0;
  WMMASIM_HD constexpr bool operator==(const Place&) const = default;
};

// A matrix element. `key` is the sparse-index set for the SWMMAC index operand, otherwise 0.
struct Element {
  int row = 0, col = 0, key = 0;
  WMMASIM_HD constexpr bool operator==(const Element&) const = default;
};

// How far a layout is established (spec confidence marks), strongest first. None of them is a
// capture this project replays: that would be stronger than all of these.
enum class Evidence : std::uint8_t {
  documented,          // AMD tools/documents, checked against the Matrix Instruction Calculator
  contested,           // documented, but a public hardware report reads the operand differently
  third_party_report,  // no AMD document; a third party's hardware report agrees with the derivation
  hypothesis,          // derived, must be confirmed on hardware
  unknown,             // no public source: there is no layout to show
};

// Hardware index bits, low to high: position-in-VGPR bits (elements are element_bits wide), VGPR
// bits, lane bits. Logical index bits, low to high: column bits, row bits, key bits.
struct LinearLayout {
  std::uint8_t pos_bits = 0, vgpr_bits = 0, lane_bits = 0;
  std::uint8_t col_bits = 0, row_bits = 0, key_bits = 0;
  std::uint8_t element_bits = 32;
  std::uint8_t bit_offset = 0;     // RDNA3 16-bit C/D: the OPSEL[2] half
  std::uint16_t basis[16] = {};    // logical index reached by hardware bit h alone
  std::uint16_t ignored = 0;       // hardware bits whose places are not read (e.g. lanes 32-63)
  Evidence evidence = Evidence::documented;

  WMMASIM_HD constexpr int hw_bits() const { return pos_bits + vgpr_bits + lane_bits; }
  WMMASIM_HD constexpr int logical_bits() const { return col_bits + row_bits + key_bits; }
  WMMASIM_HD constexpr int rows() const { return 1 << row_bits; }
  WMMASIM_HD constexpr int cols() const { return 1 << col_bits; }
  WMMASIM_HD constexpr int keys() const { return 1 << key_bits; }
  WMMASIM_HD constexpr int lanes() const { return 1 << lane_bits; }
  WMMASIM_HD constexpr int vgprs() const { return 1 << vgpr_bits; }
  WMMASIM_HD constexpr int elements_per_vgpr() const { return 1 << pos_bits; }

  WMMASIM_HD constexpr std::uint32_t apply(std::uint32_t hw) const {
    std::uint32_t x = 0;
    for (int h = 0; h < hw_bits(); ++h)
      if (hw >> h & 1u) x ^= basis[h];
    return x;
  }
  WMMASIM_HD constexpr std::uint32_t hw_index(int lane, int vgpr, int pos) const {
    return static_cast<std::uint32_t>(pos) | static_cast<std::uint32_t>(vgpr) << pos_bits |
           static_cast<std::uint32_t>(lane) << (pos_bits + vgpr_bits);
  }
  WMMASIM_HD constexpr Place place_of_hw(std::uint32_t hw) const {
    const int pos = static_cast<int>(hw & ((1u << pos_bits) - 1));
    const int lo = bit_offset + pos * element_bits;
    return Place{static_cast<int>(hw >> (pos_bits + vgpr_bits)),
                 static_cast<int>(hw >> pos_bits & ((1u << vgpr_bits) - 1)), lo, lo + element_bits - 1};
  }
  WMMASIM_HD constexpr Element element_of_logical(std::uint32_t x) const {
    return Element{static_cast<int>(x >> col_bits & ((1u << row_bits) - 1)),
                   static_cast<int>(x & ((1u << col_bits) - 1)),
                   static_cast<int>(x >> (col_bits + row_bits))};
  }
  WMMASIM_HD constexpr std::uint32_t logical_of(Element e) const {
    return static_cast<std::uint32_t>(e.col) | static_cast<std::uint32_t>(e.row) << col_bits |
           static_cast<std::uint32_t>(e.key) << (col_bits + row_bits);
  }
  WMMASIM_HD constexpr bool contains(Element e) const {
    return e.row >= 0 && e.row < rows() && e.col >= 0 && e.col < cols() && e.key >= 0 && e.key < keys();
  }

  // Register place -> element. Returns false for a place that holds no element of this operand
  // (lane or VGPR outside the tuple, a bit outside the element range, an ignored lane).
  WMMASIM_HD constexpr bool element_at(int lane, int vgpr, int bit, Element& out) const {
    if (lane < 0 || lane >= lanes() || vgpr < 0 || vgpr >= vgprs()) return false;
    const int rel = bit - bit_offset;
    if (rel < 0 || rel >= element_bits * elements_per_vgpr()) return false;
    const std::uint32_t hw = hw_index(lane, vgpr, rel / element_bits);
    if (hw & ignored) return false;
    out = element_of_logical(apply(hw));
    return true;
  }

  // Element -> every register place holding it (more than one for broadcast lane bits). Returns the
  // number of places written to `out` (at most `capacity`); 0 if the element is outside the operand.
  WMMASIM_HD constexpr int places_of(Element e, Place* out, int capacity) const {
    if (!contains(e)) return 0;
    std::uint32_t preimage = 0, kernel[16] = {};
    int kernel_size = 0;
    if (!solve(logical_of(e), preimage, kernel, kernel_size)) return 0;
    int n = 0;
    for (std::uint32_t combo = 0; combo < (1u << kernel_size); ++combo) {
      std::uint32_t hw = preimage;
      for (int b = 0; b < kernel_size; ++b)
        if (combo >> b & 1u) hw ^= kernel[b];
      if (hw & ignored) continue;
      if (n < capacity) out[n] = place_of_hw(hw);
      ++n;
    }
    return n < capacity ? n : capacity;
  }
  WMMASIM_HD constexpr Place first_place(Element e) const {
    Place p[16] = {};
    return places_of(e, p, 16) > 0 ? p[0] : Place{-1, -1, -1, -1};
  }

  // Solves apply(hw) == x over GF(2), ignoring ignored bits: one solution (the one with the fewest
  // high bits) and a basis of the kernel (the broadcast copies). False if x is unreachable.
  WMMASIM_HD constexpr bool solve(std::uint32_t x, std::uint32_t& preimage, std::uint32_t* kernel,
                                  int& kernel_size) const {
    // Rows: (logical image, hardware combination), reduced by Gaussian elimination.
    std::uint32_t img[16] = {}, comb[16] = {};
    const int n = hw_bits();
    for (int h = 0; h < n; ++h) {
      img[h] = (ignored >> h & 1u) ? 0u : basis[h];
      comb[h] = 1u << h;
    }
    kernel_size = 0;
    int pivot_row[16];
    for (int& p : pivot_row) p = -1;
    for (int h = 0; h < n; ++h) {
      if (ignored >> h & 1u) continue;
      for (int b = 0; b < 16 && img[h]; ++b) {
        if (!(img[h] >> b & 1u)) continue;
        if (pivot_row[b] < 0) { pivot_row[b] = h; break; }
        img[h] ^= img[pivot_row[b]];
        comb[h] ^= comb[pivot_row[b]];
        b = -1;  // restart the scan: the row changed
      }
      if (img[h] == 0) kernel[kernel_size++] = comb[h];
    }
    preimage = 0;
    std::uint32_t rest = x;
    for (int b = 0; b < 16 && rest; ++b) {
      if (!(rest >> b & 1u)) continue;
      if (pivot_row[b] < 0) return false;
      rest ^= img[pivot_row[b]];
      preimage ^= comb[pivot_row[b]];
      b = -1;
    }
    return true;
  }

  // Every element has a place and every non-ignored hardware bit pattern names exactly one element
  // up to broadcast: the map is onto the logical space.
  WMMASIM_HD constexpr bool onto() const {
    for (int b = 0; b < logical_bits(); ++b) {
      std::uint32_t pre = 0, ker[16] = {};
      int ks = 0;
      if (!solve(1u << b, pre, ker, ks)) return false;
    }
    return true;
  }
  // One-to-one and onto: no broadcast copies at all (all RDNA4 operands).
  WMMASIM_HD constexpr bool bijective() const {
    int used = 0;
    for (int h = 0; h < hw_bits(); ++h) used += !(ignored >> h & 1u);
    return onto() && used == logical_bits();
  }
  // Number of places per element (2^kernel dimension).
  WMMASIM_HD constexpr int replication() const {
    std::uint32_t pre = 0, ker[16] = {};
    int ks = 0;
    solve(0, pre, ker, ks);
    return 1 << ks;
  }
};

// Builds a layout from a bit table: one token per hardware bit, in the order P0.., V0.., L0..
// (spec layouts.md sections 4-7). Tokens: r<d> row bit d, c<d> column bit d, y<d> index-set (key)
// bit d, '-' a broadcast lane bit (RDNA3 replication), 'x' an ignored lane bit.
WMMASIM_HD constexpr LinearLayout make_layout(int pos_bits, int vgpr_bits, int element_bits,
                                              std::string_view tokens) {
  LinearLayout l;
  l.pos_bits = static_cast<std::uint8_t>(pos_bits);
  l.vgpr_bits = static_cast<std::uint8_t>(vgpr_bits);
  l.element_bits = static_cast<std::uint8_t>(element_bits);
  struct Tok { char dim; int bit; };
  Tok toks[16] = {};
  int n = 0, rows = 0, cols = 0, keys = 0;
  for (std::size_t i = 0; i < tokens.size();) {
    if (tokens[i] == ' ') { ++i; continue; }
    Tok t{tokens[i++], 0};
    while (i < tokens.size() && tokens[i] >= '0' && tokens[i] <= '9') t.bit = t.bit * 10 + (tokens[i++] - '0');
    if (t.dim == 'r' && t.bit + 1 > rows) rows = t.bit + 1;
    if (t.dim == 'c' && t.bit + 1 > cols) cols = t.bit + 1;
    if (t.dim == 'y' && t.bit + 1 > keys) keys = t.bit + 1;
    toks[n++] = t;
  }
  l.col_bits = static_cast<std::uint8_t>(cols);
  l.row_bits = static_cast<std::uint8_t>(rows);
  l.key_bits = static_cast<std::uint8_t>(keys);
  l.lane_bits = static_cast<std::uint8_t>(n - pos_bits - vgpr_bits);
  for (int h = 0; h < n; ++h) {
    switch (toks[h].dim) {
      case 'c': l.basis[h] = static_cast<std::uint16_t>(1u << toks[h].bit); break;
      case 'r': l.basis[h] = static_cast<std::uint16_t>(1u << (cols + toks[h].bit)); break;
      case 'y': l.basis[h] = static_cast<std::uint16_t>(1u << (cols + rows + toks[h].bit)); break;
      case 'x': l.ignored = static_cast<std::uint16_t>(l.ignored | 1u << h); break;
      default: break;  // '-': broadcast
    }
  }
  return l;
}

// Exchanges two logical bits (used for K relabellings).
WMMASIM_HD constexpr LinearLayout swap_logical_bits(LinearLayout l, int x, int y) {
  for (auto& b : l.basis) {
    const unsigned bx = b >> x & 1u, by = b >> y & 1u;
    if (bx != by) b = static_cast<std::uint16_t>(b ^ (1u << x | 1u << y));
  }
  return l;
}

}  // namespace wmmasim
