// The emulated device: one GPU of the architecture the program was compiled for, described with the
// public figures of a card of that architecture (docs/hip-on-cpu.md lists every value and source).
// What the emulator enforces (wave size, 1024 threads per block, 64 KiB of LDS) is what it reports.
#include <algorithm>
#include <cstring>
#include <string>

#include "runtime_state.hpp"

namespace wmmasim::hip::runtime {
namespace {

// Constructed on first use: the program's own start-up code registers its target (runtime_api.hpp)
// before this file's static initialisers may have run, and a namespace-scope Target would then be
// constructed afterwards, resetting the arch and wave size to the defaults.
Target& g_target() {
  static Target t;
  return t;
}

struct CardFigures {
  const char* arch;
  const char* card;
  int compute_units, clock_khz, major, minor, l2_bytes, memory_clock_khz, bus_bits;
  std::size_t global_bytes;
};

// Public specifications: RX 9070 XT (gfx1201), RX 9060 XT 16 GB (gfx1200), RX 7900 XTX (gfx1100).
constexpr CardFigures kCards[] = {
    {"gfx1201", "AMD Radeon RX 9070 XT", 64, 2970000, 12, 0, 8 << 20, 1258000, 256, 16ull << 30},
    {"gfx1200", "AMD Radeon RX 9060 XT", 32, 3130000, 12, 0, 4 << 20, 1258000, 128, 16ull << 30},
    {"gfx1100", "AMD Radeon RX 7900 XTX", 96, 2500000, 11, 0, 6 << 20, 1250000, 384, 24ull << 30},
};

const CardFigures& card() {
  for (const CardFigures& c : kCards)
    if (g_target().arch == c.arch) return c;
  return kCards[0];
}

hipError_t check_device(int id, const char* function) {
  if (id != 0)
    return fail(hipErrorInvalidDevice, function,
                "device " + std::to_string(id) + " does not exist: the CPU emulator has one device, 0");
  return succeed();
}

}  // namespace

const Target& target() { return g_target(); }

std::size_t device_total_memory() { return card().global_bytes; }

}  // namespace wmmasim::hip::runtime

namespace wmmasim::hip::detail {
bool register_target(const char* arch, int wave_size) {
  runtime::g_target().arch = arch;
  runtime::g_target().wave_size = wave_size;
  return true;
}
}  // namespace wmmasim::hip::detail

using namespace wmmasim::hip::runtime;

extern "C" {

hipError_t hipInit(unsigned int flags) {
  if (flags != 0) return fail(hipErrorInvalidValue, "hipInit", "flags must be 0");
  return succeed();
}
hipError_t hipDriverGetVersion(int* v) {
  if (!v) return fail(hipErrorInvalidValue, "hipDriverGetVersion", "the result pointer is null");
  *v = HIP_VERSION;
  return succeed();
}
hipError_t hipRuntimeGetVersion(int* v) {
  if (!v) return fail(hipErrorInvalidValue, "hipRuntimeGetVersion", "the result pointer is null");
  *v = HIP_VERSION;
  return succeed();
}
hipError_t hipGetDeviceCount(int* count) {
  if (!count) return fail(hipErrorInvalidValue, "hipGetDeviceCount", "the result pointer is null");
  *count = 1;
  return succeed();
}
hipError_t hipSetDevice(int id) { return check_device(id, "hipSetDevice"); }
hipError_t hipGetDevice(int* id) {
  if (!id) return fail(hipErrorInvalidValue, "hipGetDevice", "the result pointer is null");
  *id = 0;
  return succeed();
}
hipError_t hipSetDeviceFlags(unsigned) { return succeed(); }
hipError_t hipGetDeviceFlags(unsigned* flags) {
  if (!flags) return fail(hipErrorInvalidValue, "hipGetDeviceFlags", "the result pointer is null");
  *flags = 0;
  return succeed();
}

hipError_t hipGetDeviceProperties(hipDeviceProp_t* p, int id) {
  if (!p) return fail(hipErrorInvalidValue, "hipGetDeviceProperties", "the result pointer is null");
  if (hipError_t e = check_device(id, "hipGetDeviceProperties")) return e;
  const CardFigures& c = card();
  std::memset(p, 0, sizeof *p);
  std::snprintf(p->name, sizeof p->name, "%s (wmmasim CPU emulator)", c.card);
  std::snprintf(p->gcnArchName, sizeof p->gcnArchName, "%s", c.arch);
  p->totalGlobalMem = c.global_bytes;
  p->sharedMemPerBlock = 64 * 1024;
  p->sharedMemPerBlockOptin = 64 * 1024;
  p->sharedMemPerMultiprocessor = 64 * 1024;
  p->maxSharedMemoryPerMultiProcessor = 64 * 1024;
  p->regsPerBlock = 65536;
  p->regsPerMultiprocessor = 65536;
  p->warpSize = target().wave_size;
  p->memPitch = std::size_t(1) << 31;
  p->maxThreadsPerBlock = 1024;
  p->maxThreadsDim[0] = p->maxThreadsDim[1] = p->maxThreadsDim[2] = 1024;
  p->maxGridSize[0] = 2147483647;
  p->maxGridSize[1] = p->maxGridSize[2] = 65536;
  p->clockRate = c.clock_khz;
  p->clockInstructionRate = c.clock_khz;
  p->totalConstMem = std::size_t(2) << 30;
  p->major = c.major;
  p->minor = c.minor;
  p->multiProcessorCount = c.compute_units;
  p->l2CacheSize = c.l2_bytes;
  p->memoryClockRate = c.memory_clock_khz;
  p->memoryBusWidth = c.bus_bits;
  p->maxThreadsPerMultiProcessor = 2048;
  p->maxBlocksPerMultiProcessor = 32;
  p->concurrentKernels = 1;
  p->canMapHostMemory = 1;
  p->managedMemory = 1;
  p->unifiedAddressing = 1;
  p->computeMode = 0;
  p->textureAlignment = 256;
  p->arch.hasGlobalInt32Atomics = p->arch.hasSharedInt32Atomics = p->arch.hasGlobalInt64Atomics = 1;
  p->arch.hasSharedInt64Atomics = p->arch.hasFloatAtomicAdd = p->arch.hasDoubles = 1;
  p->arch.hasWarpVote = p->arch.hasWarpBallot = p->arch.hasWarpShuffle = p->arch.hasFunnelShift = 1;
  p->arch.hasThreadFenceSystem = p->arch.hasSyncThreadsExt = p->arch.has3dGrid = 1;
  return succeed();
}
hipError_t hipGetDevicePropertiesR0600(hipDeviceProp_t* p, int id) { return hipGetDeviceProperties(p, id); }

hipError_t hipDeviceGetAttribute(int* v, hipDeviceAttribute_t attr, int id) {
  if (!v) return fail(hipErrorInvalidValue, "hipDeviceGetAttribute", "the result pointer is null");
  hipDeviceProp_t p;
  if (hipError_t e = hipGetDeviceProperties(&p, id)) return e;
  switch (attr) {
    case hipDeviceAttributeWarpSize: *v = p.warpSize; break;
    case hipDeviceAttributeMaxThreadsPerBlock: *v = p.maxThreadsPerBlock; break;
    case hipDeviceAttributeMaxBlockDimX: case hipDeviceAttributeMaxBlockDimY: case hipDeviceAttributeMaxBlockDimZ:
      *v = 1024; break;
    case hipDeviceAttributeMaxGridDimX: *v = p.maxGridSize[0]; break;
    case hipDeviceAttributeMaxGridDimY: *v = p.maxGridSize[1]; break;
    case hipDeviceAttributeMaxGridDimZ: *v = p.maxGridSize[2]; break;
    case hipDeviceAttributeMaxSharedMemoryPerBlock: case hipDeviceAttributeSharedMemPerBlockOptin:
    case hipDeviceAttributeSharedMemPerMultiprocessor: case hipDeviceAttributeMaxSharedMemoryPerMultiprocessor:
      *v = 64 * 1024; break;
    case hipDeviceAttributeMultiprocessorCount: case hipDeviceAttributePhysicalMultiProcessorCount:
      *v = p.multiProcessorCount; break;
    case hipDeviceAttributeClockRate: case hipDeviceAttributeWallClockRate: *v = p.clockRate; break;
    case hipDeviceAttributeComputeCapabilityMajor: *v = p.major; break;
    case hipDeviceAttributeComputeCapabilityMinor: *v = p.minor; break;
    case hipDeviceAttributeL2CacheSize: *v = p.l2CacheSize; break;
    case hipDeviceAttributeMaxThreadsPerMultiProcessor: *v = p.maxThreadsPerMultiProcessor; break;
    case hipDeviceAttributeMaxRegistersPerBlock: case hipDeviceAttributeMaxRegistersPerMultiprocessor:
      *v = p.regsPerBlock; break;
    case hipDeviceAttributeMemoryClockRate: *v = p.memoryClockRate; break;
    case hipDeviceAttributeMemoryBusWidth: *v = p.memoryBusWidth; break;
    case hipDeviceAttributeTotalConstantMemory: *v = 2147483647; break;
    case hipDeviceAttributeManagedMemory: case hipDeviceAttributeUnifiedAddressing:
    case hipDeviceAttributeCanMapHostMemory: case hipDeviceAttributeConcurrentKernels:
      *v = 1; break;
    case hipDeviceAttributeIntegrated: case hipDeviceAttributeComputeMode: case hipDeviceAttributeIsMultiGpuBoard:
    case hipDeviceAttributeCooperativeLaunch: case hipDeviceAttributeCooperativeMultiDeviceLaunch:
    case hipDeviceAttributeKernelExecTimeout: case hipDeviceAttributePciBusId: case hipDeviceAttributePciDeviceId:
    case hipDeviceAttributePciDomainID: case hipDeviceAttributeEccEnabled:
      *v = 0; break;
    default:
      return fail(hipErrorNotSupported, "hipDeviceGetAttribute",
                  "attribute " + std::to_string(static_cast<int>(attr)) +
                      " is not modelled by the CPU emulator (docs/hip-on-cpu.md lists those that are)");
  }
  return succeed();
}

hipError_t hipDeviceGetName(char* name, int len, hipDevice_t device) {
  if (!name || len <= 0) return fail(hipErrorInvalidValue, "hipDeviceGetName", "the name buffer is null or empty");
  if (hipError_t e = check_device(device, "hipDeviceGetName")) return e;
  hipDeviceProp_t p;
  (void)hipGetDeviceProperties(&p, 0);
  std::snprintf(name, static_cast<std::size_t>(len), "%s", p.name);
  return succeed();
}
hipError_t hipDeviceGet(hipDevice_t* device, int ordinal) {
  if (!device) return fail(hipErrorInvalidValue, "hipDeviceGet", "the result pointer is null");
  if (hipError_t e = check_device(ordinal, "hipDeviceGet")) return e;
  *device = 0;
  return succeed();
}
hipError_t hipDeviceTotalMem(size_t* bytes, hipDevice_t device) {
  if (!bytes) return fail(hipErrorInvalidValue, "hipDeviceTotalMem", "the result pointer is null");
  if (hipError_t e = check_device(device, "hipDeviceTotalMem")) return e;
  *bytes = card().global_bytes;
  return succeed();
}
hipError_t hipDeviceComputeCapability(int* major, int* minor, hipDevice_t device) {
  if (!major || !minor) return fail(hipErrorInvalidValue, "hipDeviceComputeCapability", "a result pointer is null");
  if (hipError_t e = check_device(device, "hipDeviceComputeCapability")) return e;
  *major = card().major;
  *minor = card().minor;
  return succeed();
}
hipError_t hipDeviceReset(void) { return succeed(); }
hipError_t hipDeviceGetLimit(size_t* value, enum hipLimit_t limit) {
  if (!value) return fail(hipErrorInvalidValue, "hipDeviceGetLimit", "the result pointer is null");
  switch (limit) {
    case hipLimitStackSize: *value = 256 * 1024; return succeed();
    case hipLimitPrintfFifoSize: *value = std::size_t(1) << 20; return succeed();
    case hipLimitMallocHeapSize: *value = std::size_t(8) << 20; return succeed();
    default: return fail(hipErrorUnsupportedLimit, "hipDeviceGetLimit", "this limit is not modelled");
  }
}
hipError_t hipDeviceSetLimit(enum hipLimit_t limit, size_t) {
  if (limit == hipLimitStackSize || limit == hipLimitPrintfFifoSize || limit == hipLimitMallocHeapSize) return succeed();
  return fail(hipErrorUnsupportedLimit, "hipDeviceSetLimit", "this limit is not modelled");
}
hipError_t hipDeviceGetCacheConfig(hipFuncCache_t* c) {
  if (!c) return fail(hipErrorInvalidValue, "hipDeviceGetCacheConfig", "the result pointer is null");
  *c = hipFuncCachePreferNone;
  return succeed();
}
hipError_t hipDeviceSetCacheConfig(hipFuncCache_t) { return succeed(); }
hipError_t hipDeviceGetSharedMemConfig(hipSharedMemConfig* c) {
  if (!c) return fail(hipErrorInvalidValue, "hipDeviceGetSharedMemConfig", "the result pointer is null");
  *c = hipSharedMemBankSizeFourByte;
  return succeed();
}
hipError_t hipDeviceSetSharedMemConfig(hipSharedMemConfig) { return succeed(); }
hipError_t hipDeviceCanAccessPeer(int* can, int id, int peer) {
  if (!can) return fail(hipErrorInvalidValue, "hipDeviceCanAccessPeer", "the result pointer is null");
  if (hipError_t e = check_device(id, "hipDeviceCanAccessPeer")) return e;
  if (hipError_t e = check_device(peer, "hipDeviceCanAccessPeer")) return e;
  *can = 0;
  return succeed();
}
hipError_t hipDeviceGetStreamPriorityRange(int* least, int* greatest) {
  if (least) *least = 0;
  if (greatest) *greatest = 0;
  return succeed();
}

}  // extern "C"
