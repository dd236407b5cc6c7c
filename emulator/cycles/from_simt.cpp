#include "wmmasim/cycles/from_simt.hpp"

#include <map>
#include <string_view>
#include <tuple>
#include <unordered_map>

#include "wmmasim/cycles/hardware.hpp"
#include "wmmasim/layouts/instruction_table.hpp"

namespace wmmasim::cycles {
namespace {

// Virtual registers: a ring over VGPRs [base, base + size). A value is looked up by the register it
// was last written to, and matrix results are rewritten every step, so values live far shorter than
// one trip around the ring.
class VirtualRegisters {
 public:
  VirtualRegisters(int base, int size) : base_(base), size_(size) {}
  VgprRange fresh(int count) {
    if (next_ + count > size_) next_ = 0;
    const VgprRange r{static_cast<std::uint16_t>(base_ + next_), static_cast<std::uint16_t>(count)};
    next_ += count;
    return r;
  }

 private:
  int base_, size_, next_ = 0;
};

// Global loads get a ring of their own, so a prefetched tile that waits in registers across a whole
// tile of math is not overwritten by the WMMAs' virtual results (a false dependency).
constexpr int kGlobalLoadRing = 32;

// VGPRs a memory event's data takes per lane.
int data_vgprs(const simt::TraceEvent& e) { return static_cast<int>(std::max(1u, (e.bytes + 3) / 4)); }

SourceLocation location(Program& p, const std::source_location& where) {
  return SourceLocation{p.intern(where.file_name()), static_cast<std::uint32_t>(where.line())};
}

}  // namespace

Program program_from_simt(const std::string& name, const std::vector<simt::WaveTrace>& waves,
                          const FromSimtOptions& options) {
  Program program;
  program.name = name;
  std::map<std::tuple<unsigned, unsigned, unsigned>, int> block_ids;
  for (const simt::WaveTrace& w : waves) {
    const auto key = std::make_tuple(w.block.z, w.block.y, w.block.x);
    const int block = block_ids.try_emplace(key, static_cast<int>(block_ids.size())).first->second;
    WaveTrace out;
    out.wave_id = static_cast<int>(program.waves.size());
    out.block = block;
    out.simd = (block % options.compute_units) * kSimdsPerCu + w.wave % kSimdsPerCu;
    out.wave_size = w.wave_size;
    out.vgprs = options.vgprs_per_lane;
    out.lds_bytes = static_cast<int>(w.dynamic_shared_bytes);
    // With too few VGPRs for a ring of their own, global loads share the whole space.
    const int vgprs = options.vgprs_per_lane;
    const bool own_ring = vgprs >= 2 * kGlobalLoadRing;
    VirtualRegisters regs(0, own_ring ? vgprs - kGlobalLoadRing : vgprs);
    VirtualRegisters global_loads(own_ring ? vgprs - kGlobalLoadRing : 0, own_ring ? kGlobalLoadRing : vgprs);
    std::unordered_map<std::uint64_t, VgprRange> produced;  // value id -> where a WMMA wrote it
    VgprRange last_load;                                     // destination of the latest load
    VgprRange last_global_load;                              // ... of the latest global load
    for (const simt::TraceEvent& e : w.events) {
      TraceEvent t;
      t.where = location(program, e.where);
      t.bytes = e.bytes * static_cast<std::uint32_t>(w.active_lanes);
      switch (e.kind) {
        case simt::EventKind::wmma: {
          const Instruction* ins = find_builtin(e.name);
          if (!ins || ins->family == Family::load_tr) break;  // not a matrix instruction: dropped below
          t.kind = InstrKind::wmma;
          t.matrix = ins;
          const int sizes[4] = {ins->vgprs_a, ins->vgprs_b, ins->vgprs_cd, ins->has_index() ? 1 : 0};
          const ReadRole roles[4] = {ReadRole::a, ReadRole::b, ReadRole::c, ReadRole::index};
          for (int op = 0; op < 4; ++op) {
            if (!sizes[op] || !e.reads[op]) continue;
            const auto it = produced.find(e.reads[op]);
            // A/B nobody produced: loaded from memory, taken to be the latest load's destination.
            const VgprRange r = it != produced.end()                 ? it->second
                                : (op != 2 && !last_load.empty()) ? last_load
                                                                  : regs.fresh(sizes[op]);
            t.reads.push_back({r, roles[op]});
          }
          const VgprRange d = regs.fresh(ins->vgprs_cd);
          t.writes.push_back(d);
          produced[e.write] = d;
          break;
        }
        case simt::EventKind::lds:
          if (std::string_view(e.name) == "ds_store") {  // stores what the latest global load brought (a tile copy)
            t.kind = InstrKind::lds_store;
            t.reads.push_back({last_global_load.empty() ? regs.fresh(data_vgprs(e)) : last_global_load, ReadRole::other});
            break;
          }
          [[fallthrough]];
        case simt::EventKind::global_load:
          t.kind = e.kind == simt::EventKind::lds ? InstrKind::lds_load : InstrKind::global_load;
          t.label = *e.name ? e.name : "";
          if (e.kind == simt::EventKind::global_load) last_load = last_global_load = global_loads.fresh(data_vgprs(e));
          else last_load = regs.fresh(data_vgprs(e));
          t.writes.push_back(last_load);
          if (e.write) produced[e.write] = last_load;  // global_load_tr results feed WMMAs
          break;
        case simt::EventKind::global_store:
          t.kind = InstrKind::global_store;
          t.reads.push_back({regs.fresh(data_vgprs(e)), ReadRole::other});
          break;
        case simt::EventKind::barrier: t.kind = InstrKind::barrier; break;
        case simt::EventKind::timer: t.kind = InstrKind::timer; break;
        case simt::EventKind::valu: t.kind = InstrKind::valu; t.label = e.name; break;
      }
      if (e.kind == simt::EventKind::wmma && !t.matrix) continue;
      out.events.push_back(std::move(t));
    }
    program.waves.push_back(std::move(out));
  }
  return program;
}

}  // namespace wmmasim::cycles
