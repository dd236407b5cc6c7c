#include "wmmasim/simt/guarded_memory.hpp"

#include <sys/mman.h>
#include <unistd.h>

#include <cstdint>
#include <cstring>
#include <new>
#include <utility>

namespace wmmasim::simt {
namespace {

constexpr unsigned char kSlackPattern = 0xa5;

std::size_t page() {
  static const std::size_t bytes = static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));
  return bytes;
}

std::size_t round_up(std::size_t n, std::size_t to) { return (n + to - 1) / to * to; }

}  // namespace

GuardedRegion::GuardedRegion(std::size_t bytes, std::size_t alignment) {
  const std::size_t p = page();
  const std::size_t body = round_up(bytes + alignment, p);  // room for the bytes and the aligned-down start
  map_bytes_ = body + 2 * p;
  void* m = ::mmap(nullptr, map_bytes_, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (m == MAP_FAILED) throw std::bad_alloc();
  map_ = static_cast<std::byte*>(m);
  if (::mprotect(map_ + p, body, PROT_READ | PROT_WRITE) != 0) {
    release();
    throw std::bad_alloc();
  }
  std::byte* guard_high = map_ + p + body;
  const auto end = reinterpret_cast<std::uintptr_t>(guard_high);
  data_ = reinterpret_cast<std::byte*>((end - bytes) / alignment * alignment);
  size_ = bytes;
  // Only the slack's pages are touched here; the bytes' own pages stay unfaulted until used.
  std::byte* data_page = reinterpret_cast<std::byte*>(reinterpret_cast<std::uintptr_t>(data_) / p * p);
  std::memset(data_page, kSlackPattern, static_cast<std::size_t>(data_ - data_page));
  std::memset(data_ + size_, kSlackPattern, static_cast<std::size_t>(guard_high - (data_ + size_)));
}

GuardedRegion::~GuardedRegion() { release(); }

GuardedRegion::GuardedRegion(GuardedRegion&& o) noexcept
    : map_(std::exchange(o.map_, nullptr)), map_bytes_(std::exchange(o.map_bytes_, 0)),
      data_(std::exchange(o.data_, nullptr)), size_(std::exchange(o.size_, 0)) {}

GuardedRegion& GuardedRegion::operator=(GuardedRegion&& o) noexcept {
  if (this != &o) {
    release();
    map_ = std::exchange(o.map_, nullptr);
    map_bytes_ = std::exchange(o.map_bytes_, 0);
    data_ = std::exchange(o.data_, nullptr);
    size_ = std::exchange(o.size_, 0);
  }
  return *this;
}

void GuardedRegion::release() noexcept {
  if (map_) ::munmap(map_, map_bytes_);
  map_ = data_ = nullptr;
  map_bytes_ = size_ = 0;
}

std::optional<std::ptrdiff_t> GuardedRegion::offset_of(const void* address) const {
  const auto* a = static_cast<const std::byte*>(address);
  if (!map_ || a < map_ || a >= map_ + map_bytes_) return std::nullopt;
  return a - data_;
}

void GuardedRegion::set_accessible(bool accessible, bool discard) {
  if (!map_) return;
  const std::size_t p = page();
  ::mprotect(map_ + p, map_bytes_ - 2 * p, accessible ? PROT_READ | PROT_WRITE : PROT_NONE);
  if (!accessible && discard) ::madvise(map_ + p, map_bytes_ - 2 * p, MADV_DONTNEED);
}

std::optional<std::ptrdiff_t> GuardedRegion::slack_damage() const {
  if (!map_) return std::nullopt;
  const std::size_t p = page();
  const std::byte* data_page = reinterpret_cast<const std::byte*>(reinterpret_cast<std::uintptr_t>(data_) / p * p);
  // Nearest the bytes first: an overrun damages the slack next to them.
  for (const std::byte* b = data_ - 1; b >= data_page; --b)
    if (*b != std::byte{kSlackPattern}) return b - data_;
  const std::byte* guard_high = map_ + map_bytes_ - p;
  for (const std::byte* b = data_ + size_; b < guard_high; ++b)
    if (*b != std::byte{kSlackPattern}) return b - data_;
  return std::nullopt;
}

}  // namespace wmmasim::simt
