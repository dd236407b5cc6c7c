#include "module_image.hpp"

#include <cstring>

namespace wmmasim::hip::module_image {
namespace {

constexpr char kMagic[16] = {'W', 'M', 'M', 'A', 'S', 'I', 'M', ' ', 'M', 'O', 'D', 'U', 'L', 'E', '\0', '\1'};
constexpr std::uint32_t kVersion = 1;
constexpr std::size_t kArchBytes = 16;
constexpr char kElfMagic[4] = {'\x7f', 'E', 'L', 'F'};
constexpr std::string_view kOffloadBundle = "__CLANG_OFFLOAD_BUNDLE__";
constexpr std::uint16_t kMachineAmdgpu = 224, kMachineX86_64 = 62, kMachineAarch64 = 183;

template <class T> T load(const std::byte* p) {
  T v;
  std::memcpy(&v, p, sizeof v);  // the header and ELF fields are little-endian, as the hosts are
  return v;
}
template <class T> void store(std::byte* p, T v) { std::memcpy(p, &v, sizeof v); }

// FNV-1a: enough to tell a damaged or truncated copy from the image hiprtcGetCode wrote.
std::uint64_t checksum(std::span<const std::byte> bytes) {
  std::uint64_t h = 0xcbf29ce484222325ull;
  for (std::byte b : bytes) h = (h ^ static_cast<std::uint8_t>(b)) * 0x100000001b3ull;
  return h;
}

// Whether `data` starts with `prefix`, reading no further than its first differing byte.
bool starts_with(const std::byte* data, std::string_view prefix) {
  for (std::size_t i = 0; i < prefix.size(); ++i)
    if (static_cast<char>(data[i]) != prefix[i]) return false;
  return true;
}

[[noreturn]] void refuse(const std::string& what) { throw ImageError(what); }

}  // namespace

std::vector<std::byte> write(std::string_view arch, int wave_size, std::span<const std::byte> shared_object) {
  std::vector<std::byte> out(kHeaderBytes + shared_object.size());
  std::memcpy(out.data(), kMagic, sizeof kMagic);
  store<std::uint32_t>(out.data() + 16, kVersion);
  store<std::uint32_t>(out.data() + 20, static_cast<std::uint32_t>(wave_size));
  store<std::uint64_t>(out.data() + 24, shared_object.size());
  store<std::uint64_t>(out.data() + 32, checksum(shared_object));
  std::memcpy(out.data() + 40, arch.data(), std::min(arch.size(), kArchBytes - 1));
  if (!shared_object.empty()) std::memcpy(out.data() + kHeaderBytes, shared_object.data(), shared_object.size());
  return out;
}

std::size_t size_from_header(const std::byte* data) {
  if (starts_with(data, std::string_view(kMagic, sizeof kMagic))) {
    const std::uint64_t bytes = load<std::uint64_t>(data + 24);
    if (bytes > (std::uint64_t(1) << 40)) refuse("the module image's header is damaged (it claims " + std::to_string(bytes) + " bytes)");
    return kHeaderBytes + static_cast<std::size_t>(bytes);
  }
  if (starts_with(data, std::string_view(kElfMagic, 4))) {
    const auto machine = load<std::uint16_t>(data + 18);
    if (machine == kMachineAmdgpu)
      refuse("the image is a GPU code object (an AMDGPU ELF file), which the CPU emulator cannot run; it runs the "
             "modules hiprtcCompileProgram builds here (docs/hip-on-cpu.md, \"Runtime compilation and modules\")");
    refuse(std::string("the image is ") + (machine == kMachineX86_64 || machine == kMachineAarch64 ? "a host ELF file" : "an ELF file") +
           ", not a module image that hiprtcGetCode returned");
  }
  if (starts_with(data, kOffloadBundle))
    refuse("the image is a clang offload bundle of GPU code objects (hipcc --genco), which the CPU emulator cannot run; "
           "it runs the modules hiprtcCompileProgram builds here");
  refuse("the image is not a module image that hiprtcGetCode returned (it does not start with one's header)");
}

Image read(std::span<const std::byte> bytes) {
  if (bytes.size() < kHeaderBytes || !starts_with(bytes.data(), std::string_view(kMagic, sizeof kMagic)))
    refuse("the image is not a module image that hiprtcGetCode returned (it is shorter than one's header or does not start with it)");
  const auto version = load<std::uint32_t>(bytes.data() + 16);
  if (version != kVersion)
    refuse("the module image has format version " + std::to_string(version) + "; this wmmasim reads version " +
           std::to_string(kVersion) + " (compile it again)");
  Image image;
  image.wave_size = static_cast<int>(load<std::uint32_t>(bytes.data() + 20));
  if (image.wave_size != 32 && image.wave_size != 64)
    refuse("the module image's header is damaged (wave size " + std::to_string(image.wave_size) + ")");
  const auto so_bytes = load<std::uint64_t>(bytes.data() + 24);
  if (so_bytes > bytes.size() - kHeaderBytes)
    refuse("the module image is truncated: its header announces " + std::to_string(kHeaderBytes + so_bytes) +
           " bytes, " + std::to_string(bytes.size()) + " are there");
  const std::byte* arch = bytes.data() + 40;
  for (std::size_t i = 0; i < kArchBytes && arch[i] != std::byte{0}; ++i) {
    const auto c = static_cast<char>(arch[i]);
    if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')))
      refuse("the module image's header is damaged (its target is not a name)");
    image.arch += c;
  }
  if (image.arch.empty() || image.arch.size() == kArchBytes) refuse("the module image's header is damaged (no target)");
  image.shared_object = bytes.subspan(kHeaderBytes, static_cast<std::size_t>(so_bytes));
  if (checksum(image.shared_object) != load<std::uint64_t>(bytes.data() + 32))
    refuse("the module image is damaged: its contents do not match its checksum");
  if (image.shared_object.size() < 64 || !starts_with(image.shared_object.data(), std::string_view(kElfMagic, 4)))
    refuse("the module image's contents are not a shared object");
  return image;
}

std::optional<std::span<const std::byte>> elf_section(std::span<const std::byte> elf, std::string_view name) {
  const auto damaged = [](const char* what) { refuse(std::string("the module's shared object is malformed (") + what + ")"); };
  if (elf.size() < 64 || !starts_with(elf.data(), std::string_view(kElfMagic, 4))) damaged("no ELF header");
  if (static_cast<std::uint8_t>(elf[4]) != 2 || static_cast<std::uint8_t>(elf[5]) != 1) damaged("not ELF64 little-endian");
  const auto section_headers = load<std::uint64_t>(elf.data() + 0x28);
  const auto entry_bytes = load<std::uint16_t>(elf.data() + 0x3a);
  const std::uint64_t count = load<std::uint16_t>(elf.data() + 0x3c);
  const auto names_index = load<std::uint16_t>(elf.data() + 0x3e);
  if (count == 0) return std::nullopt;
  if (entry_bytes < 64) damaged("section header size");
  if (section_headers > elf.size() || count * entry_bytes > elf.size() - section_headers) damaged("section headers out of the file");
  if (names_index >= count) damaged("section name table index");
  const auto section = [&](std::uint64_t i) { return elf.data() + section_headers + i * entry_bytes; };
  const auto contents = [&](const std::byte* header) {
    const auto offset = load<std::uint64_t>(header + 0x18), size = load<std::uint64_t>(header + 0x20);
    if (offset > elf.size() || size > elf.size() - offset) damaged("a section out of the file");
    return elf.subspan(static_cast<std::size_t>(offset), static_cast<std::size_t>(size));
  };
  const std::span<const std::byte> names = contents(section(names_index));
  for (std::uint64_t i = 0; i < count; ++i) {
    const auto name_offset = load<std::uint32_t>(section(i));
    if (name_offset >= names.size()) damaged("a section name out of the name table");
    const char* first = reinterpret_cast<const char*>(names.data()) + name_offset;
    const std::size_t room = names.size() - name_offset;
    const std::size_t length = strnlen(first, room);
    if (length == room) damaged("an unterminated section name");
    if (std::string_view(first, length) == name) {
      constexpr std::uint32_t kNoBits = 8;  // SHT_NOBITS: no bytes in the file
      if (load<std::uint32_t>(section(i) + 4) == kNoBits) return std::span<const std::byte>{};
      return contents(section(i));
    }
  }
  return std::nullopt;
}

}  // namespace wmmasim::hip::module_image
