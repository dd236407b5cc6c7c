#include "records.hpp"

#include <algorithm>
#include <cstdio>
#include <stdexcept>

#include "wmmasim/layouts/evidence.hpp"

namespace wmmasim::hw {
namespace {

runfile::Matrix to_matrix(std::string format, const LinearLayout& l, std::vector<std::uint32_t> elements) {
  runfile::Matrix m{std::move(format), l.rows(), l.cols(), l.keys(), std::move(elements), ""};
  if (l.evidence != Evidence::documented) m.layout_evidence = evidence_name(l.evidence);
  return m;
}

std::string marker_text() {
  char buf[16];
  std::snprintf(buf, sizeof buf, "0x%08X", kExecMarker);
  return buf;
}

std::vector<std::vector<std::uint32_t>> per_lane(const std::vector<std::uint32_t>& words, std::size_t first, int lanes,
                                                 int per) {
  std::vector<std::vector<std::uint32_t>> out(static_cast<std::size_t>(lanes));
  for (int l = 0; l < lanes; ++l)
    out[static_cast<std::size_t>(l)].assign(words.begin() + static_cast<std::ptrdiff_t>(first + static_cast<std::size_t>(l) * per),
                                            words.begin() + static_cast<std::ptrdiff_t>(first + static_cast<std::size_t>(l + 1) * per));
  return out;
}

}  // namespace

std::vector<std::uint32_t> kernel_input(const Program& p, const std::vector<InputMatrix>& inputs) {
  const KernelAbi abi = kernel_abi(*p.ins);
  std::vector<std::uint32_t> in(abi.input_words, 0);
  for (const InputBlock& b : abi.inputs) {
    auto it = std::find_if(inputs.begin(), inputs.end(), [&](const InputMatrix& m) { return m.name == b.name; });
    if (it == inputs.end() || it->words.size() != b.words) throw std::logic_error("input block " + b.name + " missing");
    std::copy(it->words.begin(), it->words.end(), in.begin() + static_cast<std::ptrdiff_t>(b.offset));
  }
  return in;
}

runfile::ProgramRecord program_record(const Program& p, std::uint64_t seed, const std::string& target,
                                      const std::vector<InputMatrix>& inputs, const RawOutput& raw,
                                      const WallClock& clock) {
  const Instruction& ins = *p.ins;
  const KernelAbi abi = kernel_abi(ins);
  runfile::ProgramRecord r;
  r.program = p.name();
  r.arch = target;
  r.wave_size = ins.wave;
  r.seed = seed;
  r.instruction = std::string(kBuiltinPrefix) + std::string(ins.name);
  r.modifiers = p.flag_names();
  r.mode = std::string(mode_name(p.mode));
  if (p.addressing != Addressing::none) r.addressing = addressing_name(p.addressing);

  for (const InputMatrix& m : inputs) {
    runfile::Matrix mat{m.format, m.rows, m.cols, m.keys, m.elements, ""};
    if (m.evidence != Evidence::documented) mat.layout_evidence = evidence_name(m.evidence);
    r.inputs[m.name] = std::move(mat);
    const InputBlock* b = abi.block(m.name);
    if (b && b->words_per_lane > 0) r.registers[m.name] = per_lane(m.words, 0, abi.lanes, b->words_per_lane);
  }

  const std::size_t per_wave = static_cast<std::size_t>(abi.lanes) * abi.output_words_per_lane;
  if (raw.d_words.size() != per_wave * static_cast<std::size_t>(raw.waves))
    throw std::logic_error("raw output of " + r.program + " has the wrong size");
  const std::vector<std::uint32_t> d0(raw.d_words.begin(), raw.d_words.begin() + static_cast<std::ptrdiff_t>(per_wave));
  r.registers["D"] = per_lane(d0, 0, abi.lanes, abi.output_words_per_lane);
  const LinearLayout dl = block_layout(p, Operand::d);
  if (dl.evidence == Evidence::unknown)
    r.notes.push_back("no layout is known for D of " + std::string(ins.name) +
                      " (spec layouts.md 7.3), so only the raw registers are recorded");
  else
    r.outputs["D"] = to_matrix(block_format(ins, Operand::d), dl, matrix_from_words(dl, abi.lanes, abi.output_words_per_lane, d0));
  for (int w = 1; w < raw.waves; ++w)
    if (!std::equal(d0.begin(), d0.end(), raw.d_words.begin() + static_cast<std::ptrdiff_t>(per_wave * static_cast<std::size_t>(w)))) {
      r.notes.push_back("wave " + std::to_string(w) + " wrote a different D than wave 0 from the same inputs");
      break;
    }

  if (p.mode == Mode::timed) {
    runfile::Cycles c;
    c.wall_clock_hz = clock.hz;
    c.wall_clock_source = clock.source;
    // gfx11's SHADER_CYCLES is a 20-bit counter (timing.md 5.1): its delta is taken modulo 2^20.
    const bool counter20 = ins.arch == Arch::rdna3;
    for (int w = 0; w < raw.waves; ++w) {
      const std::uint64_t* t = raw.timing.data() + static_cast<std::size_t>(w) * kTimingWords;
      c.per_wave.push_back({w, counter20 ? (t[0] & 0xFFFFFu) : t[0], t[1]});
      if (t[3] != static_cast<std::uint64_t>(kTimedIterations))
        r.notes.push_back("wave " + std::to_string(w) + " ran " + std::to_string(t[3]) + " timed passes, expected " +
                          std::to_string(kTimedIterations));
    }
    r.cycles = std::move(c);
  }
  return r;
}

runfile::ProgramRecord probe_record(const Probe& probe, std::uint64_t seed, const std::string& target,
                                    const std::vector<InputMatrix>& inputs, const RawOutput& raw, const WallClock& clock) {
  runfile::ProgramRecord r = program_record(probe.base(), seed, target, inputs, raw, clock);
  r.program = probe.name;
  r.modifiers = probe.modifier_names();
  r.notes.insert(r.notes.begin(), "probe (" + probe.question + "): " + probe.decides);
  if (probe.sets_mode)
    r.notes.push_back("MODE bits [" + std::to_string(probe.mode_offset + probe.mode_size - 1) + ":" + std::to_string(probe.mode_offset) +
                      "] = " + std::to_string(probe.mode_value) + " written with s_setreg before the instruction");
  if (probe.inline_c >= 0)
    r.notes.push_back("C is the inline constant of selector " + std::to_string(probe.inline_c) +
                      "; inputs.C shows it as spec numerics.md 5.5 reads it");
  if (probe.body == ProbeBody::exec_call)
    r.notes.push_back("EXEC = " + probe.exec_text() + " written with s_mov before the instruction and restored before the stores; D's " +
                      (probe.ins->family == Family::swmmac ? std::string("registers held C (the accumulator)")
                                                           : "registers held " + marker_text() + " in every word") + " before it");
  if (probe.recipe == Recipe::ignored_lane_noise)
    for (Operand op : operands_with_unused_lanes(*probe.ins)) {
      const std::vector<int> lanes = lanes_without_elements(*probe.ins, op);
      r.notes.push_back(std::string(operand_name(op)) + ": " + std::to_string(lanes.size()) + " lanes (" + std::to_string(lanes.front()) +
                        "-" + std::to_string(lanes.back()) + ") held nonzero noise where the layout holds no element; `registers` "
                        "shows it, inputs." + std::string(operand_name(op)) + " is the matrix of the other lanes");
    }
  if (probe.timed()) {
    r.outputs.clear();
    r.notes.push_back("timed probe: D ends a multi-instruction region (" + probe.benchmark + "), kept as raw registers only");
  }
  return r;
}

}  // namespace wmmasim::hw
