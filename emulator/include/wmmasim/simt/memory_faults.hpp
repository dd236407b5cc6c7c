// Accesses that trap instead of being checked: guard pages after device buffers and dynamic shared
// memory, freed buffers, a null or wild pointer, an integer division by zero, a trap instruction.
// Kernel code with plain pointers (HIP programs) is not instrumented; the hardware fault is turned
// into the same kind of one-sentence KernelFault that checked pointers give, naming the kernel,
// block, wave, lane, what was hit and, when the program has line tables, the source line.
#pragma once

#include <cstdint>
#include <functional>
#include <string>

namespace wmmasim::simt {

enum class MemoryAccess : std::uint8_t { read, write, unknown };

// Names an address for a fault sentence, e.g. "out-of-bounds write of buffer 'D' (4096 bytes from
// hipMalloc at prog.hip:31) at byte 4100", or "" when the address is not one it knows. Called on the
// faulting thread after the signal handler has returned (it may allocate and lock), for faults in
// kernels and, when it knows the address, in host code.
using AddressDescriber = std::function<std::string(const void* address, MemoryAccess access)>;

// One describer per process (the HIP runtime's allocation table); installs the signal handlers.
void set_address_describer(AddressDescriber describer);

// "prog.hip:57 (in gemm<float>)", or "" when it cannot tell: the source line of a code address, from
// the program's line tables through llvm-symbolizer.
std::string code_location(const void* code_address);

}  // namespace wmmasim::simt
