// global_load_tr_b128 of eight halves, callable the same way on both backends (the GPU builtin wants
// a global-address-space pointer to __fp16 vectors; the CPU one a checked pointer).
#pragma once

#include "wmmasim/kernel.hpp"

namespace wmmasim::examples {

#if defined(__HIP__)
WMMASIM_DEVICE inline v8h load_tr_b128(const _Float16* p) {
  typedef __fp16 fp16x8 __attribute__((ext_vector_type(8)));
  return __builtin_amdgcn_global_load_tr_b128_v8f16((__attribute__((address_space(1))) fp16x8*)(p));
}
#else
inline v8h load_tr_b128(simt::checked_ptr<const _Float16> p, std::source_location where = std::source_location::current()) {
  return __builtin_amdgcn_global_load_tr_b128_v8f16(simt::ptr_cast<const v8h>(p), where);
}
#endif

}  // namespace wmmasim::examples
