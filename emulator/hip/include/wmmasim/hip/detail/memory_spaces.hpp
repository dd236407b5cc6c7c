// Where HIP variables live on the CPU. Lanes of a block run as fibers on one OS thread, and an OS
// thread runs one block at a time, so a thread_local static is exactly one instance per running
// block: static __shared__ memory. Like LDS it is not cleared between blocks. __device__ and
// __constant__ variables are ordinary globals (shared by every block, as on the GPU).
#pragma once

#include <cstddef>

#include "wmmasim/simt/shared_memory.hpp"

#define __shared__ static thread_local
#define __constant__
#define __managed__

namespace wmmasim::hip::detail {
// The block's dynamic shared memory (extern __shared__): it ends at a guard page, so reading or
// writing past the launch's dynamic size stops the launch with a sentence.
void* dynamic_shared_base();
template <class T> T* dynamic_shared() { return static_cast<T*>(dynamic_shared_base()); }
}  // namespace wmmasim::hip::detail

// `extern __shared__ T name[];` is rewritten by wmmasim-hipcc into a pointer to this memory; the
// macro form HIP provides works without rewriting.
#define HIP_DYNAMIC_SHARED(type, var) type* var = ::wmmasim::hip::detail::dynamic_shared<type>();
#define HIP_DYNAMIC_SHARED_ATTRIBUTE
