#include "wmmasim/wave/builtin_call.hpp"

#include "wmmasim/diagnosis/hook.hpp"

#include <atomic>
#include <cstring>
#include <iterator>
#include <memory>
#include <string>
#include <type_traits>

#include "wmmasim/error.hpp"
#include "wmmasim/layouts/instruction_table.hpp"
#include "wmmasim/wave/execute.hpp"

namespace wmmasim {
namespace {

std::atomic<const Model*> chosen_model{nullptr};

}  // namespace

void set_builtin_model(const Model* model) { chosen_model = model; }

const Model& builtin_model(const Instruction& ins) {
  const Model* m = chosen_model.load();
  return m ? *m : default_model(ins);
}

namespace {

// Where each matrix element of one operand lives in a lane's register words, computed once per
// (instruction, operand, register half) from the operand layout: what read_matrix (first place) and
// write_matrix (every place) do element by element, without building a register file for every
// call. Organised by register slot (an element-wide field of one word of one lane), so a call reads
// and writes each word once, in lane order.
struct OperandMap {
  int vgprs = 0, keys = 1, per_key = 0, bits = 32, per_word = 1, slots = 0;  // slots: wave * vgprs * per_word
  std::uint32_t mask = 0;
  // Slots without an element name element per_key: a spare entry after the matrix, so the loops
  // need no test (gathers write it, scatters read it as zero).
  std::vector<std::uint16_t> first_of;  // [key][slot]: the element (of that key) whose first place it is
  std::vector<std::uint16_t> held;      // [slot]: the element any of whose places it is (key 0)
  std::vector<std::uint32_t> keep;      // [word]: bits no element occupies (they keep the old value)
};

OperandMap build_map(const Instruction& ins, Operand op, int half) {
  const LinearLayout l = operand_layout(ins, op, LayoutOptions{half});
  const std::string what = std::string(ins.name) + " operand " + std::string(operand_name(op));
  if (l.evidence == Evidence::unknown) throw UserError(what + " has no known register layout");
  if (l.element_bits != 2 && l.element_bits != 4 && l.element_bits != 8 && l.element_bits != 16 && l.element_bits != 32)
    throw UserError(what + " has " + std::to_string(l.element_bits) + "-bit elements; the emulator handles 2, 4, 8, 16 and 32");
  OperandMap m;
  m.vgprs = operand_vgprs(ins, op);
  m.keys = l.keys();
  m.per_key = l.rows() * l.cols();
  m.bits = l.element_bits;
  m.per_word = 32 / l.element_bits;
  m.slots = ins.wave * m.vgprs * m.per_word;
  m.mask = l.element_bits >= 32 ? 0xFFFFFFFFu : (1u << l.element_bits) - 1u;
  const auto spare = static_cast<std::uint16_t>(m.per_key);
  m.first_of.assign(static_cast<std::size_t>(m.keys) * m.slots, spare);
  m.held.assign(m.slots, spare);
  m.keep.assign(static_cast<std::size_t>(ins.wave) * m.vgprs, 0xFFFFFFFFu);
  Place p[16];
  for (int key = 0; key < l.keys(); ++key)
    for (int r = 0; r < l.rows(); ++r)
      for (int c = 0; c < l.cols(); ++c) {
        const int n = l.places_of({r, c, key}, p, 16);
        const auto elem = static_cast<std::uint16_t>(r * l.cols() + c);
        if (n == 0)
          throw UserError(what + " element (" + std::to_string(r) + ", " + std::to_string(c) + ") has no register place");
        for (int i = 0; i < n; ++i) {
          if (p[i].lane >= ins.wave || p[i].vgpr >= m.vgprs || p[i].bit_lo % m.bits != 0)
            throw UserError(what + " element (" + std::to_string(r) + ", " + std::to_string(c) +
                            ") has a register place outside the operand");
          const int word = p[i].lane * m.vgprs + p[i].vgpr;
          const int slot = word * m.per_word + p[i].bit_lo / m.bits;
          if (i == 0) m.first_of[static_cast<std::size_t>(key) * m.slots + slot] = elem;
          if (key == 0) {
            m.held[slot] = elem;
            m.keep[word] &= ~(m.mask << p[i].bit_lo);
          }
        }
      }
  return m;
}

// One map per (instruction, operand, half), built on first use and kept for the process.
const OperandMap& operand_map(const Instruction& ins, Operand op, int half) {
  constexpr int kOperands = 5;
  static std::atomic<const OperandMap*> maps[std::size(kInstructions)][kOperands][2] = {};
  std::atomic<const OperandMap*>& slot = maps[&ins - kInstructions][static_cast<int>(op)][half & 1];
  const OperandMap* m = slot.load(std::memory_order_acquire);
  if (m) return *m;
  auto fresh = std::make_unique<OperandMap>(build_map(ins, op, half));
  const OperandMap* expected = nullptr;
  if (slot.compare_exchange_strong(expected, fresh.get(), std::memory_order_acq_rel)) return *fresh.release();
  return *expected;  // another thread built the same map first
}

void check_words(const std::vector<std::uint32_t>& words, int vgprs, const Instruction& ins, const char* what) {
  if (words.size() != static_cast<std::size_t>(vgprs) * ins.wave)
    throw UserError(std::string(ins.name) + " operand " + what + " needs " + std::to_string(vgprs) +
                    " register words per lane for " + std::to_string(ins.wave) + " lanes, got " +
                    std::to_string(words.size()) + " words");
}

// The loops below take the element width as a template parameter so that each word's fields unpack
// in straight-line code; locals keep the compiler from re-reading the map after every store.
template <int Bits>
void gather_fields(const std::uint16_t* elem, const std::uint32_t* const* lanes, int lane_count, int vgprs,
                   std::uint32_t* out) {
  constexpr int per_word = 32 / Bits;
  constexpr std::uint32_t mask = Bits == 32 ? 0xFFFFFFFFu : (1u << Bits) - 1u;
  for (int lane = 0; lane < lane_count; ++lane) {
    const std::uint32_t* words = lanes[lane];
    for (int v = 0; v < vgprs; ++v, elem += per_word) {
      const std::uint32_t word = words[v];
      for (int p = 0; p < per_word; ++p) out[elem[p]] = word >> (p * Bits) & mask;
    }
  }
}

template <int Bits>
void scatter_fields(const std::uint16_t* elem, const std::uint32_t* keep, std::size_t words, const std::uint32_t* d,
                    std::uint32_t* out) {
  constexpr int per_word = 32 / Bits;
  constexpr std::uint32_t mask = Bits == 32 ? 0xFFFFFFFFu : (1u << Bits) - 1u;
  for (std::size_t w = 0; w < words; ++w, elem += per_word) {
    std::uint32_t word = out[w] & keep[w];
    for (int p = 0; p < per_word; ++p) word |= (d[elem[p]] & mask) << (p * Bits);
    out[w] = word;
  }
}

template <class F> void by_width(int bits, F&& f) {
  switch (bits) {
    case 4: f(std::integral_constant<int, 4>{}); break;
    case 8: f(std::integral_constant<int, 8>{}); break;
    case 16: f(std::integral_constant<int, 16>{}); break;
    case 32: f(std::integral_constant<int, 32>{}); break;
    default: f(std::integral_constant<int, 2>{}); break;  // build_map admits no other width
  }
}

// read_matrix from each lane's words (first place of every element), key `key` only; `out` has
// room for per_key + 1 elements.
void gather(const OperandMap& m, const std::uint32_t* const* lanes, int key, std::uint32_t* out) {
  const std::uint16_t* elem = m.first_of.data() + static_cast<std::size_t>(key) * m.slots;
  const int lane_count = m.slots / (m.vgprs * m.per_word);
  by_width(m.bits, [&](auto bits) { gather_fields<bits()>(elem, lanes, lane_count, m.vgprs, out); });
}

// write_matrix (every place of every element) over `out`'s current words; d[per_key] must be 0.
void scatter(const OperandMap& m, const std::uint32_t* d, std::uint32_t* out) {
  by_width(m.bits, [&](auto bits) { scatter_fields<bits()>(m.held.data(), m.keep.data(), m.keep.size(), d, out); });
}

}  // namespace

// The register-level path (execute() on a register file) spelled out for the fixed register
// assignment of a builtin call: A, B, C (or D_in), index read through the operand layouts, compute_d,
// D written to every place of its layout over C's words (RDNA3, SWMMAC: D shares C's registers) or
// over zeros (RDNA4 dense: a separate D). Same words as execute() gives, without the register file.
void run_wave_builtin(const WaveBuiltinLanes& call, std::uint32_t* out, const Model* model) {
  const Instruction& ins = *call.ins;
  if (ins.family == Family::load_tr)
    throw UserError(std::string(ins.name) + " is a memory load; run it through the SIMT runtime, not execute()");
  const bool sparse = ins.family == Family::swmmac;
  Modifiers mods;
  if (ins.integer_inputs()) {
    mods.neg = static_cast<std::uint8_t>((call.a_sign ? 1 : 0) | (call.b_sign ? 2 : 0));
    mods.clamp = call.clamp;
  }
  const Model& m = model ? *model : builtin_model(ins);
  const int half = call.opsel & 1;
  // Each with the spare entry gather() and scatter() use. A: at most 32 columns (or slots).
  alignas(64) std::uint32_t a[16 * 32 + 1], b[64 * 16 + 1], c[256 + 1], d[256 + 1];
  std::uint8_t index[16 * 16];
  gather(operand_map(ins, Operand::a, half), call.a, 0, a);
  gather(operand_map(ins, Operand::b, half), call.b, 0, b);
  const OperandMap& dmap = operand_map(ins, Operand::d, half);
  if (sparse) {
    gather(dmap, call.c, 0, d);  // SWMMAC accumulates in D itself
    std::uint32_t fields[16 * 16 + 1];
    const OperandMap& imap = operand_map(ins, Operand::index, half);
    gather(imap, call.index, mods.index_key, fields);
    for (int e = 0; e < imap.per_key; ++e) index[e] = static_cast<std::uint8_t>(fields[e]);
  } else {
    gather(operand_map(ins, Operand::c, half), call.c, 0, c);
  }
  compute_d(ins, a, b, c, sparse ? index : nullptr, mods, m, d);
  d[dmap.per_key] = 0;
  // RDNA3 16-bit outputs write one half: D shares C's registers so the other half keeps C. Every
  // input is in a, b, c, d by now, so `out` may overlap the lanes' words.
  const std::size_t words = static_cast<std::size_t>(ins.vgprs_cd);
  if (ins.arch == Arch::rdna3 || sparse) {
    std::uint32_t c_words[64 * 8];
    for (int lane = 0; lane < ins.wave; ++lane)
      std::memcpy(c_words + lane * words, call.c[lane], words * sizeof(std::uint32_t));
    std::memcpy(out, c_words, words * ins.wave * sizeof(std::uint32_t));
  } else {
    std::memset(out, 0, words * ins.wave * sizeof(std::uint32_t));
  }
  scatter(dmap, d, out);
}

std::vector<std::uint32_t> run_wave_builtin(const WaveBuiltinCall& call, const Model* model) {
  const Instruction& ins = *call.ins;
  if (ins.family == Family::load_tr)
    throw UserError(std::string(ins.name) + " is a memory load; run it through the SIMT runtime, not execute()");
  check_words(call.a, ins.vgprs_a, ins, "A");
  check_words(call.b, ins.vgprs_b, ins, "B");
  check_words(call.c, ins.vgprs_cd, ins, "C");
  const bool sparse = ins.family == Family::swmmac;
  if (sparse) check_words(call.index, 1, ins, "index");
  WaveBuiltinLanes lanes;
  lanes.ins = &ins;
  lanes.a_sign = call.a_sign;
  lanes.b_sign = call.b_sign;
  lanes.clamp = call.clamp;
  lanes.opsel = call.opsel;
  for (int lane = 0; lane < ins.wave; ++lane) {
    lanes.a[lane] = call.a.data() + lane * ins.vgprs_a;
    lanes.b[lane] = call.b.data() + lane * ins.vgprs_b;
    lanes.c[lane] = call.c.data() + lane * ins.vgprs_cd;
    if (sparse) lanes.index[lane] = call.index.data() + lane;
  }
  std::vector<std::uint32_t> out(static_cast<std::size_t>(ins.vgprs_cd) * ins.wave);
  run_wave_builtin(lanes, out.data(), model);
  return out;
}

void run_lane_builtin(const WaveBuiltinLanes& call, std::uint32_t* d, std::source_location where) {
  if (!diagnosis::tagging()) [[likely]]
    return run_wave_builtin(call, d);
  diagnosis::MatrixCall m;
  m.ins = call.ins;
  m.opsel = call.opsel;
  m.a = call.a;
  m.b = call.b;
  m.c = call.ins->has_c() ? call.c : nullptr;
  m.index = call.ins->has_index() ? call.index : nullptr;
  m.lanes = call.ins->wave;
  diagnosis::observe_matrix(m, d, where);
}

std::vector<std::uint32_t> run_lane_load_tr(const Instruction& ins, const std::vector<std::uint32_t>& fetched,
                                            std::source_location where) {
  std::vector<std::uint32_t> got = shuffle_load_tr(ins, fetched);
  if (diagnosis::tagging()) [[unlikely]]
    diagnosis::observe_load_tr(ins, fetched.data(), got.data(), ins.wave, where);
  return got;
}

void run_lane_load_tr(const Instruction& ins, const std::uint32_t* fetched, std::uint32_t* out, std::source_location where) {
  shuffle_load_tr(ins, fetched, out);
  if (diagnosis::tagging()) [[unlikely]]
    diagnosis::observe_load_tr(ins, fetched, out, ins.wave, where);
}

namespace {

// Where each element a lane receives comes from: read off the layout once per instruction, because
// a global_load_tr runs once per wave per B fragment in a GEMM and walking the layout's bit map per
// element was a fifth of such a kernel's time.
struct LoadTrPlan {
  int words = 0, element_bits = 0, per_word = 0;
  std::vector<std::uint16_t> source_word;  // per received element (lane, word, part): the fetched word
  std::vector<std::uint8_t> source_shift;  // and its bit offset there
};

std::unique_ptr<LoadTrPlan> make_load_tr_plan(const Instruction& ins) {
  const LinearLayout l = operand_layout(ins, Operand::d);
  if (l.evidence == Evidence::unknown)
    throw UserError(std::string(ins.name) + " has no documented lane mapping (spec layouts.md 7.3), so the emulator cannot run it");
  auto plan = std::make_unique<LoadTrPlan>();
  plan->words = ins.vgprs_cd;
  plan->element_bits = l.element_bits;
  plan->per_word = 32 / l.element_bits;
  for (int lane = 0; lane < ins.wave; ++lane)
    for (int v = 0; v < plan->words; ++v)
      for (int p = 0; p < plan->per_word; ++p) {
        Element src;
        l.element_at(lane, v, p * l.element_bits, src);  // row = source lane, col = element of its load
        const int src_bit = src.col * l.element_bits;
        plan->source_word.push_back(static_cast<std::uint16_t>(src.row * plan->words + src_bit / 32));
        plan->source_shift.push_back(static_cast<std::uint8_t>(src_bit % 32));
      }
  return plan;
}

const LoadTrPlan& load_tr_plan(const Instruction& ins) {
  static std::atomic<const LoadTrPlan*> plans[kInstructionCount] = {};
  const std::size_t at = static_cast<std::size_t>(&ins - kInstructions);
  if (at >= kInstructionCount) {  // a record outside the table (tests): no cache
    thread_local std::unique_ptr<LoadTrPlan> own;
    own = make_load_tr_plan(ins);
    return *own;
  }
  if (const LoadTrPlan* p = plans[at].load(std::memory_order_acquire)) return *p;
  std::unique_ptr<LoadTrPlan> made = make_load_tr_plan(ins);
  const LoadTrPlan* expected = nullptr;
  if (plans[at].compare_exchange_strong(expected, made.get(), std::memory_order_acq_rel)) return *made.release();
  return *expected;  // another thread made it first
}

}  // namespace

void shuffle_load_tr(const Instruction& ins, const std::uint32_t* fetched, std::uint32_t* out) {
  const LoadTrPlan& plan = load_tr_plan(ins);
  const std::uint32_t mask = plan.element_bits == 32 ? ~0u : (1u << plan.element_bits) - 1u;
  const std::size_t n = plan.source_word.size();
  std::size_t e = 0;
  for (std::size_t w = 0; e < n; ++w) {
    std::uint32_t word = 0;
    for (int p = 0; p < plan.per_word; ++p, ++e)
      word |= (fetched[plan.source_word[e]] >> plan.source_shift[e] & mask) << (p * plan.element_bits);
    out[w] = word;
  }
}

std::vector<std::uint32_t> shuffle_load_tr(const Instruction& ins, const std::vector<std::uint32_t>& fetched) {
  const LoadTrPlan& plan = load_tr_plan(ins);
  if (fetched.size() != static_cast<std::size_t>(plan.words) * ins.wave)
    throw UserError(std::string(ins.name) + " needs " + std::to_string(plan.words) + " fetched words per lane");
  std::vector<std::uint32_t> out(fetched.size(), 0);
  shuffle_load_tr(ins, fetched.data(), out.data());
  return out;
}

}  // namespace wmmasim
