#include "wmmasim/cycles/builder.hpp"

#include <algorithm>

#include "wmmasim/error.hpp"

namespace wmmasim::cycles {

VgprRange WaveBuilder::alloc(int n) {
  if (n < 0 || next_free_ + n > 0xFFFF) throw UserError("cannot allocate " + std::to_string(n) + " more VGPRs");
  VgprRange r{static_cast<std::uint16_t>(next_free_), static_cast<std::uint16_t>(n)};
  next_free_ += n;
  return r;
}

TraceEvent& WaveBuilder::add(InstrKind kind, const char* label, Loc loc) {
  TraceEvent& e = trace().events.emplace_back();
  e.kind = kind;
  e.label = label;
  e.where = {loc.file_name(), loc.line()};
  return e;
}

WaveBuilder& WaveBuilder::event(TraceEvent e) {
  for (VgprRange w : e.writes) next_free_ = std::max(next_free_, int(w.end()));
  for (const VgprRead& r : e.reads) next_free_ = std::max(next_free_, int(r.regs.end()));
  trace().events.push_back(std::move(e));
  return *this;
}

WaveBuilder& WaveBuilder::wmma(const Instruction& ins, VgprRange d, VgprRange a, VgprRange b, VgprRange c, Loc loc) {
  if (ins.family != Family::wmma)
    throw UserError(std::string(ins.name) + " is not a dense WMMA; use swmmac() for sparse instructions");
  TraceEvent& e = add(InstrKind::wmma, "", loc);
  e.matrix = &ins;
  e.writes = {d};
  e.reads = {{a, ReadRole::a}, {b, ReadRole::b}, {c, ReadRole::c}};
  return *this;
}

WaveBuilder& WaveBuilder::swmmac(const Instruction& ins, VgprRange d, VgprRange a, VgprRange b, VgprRange index,
                                 Loc loc) {
  if (ins.family != Family::swmmac) throw UserError(std::string(ins.name) + " is not a SWMMAC instruction");
  TraceEvent& e = add(InstrKind::wmma, "", loc);
  e.matrix = &ins;
  e.writes = {d};
  e.reads = {{a, ReadRole::a}, {b, ReadRole::b}, {d, ReadRole::c}, {index, ReadRole::index}};
  return *this;
}

WaveBuilder& WaveBuilder::valu(const std::vector<VgprRange>& writes, const std::vector<VgprRange>& reads,
                               const char* label, Loc loc) {
  TraceEvent& e = add(InstrKind::valu, label, loc);
  e.writes.assign(writes.begin(), writes.end());
  for (VgprRange r : reads) e.reads.push_back({r, ReadRole::other});
  return *this;
}

WaveBuilder& WaveBuilder::nop(Loc loc) {
  add(InstrKind::nop, "v_nop", loc);
  return *this;
}

WaveBuilder& WaveBuilder::salu(const char* label, Loc loc) {
  add(InstrKind::salu, label, loc);
  return *this;
}

WaveBuilder& WaveBuilder::lds_load(VgprRange dst, unsigned bytes, Loc loc) {
  TraceEvent& e = add(InstrKind::lds_load, "ds_load", loc);
  e.writes = {dst};
  e.bytes = bytes;
  return *this;
}

WaveBuilder& WaveBuilder::lds_store(VgprRange src, unsigned bytes, Loc loc) {
  TraceEvent& e = add(InstrKind::lds_store, "ds_store", loc);
  e.reads = {{src, ReadRole::other}};
  e.bytes = bytes;
  return *this;
}

WaveBuilder& WaveBuilder::global_load(VgprRange dst, unsigned bytes, Loc loc) {
  TraceEvent& e = add(InstrKind::global_load, "global_load", loc);
  e.writes = {dst};
  e.bytes = bytes;
  return *this;
}

WaveBuilder& WaveBuilder::global_store(VgprRange src, unsigned bytes, Loc loc) {
  TraceEvent& e = add(InstrKind::global_store, "global_store", loc);
  e.reads = {{src, ReadRole::other}};
  e.bytes = bytes;
  return *this;
}

WaveBuilder& WaveBuilder::barrier(Loc loc) {
  add(InstrKind::barrier, "s_barrier", loc);
  return *this;
}

WaveBuilder& WaveBuilder::timer(Loc loc) {
  add(InstrKind::timer, "s_getreg SHADER_CYCLES", loc);
  return *this;
}

ProgramBuilder::ProgramBuilder(std::string name) { program_.name = std::move(name); }

WaveBuilder& ProgramBuilder::wave(WaveSetup setup) {
  if (setup.wave_size != 32 && setup.wave_size != 64)
    throw UserError("wave size " + std::to_string(setup.wave_size) + " is not supported; expected 32 or 64");
  WaveTrace& t = program_.waves.emplace_back();
  t.wave_id = static_cast<int>(program_.waves.size() - 1);
  t.simd = setup.simd;
  t.block = setup.block;
  t.wave_size = setup.wave_size;
  return builders_.emplace_back(WaveBuilder(&program_, program_.waves.size() - 1));
}

Program ProgramBuilder::take() {
  builders_.clear();
  return std::move(program_);
}

}  // namespace wmmasim::cycles
