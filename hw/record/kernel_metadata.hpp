// What the GPU interposer learns about kernels from their code objects: the AMDHSA metadata note
// (NT_AMDGPU_METADATA, MessagePack) gives each kernel's explicit arguments (offset, size, kind) and
// wave size — the sizes hipLaunchKernel's `void** args` does not carry. Code objects arrive as the
// clang offload bundle that __hipRegisterFatBinary receives, or as the image of hipModuleLoadData.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace wmmasim::record {

struct KernelArgumentInfo {
  std::uint32_t offset = 0, size = 0;
  std::string value_kind;  // by_value, global_buffer, dynamic_shared_pointer, ... (hidden_* are dropped)
  std::string access;      // .actual_access or .access when present (read_only, write_only, read_write)
  bool is_const = false;   // .is_const
};

struct KernelInfo {
  std::string name;    // .name: the mangled kernel name
  std::string target;  // amdgcn-amd-amdhsa--gfx1201
  int wave_size = 0;   // .wavefront_size
  std::uint32_t kernarg_size = 0;
  std::vector<KernelArgumentInfo> arguments;  // explicit arguments, in order
};

// Kernels of one ELF code object; `problem` gets a phrase when the object cannot be read.
std::vector<KernelInfo> kernels_in_code_object(const void* data, std::size_t size, std::string& problem);
// Kernels of every AMDGPU code object in a clang offload bundle ("__CLANG_OFFLOAD_BUNDLE__"), or of
// a plain ELF code object. `size` may be 0 when unknown (a registered fat binary: entries are trusted).
std::vector<KernelInfo> kernels_in_image(const void* data, std::size_t size, std::string& problem);
// The same from the wrapper that __hipRegisterFatBinary receives ({magic "HIPF", version, bundle, -}).
std::vector<KernelInfo> kernels_in_fat_binary_wrapper(const void* wrapper, std::string& problem);

// "scale(__half const*, float*, int, float)" -> {"__half const*", "float*", "int", "float"}; {} when
// the name has no parameter list ("plain", extern "C" kernels).
std::vector<std::string> parameter_types(const std::string& demangled);

}  // namespace wmmasim::record
