// The race shadow (wmmasim/simt/race_notes.hpp): every access of a block's lanes to memory outside
// their stacks, word by word. Whether two accesses conflict does not depend on the order in which
// this run took them: only on the barriers and wave rendezvous between them, which are the same in
// every order the GPU could run the block in.
#include <functional>

#include "block_runner.hpp"

namespace wmmasim::simt::detail {

void BlockRunner::record_access(LaneState& lane, std::uintptr_t address, unsigned bytes, bool store, const void* code) {
  const std::uint32_t meeting = waves[lane.wave].meetings;
  // Unordered with this access: the same barrier interval, another lane, and either another wave or
  // no rendezvous of this wave in between.
  const auto unordered = [&](const ShadowAccess& a) {
    return a.barrier == barriers_ && (a.wave != lane.wave || (a.lane != lane.lane && a.meeting == meeting));
  };
  const ShadowAccess now{barriers_, meeting, lane.wave, lane.lane, code};
  for (std::uintptr_t word = address & ~std::uintptr_t{3}; word < address + bytes; word += 4) {
    ShadowWord& w = shadow_[word];
    const std::uintptr_t at = std::max(word, address);
    if (unordered(w.write))
      note_race(store ? RaceKind::write_after_write : RaceKind::read_after_write, lane, at, w.write.code, w.write.wave,
                w.write.lane, code);
    if (store) {
      for (const ShadowAccess* r : {&w.read, &w.other_read})
        if (unordered(*r)) note_race(RaceKind::write_after_read, lane, at, r->code, r->wave, r->lane, code);
      w.write = now;
    } else {
      if (w.read.barrier == barriers_ && w.read.wave != lane.wave) w.other_read = w.read;
      w.read = now;
    }
  }
}

// Told once per block for each kind, wave relation and pair of instructions; the sink counts blocks.
void BlockRunner::note_race(RaceKind kind, const LaneState& lane, std::uintptr_t address, const void* first_code,
                            int first_wave, int first_lane, const void* code) {
  const bool same_wave = first_wave == lane.wave;
  const std::uint64_t key = (std::hash<const void*>{}(first_code) * 31 + std::hash<const void*>{}(code)) * 8 +
                            static_cast<std::uint64_t>(kind) * 2 + same_wave;
  if (!races_noted_.insert(key).second) return;
  RaceNote note;
  note.kind = kind;
  note.same_wave = same_wave;
  note.kernel = launch.kernel;
  note.block = block_idx;
  note.address = reinterpret_cast<const void*>(address);
  note.first = RaceAccess{first_wave, first_lane, first_code};
  note.second = RaceAccess{lane.wave, lane.lane, code};
  const auto shared = reinterpret_cast<std::uintptr_t>(dynamic_shared.data());
  if (address >= shared && address < shared + dynamic_shared.size()) {
    note.memory = "dynamic shared memory";
    note.offset = address - shared;
  }
  launch.options.race_notes->note(note);
}

}  // namespace wmmasim::simt::detail
