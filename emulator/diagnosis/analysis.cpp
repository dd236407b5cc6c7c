// From the tagged runs' records to findings. A fragment's tags say which buffer element sits in each
// slot; whether that is right depends on how the buffer holds its matrix. So the check first chooses,
// for every buffer and use (as A, as B, as C and D), the reading the launch's fragments agree on:
// row- or column-major with some leading dimension (declared shapes fix it). Under that reading each
// fragment must be one tile of the matrix, at any origin; then it is compared with the layout's map,
// and a wrong one with each catalogue mistake's map. A reading other than row-major, a K shift
// between A and B, or a buffer no reading explains (pre-shuffled data) is a note, not an error.
#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <numeric>
#include <set>
#include <string>

#include "checker.hpp"
#include "tags.hpp"
#include "wmmasim/diagnosis/catalogue.hpp"
#include "wmmasim/layouts/operand_layout.hpp"

namespace wmmasim::diagnosis::detail {
namespace {

constexpr long kNoSource = -1;
constexpr long kDFirst = 1L << 40;  // sources from kDFirst on: the D of execution src - kDFirst
constexpr std::uint32_t kExecutions32Period = kExecutions32;

// One slot as seen: the element of source `src` (a buffer, or kDFirst + execution for a D passed
// on as C) at (row, col) of that source.
struct Obs {
  SlotState state = SlotState::empty;
  long src = kNoSource;
  int row = 0, col = 0;
  bool other_half = false;
};

// How one use of a buffer holds its matrix: element (r, c) at r*ld + c (row-major) or c*ld + r.
struct Reading {
  bool column_major = false;
  long long ld = 16;
  long long rows = 1LL << 40, cols = 1LL << 40;  // the matrix: a tile may hang over its edges (padding)
  std::uint64_t elements = ~0ull;
  bool declared = false;
};

std::pair<long long, long long> coords(const Reading& r, std::uint64_t i) {
  const auto ld = static_cast<std::uint64_t>(r.ld);
  if (r.column_major) return {static_cast<long long>(i % ld), static_cast<long long>(i / ld)};
  return {static_cast<long long>(i / ld), static_cast<long long>(i % ld)};
}
std::uint64_t index_in(const Reading& r, long long row, long long col) {
  return r.column_major ? static_cast<std::uint64_t>(col * r.ld + row) : static_cast<std::uint64_t>(row * r.ld + col);
}
bool inside(const Reading& r, long long row, long long col) {
  return row >= 0 && col >= 0 && row < r.rows && col < r.cols && index_in(r, row, col) < r.elements;
}

// What a slot holds, for the stride fit: nothing, an element of a tagged buffer, or something else
// (a D tag, the other 16-bit half).
struct Held {
  enum Kind : std::uint8_t { nothing, element, other } kind = nothing;
  int buffer = -1;
  std::uint64_t index = 0;
};

// A fragment that is a strided tile of one buffer: the layout's element (r, c) is buffer element
// base + r*row_stride + c*col_stride wherever the slot holds one (`empties`: some hold nothing).
struct Fit {
  bool ok = false;
  long src = kNoSource;
  long long base = 0, row_stride = 0, col_stride = 0;
  bool empties = false;
};

// What a slot holds for the fit, as an id in which each buffer's elements are consecutive (the tag's
// element number, or a store's buffer start plus index): an id, or nothing, or something else (a D
// tag, the other 16-bit half). The fit runs at every execution of a checked launch, so it works on
// ids alone and finds the buffer once, from the lowest and highest id.
constexpr long long kHoldsNothing = -1, kHoldsOther = -2;

template <class IdAt, class Locate>
Fit strided_fit(const SlotMap& e, IdAt id_at, Locate locate) {
  Fit f;
  const std::size_t n = e.slots.size();
  if (e.slot_at.empty()) return f;
  std::size_t s0 = n;
  for (std::size_t s = 0; s < n && s0 == n; ++s)
    if (e.slots[s].state == SlotState::element && id_at(s) >= 0) s0 = s;
  if (s0 == n) return f;
  // The strides, from the first pair of neighbouring places that both hold an element.
  bool have_row = false, have_col = false;
  for (std::size_t s = s0; s < n && !(have_row && have_col); ++s) {
    const Slot& w = e.slots[s];
    if (w.state != SlotState::element) continue;
    const long long id = id_at(s);
    if (id < 0) continue;
    auto stride = [&](int next, bool& have, long long& stride) {
      if (have || next < 0) return;
      const long long next_id = id_at(static_cast<std::size_t>(next));
      if (next_id < 0) return;
      stride = next_id - id;
      have = true;
    };
    stride(e.slot_of(w.row + 1, w.col), have_row, f.row_stride);
    stride(e.slot_of(w.row, w.col + 1), have_col, f.col_stride);
  }
  if (!have_row || !have_col) return f;
  const Slot& w0 = e.slots[s0];
  f.base = id_at(s0) - w0.row * f.row_stride - w0.col * f.col_stride;
  long long lowest = id_at(s0), highest = lowest;
  for (std::size_t s = 0; s < n; ++s) {
    const Slot& w = e.slots[s];
    if (w.state == SlotState::any) continue;
    const long long id = id_at(s);
    if (w.state != SlotState::element) {
      if (id >= 0) return f;
      continue;
    }
    if (id == kHoldsNothing) {
      f.empties = true;
      continue;
    }
    if (id != f.base + w.row * f.row_stride + w.col * f.col_stride) return f;
    lowest = std::min(lowest, id);
    highest = std::max(highest, id);
  }
  // One buffer holds them all: then base becomes an index into it.
  long long first = 0;
  f.src = locate(lowest, highest, first);
  if (f.src < 0) return f;
  f.base -= first;
  f.ok = true;
  return f;
}

// The reading a fit's strides make: unit stride along one dimension, at least the tile's extent
// along the other (else rows would overlap).
bool reading_of(const SlotMap& e, long long row_stride, long long col_stride, bool& column_major, long long& ld) {
  if (col_stride == 1 && row_stride >= e.cols) {
    column_major = false;
    ld = row_stride;
    return true;
  }
  if (row_stride == 1 && col_stride >= e.rows) {
    column_major = true;
    ld = col_stride;
    return true;
  }
  return false;
}

struct Match {
  int orow = 0, ocol = 0, bad = 0, explained = 0, first_bad = -1;
};

long dominant_source(const std::vector<Obs>& obs) {
  std::vector<std::pair<long, int>> n;  // a fragment comes from one or a few sources
  for (const Obs& o : obs) {
    if (o.state != SlotState::element) continue;
    auto it = std::find_if(n.begin(), n.end(), [&](const auto& x) { return x.first == o.src; });
    if (it == n.end()) n.emplace_back(o.src, 1);
    else ++it->second;
  }
  long best = kNoSource;
  int most = 0;
  for (const auto& [src, count] : n)
    if (count > most) { best = src; most = count; }
  return best;
}

Match match_at(const std::vector<Obs>& obs, const SlotMap& m, long src, const Reading& bounds, bool allow_half, int orow, int ocol);

Match match(const std::vector<Obs>& obs, const SlotMap& m, long src, const Reading& bounds, bool allow_half) {
  // Fast path: the origin the first element gives. A right fragment agrees everywhere.
  for (std::size_t s = 0; s < obs.size(); ++s)
    if (obs[s].state == SlotState::element && obs[s].src == src && m.slots[s].state == SlotState::element) {
      const Match first = match_at(obs, m, src, bounds, allow_half, obs[s].row - m.slots[s].row, obs[s].col - m.slots[s].col);
      if (first.bad == 0) return first;
      break;
    }
  Match r;
  // The tile origin most slots agree on; on a tie the one of the earliest slot, so that the first
  // wrong place is reported where a reader scanning from lane 0 meets it.
  std::map<std::pair<int, int>, int> votes;
  std::vector<std::pair<int, int>> order;
  for (std::size_t s = 0; s < obs.size(); ++s)
    if (obs[s].state == SlotState::element && obs[s].src == src && m.slots[s].state == SlotState::element) {
      const std::pair<int, int> o{obs[s].row - m.slots[s].row, obs[s].col - m.slots[s].col};
      if (votes[o]++ == 0) order.push_back(o);
    }
  int most = 0;
  for (const auto& o : order)
    if (votes[o] > most) { most = votes[o]; r.orow = o.first; r.ocol = o.second; }
  return match_at(obs, m, src, bounds, allow_half, r.orow, r.ocol);
}

Match match_at(const std::vector<Obs>& obs, const SlotMap& m, long src, const Reading& bounds, bool allow_half, int orow, int ocol) {
  Match r;
  r.orow = orow;
  r.ocol = ocol;
  for (std::size_t s = 0; s < obs.size(); ++s) {
    const Slot& want = m.slots[s];
    const Obs& got = obs[s];
    bool ok = true;
    if (want.state == SlotState::any) continue;
    if (want.state == SlotState::element) {
      const int row = r.orow + want.row, col = r.ocol + want.col;
      if (got.state == SlotState::element)
        ok = got.src == src && got.row == row && got.col == col && got.other_half == allow_half;
      else  // nothing there: fine only where the tile hangs over the matrix's edge (padding)
        ok = !inside(bounds, row, col);
    } else {
      ok = got.state != SlotState::element;
    }
    if (ok) ++r.explained;
    else if (r.bad++ == 0) r.first_bad = static_cast<int>(s);
  }
  return r;
}


std::string where_text(const std::source_location& w) {
  std::string f = w.file_name();
  const std::size_t slash = f.find_last_of('/');
  return (slash == std::string::npos ? f : f.substr(slash + 1)) + ":" + std::to_string(w.line());
}

struct OperandVerdict {
  bool checked = false, ok = true;
  long src = kNoSource;
  Match m;
  std::string mistake, mistake_text;
  bool k_permuted = false;
  bool unordered = false;  // a plain permutation of elements of one buffer that no reading explains
  std::vector<int> k_perm;
  std::vector<Obs> obs;
};

// The reading votes of one use of a buffer: exact fits, and estimates from fragments that fit none.
struct Votes {
  std::map<std::pair<bool, long long>, long> exact, estimated;
};

}  // namespace

struct Analysis {
  const Checker& c;
  std::map<std::pair<int, int>, Reading> readings;  // (buffer, OperandClass) -> its reading in this launch
  std::vector<std::array<Fit, 4>> fits;             // per execution: A, B, C and D's fits (choose_readings)

  int buffer_of(std::uint64_t id, int width) const {
    for (int b = 0; b < static_cast<int>(c.buffers_.size()); ++b) {
      const TaggedBuffer& t = c.buffers_[static_cast<std::size_t>(b)];
      if (t.width == width && id >= t.first_id && id < t.first_id + t.elements) return b;
    }
    return -1;
  }

  // ---- what the slots hold, for the stride fit -----------------------------------------------------

  Held held_input(const SlotRecord& r, int width, int& cached) const {
    if (r.kind == SlotKind::none) return {};
    if (r.kind != SlotKind::input || r.other_half) return Held{Held::other};
    if (cached >= 0) {
      const TaggedBuffer& t = c.buffers_[static_cast<std::size_t>(cached)];
      if (t.width == width && r.id >= t.first_id && r.id < t.first_id + t.elements) return Held{Held::element, cached, r.id - t.first_id};
    }
    const int b = buffer_of(r.id, width);
    if (b < 0) return Held{Held::other};
    cached = b;
    return Held{Held::element, b, r.id - c.buffers_[static_cast<std::size_t>(b)].first_id};
  }
  static Held held_store(const Store& st) {
    if (st.buffer < 0) return {};
    if (st.half) return Held{Held::other};
    return Held{Held::element, st.buffer, st.index};
  }

  Fit input_fit(const Execution& x, int o, const SlotMap& e) const {
    if (x.settled[o].done) {
      const Execution::Settled& s = x.settled[o];
      Fit f;
      f.ok = true;
      f.src = s.src;
      f.base = s.base;
      f.row_stride = s.row_stride;
      f.col_stride = s.col_stride;
      return f;
    }
    const std::vector<SlotRecord>& rec = x.operands[o];
    if (rec.size() != e.slots.size()) return {};
    return strided_fit(
        e,
        [&](std::size_t s) {
          const SlotRecord& r = rec[s];
          if (r.kind == SlotKind::none) return kHoldsNothing;
          return r.kind == SlotKind::input && !r.other_half ? static_cast<long long>(r.id) : kHoldsOther;
        },
        [&](long long lowest, long long highest, long long& first) -> long {
          const int b = buffer_of(static_cast<std::uint64_t>(lowest), e.element_bits);
          if (b < 0) return kNoSource;
          const TaggedBuffer& t = c.buffers_[static_cast<std::size_t>(b)];
          if (static_cast<std::uint64_t>(highest) >= t.first_id + t.elements) return kNoSource;
          first = static_cast<long long>(t.first_id);
          return b;
        });
  }
  Fit store_fit(const Execution& x, const SlotMap& e) const {
    if (x.stores.size() != e.slots.size()) return {};
    return strided_fit(
        e,
        [&](std::size_t s) {
          const Store& st = x.stores[s];
          if (st.buffer < 0) return kHoldsNothing;
          return st.half ? kHoldsOther : static_cast<long long>(c.buffers_[static_cast<std::size_t>(st.buffer)].first_id + st.index);
        },
        [&](long long lowest, long long highest, long long& first) -> long {
          const int b = buffer_of(static_cast<std::uint64_t>(lowest), e.element_bits);
          if (b < 0) return kNoSource;
          const TaggedBuffer& t = c.buffers_[static_cast<std::size_t>(b)];
          if (static_cast<std::uint64_t>(highest) >= t.first_id + t.elements) return kNoSource;
          first = static_cast<long long>(t.first_id);
          return b;
        });
  }

  // A reading guessed from a fragment that is no strided tile (rows or K permuted): elements the
  // layout puts in neighbouring rows lie a multiple of the row length apart, neighbouring columns
  // a multiple of 1, so the gcds of those distances give the reading when one of them is 1.
  template <class HeldAt>
  static bool estimate(const SlotMap& e, HeldAt held, int& buffer, bool& column_major, long long& ld) {
    std::map<int, int> count;
    for (std::size_t s = 0; s < e.slots.size(); ++s)
      if (e.slots[s].state == SlotState::element) {
        const Held h = held(s);
        if (h.kind == Held::element) ++count[h.buffer];
      }
    if (count.empty() || e.slot_at.empty()) return false;
    buffer = std::max_element(count.begin(), count.end(), [](const auto& a, const auto& b) { return a.second < b.second; })->first;
    long long row_gcd = 0, col_gcd = 0;
    for (std::size_t s = 0; s < e.slots.size(); ++s) {
      const Slot& w = e.slots[s];
      if (w.state != SlotState::element) continue;
      const Held h = held(s);
      if (h.kind != Held::element || h.buffer != buffer) continue;
      auto distance = [&](int next, long long& g) {
        if (next < 0) return;
        const Held hn = held(static_cast<std::size_t>(next));
        if (hn.kind == Held::element && hn.buffer == buffer)
          g = std::gcd(g, std::llabs(static_cast<long long>(hn.index) - static_cast<long long>(h.index)));
      };
      distance(e.slot_of(w.row + 1, w.col), row_gcd);
      distance(e.slot_of(w.row, w.col + 1), col_gcd);
    }
    return reading_of(e, row_gcd, col_gcd, column_major, ld);
  }

  // ---- the reading of each buffer's use ---------------------------------------------------------------

  void choose_readings() {
    std::map<std::pair<int, int>, Votes> votes;
    auto vote = [&](int cls, const SlotMap& e, const Fit& f, auto held) {
      bool cm = false;
      long long ld = 0;
      if (f.ok && f.src >= 0 && reading_of(e, f.row_stride, f.col_stride, cm, ld)) {
        ++votes[{static_cast<int>(f.src), cls}].exact[{cm, ld}];
        return;
      }
      int b = -1;
      if (estimate(e, held, b, cm, ld)) ++votes[{b, cls}].estimated[{cm, ld}];
    };
    fits.assign(c.executions_.size(), {});
    for (const Execution& x : c.executions_) {
      std::array<Fit, 4>& fit = fits[static_cast<std::size_t>(x.number)];
      for (int o = 0; o < 3; ++o) {
        const Operand op = o == 0 ? Operand::a : o == 1 ? Operand::b : Operand::c;
        if (!x.ins->has_operand(op) || (x.operands[o].empty() && !x.settled[o].done)) continue;
        const SlotMap& e = table_slot_map(*x.ins, op, x.opsel);
        int cached = -1;
        fit[o] = input_fit(x, o, e);
        vote(class_of(op), e, fit[o], [&](std::size_t s) {
          return x.operands[o].empty() ? Held{} : held_input(x.operands[o][s], e.element_bits, cached);
        });
      }
      if (!x.stores.empty()) {
        const SlotMap& e = table_slot_map(*x.ins, Operand::d, x.opsel);
        fit[3] = store_fit(x, e);
        vote(kClassCD, e, fit[3], [&](std::size_t s) { return held_store(x.stores[s]); });
      }
    }
    for (int b = 0; b < static_cast<int>(c.buffers_.size()); ++b) {
      const TaggedBuffer& t = c.buffers_[static_cast<std::size_t>(b)];
      if (!t.width) continue;
      for (int cls = 0; cls < 3; ++cls) {
        Reading r;
        r.elements = t.elements;
        if (t.shape) {
          r.declared = true;
          r.column_major = t.shape->column_major;
          r.rows = t.shape->rows;
          r.cols = t.shape->cols;
          r.ld = r.column_major ? r.rows : r.cols;
        } else {
          // The reading most fragments fit exactly; failing any, the one most estimates give; ties go
          // to row-major, then to the shorter row.
          const auto it = votes.find({b, cls});
          const std::map<std::pair<bool, long long>, long>* pick = nullptr;
          if (it != votes.end()) pick = !it->second.exact.empty() ? &it->second.exact : &it->second.estimated;
          if (pick && !pick->empty()) {
            auto best = pick->begin();
            for (auto v = pick->begin(); v != pick->end(); ++v)
              if (v->second > best->second) best = v;
            r.column_major = best->first.first;
            r.ld = best->first.second;
          } else {  // nothing to read it from: a square buffer is taken as square, else rows of 16
            const auto root = static_cast<long long>(std::llround(std::sqrt(static_cast<double>(t.elements))));
            r.ld = root > 0 && static_cast<std::size_t>(root * root) == t.elements ? root : 16;
          }
          const long long other = (static_cast<long long>(t.elements) + r.ld - 1) / r.ld;
          r.rows = r.column_major ? r.ld : other;
          r.cols = r.column_major ? other : r.ld;
        }
        readings[{b, cls}] = r;
      }
    }
  }

  const Reading& reading(long src, int cls) const {
    static const Reading unknown;
    if (src < 0 || src >= kDFirst) return unknown;
    const auto it = readings.find({static_cast<int>(src), cls});
    return it == readings.end() ? unknown : it->second;
  }
  Reading d_bounds(const Instruction& ins) const {
    Reading r;
    r.ld = r.cols = ins.n;
    r.rows = ins.m;
    r.elements = static_cast<std::uint64_t>(ins.m) * ins.n;
    return r;
  }
  bool declared(long src) const { return src >= 0 && src < kDFirst && c.buffers_[static_cast<std::size_t>(src)].shape; }

  // A fit that is the tile of its reading at coords(base), without wrapping around a row (or
  // column) and with empty slots only where the tile hangs over the matrix's edge.
  template <class IsEmpty>
  bool fits_reading(const SlotMap& e, const Fit& f, const Reading& r, IsEmpty is_empty, int& orow, int& ocol) const {
    bool cm = false;
    long long ld = 0;
    if (!reading_of(e, f.row_stride, f.col_stride, cm, ld) || cm != r.column_major || ld != r.ld || f.base < 0) return false;
    const auto [r0, c0] = coords(r, static_cast<std::uint64_t>(f.base));
    if (r0 > (1 << 30) || c0 > (1 << 30)) return false;
    orow = static_cast<int>(r0);
    ocol = static_cast<int>(c0);
    const long long along = r.column_major ? r0 : c0, extent = r.column_major ? e.rows : e.cols;
    if (!f.empties) return along + extent <= r.ld;
    for (std::size_t s = 0; s < e.slots.size(); ++s) {
      const Slot& w = e.slots[s];
      if (w.state != SlotState::element) continue;
      const long long row = r0 + w.row, col = c0 + w.col;
      if (is_empty(s) ? inside(r, row, col) : (r.column_major ? row : col) >= r.ld) return false;
    }
    return true;
  }

  // ---- observations under the readings ----------------------------------------------------------------

  std::string source_name(long src) const {
    if (src >= kDFirst) {
      const Execution& x = c.execution(src - kDFirst);
      return "the D of " + std::string(x.ins->name) + " at " + where_text(x.where);
    }
    return src >= 0 ? c.buffers_[static_cast<std::size_t>(src)].name : "?";
  }
  std::string element_text(long src, int row, int col) const {
    const std::string rc = "(" + std::to_string(row) + "," + std::to_string(col) + ")";
    if (src >= kDFirst) return "D" + rc + " of " + source_name(src).substr(9);
    return source_name(src) + rc;
  }
  std::string obs_text(const Obs& o) const {
    if (o.state != SlotState::element) return "nothing from a tagged buffer";
    return element_text(o.src, o.row, o.col) + (o.other_half ? " (from the other 16-bit half)" : "");
  }

  Obs element_obs(long src, int cls, std::uint64_t index, bool other_half) const {
    const auto [row, col] = coords(reading(src, cls), index);
    return Obs{SlotState::element, src, static_cast<int>(std::min<long long>(row, 1 << 30)),
               static_cast<int>(std::min<long long>(col, 1 << 30)), other_half};
  }

  // A, B or C: from the slots' tags (or, for a fragment settled as a strided tile, from its fit).
  std::vector<Obs> input_obs(const Execution& x, int o, Operand op, const SlotMap& e) const {
    std::vector<Obs> obs(e.slots.size());
    const int width = e.element_bits, cls = class_of(op);
    if (x.settled[o].done) {
      const Execution::Settled& st = x.settled[o];
      for (std::size_t s = 0; s < obs.size(); ++s)
        if (e.slots[s].state == SlotState::element)
          obs[s] = element_obs(st.src, cls,
                               static_cast<std::uint64_t>(st.base + e.slots[s].row * st.row_stride + e.slots[s].col * st.col_stride), false);
      return obs;
    }
    const std::vector<SlotRecord>& rec = x.operands[o];
    int cached = -1;
    for (std::size_t s = 0; s < rec.size() && s < obs.size(); ++s) {
      if (rec[s].kind == SlotKind::input) {
        const Held h = held_input(SlotRecord{rec[s].id, SlotKind::input, false}, width, cached);
        if (h.kind == Held::element) obs[s] = element_obs(h.buffer, cls, h.index, rec[s].other_half);
      } else if (rec[s].kind == SlotKind::d_tag) {
        const std::uint64_t id = rec[s].id;
        const auto ex = static_cast<long>(id >> 9);
        const int slot = static_cast<int>(id & 0xFF);
        // The execution: the latest before this one with that number (modulo the tag's period).
        const std::uint32_t period = width == 32 ? kExecutions32Period : kExecutions16;
        const long found = latest_execution(static_cast<std::uint32_t>(ex), period, x.number);
        if (found < 0) continue;
        const Execution& prev = c.execution(found);
        const SlotMap& dm = table_slot_map(*prev.ins, Operand::d, prev.opsel);
        if (slot >= static_cast<int>(dm.slots.size()) || dm.slots[static_cast<std::size_t>(slot)].state != SlotState::element) continue;
        obs[s] = Obs{SlotState::element, kDFirst + found, dm.slots[static_cast<std::size_t>(slot)].row,
                     dm.slots[static_cast<std::size_t>(slot)].col, rec[s].other_half || (id >> 8 & 1)};
      }
    }
    return obs;
  }

  std::vector<Obs> store_obs(const Execution& x) const {
    std::vector<Obs> obs(x.stores.size());
    for (std::size_t s = 0; s < obs.size(); ++s) {
      const Store& st = x.stores[s];
      if (st.buffer >= 0) obs[s] = element_obs(st.buffer, kClassCD, st.index, st.half == 1);
    }
    return obs;
  }

  // C is the D of an earlier execution of the same instruction, slot for slot.
  bool quick_chained(const Execution& x, int o, const SlotMap& e, OperandVerdict& v) const {
    const std::vector<SlotRecord>& rec = x.operands[o];
    long found = -2;
    for (std::size_t s = 0; s < rec.size(); ++s) {
      if (e.slots[s].state != SlotState::element) continue;
      const SlotRecord& r = rec[s];
      if (r.kind != SlotKind::d_tag || r.other_half || (r.id & 0x1FF) != s) return false;
      const std::uint32_t period = e.element_bits == 32 ? kExecutions32Period : kExecutions16;
      const long ex = latest_execution(r.id >> 9, period, x.number);
      if (ex < 0 || (found != -2 && ex != found)) return false;
      found = ex;
    }
    if (found < 0) return false;
    const Execution& prev = c.execution(found);
    if (prev.ins != x.ins || prev.opsel != x.opsel) return false;
    v.checked = true;
    v.src = kDFirst + found;
    return true;
  }

  // The verdict on A, B or C of one execution.
  OperandVerdict input_verdict(const Execution& x, int o, Operand op, const LayoutOptions& lo) const {
    OperandVerdict v;
    const SlotMap& e = table_slot_map(*x.ins, op, lo.opsel);
    if (!x.ins->has_operand(op) || (x.operands[o].empty() && !x.settled[o].done)) return v;
    const Fit& f = fits[static_cast<std::size_t>(x.number)][static_cast<std::size_t>(o)];
    if (f.ok && f.src >= 0) {
      const std::vector<SlotRecord>& rec = x.operands[o];
      if (fits_reading(e, f, reading(f.src, class_of(op)), [&](std::size_t s) { return rec[s].kind == SlotKind::none; }, v.m.orow, v.m.ocol)) {
        v.checked = true;
        v.src = f.src;
        return v;
      }
    } else if (!x.settled[o].done && op == Operand::c && quick_chained(x, o, e, v)) {
      return v;
    }
    std::vector<Obs> obs = input_obs(x, o, op, e);
    const long src = dominant_source(obs);
    return verdict(*x.ins, op, lo, std::move(obs), src >= kDFirst ? d_bounds(*x.ins) : reading(src, class_of(op)), &x);
  }

  OperandVerdict store_verdict(const Execution& x, const LayoutOptions& lo) const {
    OperandVerdict v;
    const SlotMap& e = table_slot_map(*x.ins, Operand::d, lo.opsel);
    if (x.stores.empty()) return v;  // D never stored: it went on as a C, checked there
    const Fit& f = fits[static_cast<std::size_t>(x.number)][3];
    if (f.ok && f.src >= 0 &&
        fits_reading(e, f, reading(f.src, kClassCD), [&](std::size_t s) { return x.stores[s].buffer < 0; }, v.m.orow, v.m.ocol)) {
      v.checked = true;
      v.src = f.src;
      return v;
    }
    std::vector<Obs> obs = store_obs(x);
    const long src = dominant_source(obs);
    return verdict(*x.ins, Operand::d, lo, std::move(obs), reading(src, kClassCD));
  }

  // Every element slot holds a distinct element of src, and slots of the same place the same one:
  // the fragment is a permutation of some of src's elements, which a pre-shuffled buffer explains.
  static bool plain_permutation(const OperandVerdict& v, const SlotMap& e) {
    std::map<std::pair<int, int>, std::pair<int, int>> element_of, place_of;
    for (std::size_t s = 0; s < e.slots.size(); ++s) {
      const Slot& w = e.slots[s];
      const Obs& o = v.obs[s];
      if (w.state != SlotState::element) {
        if (w.state == SlotState::empty && o.state == SlotState::element) return false;
        continue;
      }
      if (o.state != SlotState::element || o.src != v.src || o.other_half) return false;
      const auto a = element_of.emplace(std::pair{w.row, w.col}, std::pair{o.row, o.col}).first;
      const auto b = place_of.emplace(std::pair{o.row, o.col}, std::pair{w.row, w.col}).first;
      if (a->second != std::pair{o.row, o.col} || b->second != std::pair{w.row, w.col}) return false;
    }
    return !element_of.empty();
  }

  // SWMMAC A read from a dense matrix: the dense K of each stored slot, from the index VGPR. Slot
  // column 2G+s of the compressed layout holds dense K 4G + idx_s, idx_s from the index field of
  // (row, group G, set) (spec layouts.md 5.1). `group_flip` / `set_flip` read another group's or
  // set's field: the catalogue's index mistakes.
  SlotMap dense_a(const Execution& x, const SlotMap& e, int group_flip, int set_flip) const {
    const Instruction& ins = *x.ins;
    const LinearLayout il = operand_layout(ins, Operand::index);
    SlotMap d = e;
    for (int lane = 0; lane < e.lanes; ++lane) {
      for (int el = 0; el < e.size; ++el) {
        Slot& slot = d.at(lane, el);
        if (slot.state != SlotState::element) continue;
        const int group = (slot.col >> 1) ^ group_flip, s = slot.col & 1, set = (x.opsel ^ set_flip);
        int field = -1;
        for (int pos = 0; pos < 8 && field < 0; ++pos) {
          Element ie;
          if (il.element_at(lane, 0, 4 * pos, ie) && ie.row == slot.row && ie.col == group && ie.key == set)
            field = static_cast<int>(x.index[static_cast<std::size_t>(lane)] >> (4 * pos) & 0xF);
        }
        if (field < 0) { slot.state = SlotState::any; continue; }
        slot.col = 4 * (slot.col >> 1) + (field >> (2 * s) & 3);
      }
    }
    return d;
  }

  OperandVerdict verdict(const Instruction& ins, Operand op, const LayoutOptions& lo, std::vector<Obs> obs, const Reading& bounds,
                         const Execution* x = nullptr) const {
    OperandVerdict v;
    v.obs = std::move(obs);
    v.src = dominant_source(v.obs);
    if (v.src == kNoSource) return v;  // nothing tagged: zeros, or values the kernel computed
    v.checked = true;
    const SlotMap& e = table_slot_map(ins, op, lo.opsel);
    v.m = match(v.obs, e, v.src, bounds, false);
    if (v.m.bad == 0) return v;
    if (x && ins.family == Family::swmmac && op == Operand::a && x->index.size() == static_cast<std::size_t>(e.lanes)) {
      // A compressed from a dense matrix: right when the index selects where each value came from.
      const Match dense = match(v.obs, dense_a(*x, e, 0, 0), v.src, bounds, false);
      if (dense.bad == 0) {
        v.m = dense;
        return v;
      }
      v.ok = false;
      v.m = dense;
      const int groups = ins.k / 4, sets = ins.index_sets();
      for (int flip = 1; flip < groups; flip <<= 1)
        if (match(v.obs, dense_a(*x, e, flip, 0), v.src, bounds, false).bad == 0) {
          v.mistake = "swmmac-index-wrong-group";
          v.mistake_text = "the sparse index fields of another group of four K (group G read the fields of group G^" + std::to_string(flip) + ")";
          return v;
        }
      if (sets > 1 && match(v.obs, dense_a(*x, e, 0, 1), v.src, bounds, false).bad == 0) {
        v.mistake = "swmmac-index-wrong-set";
        v.mistake_text = "the sparse index of the other index set (OPSEL / index_key)";
        return v;
      }
      return v;
    }
    v.ok = false;
    // The other 16-bit half (RDNA3 16-bit C/D): every element right, all of them in the other half.
    if ((op == Operand::c || op == Operand::d) && ins.arch == Arch::rdna3 && e.element_bits == 16) {
      const Match h = match(v.obs, e, v.src, bounds, true);
      if (h.bad == 0) {
        v.mistake = "wrong-opsel-half";
        v.mistake_text = std::string(operand_name(op)) + ": the wrong OPSEL half (the kernel " +
                         (op == Operand::d ? "stored" : "filled") + " the 16-bit half OPSEL does not select)";
        return v;
      }
    }
    if (op == Operand::a || op == Operand::b) k_permutation(op, e, v);
    if (x && op == Operand::b && x->b_from_load_tr && load_tr_address(e, v)) return v;
    for (const Candidate& cand : candidates(ins, op, lo)) {
      const Match m = match(v.obs, cand.map, v.src, bounds, false);
      if (m.bad == 0 && m.explained > 0) {
        v.mistake = cand.id;
        v.mistake_text = cand.text;
        break;
      }
    }
    return v;
  }

  // B from a global_load_tr whose wrong slots are all one row (K) or one column (N) away from
  // where the layout wants them: some lanes' addresses were off by one.
  static bool load_tr_address(const SlotMap& e, OperandVerdict& v) {
    int dr = 0, dc = 0;
    for (std::size_t s = 0; s < v.obs.size(); ++s) {
      const Slot& w = e.slots[s];
      const Obs& o = v.obs[s];
      if (w.state != SlotState::element || o.state != SlotState::element || o.src != v.src) continue;
      const int r = o.row - (v.m.orow + w.row), c = o.col - (v.m.ocol + w.col);
      if (r == 0 && c == 0) continue;
      if (std::abs(r) + std::abs(c) != 1 || ((dr || dc) && (r != dr || c != dc))) return false;
      dr = r;
      dc = c;
    }
    if (!dr && !dc) return false;
    v.mistake = dr ? "load-tr-address-off-by-one-row" : "load-tr-address-off-by-one-column";
    v.mistake_text = std::string("global_load_tr: some lanes' addresses are one ") + (dr ? "row" : "column") +
                     (dr + dc > 0 ? " past" : " before") + " the one the transpose needs, so their B values are one " +
                     (dr ? "K" : "N") + " away";
    return true;
  }

  // Whether the fragment is the layout's with K relabelled by a permutation (and nothing else).
  static void k_permutation(Operand op, const SlotMap& e, OperandVerdict& v) {
    const bool a = op == Operand::a;
    std::map<int, int> votes;
    for (std::size_t s = 0; s < v.obs.size(); ++s)
      if (v.obs[s].state == SlotState::element && e.slots[s].state == SlotState::element)
        ++votes[a ? v.obs[s].row - e.slots[s].row : v.obs[s].col - e.slots[s].col];
    int origin_m = 0, most = 0;
    for (const auto& [o, n] : votes)
      if (n > most) { most = n; origin_m = o; }
    std::map<int, int> k_of;  // expected k -> observed k
    int lowest = 1 << 30;
    for (std::size_t s = 0; s < v.obs.size(); ++s) {
      const Obs& o = v.obs[s];
      const Slot& w = e.slots[s];
      if (w.state != SlotState::element) continue;
      if (o.state != SlotState::element || o.src != v.src) return;
      const int m_obs = a ? o.row : o.col, m_exp = a ? w.row : w.col;
      const int k_obs = a ? o.col : o.row, k_exp = a ? w.col : w.row;
      if (m_obs != origin_m + m_exp) return;
      const auto [it, fresh] = k_of.emplace(k_exp, k_obs);
      if (!fresh && it->second != k_obs) return;
      lowest = std::min(lowest, k_obs);
    }
    std::vector<int> perm(k_of.size(), -1);
    for (const auto& [ke, ko] : k_of) {
      const int p = ko - lowest;
      if (ke < 0 || ke >= static_cast<int>(perm.size()) || p < 0 || p >= static_cast<int>(perm.size())) return;
      perm[static_cast<std::size_t>(ke)] = p;
    }
    std::vector<int> sorted = perm;
    std::sort(sorted.begin(), sorted.end());
    for (std::size_t i = 0; i < sorted.size(); ++i)
      if (sorted[i] != static_cast<int>(i)) return;
    v.k_permuted = true;
    v.k_perm = perm;
  }

  Finding finding(const Execution& x, Operand op, const OperandVerdict& v, const SlotMap& e) const {
    Finding f;
    f.kernel = c.kernel_;
    f.instruction = std::string(x.ins->name);
    f.file = x.where.file_name();
    f.line = static_cast<int>(x.where.line());
    f.block = x.block;
    f.wave = x.wave;
    f.operand = op;
    f.mistake = v.mistake;
    const int s = v.m.first_bad;
    f.cause = !v.mistake.empty() ? v.mistake : "unexplained at " + std::to_string(s);
    if (s >= 0) {
      const int lane = s / e.size, el = s % e.size;
      f.lane = lane;
      f.vgpr = e.vgpr_of(el);
      f.bit_lo = e.bit_lo(el);
      f.bit_hi = e.bit_hi(el);
      const Slot& want = e.slots[static_cast<std::size_t>(s)];
      const std::string place = std::string(operand_name(op)) + " " + place_text(e, lane, el);
      const std::string expected =
          want.state == SlotState::element ? element_text(v.src, v.m.orow + want.row, v.m.ocol + want.col) : "nothing";
      f.found = obs_text(v.obs[static_cast<std::size_t>(s)]);
      f.expected = expected;
      if (op == Operand::d) {
        const std::string elem = "D(" + std::to_string(want.row) + "," + std::to_string(want.col) + ")";
        f.message = place + " (" + elem + ") was stored " +
                    (v.obs[static_cast<std::size_t>(s)].state == SlotState::element ? "at " + f.found : "nowhere") +
                    "; the layout puts it at " + expected;
      } else {
        f.message = place + " holds " + f.found + "; the layout puts " + expected + " there";
      }
    }
    f.message += v.mistake.empty() ? " (no catalogue mistake explains this fragment)" : ": " + v.mistake_text;
    return f;
  }

  Finding note(const Execution& x, Operand op, std::string cause, std::string mistake, std::string message) const {
    Finding f;
    f.severity = Finding::Severity::note;
    f.cause = std::move(cause);
    f.kernel = c.kernel_;
    f.instruction = std::string(x.ins->name);
    f.file = x.where.file_name();
    f.line = static_cast<int>(x.where.line());
    f.block = x.block;
    f.wave = x.wave;
    f.operand = op;
    f.mistake = std::move(mistake);
    f.message = std::move(message);
    return f;
  }

  // A reading other than the row-major default, and the mistake it would be if the buffer were
  // row-major after all.
  Finding reading_note(const Execution& x, Operand op, long src) const {
    const Reading& r = reading(src, class_of(op));
    const std::string name = source_name(src), ld = "leading dimension " + std::to_string(r.ld);
    switch (op) {
      case Operand::a:
        return note(x, op, "reading", "a-transposed", name + " is read column-major (" + ld + "); if " + name + " is row-major, A is read transposed");
      case Operand::b:
        return note(x, op, "reading", "b-transposed", name + " is read column-major, that is B stored transposed as N x K row-major (" + ld + "); if " +
                                               name + " is row-major (K x N), B is read transposed");
      case Operand::c:
        return note(x, op, "reading", "c-transposed", name + " is read column-major (" + ld + "); if " + name + " is row-major, C is loaded transposed");
      default:
        return note(x, op, "reading", "d-transposed", name + " is written column-major (" + ld + "); if " + name + " is row-major, D is stored transposed");
    }
  }

  Finding unordered_note(const Execution& x, Operand op, long src) const {
    const std::string name = source_name(src);
    return note(x, op, "unordered", "",
                name + ": no row- or column-major reading of it puts the elements of this " + std::string(operand_name(op)) +
                    " fragment where the layout wants them (pre-shuffled data?), so its fragments are not checked; if it holds a "
                    "plain matrix, declare its shape, e.g. WMMASIM_CHECK_SHAPES='" + name + "=ROWSxCOLS:row' (or :col)");
  }
};

void Checker::settle(Execution& x) const {
  Analysis an{*this, {}, {}};
  for (int o = 0; o < 3; ++o) {
    const Operand op = o == 0 ? Operand::a : o == 1 ? Operand::b : Operand::c;
    if (!x.ins->has_operand(op) || x.operands[o].empty()) continue;
    const SlotMap& e = table_slot_map(*x.ins, op, x.opsel);
    const Fit f = an.input_fit(x, o, e);
    bool column_major = false;
    long long ld = 0;
    if (!f.ok || f.empties || f.src < 0 || f.base < 0 || !reading_of(e, f.row_stride, f.col_stride, column_major, ld)) continue;
    x.settled[o] = Execution::Settled{true, f.src, f.base, f.row_stride, f.col_stride};
    std::vector<SlotRecord>().swap(x.operands[o]);
  }
}

std::vector<Finding> Checker::analyse(std::size_t& fragments) const {
  Analysis an{*this, {}, {}};
  an.choose_readings();
  fragments = 0;
  std::vector<Finding> out;
  std::map<std::string, std::size_t> seen;  // one finding per source line, operand and cause
  auto add = [&](Finding f) {
    const auto [it, fresh] = seen.emplace(finding_key(f), out.size());
    if (fresh) out.push_back(std::move(f));
    else ++out[it->second].executions;
  };
  // Executions that accumulate into one D (each C the previous D) form a chain; in a chain A and B
  // must meet on the same K shift (zero, unless the matrices start inside their buffers).
  std::vector<long> chain(executions_.size());
  std::map<std::tuple<long, long, long>, long> k_shift;  // (chain, A's buffer, B's buffer) -> shift
  for (const Execution& x : executions_) {
    const Instruction& ins = *x.ins;
    LayoutOptions lo;
    lo.opsel = x.opsel;
    chain[static_cast<std::size_t>(x.number)] = x.number;
    OperandVerdict verdicts[3];
    for (int o = 0; o < 3; ++o) {
      const Operand op = o == 0 ? Operand::a : o == 1 ? Operand::b : Operand::c;
      verdicts[o] = an.input_verdict(x, o, op, lo);
      fragments += verdicts[o].checked;
    }
    OperandVerdict& a = verdicts[0];
    OperandVerdict& b = verdicts[1];
    if (verdicts[2].checked && verdicts[2].src >= kDFirst)
      chain[static_cast<std::size_t>(x.number)] = chain[static_cast<std::size_t>(verdicts[2].src - kDFirst)];
    // The same K permutation on A and B: the same product, summed in another order.
    const bool same_k_order = !a.ok && !b.ok && a.k_permuted && b.k_permuted && a.k_perm == b.k_perm;
    if (same_k_order) {
      Finding f = an.note(x, Operand::a, "k-permutation", a.mistake == b.mistake ? a.mistake : "",
                          "A and B use the same permutation of K" +
                              (a.mistake == "contiguous-k-16bit" ? std::string(" (the contiguous-K relabelling, K bits 2 and 3 swapped)") : "") +
                              ": the product is the same GEMM, but the hardware adds the products of each group of K in the "
                              "order of their K positions, so " +
                              (ins.integer_inputs() ? std::string("with integer inputs the result is exact all the same")
                                                    : std::string("the result can differ in the last bits of f32 from a reference GEMM "
                                                                  "summed in K order (allow a few ULP there); the GPU gives the same "
                                                                  "bits as the emulator")));
      add(std::move(f));
    }
    for (int o = 0; o < 3; ++o) {
      const Operand op = o == 0 ? Operand::a : o == 1 ? Operand::b : Operand::c;
      OperandVerdict& v = verdicts[o];
      if (!v.checked) continue;
      if (v.ok || (same_k_order && o < 2)) {
        if (v.src < kDFirst && an.reading(v.src, class_of(op)).column_major && !an.declared(v.src)) add(an.reading_note(x, op, v.src));
        continue;
      }
      const SlotMap& e = table_slot_map(ins, op, lo.opsel);
      if (v.mistake.empty() && !v.k_permuted && v.src < kDFirst && !an.declared(v.src) && Analysis::plain_permutation(v, e)) {
        v.unordered = true;
        add(an.unordered_note(x, op, v.src));
        continue;
      }
      add(an.finding(x, op, v, e));
    }
    // A and B must meet on the same K. Within one accumulation the offset between A's K columns and
    // B's K rows must stay the same; it is zero where both shapes are declared. (Without shapes a
    // constant offset is a tile origin: A a sub-matrix of a larger one, a batched GEMM, matrices
    // packed into one buffer.)
    if (ins.family == Family::wmma && a.checked && b.checked && a.ok && b.ok && a.src != b.src && a.src < kDFirst && b.src < kDFirst) {
      const long shift = b.m.orow - a.m.ocol;
      const long expected = an.declared(a.src) && an.declared(b.src)
                                ? 0
                                : k_shift.emplace(std::tuple{chain[static_cast<std::size_t>(x.number)], a.src, b.src}, shift).first->second;
      if (shift != expected) {
        Finding f;
        f.kernel = kernel_;
        f.instruction = std::string(ins.name);
        f.file = x.where.file_name();
        f.line = static_cast<int>(x.where.line());
        f.block = x.block;
        f.wave = x.wave;
        f.operand = Operand::b;
        f.cause = "k-mismatch";
        if (x.b_from_load_tr && std::abs(shift - expected) == 1) f.mistake = "load-tr-address-off-by-one-row";
        f.message = "A holds columns " + std::to_string(a.m.ocol) + ".." + std::to_string(a.m.ocol + ins.k - 1) + " of " +
                    an.source_name(a.src) + " but B holds rows " + std::to_string(b.m.orow) + ".." + std::to_string(b.m.orow + ins.k - 1) +
                    " of " + an.source_name(b.src) +
                    (expected != 0 ? " (the earlier steps of this accumulation had them " + std::to_string(expected) + " apart)"
                                   : std::string()) +
                    (f.mistake.empty() ? ": A and B must use the same K (no catalogue mistake explains this)"
                                       : ": A and B must use the same K: every lane's global_load_tr address is one row off");
        add(std::move(f));
      }
    }
    // D: where each slot's tag was stored.
    {
      OperandVerdict d = an.store_verdict(x, lo);
      fragments += d.checked;
      const SlotMap& e = table_slot_map(ins, Operand::d, lo.opsel);
      if (d.checked && d.ok && d.src < kDFirst && an.reading(d.src, kClassCD).column_major && !an.declared(d.src))
        add(an.reading_note(x, Operand::d, d.src));
      else if (d.checked && !d.ok && d.mistake.empty() && d.src < kDFirst && !an.declared(d.src) && Analysis::plain_permutation(d, e))
        add(an.unordered_note(x, Operand::d, d.src));
      else if (d.checked && !d.ok)
        add(an.finding(x, Operand::d, d, e));
    }
  }
  return out;
}

}  // namespace wmmasim::diagnosis::detail
