// Fiber stacks for one worker thread, reused from block to block (creating a block's fibers then
// costs no system call). Each stack has an inaccessible guard page below it, so an overflow faults
// at once instead of corrupting a neighbour; the SIGSEGV handler turns that into one sentence.
#pragma once

#include <cstddef>
#include <vector>

#include <boost/context/stack_context.hpp>

namespace wmmasim::simt::detail {

class StackPool {
 public:
  explicit StackPool(std::size_t usable_bytes);
  ~StackPool();
  StackPool(const StackPool&) = delete;
  StackPool& operator=(const StackPool&) = delete;

  boost::context::stack_context take();
  void give_back(boost::context::stack_context& sc) noexcept;
  std::size_t usable_bytes() const { return usable_; }

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

// The StackAllocator Boost.Context asks for when a fiber is created and destroyed.
struct PooledStack {
  StackPool* pool;
  boost::context::stack_context allocate() { return pool->take(); }
  void deallocate(boost::context::stack_context& sc) noexcept { pool->give_back(sc); }
};

}  // namespace wmmasim::simt::detail
