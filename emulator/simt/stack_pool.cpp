#include "stack_pool.hpp"

#include <sys/mman.h>
#include <unistd.h>

#include <new>

namespace wmmasim::simt::detail {

StackPool::StackPool(std::size_t usable_bytes) : page_(static_cast<std::size_t>(::sysconf(_SC_PAGESIZE))) {
  usable_ = (usable_bytes + page_ - 1) / page_ * page_;
}

StackPool::~StackPool() {
  for (const Region& r : regions_) ::munmap(r.base, r.bytes);
}

boost::context::stack_context StackPool::take() {
  char* base;
  if (!free_.empty()) {
    base = free_.back();
    free_.pop_back();
  } else {
    const std::size_t bytes = usable_ + page_;
    // MAP_NORESERVE: a 1024-lane block reserves 256 MiB of address space but touches only what runs.
    void* p = ::mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (p == MAP_FAILED) throw std::bad_alloc();
    base = static_cast<char*>(p);
    ::mprotect(base, page_, PROT_NONE);
    regions_.push_back({base, bytes});
  }
  boost::context::stack_context sc;
  sc.size = usable_;
  sc.sp = base + page_ + usable_;  // stacks grow down from the top
  return sc;
}

void StackPool::give_back(boost::context::stack_context& sc) noexcept {
  free_.push_back(static_cast<char*>(sc.sp) - usable_ - page_);
}

bool StackPool::is_guard_page(const void* address) const {
  const char* a = static_cast<const char*>(address);
  for (const Region& r : regions_)
    if (a >= r.base && a < r.base + page_) return true;
  return false;
}

}  // namespace wmmasim::simt::detail
