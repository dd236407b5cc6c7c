// The "code" hiprtcGetCode returns and hipModuleLoadData takes back: a small header (what the module
// was compiled for, a checksum) followed by the host shared object wmmasim-hipcc built. Reading one
// checks everything before anything is loaded; anything else (a GPU code object, a clang offload
// bundle, a truncated copy) is refused with one sentence naming what it is.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace wmmasim::hip::module_image {

struct ImageError : std::runtime_error {
  using std::runtime_error::runtime_error;  // one sentence
};

inline constexpr std::size_t kHeaderBytes = 64;

struct Image {
  std::string arch;  // "gfx1201"
  int wave_size = 32;
  std::span<const std::byte> shared_object;  // the ELF file, inside the image
};

std::vector<std::byte> write(std::string_view arch, int wave_size, std::span<const std::byte> shared_object);

// The image's whole size from its header, reading no byte past the first that rules it out (the
// caller of hipModuleLoadData gives no size). Throws ImageError naming what the bytes are instead.
std::size_t size_from_header(const std::byte* data);

// The image in `bytes` (exactly size_from_header's bytes, or more), checked. Throws ImageError.
Image read(std::span<const std::byte> bytes);

// The bytes of the section called `name` in the ELF64 little-endian file `elf`; nullopt when it has
// none. Throws ImageError when the file's headers are malformed.
std::optional<std::span<const std::byte>> elf_section(std::span<const std::byte> elf, std::string_view name);

}  // namespace wmmasim::hip::module_image
