#include "kernel_metadata.hpp"

#include <elf.h>

#include <cstring>

#include <nlohmann/json.hpp>

namespace wmmasim::record {
namespace {

constexpr std::uint32_t kNoteAmdgpuMetadata = 32;  // NT_AMDGPU_METADATA (LLVM AMDGPUUsage, code object V3+)
constexpr char kBundleMagic[] = "__CLANG_OFFLOAD_BUNDLE__";
constexpr std::uint32_t kFatBinaryMagic = 0x48495046;  // "HIPF"

std::uint64_t read_u64(const unsigned char* p) {
  std::uint64_t v;
  std::memcpy(&v, p, 8);
  return v;
}

std::vector<KernelInfo> kernels_from_metadata(const nlohmann::json& md) {
  std::vector<KernelInfo> out;
  const std::string target = md.value("amdhsa.target", std::string());
  if (!md.contains("amdhsa.kernels") || !md["amdhsa.kernels"].is_array()) return out;
  for (const auto& k : md["amdhsa.kernels"]) {
    KernelInfo info;
    info.name = k.value(".name", std::string());
    info.target = target;
    info.wave_size = k.value(".wavefront_size", 0);
    info.kernarg_size = k.value(".kernarg_segment_size", 0u);
    if (k.contains(".args") && k[".args"].is_array())
      for (const auto& a : k[".args"]) {
        KernelArgumentInfo arg;
        arg.offset = a.value(".offset", 0u);
        arg.size = a.value(".size", 0u);
        arg.value_kind = a.value(".value_kind", std::string());
        arg.access = a.value(".actual_access", a.value(".access", std::string()));
        arg.is_const = a.value(".is_const", false);
        if (arg.value_kind.rfind("hidden_", 0) == 0) continue;  // not among hipLaunchKernel's args
        info.arguments.push_back(std::move(arg));
      }
    out.push_back(std::move(info));
  }
  return out;
}

}  // namespace

std::vector<KernelInfo> kernels_in_code_object(const void* data, std::size_t size, std::string& problem) {
  const auto* bytes = static_cast<const unsigned char*>(data);
  if (size < sizeof(Elf64_Ehdr) || std::memcmp(bytes, ELFMAG, SELFMAG) != 0) {
    problem = "not an ELF code object";
    return {};
  }
  Elf64_Ehdr eh;
  std::memcpy(&eh, bytes, sizeof eh);
  if (eh.e_ident[EI_CLASS] != ELFCLASS64 || eh.e_machine != EM_AMDGPU) {
    problem = "not an AMDGPU code object";
    return {};
  }
  std::vector<KernelInfo> out;
  for (unsigned i = 0; i < eh.e_shnum; ++i) {
    Elf64_Shdr sh;
    const std::uint64_t at = eh.e_shoff + static_cast<std::uint64_t>(i) * eh.e_shentsize;
    if (at + sizeof sh > size) break;
    std::memcpy(&sh, bytes + at, sizeof sh);
    if (sh.sh_type != SHT_NOTE || sh.sh_offset + sh.sh_size > size) continue;
    // Notes: namesz, descsz, type, then name and desc, each padded to 4 bytes.
    for (std::uint64_t n = sh.sh_offset; n + 12 <= sh.sh_offset + sh.sh_size;) {
      std::uint32_t namesz, descsz, type;
      std::memcpy(&namesz, bytes + n, 4);
      std::memcpy(&descsz, bytes + n + 4, 4);
      std::memcpy(&type, bytes + n + 8, 4);
      const std::uint64_t name_at = n + 12, desc_at = name_at + ((namesz + 3u) & ~3u);
      if (desc_at + descsz > sh.sh_offset + sh.sh_size) break;
      if (type == kNoteAmdgpuMetadata && namesz == 7 && std::memcmp(bytes + name_at, "AMDGPU", 7) == 0) {
        try {
          const auto md = nlohmann::json::from_msgpack(bytes + desc_at, bytes + desc_at + descsz);
          auto kernels = kernels_from_metadata(md);
          out.insert(out.end(), kernels.begin(), kernels.end());
        } catch (const nlohmann::json::exception&) {
          problem = "its AMDGPU metadata note is not valid MessagePack";
        }
      }
      n = desc_at + ((descsz + 3u) & ~3u);
    }
  }
  if (out.empty() && problem.empty()) problem = "it has no AMDGPU metadata note (code object version 2?)";
  return out;
}

std::vector<KernelInfo> kernels_in_image(const void* data, std::size_t size, std::string& problem) {
  const auto* bytes = static_cast<const unsigned char*>(data);
  if (std::memcmp(bytes, "CCOB", 4) == 0) {
    problem = "it is a compressed offload bundle (clang --offload-compress), which this recorder cannot read";
    return {};
  }
  if (std::memcmp(bytes, kBundleMagic, sizeof kBundleMagic - 1) != 0)
    return kernels_in_code_object(data, size, problem);
  // Bundle: magic, entry count, then per entry: offset, size, triple length, triple (offsets from the start).
  const std::size_t header = sizeof kBundleMagic - 1;
  const std::uint64_t count = read_u64(bytes + header);
  std::vector<KernelInfo> out;
  std::uint64_t at = header + 8;
  for (std::uint64_t e = 0; e < count && e < 1024; ++e) {
    const std::uint64_t offset = read_u64(bytes + at), entry_size = read_u64(bytes + at + 8), triple_size = read_u64(bytes + at + 16);
    const std::string triple(reinterpret_cast<const char*>(bytes + at + 24), triple_size);
    at += 24 + triple_size;
    if (size && offset + entry_size > size) {
      problem = "its offload bundle is truncated";
      break;
    }
    if (triple.find("amdgcn") == std::string::npos || entry_size == 0) continue;  // the host entry is empty
    std::string why;
    auto kernels = kernels_in_code_object(bytes + offset, entry_size, why);
    if (!why.empty()) problem = triple + ": " + why;
    out.insert(out.end(), kernels.begin(), kernels.end());
  }
  return out;
}

std::vector<KernelInfo> kernels_in_fat_binary_wrapper(const void* wrapper, std::string& problem) {
  struct Wrapper {
    std::uint32_t magic, version;
    const void* binary;
    const void* unused;
  } w;
  std::memcpy(&w, wrapper, sizeof w);
  if (w.magic != kFatBinaryMagic || !w.binary) {
    problem = "the registered fat binary has an unknown wrapper";
    return {};
  }
  return kernels_in_image(w.binary, 0, problem);
}

std::vector<std::string> parameter_types(const std::string& demangled) {
  if (demangled.empty() || demangled.back() != ')') return {};
  int depth = 0;
  std::size_t open = std::string::npos;
  for (std::size_t i = demangled.size(); i-- > 0;) {
    if (demangled[i] == ')') ++depth;
    else if (demangled[i] == '(' && --depth == 0) {
      open = i;
      break;
    }
  }
  if (open == std::string::npos) return {};
  const std::string list = demangled.substr(open + 1, demangled.size() - open - 2);
  std::vector<std::string> out;
  std::string current;
  int nest = 0;
  for (char c : list) {
    if (c == '<' || c == '(' || c == '[') ++nest;
    if (c == '>' || c == ')' || c == ']') --nest;
    if (c == ',' && nest == 0) {
      out.push_back(current);
      current.clear();
      continue;
    }
    if (!(c == ' ' && current.empty())) current += c;
  }
  if (!current.empty()) out.push_back(current);
  if (out.size() == 1 && out[0] == "void") out.clear();
  return out;
}

}  // namespace wmmasim::record
