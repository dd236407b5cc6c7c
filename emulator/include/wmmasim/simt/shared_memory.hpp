// The calling block's dynamic shared memory (HIP's extern __shared__), bounds-checked. Static
// __shared__ variables need no runtime support: see wmmasim/kernel.hpp.
#pragma once

#include "wmmasim/simt/checked_ptr.hpp"

namespace wmmasim::simt {
namespace detail {
checked_ptr<unsigned char> dynamic_shared_region();  // LaunchOptions::dynamic_shared_bytes bytes
// The same memory as a plain pointer, for front ends that do not check accesses (plain HIP): the
// bytes end at a guard page, so an access past them traps.
unsigned char* dynamic_shared_data();
// What traces of plain __shared__ arrays name (kernel.hpp's load_as/store_as on plain pointers).
inline const Allocation shared_array_memory{"__shared__ array", MemorySpace::shared, 0};
}

template <class T> checked_ptr<T> dynamic_shared() { return ptr_cast<T>(detail::dynamic_shared_region()); }

}  // namespace wmmasim::simt
