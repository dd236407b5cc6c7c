// The memory-access hooks of code built by wmmasim-hipcc: clang's -fsanitize-coverage=trace-loads,
// trace-stores calls __sanitizer_cov_load<N>/__sanitizer_cov_store<N> before every load and store it
// could not prove local, with the address. Here they serve lockstep (BlockRunner::memory_access);
// outside a lane (host code, the scheduler) they return at once. They also feed the race shadow
// (wmmasim/simt/race_notes.hpp) and initcheck's (init_notes.hpp) when a launch asks for them.
#include <cstdint>

#include "block_runner.hpp"

namespace wmmasim::simt::detail {
namespace {

[[gnu::always_inline]] inline void on_access(const void* address, unsigned bytes, bool store, const void* code) {
  LaneState* lane = t_lane;
  if (lane == nullptr) [[likely]]
    return;
  const auto a = reinterpret_cast<std::uintptr_t>(address);
  const auto top = reinterpret_cast<std::uintptr_t>(lane->stack.top);
  if (top - a <= lane->stack.bytes) return;  // the lane's own stack: its private registers' spills
  lane->block->memory_access(*lane, address, bytes, store, code);
}

}  // namespace
}  // namespace wmmasim::simt::detail

using wmmasim::simt::detail::on_access;

// Each hook passes its return address: the kernel's code just after the access's call.
extern "C" {
void __sanitizer_cov_load1(std::uint8_t* p) { on_access(p, 1, false, __builtin_return_address(0)); }
void __sanitizer_cov_load2(std::uint16_t* p) { on_access(p, 2, false, __builtin_return_address(0)); }
void __sanitizer_cov_load4(std::uint32_t* p) { on_access(p, 4, false, __builtin_return_address(0)); }
void __sanitizer_cov_load8(std::uint64_t* p) { on_access(p, 8, false, __builtin_return_address(0)); }
void __sanitizer_cov_load16(__int128* p) { on_access(p, 16, false, __builtin_return_address(0)); }
void __sanitizer_cov_store1(std::uint8_t* p) { on_access(p, 1, true, __builtin_return_address(0)); }
void __sanitizer_cov_store2(std::uint16_t* p) { on_access(p, 2, true, __builtin_return_address(0)); }
void __sanitizer_cov_store4(std::uint32_t* p) { on_access(p, 4, true, __builtin_return_address(0)); }
void __sanitizer_cov_store8(std::uint64_t* p) { on_access(p, 8, true, __builtin_return_address(0)); }
void __sanitizer_cov_store16(__int128* p) { on_access(p, 16, true, __builtin_return_address(0)); }

// wmmasim's atomic functions (hip/detail/atomics.hpp) tell their writes themselves.
void __wmmasim_atomic_written(const void* p, unsigned bytes) noexcept {
  if (wmmasim::simt::detail::LaneState* lane = wmmasim::simt::detail::t_lane) lane->block->atomic_written(p, bytes);
}
}
