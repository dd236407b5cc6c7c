// initcheck's shadow (wmmasim/simt/init_notes.hpp): which bytes of shared memory this block has
// written, and, through the launch's InitWatch, which bytes of each device buffer anything has.
// A load that reads bytes nothing wrote is told once per block and instruction.
#include <algorithm>
#include <cstring>

#include "block_runner.hpp"

namespace wmmasim::simt::detail {
namespace {

// The bytes of [begin, end) that `written` marks unwritten, in the 16-byte window around
// [address, address + bytes): true when all of them still hold the unwritten pattern (and there is
// one). Otherwise a write the hooks did not see changed them, and those bytes are marked written.
// Other threads may write buffer bytes meanwhile (a race of the program's): byte-wise atomics.
bool holds_pattern(std::uint8_t* written, std::uintptr_t begin, std::uintptr_t end, std::uintptr_t address,
                   unsigned bytes) {
  const std::uintptr_t from = std::max(begin, address & ~std::uintptr_t{15});
  const std::uintptr_t to = std::min(end, (address + bytes + 15) & ~std::uintptr_t{15});
  bool unwritten = false, changed = false;
  for (std::uintptr_t a = from; a < to; ++a) {
    std::uint8_t* w = written + (a - begin);
    if (__atomic_load_n(w, __ATOMIC_RELAXED)) continue;
    if (__atomic_load_n(reinterpret_cast<const std::uint8_t*>(a), __ATOMIC_RELAXED) == unwritten_byte(a)) {
      unwritten |= a >= address && a < address + bytes;
    } else {
      __atomic_store_n(w, std::uint8_t{1}, __ATOMIC_RELAXED);
      changed = true;
    }
  }
  return unwritten && !changed;
}

}  // namespace

void BlockRunner::start_init_tracking() {
  if (!static_shared_known_) {  // the same variables for every block this thread runs
    static_shared_known_ = true;
    shared_written_.assign(1, SharedBytes{});
    const SinkCall sink(*this);
    for (const auto& [begin, end] : launch.options.init_watch->static_shared_ranges())
      shared_written_.push_back(SharedBytes{begin, end, std::vector<std::uint8_t>(end - begin)});
  }
  SharedBytes& dynamic = shared_written_.front();
  dynamic.begin = reinterpret_cast<std::uintptr_t>(dynamic_shared.data());
  dynamic.end = dynamic.begin + dynamic_shared.size();
  dynamic.written.resize(dynamic_shared.size());
  for (SharedBytes& s : shared_written_) {  // a block finds garbage in its LDS, as on the GPU
    std::fill(s.written.begin(), s.written.end(), std::uint8_t{0});
    fill_unwritten(reinterpret_cast<void*>(s.begin), s.end - s.begin);
  }
  uninit_noted_.clear();
}

void BlockRunner::track_written(LaneState* lane, std::uintptr_t address, unsigned bytes, bool store, const void* code) {
  std::uint8_t* written = nullptr;
  std::uintptr_t begin = 0, end = 0;
  bool dynamic = false;
  for (std::size_t i = 0; i < shared_written_.size() && !written; ++i)
    if (SharedBytes& s = shared_written_[i]; address >= s.begin && address < s.end) {
      written = s.written.data();
      begin = s.begin;
      end = s.end;
      dynamic = i == 0;
    }
  if (!written) {
    if (address < buffer_written_.begin || address >= buffer_written_.end) {
      const SinkCall sink(*this);
      buffer_written_ = launch.options.init_watch->buffer_at(reinterpret_cast<const void*>(address));
    }
    if (!buffer_written_.written) return;
    written = buffer_written_.written;
    begin = buffer_written_.begin;
    end = buffer_written_.end;
  }
  std::uint8_t* w = written + (address - begin);
  const std::size_t n = std::min<std::size_t>(bytes, end - address);
  if (store) {
    for (std::size_t k = 0; k < n; ++k) __atomic_store_n(w + k, std::uint8_t{1}, __ATOMIC_RELAXED);
    return;
  }
  for (std::size_t k = 0; k < n; ++k)
    if (__atomic_load_n(w + k, __ATOMIC_RELAXED) == 0) {
      if (holds_pattern(written, begin, end, address, bytes)) note_uninitialised(*lane, address + k, bytes, code, dynamic);
      return;
    }
}

void BlockRunner::note_uninitialised(const LaneState& lane, std::uintptr_t address, unsigned bytes, const void* code,
                                     bool dynamic) {
  if (!uninit_noted_.insert(code).second) return;
  UninitNote note;
  note.kernel = launch.kernel;
  note.block = block_idx;
  note.wave = lane.wave;
  note.lane = lane.lane;
  note.address = reinterpret_cast<const void*>(address);
  note.bytes = bytes;
  note.code = code;
  if (dynamic) {
    note.memory = "dynamic shared memory";
    note.offset = address - shared_written_.front().begin;
  }
  const SinkCall sink(*this);
  launch.options.init_watch->note(note);
}

}  // namespace wmmasim::simt::detail
