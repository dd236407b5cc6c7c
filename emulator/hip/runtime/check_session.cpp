#include "check_session.hpp"

#include <dlfcn.h>
#include <elf.h>
#include <link.h>
#include <unistd.h>

#include <cxxabi.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <map>
#include <mutex>
#include <tuple>
#include <vector>

#include "runtime_state.hpp"
#include "wmmasim/check/report.hpp"
#include "wmmasim/error.hpp"
#include "wmmasim/simt/race_notes.hpp"
#include "wmmasim/simt/sync_notes.hpp"

namespace wmmasim::hip::runtime {
namespace {

bool listed(const std::string& tools, const char* tool) {
  if (tools == "all") return true;
  std::size_t start = 0;
  while (start <= tools.size()) {
    const std::size_t end = std::min(tools.find(',', start), tools.size());
    if (tools.compare(start, end - start, tool) == 0) return true;
    start = end + 1;
  }
  return false;
}

// The module and offset a symbolizer needs for an instruction of this process.
check::CodeSite code_site(const void* code) {
  check::CodeSite site;
  if (!code) return site;
  const void* at = static_cast<const char*>(code) - 1;  // inside the call, not after it
  Dl_info info{};
  if (!dladdr(at, &info) || !info.dli_fbase) return site;
  const auto* header = static_cast<const ElfW(Ehdr)*>(info.dli_fbase);
  const auto address = reinterpret_cast<std::uintptr_t>(at), base = reinterpret_cast<std::uintptr_t>(info.dli_fbase);
  site.offset = header->e_type == ET_DYN ? address - base : address;
  site.module = info.dli_fname ? info.dli_fname : "";
  if (site.module.empty() || site.module[0] != '/') {  // the executable, named as it was started
    char path[4096];
    const ssize_t n = readlink("/proc/self/exe", path, sizeof path - 1);
    if (n > 0) site.module.assign(path, static_cast<std::size_t>(n));
  }
  return site;
}

struct TlsSymbol {
  std::uint64_t start = 0, size = 0;
  std::string name;  // demangled where libstdc++ can ("reverse(float const*, float*)::tile")
};

// The thread-local variables of an ELF file, from its symbol table (offsets in its TLS segment).
std::vector<TlsSymbol> read_tls_symbols(const std::string& path) {
  std::vector<TlsSymbol> out;
  std::ifstream in(path, std::ios::binary);
  const std::string elf((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (elf.size() < sizeof(ElfW(Ehdr)) || elf.compare(0, 4, ELFMAG) != 0) return out;
  const auto* h = reinterpret_cast<const ElfW(Ehdr)*>(elf.data());
  if (h->e_shoff == 0 || h->e_shoff + std::uint64_t{h->e_shnum} * sizeof(ElfW(Shdr)) > elf.size()) return out;
  const auto* sections = reinterpret_cast<const ElfW(Shdr)*>(elf.data() + h->e_shoff);
  for (unsigned i = 0; i < h->e_shnum; ++i) {
    const ElfW(Shdr)& symtab = sections[i];
    if (symtab.sh_type != SHT_SYMTAB || symtab.sh_link >= h->e_shnum) continue;
    const ElfW(Shdr)& strtab = sections[symtab.sh_link];
    if (symtab.sh_offset + symtab.sh_size > elf.size() || strtab.sh_offset + strtab.sh_size > elf.size()) return out;
    const auto* symbols = reinterpret_cast<const ElfW(Sym)*>(elf.data() + symtab.sh_offset);
    for (std::size_t k = 0; k < symtab.sh_size / sizeof(ElfW(Sym)); ++k) {
      const ElfW(Sym)& sym = symbols[k];
      if (ELF64_ST_TYPE(sym.st_info) != STT_TLS || sym.st_name >= strtab.sh_size) continue;
      const char* mangled = elf.data() + strtab.sh_offset + sym.st_name;
      int status = 0;
      char* demangled = abi::__cxa_demangle(mangled, nullptr, nullptr, &status);
      out.push_back({sym.st_value, sym.st_size, status == 0 && demangled ? demangled : mangled});
      std::free(demangled);
    }
  }
  return out;
}

// The TLS symbol holding `offset` of a module's TLS segment. Each module's table is read once: a
// racing kernel notes its race once per block, and the executable can be large.
const TlsSymbol* tls_symbol(const std::string& module, std::uint64_t offset) {
  static std::mutex mutex;
  static std::map<std::string, std::vector<TlsSymbol>> tables;
  std::lock_guard lock(mutex);
  auto it = tables.find(module);
  if (it == tables.end()) it = tables.emplace(module, read_tls_symbols(module)).first;
  for (const TlsSymbol& s : it->second)
    if (offset >= s.start && offset < s.start + s.size) return &s;
  return nullptr;
}

// Static __shared__ arrays are thread_local variables of the program (memory_spaces.hpp): an address
// in this thread's instance of a module's TLS segment is one of them (or another thread_local).
bool in_static_tls(const void* address, std::uint64_t& offset, std::string& module) {
  struct Search {
    std::uintptr_t address;
    std::uint64_t offset = 0;
    bool found = false;
    std::string module;
  } search{reinterpret_cast<std::uintptr_t>(address)};
  dl_iterate_phdr(
      [](dl_phdr_info* info, std::size_t, void* data) {
        auto& s = *static_cast<Search*>(data);
        if (!info->dlpi_tls_data) return 0;
        for (int i = 0; i < info->dlpi_phnum; ++i) {
          const ElfW(Phdr)& p = info->dlpi_phdr[i];
          if (p.p_type != PT_TLS) continue;
          const auto start = reinterpret_cast<std::uintptr_t>(info->dlpi_tls_data);
          if (s.address >= start && s.address < start + p.p_memsz) {
            s.offset = s.address - start;
            s.found = true;
            s.module = info->dlpi_name ? info->dlpi_name : "";
            return 1;
          }
        }
        return 0;
      },
      &search);
  offset = search.offset;
  module = search.module;
  if (module.empty()) {  // the executable
    char path[4096];
    const ssize_t n = readlink("/proc/self/exe", path, sizeof path - 1);
    if (n > 0) module.assign(path, static_cast<std::size_t>(n));
  }
  return search.found;
}

const char* race_kind(simt::RaceKind k) {
  switch (k) {
    case simt::RaceKind::read_after_write: return "read-after-write";
    case simt::RaceKind::write_after_read: return "write-after-read";
    case simt::RaceKind::write_after_write: return "write-after-write";
  }
  return "race";
}

const char* sync_kind(simt::SyncNoteKind k) {
  switch (k) {
    case simt::SyncNoteKind::barrier_with_exited_threads: return "barrier-with-exited-threads";
    case simt::SyncNoteKind::barriers_at_different_points: return "barriers-at-different-points";
    case simt::SyncNoteKind::barrier_in_divergent_wave: return "barrier-in-divergent-wave";
  }
  return "barrier";
}

class Session final : public simt::RaceNoteSink, public simt::SyncNoteSink {
 public:
  Session(std::string tools, std::string report) : tools_(std::move(tools)), report_path_(std::move(report)) {}
  bool racecheck() const { return listed(tools_, "racecheck"); }
  bool synccheck() const { return listed(tools_, "synccheck"); }
  bool memcheck() const { return listed(tools_, "memcheck"); }

  void count_launch() {
    std::lock_guard lock(mutex_);
    ++report_.launches;
  }

  void note(const simt::RaceNote& n) override {
    check::Finding f;
    f.tool = "racecheck";
    f.severity = n.same_wave ? "warning" : "error";
    f.kind = n.same_wave ? std::string("lockstep-") + race_kind(n.kind) : race_kind(n.kind);
    f.kernel = n.kernel;
    f.block = {n.block.x, n.block.y, n.block.z};
    std::uint64_t offset = 0;
    if (n.memory) {
      f.memory = n.memory;
      f.offset = n.offset;
    } else if (DeviceAllocation* a = find_allocation(n.address)) {
      f.memory = describe(*a);
      f.offset = static_cast<std::uint64_t>(static_cast<const std::byte*>(n.address) - a->region.data());
    } else if (std::string module; in_static_tls(n.address, offset, module)) {
      if (const TlsSymbol* symbol = tls_symbol(module, offset)) {
        // wmmasim's and the C++ library's own thread_locals, touched by header code inlined into a
        // kernel, are the runtime's business, not the program's.
        const std::string& name = symbol->name;
        if (name.rfind("wmmasim::", 0) == 0 || name.rfind("std::", 0) == 0 || name.rfind("_ZN7wmmasim", 0) == 0 ||
            name.rfind("_ZNSt", 0) == 0)
          return;
        f.memory = "static __shared__ '" + name + "'";
        f.offset = offset - symbol->start;
      } else {
        f.memory = "static __shared__ memory";
        f.offset = offset;
      }
    } else {
      return;  // the runtime's own memory (or a __device__ variable: not checked yet, docs/check.md)
    }
    f.accesses = {check::Access{n.first.wave, n.first.lane, code_site(n.first.code)},
                  check::Access{n.second.wave, n.second.lane, code_site(n.second.code)}};
    add(std::make_tuple(f.tool, f.kind, n.first.code, n.second.code, std::string(), 0u), std::move(f));
  }

  void note(const simt::SyncNote& n) override {
    check::Finding f;
    f.tool = "synccheck";
    f.severity = "warning";
    f.kind = sync_kind(n.kind);
    f.kernel = n.kernel;
    f.block = {n.block.x, n.block.y, n.block.z};
    f.file = n.where.file_name();
    f.line = n.where.line();
    switch (n.kind) {
      case simt::SyncNoteKind::barrier_with_exited_threads:
        f.message = "the barrier completed after " + std::to_string(n.threads.size()) +
                    " threads of the block had returned: RDNA's S_BARRIER waits only for running waves, but HIP "
                    "asks every thread of the block to reach it";
        break;
      case simt::SyncNoteKind::barriers_at_different_points:
        f.message = std::string("waves waiting here and at ") + n.other_where.file_name() + ":" +
                    std::to_string(n.other_where.line()) +
                    " released each other: RDNA's barrier is a counter, but HIP asks every thread to reach the same "
                    "__syncthreads";
        break;
      case simt::SyncNoteKind::barrier_in_divergent_wave:
        f.message = "some lanes of a wave reached this barrier while others of the same wave had returned or waited "
                    "elsewhere: RDNA's barrier counts whole waves, HIP asks every thread to reach it";
        break;
    }
    add(std::make_tuple(f.tool, f.kind, nullptr, nullptr, f.file, f.line), std::move(f));
  }

  void fault(simt::FaultKind kind, const std::string& sentence) {
    const bool sync = kind == simt::FaultKind::barrier || kind == simt::FaultKind::wave_collective;
    if (sync ? !synccheck() : !memcheck()) return;
    check::Finding f;
    f.tool = sync ? "synccheck" : "memcheck";
    f.severity = "error";
    f.kind = sync ? "stuck" : kind == simt::FaultKind::out_of_bounds ? "out-of-bounds" : "fault";
    f.message = sentence;
    add(std::make_tuple(f.tool, f.kind, nullptr, nullptr, sentence, 0u), std::move(f));
  }

  void finish() {
    std::lock_guard lock(mutex_);
    if (finished_) return;
    finished_ = true;
    report_.findings.clear();
    for (auto& [key, f] : merged_) report_.findings.push_back(f);
    try {
      check::write_report(report_path_, report_);
    } catch (const UserError& e) {
      std::fprintf(stderr, "wmmasim: %s\n", e.what());
    }
  }

 private:
  using Key = std::tuple<std::string, std::string, const void*, const void*, std::string, unsigned>;
  void add(Key key, check::Finding f) {
    std::lock_guard lock(mutex_);
    auto [it, inserted] = merged_.emplace(std::move(key), std::move(f));
    if (!inserted) ++it->second.blocks;
  }

  std::string tools_, report_path_;
  std::mutex mutex_;
  std::map<Key, check::Finding> merged_;
  check::Report report_;
  bool finished_ = false;
};

Session* session() {
  static Session* s = [] () -> Session* {
    const char* tools = std::getenv("WMMASIM_CHECK");
    const char* report = std::getenv("WMMASIM_CHECK_REPORT");
    if (!tools || !*tools || !report || !*report) return nullptr;
    auto* created = new Session(tools, report);  // lives until the process ends: the exit handler uses it
    std::atexit([] { finish_check(); });
    return created;
  }();
  return s;
}

}  // namespace

void check_launch(simt::LaunchOptions& options) {
  Session* s = session();
  if (!s) return;
  s->count_launch();
  if (s->racecheck()) options.race_notes = s;
  if (s->synccheck()) options.sync_notes = s;
}

void check_fault(simt::FaultKind kind, const std::string& sentence) {
  if (Session* s = session()) s->fault(kind, sentence);
}

void finish_check() {
  if (Session* s = session()) s->finish();
}

}  // namespace wmmasim::hip::runtime
