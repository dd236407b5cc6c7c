// The module image reader behind hipModuleLoadData/hipModuleLoad (emulator/hip/runtime/module_image)
// and the ELF section reader hipRTC reads lowered names with, on any bytes: each accepts or refuses
// with one ImageError sentence; nothing else may escape, crash, read out of bounds or hang.
#include <cstring>
#include <span>
#include <vector>

#include "fuzz_check.hpp"
#include "module_image.hpp"

namespace image = wmmasim::hip::module_image;

extern "C" int LLVMFuzzerTestOneInput(const unsigned char* data, std::size_t size) {
  // size_from_header reads at most a header's bytes: give it that many, zero-padded.
  std::vector<std::byte> padded(std::max(size, image::kHeaderBytes));
  if (size) std::memcpy(padded.data(), data, size);
  const std::span<const std::byte> bytes(padded.data(), size);
  try {
    const std::size_t announced = image::size_from_header(padded.data());
    if (announced <= size) {
      const image::Image parsed = image::read(bytes.first(announced));
      (void)image::elf_section(parsed.shared_object, ".wmmasim_lowered_names");
    }
  } catch (const image::ImageError& e) {
    wmmasim::fuzz::require_one_sentence(e.what());
  } catch (...) {
    wmmasim::fuzz::fail("the module image reader threw something other than ImageError");
  }
  try {
    (void)image::elf_section(bytes, ".text");
  } catch (const image::ImageError& e) {
    wmmasim::fuzz::require_one_sentence(e.what());
  } catch (...) {
    wmmasim::fuzz::fail("the ELF section reader threw something other than ImageError");
  }
  return 0;
}
