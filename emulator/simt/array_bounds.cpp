// Array subscripts out of bounds in code built by wmmasim-hipcc: clang's -fsanitize=array-bounds
// checks every subscript of an array whose size the type gives (a static __shared__ tile, a lane's
// private array, a __device__ table) and calls the handler below with the index and its source
// location. It is the only way to catch an off-by-one from one static __shared__ array into the
// next: on the CPU both are thread_local variables laid end to end, as LDS lays them out on the
// GPU, so the address itself is valid and no guard page or hook sees anything wrong.
//
// In a lane the access has not happened yet: the lane stops with a memcheck fault naming the line.
// In host code the process stops with status 2, as a host access to a device buffer's guard page
// does. The definitions are weak: a build with UBSan's own runtime (-fsanitize=undefined) keeps
// UBSan's handlers and reports.
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>

#include <unistd.h>

#include "wmmasim/simt/fault.hpp"
#include "wmmasim/simt/lane_context.hpp"
#include "wmmasim/simt/memory_faults.hpp"

namespace {

// The layout clang emits for the handler's static data (compiler-rt's ubsan_handlers.h, an ABI).
struct SourceLocation {
  const char* file;
  std::uint32_t line;
  std::uint32_t column;
};
struct TypeDescriptor {
  std::uint16_t kind;  // 0: integer
  std::uint16_t info;  // integer: log2(bit width) << 1 | signed
  char name[1];        // "'float[16][16]'", quotes included
};
struct OutOfBoundsData {
  SourceLocation where;
  const TypeDescriptor& array;
  const TypeDescriptor& index;
};

// The index as the program's type holds it (values wider than a pointer are passed by address).
std::string index_text(const TypeDescriptor& type, std::uintptr_t value) {
  const unsigned bits = type.kind == 0 ? 1u << (type.info >> 1) : 64;
  const bool is_signed = type.kind == 0 && (type.info & 1);
  if (bits > 64) {  // __int128: its low 64 bits name any index a program can mean
    std::uint64_t low;
    std::memcpy(&low, reinterpret_cast<const void*>(value), sizeof low);
    return is_signed ? std::to_string(static_cast<std::int64_t>(low)) : std::to_string(low);
  }
  if (!is_signed) return std::to_string(static_cast<std::uint64_t>(value));
  const unsigned shift = 64 - bits;  // sign-extend from the index's width
  return std::to_string(static_cast<std::int64_t>(static_cast<std::uint64_t>(value) << shift) >> shift);
}

// "tile.hip:33", from the check's data. The handler's return address is no better: clang shares one
// cold call among checks, which the line tables give to whichever function was inlined last.
std::string location_text(const SourceLocation& where, const void* code) {
  if (!where.file) return wmmasim::simt::code_location(code);
  const char* slash = std::strrchr(where.file, '/');
  return std::string(slash ? slash + 1 : where.file) + ":" + std::to_string(where.line);
}

[[noreturn]] void out_of_bounds(const OutOfBoundsData& data, std::uintptr_t index, const void* code) {
  const std::string what = "out-of-bounds array index " + index_text(data.index, index) + " into " + data.array.name;
  const std::string at = location_text(data.where, code);
  if (wmmasim::simt::in_kernel()) wmmasim::simt::detail::fault_in_lane_at(wmmasim::simt::FaultKind::out_of_bounds, what, at);
  const std::string s = "wmmasim: host code made an " + what + (at.empty() ? "" : " at " + at) +
                        "; stopping the process with status 2\n";
  std::fflush(nullptr);
  [[maybe_unused]] auto n = ::write(STDERR_FILENO, s.data(), s.size());
  ::_exit(2);
}

}  // namespace

extern "C" {
[[gnu::weak]] void __ubsan_handle_out_of_bounds(OutOfBoundsData* data, std::uintptr_t index) {
  out_of_bounds(*data, index, __builtin_return_address(0));
}
[[gnu::weak, noreturn]] void __ubsan_handle_out_of_bounds_abort(OutOfBoundsData* data, std::uintptr_t index) {
  out_of_bounds(*data, index, __builtin_return_address(0));
}
}
