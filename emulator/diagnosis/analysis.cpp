// From the tagged runs' records to findings: where each fragment slot's element came from (or where
// D's went), compared with the layout's map, then with each catalogue mistake's map.
#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>
#include <string>

#include "checker.hpp"
#include "wmmasim/diagnosis/catalogue.hpp"
#include "wmmasim/layouts/operand_layout.hpp"

namespace wmmasim::diagnosis::detail {
namespace {

constexpr long kNoSource = -1;

// One slot as seen: the element of source `src` (a buffer, or kDFirst + execution for a D passed
// on as C) at (row, col) of that source.
struct Obs {
  SlotState state = SlotState::empty;
  long src = kNoSource;
  int row = 0, col = 0;
  bool other_half = false;
};
constexpr long kDFirst = 1L << 40;

struct Frame {
  int rows = 0, cols = 0;
  bool column_major = false;
};

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

Match match_at(const std::vector<Obs>& obs, const SlotMap& m, long src, Frame bounds, bool allow_half, int orow, int ocol);

Match match(const std::vector<Obs>& obs, const SlotMap& m, long src, Frame bounds, bool allow_half) {
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

Match match_at(const std::vector<Obs>& obs, const SlotMap& m, long src, Frame bounds, bool allow_half, int orow, int ocol) {
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
        ok = row < 0 || col < 0 || row >= bounds.rows || col >= bounds.cols;
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
  std::vector<int> k_perm;
  std::vector<Obs> obs;
};

}  // namespace

struct Analysis {
  const Checker& c;

  // A buffer's frame when it is known without looking at fragments: declared, or square.
  bool known_frame(const TaggedBuffer& t, Frame& f) const {
    if (t.shape) { f = Frame{t.shape->rows, t.shape->cols, t.shape->column_major}; return true; }
    const auto root = static_cast<int>(std::lround(std::sqrt(static_cast<double>(t.elements))));
    if (static_cast<std::size_t>(root) * static_cast<std::size_t>(root) != t.elements) return false;
    f = Frame{root, root, false};
    return true;
  }
  static std::uint64_t index_in(Frame f, int row, int col) {
    return f.column_major ? static_cast<std::uint64_t>(col) * static_cast<std::uint64_t>(f.rows) + static_cast<std::uint64_t>(row)
                          : static_cast<std::uint64_t>(row) * static_cast<std::uint64_t>(f.cols) + static_cast<std::uint64_t>(col);
  }
  static bool inside(Frame f, int row, int col) { return row >= 0 && col >= 0 && row < f.rows && col < f.cols; }

  // Fast paths, without allocating: true when the fragment is exactly as its layout says (v is then
  // the verdict), false when the full comparison must decide. Most fragments of a correct kernel
  // take them, which keeps a checked run cheap.
  bool quick_input(const Execution& x, int o, const SlotMap& e, OperandVerdict& v) const {
    const std::vector<SlotRecord>& rec = x.operands[o];
    std::size_t first = 0;
    while (first < rec.size() && (rec[first].kind == SlotKind::none || e.slots[first].state != SlotState::element)) ++first;
    if (first == rec.size()) return false;
    if (rec[first].kind == SlotKind::d_tag) return quick_chained(x, o, e, v);
    const int b = buffer_of(rec[first].id, e.element_bits);
    if (b < 0) return false;
    const TaggedBuffer& t = c.buffers_[static_cast<std::size_t>(b)];
    Frame f;
    if (!known_frame(t, f)) return false;
    const auto [r0, c0] = coords(f, rec[first].id - t.first_id);
    const int orow = r0 - e.slots[first].row, ocol = c0 - e.slots[first].col;
    for (std::size_t s = 0; s < rec.size(); ++s) {
      const Slot& w = e.slots[s];
      const SlotRecord& r = rec[s];
      if (r.other_half) return false;
      if (w.state != SlotState::element) {
        if (r.kind != SlotKind::none) return false;
        continue;
      }
      const int row = orow + w.row, col = ocol + w.col;
      const bool in = inside(f, row, col);
      if (r.kind == SlotKind::none) {
        if (in) return false;
        continue;
      }
      if (r.kind != SlotKind::input || !in || r.id != t.first_id + index_in(f, row, col)) return false;
    }
    v.checked = true;
    v.src = b;
    v.m.orow = orow;
    v.m.ocol = ocol;
    return true;
  }

  // C is the D of an earlier execution of the same instruction, slot for slot.
  bool quick_chained(const Execution& x, int o, const SlotMap& e, OperandVerdict& v) const {
    const std::vector<SlotRecord>& rec = x.operands[o];
    long found = -2;
    for (std::size_t s = 0; s < rec.size(); ++s) {
      if (e.slots[s].state != SlotState::element) continue;
      const SlotRecord& r = rec[s];
      if (r.kind != SlotKind::d_tag || r.other_half || (r.id & 0x1FF) != s) return false;
      const std::uint32_t period = e.element_bits == 32 ? kExecutions32Period() : 29;
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

  bool quick_stores(const Execution& x, const SlotMap& e, OperandVerdict& v) const {
    std::size_t first = 0;
    while (first < x.stores.size() && x.stores[first].buffer < 0) ++first;
    if (first == x.stores.size()) return true;  // D never stored: it went on as a C, checked there
    const int b = x.stores[first].buffer;
    const TaggedBuffer& t = c.buffers_[static_cast<std::size_t>(b)];
    Frame f;
    if (!known_frame(t, f) || e.slots[first].state != SlotState::element) return false;
    const auto [r0, c0] = coords(f, x.stores[first].index);
    const int orow = r0 - e.slots[first].row, ocol = c0 - e.slots[first].col;
    for (std::size_t s = 0; s < x.stores.size(); ++s) {
      const Slot& w = e.slots[s];
      const Store& st = x.stores[s];
      if (w.state != SlotState::element) {
        if (st.buffer >= 0) return false;
        continue;
      }
      const int row = orow + w.row, col = ocol + w.col;
      const bool in = inside(f, row, col);
      if (st.buffer < 0) {
        if (in) return false;
        continue;
      }
      if (st.buffer != b || st.half != 0 || !in || st.index != index_in(f, row, col)) return false;
    }
    v.checked = true;
    return true;
  }

  // The matrix frame of buffer b: its declared shape, else square if its size is a square, else
  // row-major with the row length most neighbouring elements of the layout are apart.
  Frame frame(int b, const std::vector<std::uint64_t>& index, const std::vector<bool>& has, const SlotMap& e) const {
    const TaggedBuffer& t = c.buffers_[static_cast<std::size_t>(b)];
    if (t.shape) return Frame{t.shape->rows, t.shape->cols, t.shape->column_major};
    // Row-major, with the row length read off the fragment: elements the layout puts in adjacent
    // rows lie a multiple of it apart (exactly it in a right fragment, several when rows are
    // permuted), so it is the gcd of those distances. A transposed fragment has rows 1 apart;
    // then adjacent columns give it.
    std::map<std::pair<int, int>, std::size_t> slot_of;
    for (std::size_t s = 0; s < e.slots.size(); ++s)
      if (e.slots[s].state == SlotState::element) slot_of.emplace(std::make_pair(e.slots[s].row, e.slots[s].col), s);
    long long ld = 0;
    for (auto [dr, dc] : {std::pair{1, 0}, std::pair{0, 1}}) {
      for (std::size_t s = 0; s < e.slots.size(); ++s) {
        if (!has[s] || e.slots[s].state != SlotState::element) continue;
        const auto it = slot_of.find({e.slots[s].row + dr, e.slots[s].col + dc});
        if (it == slot_of.end() || !has[it->second]) continue;
        const long long d = std::llabs(static_cast<long long>(index[it->second]) - static_cast<long long>(index[s]));
        if (d > 1) ld = std::gcd(ld, d);
      }
      if (ld > 1) break;
    }
    if (ld <= 1) {  // nothing to read it from: a square buffer is taken as square, else rows of 16
      const auto root = static_cast<long long>(std::llround(std::sqrt(static_cast<double>(t.elements))));
      ld = static_cast<std::size_t>(root * root) == t.elements ? root : 16;
    }
    return Frame{static_cast<int>(t.elements / static_cast<std::size_t>(ld)), static_cast<int>(ld), false};
  }

  static std::pair<int, int> coords(Frame f, std::uint64_t i) {
    if (f.column_major) return {static_cast<int>(i % static_cast<std::uint64_t>(f.rows)), static_cast<int>(i / static_cast<std::uint64_t>(f.rows))};
    return {static_cast<int>(i / static_cast<std::uint64_t>(f.cols)), static_cast<int>(i % static_cast<std::uint64_t>(f.cols))};
  }

  int buffer_of(std::uint64_t id, int width) const {
    for (int b = 0; b < static_cast<int>(c.buffers_.size()); ++b) {
      const TaggedBuffer& t = c.buffers_[static_cast<std::size_t>(b)];
      if (t.width == width && id >= t.first_id && id < t.first_id + t.elements) return b;
    }
    return -1;
  }

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

  // A, B or C: from the slots' tags.
  std::vector<Obs> input_obs(const Execution& x, int o, const SlotMap& e, std::map<int, Frame>* frames = nullptr) const {
    const std::vector<SlotRecord>& rec = x.operands[o];
    std::vector<Obs> obs(rec.size());
    const int width = e.element_bits;
    // Per buffer: which slots hold its elements, to find its frame.
    std::map<int, std::pair<std::vector<std::uint64_t>, std::vector<bool>>> per_buffer;
    std::vector<int> buf(rec.size(), -1);
    for (std::size_t s = 0; s < rec.size(); ++s) {
      if (rec[s].kind == SlotKind::input) {
        const int b = buffer_of(rec[s].id, width);
        if (b < 0) continue;
        buf[s] = b;
        auto& [index, has] = per_buffer[b];
        if (index.empty()) { index.assign(rec.size(), 0); has.assign(rec.size(), false); }
        index[s] = rec[s].id - c.buffers_[static_cast<std::size_t>(b)].first_id;
        has[s] = true;
      } else if (rec[s].kind == SlotKind::d_tag) {
        const std::uint64_t id = rec[s].id;
        const auto ex = static_cast<long>(id >> 9);
        const int slot = static_cast<int>(id & 0xFF);
        // The execution: the latest before this one with that number (modulo the tag's period).
        const std::uint32_t period = width == 32 ? kExecutions32Period() : 29;
        const long found = latest_execution(static_cast<std::uint32_t>(ex), period, x.number);
        if (found < 0) continue;
        const Execution& prev = c.execution(found);
        const SlotMap& dm = table_slot_map(*prev.ins, Operand::d, prev.opsel);
        if (slot >= static_cast<int>(dm.slots.size()) || dm.slots[static_cast<std::size_t>(slot)].state != SlotState::element) continue;
        obs[s] = Obs{SlotState::element, kDFirst + found, dm.slots[static_cast<std::size_t>(slot)].row,
                     dm.slots[static_cast<std::size_t>(slot)].col, rec[s].other_half || (id >> 8 & 1)};
      }
    }
    for (const auto& [b, ih] : per_buffer) {
      const Frame f = frame(b, ih.first, ih.second, e);
      if (frames) (*frames)[b] = f;
      for (std::size_t s = 0; s < rec.size(); ++s)
        if (buf[s] == b) {
          const auto [row, col] = coords(f, ih.first[s]);
          obs[s] = Obs{SlotState::element, b, row, col, rec[s].other_half};
        }
    }
    return obs;
  }
  static std::uint32_t kExecutions32Period() { return 0x3F800000u >> 9; }

  std::vector<Obs> store_obs(const Execution& x, const SlotMap& e, Frame& bounds) const {
    std::vector<Obs> obs(x.stores.size());
    std::map<int, std::pair<std::vector<std::uint64_t>, std::vector<bool>>> per_buffer;
    for (std::size_t s = 0; s < x.stores.size(); ++s) {
      const Store& st = x.stores[s];
      if (st.buffer < 0) continue;
      auto& [index, has] = per_buffer[st.buffer];
      if (index.empty()) { index.assign(obs.size(), 0); has.assign(obs.size(), false); }
      index[s] = st.index;
      has[s] = true;
    }
    for (const auto& [b, ih] : per_buffer) {
      const Frame f = frame(b, ih.first, ih.second, e);
      bounds = f;
      for (std::size_t s = 0; s < obs.size(); ++s)
        if (x.stores[s].buffer == b) {
          const auto [row, col] = coords(f, ih.first[s]);
          obs[s] = Obs{SlotState::element, b, row, col, x.stores[s].half == 1};
        }
    }
    return obs;
  }

  Frame bounds_of(long src, const std::vector<Obs>& obs, const SlotMap& e) const {
    if (src >= kDFirst) return Frame{16, 16, false};
    if (src < 0) return Frame{};
    // The frame input_obs used: recover it from the declared shape or the same inference.
    const TaggedBuffer& t = c.buffers_[static_cast<std::size_t>(src)];
    if (t.shape) return Frame{t.shape->rows, t.shape->cols, t.shape->column_major};
    int cols = 0;
    for (const Obs& o : obs) cols = std::max(cols, o.col + 1);
    (void)e;
    const auto root = static_cast<int>(std::lround(std::sqrt(static_cast<double>(t.elements))));
    if (static_cast<std::size_t>(root) * static_cast<std::size_t>(root) == t.elements) return Frame{root, root, false};
    return Frame{1 << 30, 1 << 30, false};  // unknown: treat every missing slot as inside
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

  OperandVerdict verdict(const Instruction& ins, Operand op, const LayoutOptions& lo, std::vector<Obs> obs, Frame bounds,
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
};

void Checker::settle(Execution& x) const {
  Analysis an{*this};
  for (int o = 0; o < 3; ++o) {
    const Operand op = o == 0 ? Operand::a : o == 1 ? Operand::b : Operand::c;
    if (!x.ins->has_operand(op) || x.operands[o].empty()) continue;
    OperandVerdict v;
    if (!an.quick_input(x, o, table_slot_map(*x.ins, op, x.opsel), v)) continue;
    x.settled[o] = Execution::Settled{true, v.src, v.m.orow, v.m.ocol};
    std::vector<SlotRecord>().swap(x.operands[o]);
  }
}

std::vector<Finding> Checker::analyse(std::size_t& fragments) const {
  Analysis an{*this};
  fragments = 0;
  std::vector<Finding> out;
  std::map<std::string, std::size_t> seen;  // one finding per source line, operand and cause
  auto add = [&](Finding f) {
    const std::string key = f.file + ":" + std::to_string(f.line) + "|" + std::string(operand_name(f.operand)) + "|" + f.mistake + "|" +
                            (f.mistake.empty() ? std::to_string(f.lane) + "," + std::to_string(f.vgpr) : "");
    const auto [it, fresh] = seen.emplace(key, out.size());
    if (fresh) out.push_back(std::move(f));
    else ++out[it->second].executions;
  };
  for (const Execution& x : executions_) {
    const Instruction& ins = *x.ins;
    LayoutOptions lo;
    lo.opsel = x.opsel;
    OperandVerdict verdicts[3];
    for (int o = 0; o < 3; ++o) {
      const Operand op = o == 0 ? Operand::a : o == 1 ? Operand::b : Operand::c;
      if (x.settled[o].done) {
        verdicts[o].checked = true;
        verdicts[o].src = x.settled[o].src;
        verdicts[o].m.orow = x.settled[o].orow;
        verdicts[o].m.ocol = x.settled[o].ocol;
        ++fragments;
        continue;
      }
      if (!ins.has_operand(op) || x.operands[o].empty()) continue;
      const SlotMap& e = table_slot_map(ins, op, lo.opsel);
      if (!an.quick_input(x, o, e, verdicts[o])) {
        std::map<int, Frame> frames;
        std::vector<Obs> obs = an.input_obs(x, o, e, &frames);
        const long src = dominant_source(obs);
        const Frame bounds = src >= 0 && src < kDFirst && frames.count(static_cast<int>(src)) ? frames[static_cast<int>(src)]
                                                                                              : an.bounds_of(src, obs, e);
        verdicts[o] = an.verdict(ins, op, lo, std::move(obs), bounds, &x);
      }
      fragments += verdicts[o].checked;
    }
    OperandVerdict& a = verdicts[0];
    OperandVerdict& b = verdicts[1];
    // The same K permutation on A and B: the same product, summed in another order.
    const bool same_k_order = !a.ok && !b.ok && a.k_permuted && b.k_permuted && a.k_perm == b.k_perm;
    if (same_k_order) {
      Finding f = an.finding(x, Operand::a, a, table_slot_map(ins, Operand::a, lo.opsel));
      f.severity = Finding::Severity::note;
      f.mistake = a.mistake == b.mistake ? a.mistake : "";
      f.message = "A and B use the same permutation of K" +
                  (a.mistake == "contiguous-k-16bit" ? std::string(" (the contiguous-K relabelling, K bits 2 and 3 swapped)") : "") +
                  ": the product is the same, but the hardware sums K in another order, so rounding can differ from the ISA layout's";
      f.lane = f.vgpr = f.bit_lo = f.bit_hi = -1;
      f.found = f.expected = "";
      add(std::move(f));
    }
    for (int o = 0; o < 3; ++o) {
      const Operand op = o == 0 ? Operand::a : o == 1 ? Operand::b : Operand::c;
      if (!verdicts[o].checked || verdicts[o].ok || (same_k_order && o < 2)) continue;
      add(an.finding(x, op, verdicts[o], table_slot_map(ins, op, lo.opsel)));
    }
    // A and B must cover the same K range.
    if (ins.family == Family::wmma && a.checked && b.checked && a.ok && b.ok && a.src != b.src && a.src < kDFirst && b.src < kDFirst &&
        a.m.ocol != b.m.orow) {
      Finding f;
      f.kernel = kernel_;
      f.instruction = std::string(ins.name);
      f.file = x.where.file_name();
      f.line = static_cast<int>(x.where.line());
      f.block = x.block;
      f.wave = x.wave;
      f.operand = Operand::b;
      if (x.b_from_load_tr && std::abs(a.m.ocol - b.m.orow) == 1) f.mistake = "load-tr-address-off-by-one-row";
      f.message = "A holds columns " + std::to_string(a.m.ocol) + ".." + std::to_string(a.m.ocol + ins.k - 1) + " of " + an.source_name(a.src) +
                  " but B holds rows " + std::to_string(b.m.orow) + ".." + std::to_string(b.m.orow + ins.k - 1) + " of " + an.source_name(b.src) +
                  (f.mistake.empty() ? ": A and B must use the same K (no catalogue mistake explains this)"
                                     : ": A and B must use the same K: every lane's global_load_tr address is one row off");
      add(std::move(f));
    }
    // D: where each slot's tag was stored.
    {
      const SlotMap& e = table_slot_map(ins, Operand::d, lo.opsel);
      OperandVerdict d;
      if (!an.quick_stores(x, e, d)) {
        Frame bounds;
        std::vector<Obs> obs = an.store_obs(x, e, bounds);
        d = an.verdict(ins, Operand::d, lo, std::move(obs), bounds);
      }
      fragments += d.checked;
      if (d.checked && !d.ok) add(an.finding(x, Operand::d, d, e));
    }
  }
  for (Finding& f : out)
    if (f.executions > 1) f.message += " (in " + std::to_string(f.executions) + " executions)";
  return out;
}

}  // namespace wmmasim::diagnosis::detail
