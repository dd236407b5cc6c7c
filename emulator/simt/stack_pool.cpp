#include "stack_pool.hpp"

#include <sys/mman.h>
#include <unistd.h>

#include <cstdint>
#include <mutex>
#include <new>

namespace wmmasim::simt::detail {

std::size_t StackPool::page_bytes() { return static_cast<std::size_t>(::sysconf(_SC_PAGESIZE)); }

std::size_t StackPool::rounded(std::size_t bytes) { return (bytes + page_bytes() - 1) / page_bytes() * page_bytes(); }

StackPool::StackPool(std::size_t usable_bytes) : usable_(rounded(usable_bytes)), page_(page_bytes()) {}

StackPool::~StackPool() {
  for (const Region& r : regions_) ::munmap(r.base, r.bytes);
}

StackRegion StackPool::take() {
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
  // Stacks grow down from the top. Every region has the same size, so without an offset the hot
  // top of every lane's stack would fall in the same cache set; stagger the tops by cache lines.
  const std::size_t colour = (reinterpret_cast<std::uintptr_t>(base) / page_ % 64) * 64;
  return StackRegion{base + page_ + usable_ - colour, usable_ - colour};
}

void StackPool::give_back(const StackRegion& stack) noexcept {
  free_.push_back(static_cast<char*>(stack.top) + (usable_ - stack.bytes) - usable_ - page_);
}

bool StackPool::is_guard_page(const void* address) const {
  const char* a = static_cast<const char*>(address);
  for (const Region& r : regions_)
    if (a >= r.base && a < r.base + page_) return true;
  return false;
}

namespace {
std::mutex g_idle_mutex;
std::vector<std::unique_ptr<StackPool>> g_idle_pools;  // a handful at most: one per worker thread
}  // namespace

BorrowedStackPool::BorrowedStackPool(std::size_t usable_bytes) {
  {
    std::lock_guard lock(g_idle_mutex);
    for (auto it = g_idle_pools.begin(); it != g_idle_pools.end(); ++it)
      if ((*it)->usable_bytes() == StackPool::rounded(usable_bytes)) {
        pool_ = std::move(*it);
        g_idle_pools.erase(it);
        return;
      }
  }
  pool_ = std::make_unique<StackPool>(usable_bytes);
}

BorrowedStackPool::~BorrowedStackPool() {
  std::lock_guard lock(g_idle_mutex);
  g_idle_pools.push_back(std::move(pool_));
}

}  // namespace wmmasim::simt::detail
