// Memory whose edges trap. The bytes end exactly where an inaccessible guard page begins, so the
// first access past the end faults at once, without instrumenting the code that makes it; another
// guard page lies below the page the bytes start in. The start is aligned (HIP promises 256 bytes
// for hipMalloc), so up to alignment-1 bytes just below it, and the rest of its page, do not trap:
// that slack holds a known pattern, and slack_damage() tells whether anything wrote there.
#pragma once

#include <cstddef>
#include <optional>

namespace wmmasim::simt {

class GuardedRegion {
 public:
  GuardedRegion() = default;
  GuardedRegion(std::size_t bytes, std::size_t alignment);  // throws std::bad_alloc
  ~GuardedRegion();
  GuardedRegion(GuardedRegion&& other) noexcept;
  GuardedRegion& operator=(GuardedRegion&& other) noexcept;
  GuardedRegion(const GuardedRegion&) = delete;
  GuardedRegion& operator=(const GuardedRegion&) = delete;

  std::byte* data() const { return data_; }
  std::size_t size() const { return size_; }
  explicit operator bool() const { return map_ != nullptr; }

  // The offset of `address` from data() when it lies anywhere in this region's mapping (guard pages
  // and slack included; negative below the bytes), else nothing.
  std::optional<std::ptrdiff_t> offset_of(const void* address) const;

  // Makes the bytes and slack inaccessible (a freed allocation; device memory between kernels) or
  // accessible again. Inaccessible memory gives its physical pages back when `discard` is set.
  void set_accessible(bool accessible, bool discard = false);

  // The offset (from data(), negative: below it) of the first slack byte that no longer holds the
  // pattern, if any: a write just outside the bytes that the guard pages could not catch.
  std::optional<std::ptrdiff_t> slack_damage() const;

 private:
  void release() noexcept;
  std::byte* map_ = nullptr;  // guard page, pages holding slack and bytes, guard page
  std::size_t map_bytes_ = 0;
  std::byte* data_ = nullptr;
  std::size_t size_ = 0;
};

}  // namespace wmmasim::simt
