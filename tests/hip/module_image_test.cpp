// The module image hiprtcGetCode writes and hipModuleLoadData reads back, and the ELF section
// reader behind hiprtcGetLoweredName: round trips, and each refusal's sentence. The ELF files are
// built byte by byte here from the ELF64 layout (section headers of 64 bytes at e_shoff).
#include <gtest/gtest.h>

#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "module_image.hpp"

namespace image = wmmasim::hip::module_image;

namespace {

template <class T> void put(std::vector<std::byte>& v, std::size_t at, T value) {
  if (v.size() < at + sizeof value) v.resize(at + sizeof value);
  std::memcpy(v.data() + at, &value, sizeof value);
}

// ELF64 LE with sections: null, .shstrtab, .wmmasim_lowered_names ("saxpy\0_Z1kv\0"), .bss (no bytes).
std::vector<std::byte> small_elf() {
  const std::string shstrtab("\0.shstrtab\0.wmmasim_lowered_names\0.bss\0", 39);
  const std::string names("saxpy\0_Z1kv\0", 12);
  std::vector<std::byte> e(64);
  const char ident[] = {'\x7f', 'E', 'L', 'F', 2, 1, 1};
  std::memcpy(e.data(), ident, sizeof ident);
  const std::size_t strtab_at = 64, names_at = strtab_at + shstrtab.size(), shoff = names_at + names.size();
  e.resize(shoff + 4 * 64);
  std::memcpy(e.data() + strtab_at, shstrtab.data(), shstrtab.size());
  std::memcpy(e.data() + names_at, names.data(), names.size());
  put<std::uint16_t>(e, 16, 3);     // e_type ET_DYN
  put<std::uint16_t>(e, 18, 62);    // e_machine x86-64
  put<std::uint64_t>(e, 0x28, shoff);
  put<std::uint16_t>(e, 0x3a, 64);  // e_shentsize
  put<std::uint16_t>(e, 0x3c, 4);   // e_shnum
  put<std::uint16_t>(e, 0x3e, 1);   // e_shstrndx
  const auto section = [&](std::size_t i, std::uint32_t name, std::uint32_t type, std::uint64_t offset, std::uint64_t size) {
    const std::size_t h = shoff + i * 64;
    put<std::uint32_t>(e, h, name);
    put<std::uint32_t>(e, h + 4, type);
    put<std::uint64_t>(e, h + 0x18, offset);
    put<std::uint64_t>(e, h + 0x20, size);
  };
  section(0, 0, 0, 0, 0);
  section(1, 1, 3, strtab_at, shstrtab.size());
  section(2, 11, 1, names_at, names.size());
  section(3, 34, 8, 0, 4096);  // SHT_NOBITS
  return e;
}

std::string text(std::span<const std::byte> s) { return std::string(reinterpret_cast<const char*>(s.data()), s.size()); }

std::string refusal(const std::function<void()>& f) {
  try {
    f();
  } catch (const image::ImageError& e) {
    return e.what();
  }
  return "(accepted)";
}

TEST(ModuleImage, RoundTrip) {
  const std::vector<std::byte> elf = small_elf();
  const std::vector<std::byte> bytes = image::write("gfx1201", 64, elf);
  ASSERT_EQ(bytes.size(), image::kHeaderBytes + elf.size());
  EXPECT_EQ(image::size_from_header(bytes.data()), bytes.size());
  const image::Image read = image::read(bytes);
  EXPECT_EQ(read.arch, "gfx1201");
  EXPECT_EQ(read.wave_size, 64);
  ASSERT_EQ(read.shared_object.size(), elf.size());
  EXPECT_EQ(std::memcmp(read.shared_object.data(), elf.data(), elf.size()), 0);
}

TEST(ModuleImage, SectionsByName) {
  const std::vector<std::byte> elf = small_elf();
  auto names = image::elf_section(elf, ".wmmasim_lowered_names");
  ASSERT_TRUE(names);
  EXPECT_EQ(text(*names), std::string("saxpy\0_Z1kv\0", 12));
  EXPECT_FALSE(image::elf_section(elf, ".text"));
  auto bss = image::elf_section(elf, ".bss");
  ASSERT_TRUE(bss);
  EXPECT_TRUE(bss->empty());  // no bytes in the file, whatever its size
}

TEST(ModuleImage, WhatIsNotOursIsNamed) {
  std::vector<std::byte> gpu(64);
  const char elf_magic[] = {'\x7f', 'E', 'L', 'F'};
  std::memcpy(gpu.data(), elf_magic, 4);
  put<std::uint16_t>(gpu, 18, 224);  // EM_AMDGPU
  EXPECT_EQ(refusal([&] { image::size_from_header(gpu.data()); }),
            "the image is a GPU code object (an AMDGPU ELF file), which the CPU emulator cannot run; it runs the modules "
            "hiprtcCompileProgram builds here (docs/hip-on-cpu.md, \"Runtime compilation and modules\")");
  const std::vector<std::byte> host = small_elf();
  EXPECT_EQ(refusal([&] { image::size_from_header(host.data()); }),
            "the image is a host ELF file, not a module image that hiprtcGetCode returned");
  std::vector<std::byte> bundle(64);
  std::memcpy(bundle.data(), "__CLANG_OFFLOAD_BUNDLE__", 24);
  EXPECT_EQ(refusal([&] { image::size_from_header(bundle.data()); }),
            "the image is a clang offload bundle of GPU code objects (hipcc --genco), which the CPU emulator cannot run; it "
            "runs the modules hiprtcCompileProgram builds here");
  std::vector<std::byte> text_bytes(64);
  std::memcpy(text_bytes.data(), "hello", 5);
  EXPECT_EQ(refusal([&] { image::size_from_header(text_bytes.data()); }),
            "the image is not a module image that hiprtcGetCode returned (it does not start with one's header)");
}

TEST(ModuleImage, DamagedOrTruncatedImagesAreRefused) {
  std::vector<std::byte> bytes = image::write("gfx1201", 32, small_elf());
  EXPECT_EQ(refusal([&] { image::read(std::span(bytes).first(bytes.size() - 1)); }),
            "the module image is truncated: its header announces " + std::to_string(bytes.size()) + " bytes, " +
                std::to_string(bytes.size() - 1) + " are there");
  bytes[image::kHeaderBytes + 70] ^= std::byte{1};
  EXPECT_EQ(refusal([&] { image::read(bytes); }), "the module image is damaged: its contents do not match its checksum");
  bytes = image::write("gfx1201", 32, small_elf());
  put<std::uint32_t>(bytes, 16, 2);
  EXPECT_EQ(refusal([&] { image::read(bytes); }),
            "the module image has format version 2; this wmmasim reads version 1 (compile it again)");
}

TEST(ModuleImage, MalformedSectionTablesAreRefused) {
  std::vector<std::byte> elf = small_elf();
  put<std::uint64_t>(elf, 0x28, elf.size() - 10);  // section headers past the end
  EXPECT_EQ(refusal([&] { image::elf_section(elf, ".text"); }),
            "the module's shared object is malformed (section headers out of the file)");
  elf = small_elf();
  put<std::uint16_t>(elf, 0x3e, 9);
  EXPECT_EQ(refusal([&] { image::elf_section(elf, ".text"); }),
            "the module's shared object is malformed (section name table index)");
}

}  // namespace
