#include "wmmasim/wave/builtin_call.hpp"

#include <atomic>
#include <iterator>
#include <memory>
#include <string>

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

// Where each matrix element of one operand lives in the lane-major words of a WaveBuiltinCall
// (lane * vgprs + vgpr), computed once per (instruction, operand, register half) from the operand
// layout: what read_matrix (first place) and write_matrix (every place) do element by element,
// without building a register file for every call.
struct OperandMap {
  int vgprs = 0, keys = 1, per_key = 0;
  std::uint32_t mask = 0;
  std::vector<std::uint32_t> first;  // element (key-major, row-major) -> word index << 5 | bit_lo
  // Every place of every element (RDNA3 replicas included): element, word index, bit_lo.
  std::vector<std::uint32_t> place_elem, place_word;
  std::vector<std::uint8_t> place_bit;
};

OperandMap build_map(const Instruction& ins, Operand op, int half) {
  const LinearLayout l = operand_layout(ins, op, LayoutOptions{half});
  if (l.evidence == Evidence::unknown)
    throw UserError(std::string(ins.name) + " operand " + std::string(operand_name(op)) + " has no known register layout");
  OperandMap m;
  m.vgprs = operand_vgprs(ins, op);
  m.keys = l.keys();
  m.per_key = l.rows() * l.cols();
  m.mask = l.element_bits >= 32 ? 0xFFFFFFFFu : (1u << l.element_bits) - 1u;
  Place p[16];
  for (int key = 0; key < l.keys(); ++key)
    for (int r = 0; r < l.rows(); ++r)
      for (int c = 0; c < l.cols(); ++c) {
        const int n = l.places_of({r, c, key}, p, 16);
        const auto elem = static_cast<std::uint32_t>(m.first.size());
        const auto word = [&](const Place& x) { return static_cast<std::uint32_t>(x.lane * m.vgprs + x.vgpr); };
        if (n == 0 || p[0].lane >= ins.wave || p[0].vgpr >= m.vgprs)
          throw UserError(std::string(ins.name) + " operand " + std::string(operand_name(op)) + " element (" +
                          std::to_string(r) + ", " + std::to_string(c) + ") has no register place");
        m.first.push_back(word(p[0]) << 5 | static_cast<std::uint32_t>(p[0].bit_lo));
        for (int i = 0; i < n; ++i) {
          m.place_elem.push_back(elem);
          m.place_word.push_back(word(p[i]));
          m.place_bit.push_back(static_cast<std::uint8_t>(p[i].bit_lo));
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

// read_matrix from lane-major words (first place of every element), key `key` only.
void gather(const OperandMap& m, const std::vector<std::uint32_t>& words, int key, std::uint32_t* out) {
  const std::uint32_t* first = m.first.data() + static_cast<std::size_t>(key) * m.per_key;
  for (int e = 0; e < m.per_key; ++e) out[e] = words[first[e] >> 5] >> (first[e] & 31u) & m.mask;
}

}  // namespace

// The register-level path (execute() on a register file) spelled out for the fixed register
// assignment of a builtin call: A, B, C (or D_in), index read through the operand layouts, compute_d,
// D written to every place of its layout over C's words (RDNA3, SWMMAC: D shares C's registers) or
// over zeros (RDNA4 dense: a separate D). Same words as execute() gives, without the register file.
std::vector<std::uint32_t> run_wave_builtin(const WaveBuiltinCall& call, const Model* model) {
  const Instruction& ins = *call.ins;
  if (ins.family == Family::load_tr)
    throw UserError(std::string(ins.name) + " is a memory load; run it through the SIMT runtime, not execute()");
  check_words(call.a, ins.vgprs_a, ins, "A");
  check_words(call.b, ins.vgprs_b, ins, "B");
  check_words(call.c, ins.vgprs_cd, ins, "C");
  const bool sparse = ins.family == Family::swmmac;
  if (sparse) check_words(call.index, 1, ins, "index");
  Modifiers mods;
  if (ins.integer_inputs()) {
    mods.neg = static_cast<std::uint8_t>((call.a_sign ? 1 : 0) | (call.b_sign ? 2 : 0));
    mods.clamp = call.clamp;
  }
  const Model& m = model ? *model : builtin_model(ins);
  const int half = call.opsel & 1;
  alignas(64) std::uint32_t a[16 * 32], b[64 * 16], c[256], d[256];  // A: at most 32 columns (or slots)
  std::uint8_t index[16 * 16];
  gather(operand_map(ins, Operand::a, half), call.a, 0, a);
  gather(operand_map(ins, Operand::b, half), call.b, 0, b);
  const OperandMap& dmap = operand_map(ins, Operand::d, half);
  if (sparse) {
    gather(dmap, call.c, 0, d);  // SWMMAC accumulates in D itself
    std::uint32_t fields[16 * 16];
    gather(operand_map(ins, Operand::index, half), call.index, mods.index_key, fields);
    const int n = operand_map(ins, Operand::index, half).per_key;
    for (int e = 0; e < n; ++e) index[e] = static_cast<std::uint8_t>(fields[e]);
  } else {
    gather(operand_map(ins, Operand::c, half), call.c, 0, c);
  }
  compute_d(ins, a, b, c, sparse ? index : nullptr, mods, m, d);
  // RDNA3 16-bit outputs write one half: D shares C's registers so the other half keeps C.
  std::vector<std::uint32_t> out = (ins.arch == Arch::rdna3 || sparse)
                                       ? call.c
                                       : std::vector<std::uint32_t>(static_cast<std::size_t>(ins.vgprs_cd) * ins.wave, 0u);
  for (std::size_t i = 0; i < dmap.place_elem.size(); ++i) {
    std::uint32_t& w = out[dmap.place_word[i]];
    const std::uint32_t bit = dmap.place_bit[i];
    w = (w & ~(dmap.mask << bit)) | (d[dmap.place_elem[i]] & dmap.mask) << bit;
  }
  return out;
}

std::vector<std::uint32_t> shuffle_load_tr(const Instruction& ins, const std::vector<std::uint32_t>& fetched) {
  const LinearLayout l = operand_layout(ins, Operand::d);
  if (l.evidence == Evidence::unknown)
    throw UserError(std::string(ins.name) + " has no documented lane mapping (spec layouts.md 7.3), so the emulator cannot run it");
  const int words = ins.vgprs_cd;
  if (fetched.size() != static_cast<std::size_t>(words) * ins.wave)
    throw UserError(std::string(ins.name) + " needs " + std::to_string(words) + " fetched words per lane");
  const std::uint32_t mask = (1u << l.element_bits) - 1u;
  const int per_word = 32 / l.element_bits;
  std::vector<std::uint32_t> out(fetched.size(), 0);
  for (int lane = 0; lane < ins.wave; ++lane)
    for (int v = 0; v < words; ++v)
      for (int p = 0; p < per_word; ++p) {
        Element src;
        l.element_at(lane, v, p * l.element_bits, src);  // row = source lane, col = element of its load
        const int src_bit = src.col * l.element_bits;
        const std::uint32_t value = fetched[static_cast<std::size_t>(src.row) * words + src_bit / 32] >> (src_bit % 32) & mask;
        out[static_cast<std::size_t>(lane) * words + v] |= value << (p * l.element_bits);
      }
  return out;
}

}  // namespace wmmasim
