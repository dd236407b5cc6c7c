// Lane stacks for one worker thread, reused from launch to launch (starting a block's lanes then
// costs no system call). Each stack has an inaccessible guard page below it, so an overflow faults
// at once instead of corrupting a neighbour; the SIGSEGV handler turns that into one sentence.
#pragma once

#include <cstddef>
#include <memory>
#include <vector>

namespace wmmasim::simt::detail {

struct StackRegion {
  void* top = nullptr;  // stacks grow down from here
  std::size_t bytes = 0;
};

class StackPool {
 public:
  explicit StackPool(std::size_t usable_bytes);
  ~StackPool();
  StackPool(const StackPool&) = delete;
  StackPool& operator=(const StackPool&) = delete;

  StackRegion take();
  void give_back(const StackRegion& stack) noexcept;
  std::size_t usable_bytes() const { return usable_; }
  static std::size_t rounded(std::size_t bytes);  // whole pages
  static std::size_t page_bytes();

  // True when `address` lies in the guard page of one of this pool's stacks.
  bool is_guard_page(const void* address) const;

 private:
  struct Region {
    char* base;  // guard page first, stack above it
    std::size_t bytes;
  };
  std::size_t usable_, page_;
  std::vector<Region> regions_;
  std::vector<char*> free_;  // regions' bases not in use
};

// Pools outlive launches: a launch borrows one per worker and gives it back, so the stacks' pages,
// once touched, are not faulted in again by the next launch (that dominated short launches).
class BorrowedStackPool {
 public:
  explicit BorrowedStackPool(std::size_t usable_bytes);
  ~BorrowedStackPool();
  BorrowedStackPool(const BorrowedStackPool&) = delete;
  BorrowedStackPool& operator=(const BorrowedStackPool&) = delete;
  StackPool& operator*() const { return *pool_; }
  StackPool* operator->() const { return pool_.get(); }

 private:
  std::unique_ptr<StackPool> pool_;
};

}  // namespace wmmasim::simt::detail
