// Device memory. Every hipMalloc'd buffer ends where a guard page begins (the first byte past it
// traps, in kernel or host code), sits in its own mapping, and is inaccessible to host code except
// while a launch or a runtime copy uses it: on a discrete GPU, host code cannot dereference device
// pointers either. Freed buffers stay mapped but inaccessible, so a use after hipFree is named.
#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <new>
#include <string>
#include <string_view>

#include "check_session.hpp"
#include "wmmasim/simt/init_notes.hpp"
#include "runtime_state.hpp"
#include "wmmasim/hip/detail/launch.hpp"

namespace wmmasim::hip::runtime {

std::size_t device_total_memory();

namespace {

constexpr std::size_t kAlignment = 256;        // what hipMalloc promises
constexpr std::size_t kQuarantined = 4096;      // freed buffers kept to name a later use
std::deque<const std::byte*> g_freed_order;

std::string short_file(const char* file) {
  const char* slash = std::strrchr(file, '/');
  return slash ? slash + 1 : file;
}

const char* kind_name(MemoryKind k) {
  return k == MemoryKind::device ? "hipMalloc" : k == MemoryKind::managed ? "hipMallocManaged" : "hipHostMalloc";
}

std::string describe_access(const void* address, simt::MemoryAccess access) {
  std::lock_guard lock(state().mutex);
  DeviceAllocation* a = find_allocation(address);
  if (!a) return "";
  const std::ptrdiff_t offset = *a->region.offset_of(address);
  const char* verb = access == simt::MemoryAccess::read ? "read" : access == simt::MemoryAccess::write ? "write" : "access";
  if (a->freed) return std::string(verb) + " of " + describe(*a) + " after hipFree, at byte " + std::to_string(offset);
  if (offset < 0 || offset >= static_cast<std::ptrdiff_t>(a->region.size()))
    return "out-of-bounds " + std::string(verb) + " of " + describe(*a) + " at byte " + std::to_string(offset);
  if (!state().in_launch && a->kind == MemoryKind::device)
    return std::string(verb) + " of " + describe(*a) + " at byte " + std::to_string(offset) +
           ", which is device memory (a GPU does not let host code dereference it either: copy it with hipMemcpy, "
           "or allocate it with hipMallocManaged)";
  return "";
}

void install_describer() {
  static const bool installed = [] {
    simt::set_address_describer(describe_access);
    return true;
  }();
  (void)installed;
}

}  // namespace

RuntimeState& state() {
  static RuntimeState* s = new RuntimeState;  // never destroyed: used by exit handlers
  return *s;
}

DeviceAllocation* find_allocation(const void* address) {
  auto& all = state().allocations;
  const auto* p = static_cast<const std::byte*>(address);
  auto it = all.upper_bound(p);
  // The region's mapping extends a page or two either side of its bytes: look at both neighbours.
  for (int step = 0; step < 2; ++step) {
    if (it != all.end() && it->second->region.offset_of(address)) return it->second.get();
    if (it == all.begin()) break;
    --it;
  }
  if (it != all.end() && it->second->region.offset_of(address)) return it->second.get();
  return nullptr;
}

std::string describe(const DeviceAllocation& a) {
  std::string s = a.name.empty() ? "a buffer" : "buffer '" + a.name + "'";
  s += " (";
  if (!a.element_type.empty()) s += a.element_type + ", ";
  s += std::to_string(a.region.size()) + " bytes from " + kind_name(a.kind);
  if (!a.site.empty()) s += " at " + a.site;
  s += ")";
  return s;
}

void note_written(const void* dst, std::size_t bytes, const void* src) {
  DeviceAllocation* to = find_allocation(dst);
  if (!to || !to->written || to->freed) return;
  const std::ptrdiff_t at = *to->region.offset_of(dst);
  if (at < 0 || static_cast<std::size_t>(at) >= to->region.size()) return;
  bytes = std::min(bytes, to->region.size() - static_cast<std::size_t>(at));
  DeviceAllocation* from = src ? find_allocation(src) : nullptr;
  if (from && from->written && !from->freed) {
    const std::ptrdiff_t from_at = *from->region.offset_of(src);
    if (from_at >= 0 && static_cast<std::size_t>(from_at) + bytes <= from->region.size()) {
      std::memmove(to->written.get() + at, from->written.get() + from_at, bytes);
      return;
    }
  }
  std::memset(to->written.get() + at, 1, bytes);
}

void set_device_memory_accessible(bool accessible) {
  for (auto& [base, a] : state().allocations)
    if (a->kind == MemoryKind::device && !a->freed) a->region.set_accessible(accessible);
}

// A host-side copy into or out of device memory: the allocations it touches are accessible meanwhile.
class CopyWindow {
 public:
  explicit CopyWindow(std::initializer_list<const void*> pointers) {
    for (const void* p : pointers)
      if (DeviceAllocation* a = p ? find_allocation(p) : nullptr; a && a->kind == MemoryKind::device && !a->freed) {
        a->region.set_accessible(true);
        opened_.push_back(a);
      }
  }
  ~CopyWindow() {
    if (!state().in_launch)
      for (DeviceAllocation* a : opened_) a->region.set_accessible(false);
  }

 private:
  std::vector<DeviceAllocation*> opened_;
};

// hipSuccess when [p, p+bytes) is wholly inside a live allocation or outside every allocation.
hipError_t check_range(const void* p, std::size_t bytes, const char* function, const char* role) {
  DeviceAllocation* a = find_allocation(p);
  if (!a) return succeed();
  const std::ptrdiff_t offset = *a->region.offset_of(p);
  if (a->freed)
    return fail(hipErrorInvalidValue, function,
                std::string("the ") + role + " is " + describe(*a) + ", which was freed by hipFree");
  if (offset < 0 || offset + static_cast<std::ptrdiff_t>(bytes) > static_cast<std::ptrdiff_t>(a->region.size()))
    return fail(hipErrorInvalidValue, function,
                std::string("the ") + role + " range of " + std::to_string(bytes) + " bytes at byte " +
                    std::to_string(offset) + " of " + describe(*a) + " runs past its end");
  return succeed();
}

hipError_t allocate(void** ptr, std::size_t size, MemoryKind kind, std::string_view element,
                    const char* file, unsigned line, const char* function) {
  if (!ptr) return fail(hipErrorInvalidValue, function, "the result pointer is null");
  *ptr = nullptr;
  if (size == 0) return succeed();
  if (size > device_total_memory())
    return fail(hipErrorOutOfMemory, function,
                std::to_string(size) + " bytes is more than the emulated device's memory (" +
                    std::to_string(device_total_memory()) + " bytes)");
  install_describer();
  auto a = std::make_unique<DeviceAllocation>();
  try {
    a->region = simt::GuardedRegion(size, kAlignment);
  } catch (const std::bad_alloc&) {
    return fail(hipErrorOutOfMemory, function, "the host could not map " + std::to_string(size) + " bytes");
  }
  a->kind = kind;
  // Host code writes managed and host memory unseen: only hipMalloc'd buffers are tracked, and hold
  // garbage until written, as on the GPU (wmmasim/simt/init_notes.hpp).
  if (kind == MemoryKind::device && check_initialisation()) {
    a->written = std::make_unique<std::uint8_t[]>(size);
    simt::fill_unwritten(a->region.data(), size);
  }
  if (kind == MemoryKind::device && check_races()) a->writers = std::make_unique<std::uint32_t[]>(size);
  a->element_type = element;
  if (file && *file) a->site = short_file(file) + ":" + std::to_string(line);
  std::lock_guard lock(state().mutex);
  if (kind == MemoryKind::device && !state().in_launch) a->region.set_accessible(false);
  *ptr = a->region.data();
  record_hooks::allocated(*ptr, size, a->element_type);
  state().allocations.emplace(a->region.data(), std::move(a));
  return succeed();
}

hipError_t release(void* ptr, const char* function, bool host) {
  if (!ptr) return succeed();  // hipFree(nullptr) is a no-op, as in HIP
  std::lock_guard lock(state().mutex);
  auto it = state().allocations.find(static_cast<const std::byte*>(ptr));
  if (it == state().allocations.end()) {
    DeviceAllocation* inside = find_allocation(ptr);
    return fail(hipErrorInvalidValue, function,
                inside ? "the pointer is inside " + describe(*inside) + ", not its start"
                       : "the pointer was not allocated by the HIP runtime");
  }
  DeviceAllocation& a = *it->second;
  if (a.freed) return fail(hipErrorInvalidValue, function, describe(a) + " was already freed");
  if (host != (a.kind == MemoryKind::host))
    return fail(hipErrorInvalidValue, function,
                describe(a) + (host ? " is device memory: free it with hipFree" : " is host memory: free it with hipHostFree"));
  a.freed = true;
  record_hooks::freed(ptr);
  a.region.set_accessible(false, /*discard=*/true);
  g_freed_order.push_back(it->first);
  if (g_freed_order.size() > kQuarantined) {
    state().allocations.erase(g_freed_order.front());
    g_freed_order.pop_front();
  }
  return succeed();
}

}  // namespace wmmasim::hip::runtime

namespace wmmasim::hip::detail {
hipError_t typed_malloc(void** ptr, std::size_t size, int kind, std::string_view element, const char* file,
                        unsigned line) {
  const runtime::MemoryKind k = static_cast<runtime::MemoryKind>(kind);
  return runtime::allocate(ptr, size, k, element, file, line,
                           k == runtime::MemoryKind::device    ? "hipMalloc"
                           : k == runtime::MemoryKind::managed ? "hipMallocManaged"
                                                               : "hipHostMalloc");
}
}  // namespace wmmasim::hip::detail

using namespace wmmasim::hip::runtime;

extern "C" {

hipError_t hipMalloc(void** ptr, size_t size) {
  return allocate(ptr, size, MemoryKind::device, "", nullptr, 0, "hipMalloc");
}
hipError_t hipExtMallocWithFlags(void** ptr, size_t size, unsigned int) {
  return allocate(ptr, size, MemoryKind::device, "", nullptr, 0, "hipExtMallocWithFlags");
}
hipError_t hipMallocManaged(void** ptr, size_t size, unsigned int) {
  return allocate(ptr, size, MemoryKind::managed, "", nullptr, 0, "hipMallocManaged");
}
hipError_t hipMallocAsync(void** ptr, size_t size, hipStream_t) {
  return allocate(ptr, size, MemoryKind::device, "", nullptr, 0, "hipMallocAsync");
}
hipError_t hipHostMalloc(void** ptr, size_t size, unsigned int) {
  return allocate(ptr, size, MemoryKind::host, "", nullptr, 0, "hipHostMalloc");
}
hipError_t hipMallocHost(void** ptr, size_t size) {
  return allocate(ptr, size, MemoryKind::host, "", nullptr, 0, "hipMallocHost");
}
hipError_t hipHostAlloc(void** ptr, size_t size, unsigned int) {
  return allocate(ptr, size, MemoryKind::host, "", nullptr, 0, "hipHostAlloc");
}
hipError_t hipMallocPitch(void** ptr, size_t* pitch, size_t width, size_t height) {
  if (!pitch) return fail(hipErrorInvalidValue, "hipMallocPitch", "the pitch pointer is null");
  *pitch = (width + 255) / 256 * 256;
  return allocate(ptr, *pitch * height, MemoryKind::device, "", nullptr, 0, "hipMallocPitch");
}
hipError_t hipFree(void* ptr) { return release(ptr, "hipFree", false); }
hipError_t hipFreeAsync(void* ptr, hipStream_t) { return release(ptr, "hipFreeAsync", false); }
hipError_t hipHostFree(void* ptr) { return release(ptr, "hipHostFree", true); }
hipError_t hipFreeHost(void* ptr) { return release(ptr, "hipFreeHost", true); }

hipError_t hipHostRegister(void* p, size_t, unsigned int) {
  if (!p) return fail(hipErrorInvalidValue, "hipHostRegister", "the pointer is null");
  return succeed();  // host memory is device-accessible on the CPU
}
hipError_t hipHostUnregister(void* p) {
  if (!p) return fail(hipErrorInvalidValue, "hipHostUnregister", "the pointer is null");
  return succeed();
}
hipError_t hipHostGetDevicePointer(void** dev, void* host, unsigned int) {
  if (!dev || !host) return fail(hipErrorInvalidValue, "hipHostGetDevicePointer", "a pointer is null");
  *dev = host;
  return succeed();
}
hipError_t hipPointerGetAttributes(hipPointerAttribute_t* attr, const void* ptr) {
  if (!attr || !ptr) return fail(hipErrorInvalidValue, "hipPointerGetAttributes", "a pointer is null");
  std::lock_guard lock(state().mutex);
  std::memset(attr, 0, sizeof *attr);
  DeviceAllocation* a = find_allocation(ptr);
  if (!a || a->freed) {
    attr->type = hipMemoryTypeUnregistered;
    return succeed();
  }
  attr->type = a->kind == MemoryKind::device ? hipMemoryTypeDevice
               : a->kind == MemoryKind::managed ? hipMemoryTypeManaged : hipMemoryTypeHost;
  attr->devicePointer = const_cast<void*>(ptr);
  attr->hostPointer = a->kind == MemoryKind::device ? nullptr : const_cast<void*>(ptr);
  attr->isManaged = a->kind == MemoryKind::managed;
  return succeed();
}
hipError_t hipMemGetInfo(size_t* free_bytes, size_t* total) {
  if (!free_bytes || !total) return fail(hipErrorInvalidValue, "hipMemGetInfo", "a result pointer is null");
  std::lock_guard lock(state().mutex);
  std::size_t used = 0;
  for (auto& [base, a] : state().allocations)
    if (!a->freed && a->kind != MemoryKind::host) used += a->region.size();
  *total = device_total_memory();
  *free_bytes = used < *total ? *total - used : 0;
  return succeed();
}

hipError_t hipMemcpy(void* dst, const void* src, size_t bytes, hipMemcpyKind kind) {
  if (hipError_t e = sticky_error()) return e;
  if (bytes == 0) return succeed();
  if (!dst || !src) return fail(hipErrorInvalidValue, "hipMemcpy", "the destination or source pointer is null");
  if (kind < hipMemcpyHostToHost || kind > hipMemcpyDefault)
    return fail(hipErrorInvalidMemcpyDirection, "hipMemcpy", "the copy kind is not a hipMemcpyKind");
  std::lock_guard lock(state().mutex);
  if (hipError_t e = check_range(dst, bytes, "hipMemcpy", "destination")) return e;
  if (hipError_t e = check_range(src, bytes, "hipMemcpy", "source")) return e;
  CopyWindow window{dst, src};
  std::memmove(dst, src, bytes);
  note_written(dst, bytes, src);
  return succeed();
}
hipError_t hipMemcpyWithStream(void* dst, const void* src, size_t bytes, hipMemcpyKind kind, hipStream_t) {
  return hipMemcpy(dst, src, bytes, kind);
}
hipError_t hipMemcpyAsync(void* dst, const void* src, size_t bytes, hipMemcpyKind kind, hipStream_t) {
  return hipMemcpy(dst, src, bytes, kind);
}
hipError_t hipMemcpyHtoD(hipDeviceptr_t dst, const void* src, size_t bytes) {
  return hipMemcpy(dst, src, bytes, hipMemcpyHostToDevice);
}
hipError_t hipMemcpyDtoH(void* dst, hipDeviceptr_t src, size_t bytes) {
  return hipMemcpy(dst, src, bytes, hipMemcpyDeviceToHost);
}
hipError_t hipMemcpyDtoD(hipDeviceptr_t dst, hipDeviceptr_t src, size_t bytes) {
  return hipMemcpy(dst, src, bytes, hipMemcpyDeviceToDevice);
}
hipError_t hipMemcpyPeer(void* dst, int dst_device, const void* src, int src_device, size_t bytes) {
  if (dst_device != 0 || src_device != 0)
    return fail(hipErrorInvalidDevice, "hipMemcpyPeer", "the CPU emulator has one device, 0");
  return hipMemcpy(dst, src, bytes, hipMemcpyDefault);
}
hipError_t hipMemcpy2D(void* dst, size_t dpitch, const void* src, size_t spitch, size_t width, size_t height,
                       hipMemcpyKind kind) {
  if (hipError_t e = sticky_error()) return e;
  if (width > dpitch || width > spitch)
    return fail(hipErrorInvalidPitchValue, "hipMemcpy2D", "the row width is larger than a pitch");
  if (height == 0 || width == 0) return succeed();
  if (!dst || !src) return fail(hipErrorInvalidValue, "hipMemcpy2D", "the destination or source pointer is null");
  std::lock_guard lock(state().mutex);
  if (hipError_t e = check_range(dst, dpitch * (height - 1) + width, "hipMemcpy2D", "destination")) return e;
  if (hipError_t e = check_range(src, spitch * (height - 1) + width, "hipMemcpy2D", "source")) return e;
  (void)kind;
  CopyWindow window{dst, src};
  for (std::size_t row = 0; row < height; ++row) {
    std::memmove(static_cast<char*>(dst) + row * dpitch, static_cast<const char*>(src) + row * spitch, width);
    note_written(static_cast<char*>(dst) + row * dpitch, width, static_cast<const char*>(src) + row * spitch);
  }
  return succeed();
}
hipError_t hipMemcpy2DAsync(void* dst, size_t dpitch, const void* src, size_t spitch, size_t width, size_t height,
                            hipMemcpyKind kind, hipStream_t) {
  return hipMemcpy2D(dst, dpitch, src, spitch, width, height, kind);
}

}  // extern "C"

namespace {
template <class T> hipError_t fill(void* dst, T value, std::size_t count, const char* function) {
  if (hipError_t e = sticky_error()) return e;
  if (count == 0) return succeed();
  if (!dst) return fail(hipErrorInvalidValue, function, "the destination pointer is null");
  std::lock_guard lock(state().mutex);
  if (hipError_t e = check_range(dst, count * sizeof(T), function, "destination")) return e;
  CopyWindow window{dst};
  T* p = static_cast<T*>(dst);
  std::fill(p, p + count, value);
  note_written(dst, count * sizeof(T));
  return succeed();
}
}  // namespace

extern "C" {

hipError_t hipMemset(void* dst, int value, size_t bytes) {
  return fill(dst, static_cast<unsigned char>(value), bytes, "hipMemset");
}
hipError_t hipMemsetAsync(void* dst, int value, size_t bytes, hipStream_t) {
  return fill(dst, static_cast<unsigned char>(value), bytes, "hipMemsetAsync");
}
hipError_t hipMemsetD8(hipDeviceptr_t dst, unsigned char value, size_t count) {
  return fill(dst, value, count, "hipMemsetD8");
}
hipError_t hipMemsetD16(hipDeviceptr_t dst, unsigned short value, size_t count) {
  return fill(dst, value, count, "hipMemsetD16");
}
hipError_t hipMemsetD32(hipDeviceptr_t dst, int value, size_t count) { return fill(dst, value, count, "hipMemsetD32"); }
hipError_t hipMemset2D(void* dst, size_t pitch, int value, size_t width, size_t height) {
  if (width > pitch) return fail(hipErrorInvalidPitchValue, "hipMemset2D", "the row width is larger than the pitch");
  for (std::size_t row = 0; row < height; ++row)
    if (hipError_t e = fill(static_cast<char*>(dst) + row * pitch, static_cast<unsigned char>(value), width, "hipMemset2D"))
      return e;
  return succeed();
}
hipError_t hipMemPrefetchAsync(const void* p, size_t, int device, hipStream_t) {
  if (!p) return fail(hipErrorInvalidValue, "hipMemPrefetchAsync", "the pointer is null");
  if (device != 0 && device != -1) return fail(hipErrorInvalidDevice, "hipMemPrefetchAsync", "the CPU emulator has one device, 0");
  return succeed();
}

// Symbols are ordinary variables on the CPU; the typed overloads in the header check their size.
hipError_t hipMemcpyToSymbol(const void* symbol, const void* src, size_t bytes, size_t offset, hipMemcpyKind) {
  if (!symbol || (!src && bytes)) return fail(hipErrorInvalidSymbol, "hipMemcpyToSymbol", "the symbol or source is null");
  std::memmove(static_cast<char*>(const_cast<void*>(symbol)) + offset, src, bytes);
  return succeed();
}
hipError_t hipMemcpyToSymbolAsync(const void* symbol, const void* src, size_t bytes, size_t offset, hipMemcpyKind kind,
                                  hipStream_t) {
  return hipMemcpyToSymbol(symbol, src, bytes, offset, kind);
}
hipError_t hipMemcpyFromSymbol(void* dst, const void* symbol, size_t bytes, size_t offset, hipMemcpyKind) {
  if (!symbol || (!dst && bytes)) return fail(hipErrorInvalidSymbol, "hipMemcpyFromSymbol", "the symbol or destination is null");
  std::memmove(dst, static_cast<const char*>(symbol) + offset, bytes);
  return succeed();
}
hipError_t hipMemcpyFromSymbolAsync(void* dst, const void* symbol, size_t bytes, size_t offset, hipMemcpyKind kind,
                                    hipStream_t) {
  return hipMemcpyFromSymbol(dst, symbol, bytes, offset, kind);
}
hipError_t hipGetSymbolAddress(void** dev, const void* symbol) {
  if (!dev || !symbol) return fail(hipErrorInvalidSymbol, "hipGetSymbolAddress", "the symbol or result is null");
  *dev = const_cast<void*>(symbol);
  return succeed();
}
hipError_t hipGetSymbolSize(size_t*, const void*) {
  return fail(hipErrorInvalidSymbol, "hipGetSymbolSize",
              "the size of a symbol passed as void* is unknown on the CPU; pass the variable itself");
}

}  // extern "C"
