// WH1/WH2 follow LLVM's GCNHazardRecognizer::fixWMMAHazards (llvm/llvm-project,
// llvm/lib/Target/AMDGPU/GCNHazardRecognizer.cpp, read at 00b3068e): a WMMA or SWMMAC whose A or B
// (WH1), or on gfx12 whose SWMMAC index (WH2), overlaps the D of the previous WMMA/SWMMAC is a
// hazard, which the compiler ends with one V_NOP; the search stops at the first VALU instruction
// (any VALU, a v_nop or another WMMA, expires it; SALU, memory and barriers do not). On gfx12 C
// overlapping that D is not a hazard: the hardware stalls (b_acc times it), so neither is a SWMMAC
// accumulating into it.
#include "wmmasim/cycles/hazards.hpp"

#include <algorithm>
#include <optional>

#include "wmmasim/error.hpp"

namespace wmmasim::cycles {

std::string_view hazard_name(HazardId id) {
  switch (id) {
    case HazardId::wh1: return "WH1";
    case HazardId::wh2: return "WH2";
    case HazardId::rocroller: return "rocRoller-WMMA-D";
  }
  return "?";
}

namespace {

// rocRoller's RDNA4 padding between a WMMA and a VALU touching its D (timing.md 3.2): 4 after an
// 8-pass WMMA, 8 after a 16-pass one. No rule is known for other pass counts.
int rocroller_required_gap(const Instruction& ins) {
  if (ins.arch != Arch::rdna4) return 0;
  return ins.issue_cycles == 8 ? 4 : ins.issue_cycles == 16 ? 8 : 0;
}

std::optional<VgprRange> intersection(VgprRange a, VgprRange b) {
  if (!a.overlaps(b)) return std::nullopt;
  const auto first = std::max(a.first, b.first);
  return VgprRange{first, static_cast<std::uint16_t>(std::min(a.end(), b.end()) - first)};
}

std::optional<VgprRange> overlap_with_writes(const TraceEvent& producer, VgprRange r) {
  for (VgprRange w : producer.writes)
    if (auto x = intersection(w, r)) return x;
  return std::nullopt;
}

std::string at(const TraceEvent& e) { return std::string(e.name()) + " at " + to_string(e.where); }

class WaveChecker {
 public:
  WaveChecker(const WaveTrace& wave, bool strict, std::vector<Hazard>& out) : wave_(wave), strict_(strict), out_(out) {}

  void run() {
    for (std::size_t i = 0; i < wave_.events.size(); ++i) {
      const TraceEvent& e = wave_.events[i];
      // Older WMMAs are beyond every rocRoller window (at most 8 instructions between).
      std::erase_if(recent_wmmas_, [&](std::size_t p) { return i - p > 9; });
      if (e.kind == InstrKind::wmma && last_valu_ && wave_.events[*last_valu_].kind == InstrKind::wmma)
        check_matrix_after_matrix(*last_valu_, i);
      if (e.kind == InstrKind::valu) check_rocroller(i);
      if (is_valu_class(e.kind)) last_valu_ = i;
      if (e.kind == InstrKind::wmma) recent_wmmas_.push_back(i);
    }
  }

 private:
  void check_matrix_after_matrix(std::size_t producer, std::size_t consumer) {
    const TraceEvent& p = wave_.events[producer];
    const TraceEvent& c = wave_.events[consumer];
    for (const VgprRead& r : c.reads) {
      if (r.role != ReadRole::a && r.role != ReadRole::b && r.role != ReadRole::index) continue;
      auto regs = overlap_with_writes(p, r.regs);
      if (!regs) continue;
      const bool index = r.role == ReadRole::index;
      const std::string what = index ? "as the sparse index" : "as " + std::string(role_name(r.role));
      add(index ? HazardId::wh2 : HazardId::wh1, strict_ ? Severity::error : Severity::warning, producer, consumer,
          at(c) + " reads " + to_string(*regs) + " " + what + " directly after " + at(p) +
              " wrote it, with no VALU instruction between (" + std::string(hazard_name(index ? HazardId::wh2 : HazardId::wh1)) +
              "); insert v_nop (one is enough, as LLVM inserts)");
    }
  }

  void check_rocroller(std::size_t consumer) {
    const TraceEvent& c = wave_.events[consumer];
    for (std::size_t producer : recent_wmmas_) {
      const TraceEvent& p = wave_.events[producer];
      const int need = rocroller_required_gap(*p.matrix);
      const auto between = static_cast<int>(consumer - producer - 1);
      if (between >= need) continue;
      std::optional<VgprRange> regs;
      std::string verb;
      for (const VgprRead& r : c.reads)
        if (!regs && (regs = overlap_with_writes(p, r.regs))) verb = "reads";
      for (VgprRange w : c.writes)
        if (!regs && (regs = overlap_with_writes(p, w))) verb = "writes";
      if (!regs) continue;
      add(HazardId::rocroller, Severity::warning, producer, consumer,
          at(c) + " " + verb + " " + to_string(*regs) + ", the D of the " + std::to_string(p.matrix->issue_cycles) +
              "-pass " + at(p) + ", with " + std::to_string(between) + " instruction(s) between; the rocRoller rule pads " +
              std::to_string(need) + " (LLVM relies on a hardware interlock instead, so this is only a warning)");
    }
  }

  void add(HazardId id, Severity s, std::size_t producer, std::size_t consumer, std::string message) {
    out_.push_back({id, s, wave_.wave_id, consumer, producer, wave_.events[consumer].where, wave_.events[producer].where,
                    "wave " + std::to_string(wave_.wave_id) + ": " + message});
  }

  const WaveTrace& wave_;
  bool strict_;
  std::vector<Hazard>& out_;
  std::optional<std::size_t> last_valu_;
  std::vector<std::size_t> recent_wmmas_;
};

}  // namespace

std::vector<Hazard> check_hazards(const Program& program, bool strict) {
  std::vector<Hazard> out;
  for (const WaveTrace& w : program.waves) WaveChecker(w, strict, out).run();
  return out;
}

void require_no_hazard_errors(const std::vector<Hazard>& hazards) {
  for (const Hazard& h : hazards)
    if (h.severity == Severity::error) throw UserError(h.message);
}

}  // namespace wmmasim::cycles
