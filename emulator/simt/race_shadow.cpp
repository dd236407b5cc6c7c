// The race shadow (wmmasim/simt/race_notes.hpp): every access of a block's lanes to memory outside
// their stacks, word by word. Whether two accesses conflict does not depend on the order in which
// this run took them: only on the barriers and wave rendezvous between them, which are the same in
// every order the GPU could run the block in.
#include <algorithm>
#include <cstring>
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
  ShadowWord* word = nullptr;
  std::uintptr_t word_address = 1;  // no word yet
  for (std::uintptr_t at = address; at < address + bytes; ++at) {
    if ((at & ~std::uintptr_t{3}) != word_address) {
      word_address = at & ~std::uintptr_t{3};
      word = &shadow_[word_address];
    }
    ShadowByte& b = (*word)[at & 3];
    if (unordered(b.write))
      note_race(store ? RaceKind::write_after_write : RaceKind::read_after_write, lane, at, b.write.code, b.write.wave,
                b.write.lane, code);
    if (store) {
      for (const ShadowAccess* r : {&b.read, &b.other_read})
        if (unordered(*r)) note_race(RaceKind::write_after_read, lane, at, r->code, r->wave, r->lane, code);
      b.write = now;
    } else {
      if (b.read.barrier == barriers_ && b.read.wave != lane.wave) b.other_read = b.read;
      b.read = now;
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
  const SinkCall sink(*this);
  launch.options.race_notes->note(note);
}

// A store's bytes against the other blocks' stores of this launch. Only a store of a block that has
// completed (this thread ran it, or its thread has moved on) is told: the bytes hold its value now,
// which the sink compares with their value at the launch's end. (A block still running on another
// thread may not have made the store its hook announced yet.)
void BlockRunner::record_block_write(const LaneState& lane, std::uintptr_t address, unsigned bytes, const void* code) {
  if (address < block_writes_.begin || address >= block_writes_.end) {
    const SinkCall sink(*this);
    block_writes_ = launch.options.race_notes->block_writes_at(reinterpret_cast<const void*>(address));
  }
  if (!block_writes_.writers) return;
  const std::uint32_t runner = runner_number_ & BlockWrites::kRunnerMask;
  const std::uint32_t me = block_writes_.launch | runner << BlockWrites::kRunnerShift |
                           static_cast<std::uint32_t>(linear_block_ & BlockWrites::kBlockMask);
  std::uint32_t* w = block_writes_.writers + (address - block_writes_.begin);
  const std::size_t n = std::min<std::size_t>(bytes, block_writes_.end - address);
  bool told = false;  // every byte is marked; the store is told at most once
  for (std::size_t k = 0; k < n; ++k) {
    const std::uint32_t before = __atomic_exchange_n(w + k, me, __ATOMIC_RELAXED);
    if (told || before == me || (before >> BlockWrites::kLaunchShift) != (me >> BlockWrites::kLaunchShift)) continue;
    const std::uint64_t first = before & BlockWrites::kBlockMask;
    const std::uint32_t first_runner = before >> BlockWrites::kRunnerShift & BlockWrites::kRunnerMask;
    if (first_runner != runner &&
        (launch.running_block[first_runner].load(std::memory_order_acquire) & BlockWrites::kBlockMask) == first)
      continue;  // still running on its thread: its store may not have been made yet
    told = true;
    if (!races_noted_.insert(reinterpret_cast<std::uintptr_t>(code) * 8 + 7).second) continue;  // once per block and line
    const dim3 g = launch.grid;
    BlockWriteNote note;
    note.kernel = launch.kernel;
    note.block = block_idx;
    note.first_block = dim3(static_cast<unsigned>(first % g.x), static_cast<unsigned>((first / g.x) % g.y),
                            static_cast<unsigned>(first / (std::uint64_t(g.x) * g.y)));
    note.wave = lane.wave;
    note.lane = lane.lane;
    note.address = reinterpret_cast<const void*>(address);
    note.bytes = static_cast<unsigned>(std::min<std::size_t>(n, note.before.size()));
    std::memcpy(note.before.data(), reinterpret_cast<const void*>(address), note.bytes);
    note.code = code;
    const SinkCall sink(*this);
    launch.options.race_notes->note(note);
  }
}

}  // namespace wmmasim::simt::detail
