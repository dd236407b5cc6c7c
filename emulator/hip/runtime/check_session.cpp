#include "check_session.hpp"

#include <dlfcn.h>
#include <elf.h>
#include <link.h>
#include <unistd.h>

#include <cxxabi.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <map>
#include <mutex>
#include <set>
#include <string_view>
#include <tuple>
#include <vector>

#include "runtime_state.hpp"
#include "wmmasim/check/report.hpp"
#include "wmmasim/error.hpp"
#include "wmmasim/simt/init_notes.hpp"
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

// wmmasim's and the C++ library's own thread_locals, touched by header code inlined into a kernel,
// are the runtime's business, not the program's.
bool runtime_variable(const std::string& name) {
  return name.rfind("wmmasim::", 0) == 0 || name.rfind("std::", 0) == 0 || name.rfind("_ZN7wmmasim", 0) == 0 ||
         name.rfind("_ZNSt", 0) == 0;
}

struct TlsSymbol {
  std::uint64_t start = 0, size = 0;
  std::string name;  // demangled where libstdc++ can ("reverse(float const*, float*)::tile")
  // What a static __shared__ variable can be: zero-initialised (.tbss) with no dynamic
  // initialisation (no guard variable or TLS init function), not the runtime's or a library's.
  bool may_be_shared = false;
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
    std::set<std::string> initialised;  // names with a guard variable or a TLS init function
    const std::size_t count = symtab.sh_size / sizeof(ElfW(Sym));
    for (std::size_t k = 0; k < count; ++k) {
      if (symbols[k].st_name >= strtab.sh_size) continue;
      const std::string mangled = elf.data() + strtab.sh_offset + symbols[k].st_name;
      for (const char* prefix : {"_ZGV", "_ZTH", "_ZTW"})
        if (mangled.rfind(prefix, 0) == 0) initialised.insert("_Z" + mangled.substr(4));
    }
    for (std::size_t k = 0; k < count; ++k) {
      const ElfW(Sym)& sym = symbols[k];
      if (ELF64_ST_TYPE(sym.st_info) != STT_TLS || sym.st_name >= strtab.sh_size) continue;
      const char* mangled = elf.data() + strtab.sh_offset + sym.st_name;
      int status = 0;
      char* demangled = abi::__cxa_demangle(mangled, nullptr, nullptr, &status);
      TlsSymbol t{sym.st_value, sym.st_size, status == 0 && demangled ? demangled : mangled};
      std::free(demangled);
      const bool zero = sym.st_shndx < h->e_shnum && sections[sym.st_shndx].sh_type == SHT_NOBITS;
      const bool reserved = mangled[0] == '_' && std::string_view(mangled).rfind("_Z", 0) != 0;  // __foo, _foo
      t.may_be_shared = zero && sym.st_size != 0 && !initialised.count(mangled) && !reserved &&
                        !runtime_variable(t.name) && t.name.rfind("__", 0) != 0;
      out.push_back(std::move(t));
    }
  }
  return out;
}

// A module's TLS symbols, read once: a racing kernel notes its race once per block, and the
// executable can be large.
const std::vector<TlsSymbol>& tls_symbols(const std::string& module) {
  static std::mutex mutex;
  static std::map<std::string, std::vector<TlsSymbol>> tables;
  std::lock_guard lock(mutex);
  auto it = tables.find(module);
  if (it == tables.end()) it = tables.emplace(module, read_tls_symbols(module)).first;
  return it->second;  // map nodes stay put
}

// The TLS symbol holding `offset` of a module's TLS segment.
const TlsSymbol* tls_symbol(const std::string& module, std::uint64_t offset) {
  for (const TlsSymbol& s : tls_symbols(module))
    if (offset >= s.start && offset < s.start + s.size) return &s;
  return nullptr;
}

std::string executable_path() {
  char path[4096];
  const ssize_t n = readlink("/proc/self/exe", path, sizeof path - 1);
  return n > 0 ? std::string(path, static_cast<std::size_t>(n)) : std::string();
}

// Static __shared__ arrays are thread_local variables of the program (memory_spaces.hpp): an address
// in this thread's instance of a module's TLS segment is one of them (or another thread_local).
bool in_static_tls(const void* address, std::uint64_t& offset, std::string& module) {
  struct Search {
    std::uintptr_t address;
    std::uint64_t offset = 0;
    bool found = false;
    std::string module;
  } search{reinterpret_cast<std::uintptr_t>(address), 0, false, {}};
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
  if (module.empty()) module = executable_path();
  return search.found;
}

// This thread's instances of the program's thread_local variables: its static __shared__ arrays.
std::vector<std::pair<std::uintptr_t, std::uintptr_t>> static_shared_variables() {
  std::vector<std::pair<std::string, std::uintptr_t>> modules;  // path, this thread's TLS block
  dl_iterate_phdr(
      [](dl_phdr_info* info, std::size_t, void* data) {
        if (info->dlpi_tls_data)
          static_cast<decltype(modules)*>(data)->emplace_back(info->dlpi_name ? info->dlpi_name : "",
                                                              reinterpret_cast<std::uintptr_t>(info->dlpi_tls_data));
        return 0;
      },
      &modules);
  std::vector<std::pair<std::uintptr_t, std::uintptr_t>> out;
  for (auto& [path, block] : modules)
    for (const TlsSymbol& s : tls_symbols(path.empty() ? executable_path() : path))
      if (s.may_be_shared) out.emplace_back(block + s.start, block + s.start + s.size);
  return out;
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

// Names the memory at `address` in `f` (memory, offset): `memory` when the runtime knew it, else a
// device buffer or a static __shared__ variable. False for memory that is the runtime's own (or a
// __device__ variable: not checked yet, docs/check.md).
bool name_memory(const void* address, const char* memory, std::size_t memory_offset, check::Finding& f) {
  std::uint64_t offset = 0;
  if (memory) {
    f.memory = memory;
    f.offset = memory_offset;
  } else if (DeviceAllocation* a = find_allocation(address)) {
    f.memory = describe(*a);
    f.offset = static_cast<std::uint64_t>(static_cast<const std::byte*>(address) - a->region.data());
  } else if (std::string module; in_static_tls(address, offset, module)) {
    if (const TlsSymbol* symbol = tls_symbol(module, offset)) {
      if (runtime_variable(symbol->name)) return false;
      f.memory = "static __shared__ '" + symbol->name + "'";
      f.offset = offset - symbol->start;
    } else {
      f.memory = "static __shared__ memory";
      f.offset = offset;
    }
  } else {
    return false;
  }
  return true;
}

check::Finding new_finding(const char* tool, const char* severity, std::string kind, const std::string& kernel,
                           simt::dim3 block) {
  check::Finding f;
  f.tool = tool;
  f.severity = severity;
  f.kind = std::move(kind);
  f.kernel = kernel;
  f.block = {block.x, block.y, block.z};
  return f;
}

// name_memory under the runtime's lock, for notes from the worker threads.
bool name_memory_locked(const void* address, const char* memory, std::size_t offset, check::Finding& f) {
  std::lock_guard lock(state().mutex);
  return name_memory(address, memory, offset, f);
}

class Session final : public simt::RaceNoteSink, public simt::SyncNoteSink, public simt::InitWatch {
 public:
  Session(std::string tools, std::string report) : tools_(std::move(tools)), report_path_(std::move(report)) {}
  bool racecheck() const { return listed(tools_, "racecheck"); }
  bool synccheck() const { return listed(tools_, "synccheck"); }
  bool memcheck() const { return listed(tools_, "memcheck"); }
  bool initcheck() const { return listed(tools_, "initcheck"); }

  simt::WrittenBytes buffer_at(const void* address) override {
    std::lock_guard lock(state().mutex);
    const auto at = reinterpret_cast<std::uintptr_t>(address);
    DeviceAllocation* a = find_allocation(address);
    if (a && a->written && !a->freed) {
      const auto begin = reinterpret_cast<std::uintptr_t>(a->region.data());
      if (at >= begin && at < begin + a->region.size()) return {begin, begin + a->region.size(), a->written.get()};
    }
    // Untracked: the whole page unless an allocation's mapping (its slack or guard) holds it.
    if (a) return {at, at + 1, nullptr};
    const std::uintptr_t page = at & ~std::uintptr_t{4095};
    return {page, page + 4096, nullptr};
  }

  std::vector<std::pair<std::uintptr_t, std::uintptr_t>> static_shared_ranges() override {
    return static_shared_variables();
  }

  void note(const simt::UninitNote& n) override {
    check::Finding f = new_finding("initcheck", "error", "uninitialised-read", n.kernel, n.block);
    if (!name_memory_locked(n.address, n.memory, n.offset, f)) return;
    const bool shared = n.memory || f.memory.rfind("static __shared__", 0) == 0;
    f.message = "a " + std::to_string(n.bytes) + "-byte load) " +
                (shared ? "that no thread of the block wrote before: on the GPU a block's shared memory holds whatever "
                          "the previous block left there"
                        : "that nothing wrote since hipMalloc (no hipMemcpy, hipMemset or kernel store): on the GPU it "
                          "holds whatever the memory held before");
    f.accesses = {check::Access{n.wave, n.lane, code_site(n.code)}};
    add(n.code, nullptr, std::move(f));
  }

  void count_launch() {
    std::lock_guard lock(mutex_);
    ++report_.launches;
    if (++launch_bits_ >> (32 - simt::BlockWrites::kLaunchShift) != 0) {  // wrapped: forget older launches
      launch_bits_ = 1;
      std::lock_guard state_lock(state().mutex);
      for (auto& [base, a] : state().allocations)
        if (a->writers) std::fill(a->writers.get(), a->writers.get() + a->region.size(), 0u);
    }
  }

  simt::BlockWrites block_writes_at(const void* address) override {
    std::lock_guard lock(state().mutex);
    const auto at = reinterpret_cast<std::uintptr_t>(address);
    DeviceAllocation* a = find_allocation(address);
    const std::uint32_t launch = launch_bits_ << simt::BlockWrites::kLaunchShift;
    if (a && a->writers && !a->freed) {
      const auto begin = reinterpret_cast<std::uintptr_t>(a->region.data());
      if (at >= begin && at < begin + a->region.size()) return {begin, begin + a->region.size(), a->writers.get(), launch};
    }
    if (a) return {at, at + 1, nullptr, launch};
    const std::uintptr_t page = at & ~std::uintptr_t{4095};
    return {page, page + 4096, nullptr, launch};
  }

  void note(const simt::BlockWriteNote& n) override {
    std::lock_guard lock(mutex_);
    if (block_writes_.size() < 4096) block_writes_.push_back(n);
  }

  // Each noted pair whose byte no longer holds the first block's value is a race between blocks.
  void launch_end() {
    std::vector<simt::BlockWriteNote> noted;
    {
      std::lock_guard lock(mutex_);
      noted.swap(block_writes_);
    }
    // One finding per store instruction, named by its first block in launch order.
    const auto order = [](simt::dim3 b) { return std::make_tuple(b.z, b.y, b.x); };
    std::map<const void*, std::pair<const simt::BlockWriteNote*, std::uint64_t>> per_code;
    for (const simt::BlockWriteNote& n : noted) {
      if (std::memcmp(n.address, n.before.data(), n.bytes) == 0) continue;  // the same value: benign
      auto [it, inserted] = per_code.emplace(n.code, std::make_pair(&n, std::uint64_t{0}));
      ++it->second.second;
      if (order(n.block) < order(it->second.first->block)) it->second.first = &n;
    }
    for (const auto& [code, kept] : per_code) {
      const simt::BlockWriteNote& n = *kept.first;
      check::Finding f = new_finding("racecheck", "error", "write-after-write-between-blocks", n.kernel, n.block);
      if (!name_memory_locked(n.address, nullptr, 0, f)) continue;
      const auto block_text = [](simt::dim3 b) {
        return "block (" + std::to_string(b.x) + "," + std::to_string(b.y) + "," + std::to_string(b.z) + ")";
      };
      f.message = "stores to " + f.memory + " (byte " + std::to_string(f.offset) + ") what " +
                  block_text(n.first_block) + " stored in the same launch, and the stored value differs: on the GPU "
                  "the result depends on which block stores last (do two blocks compute the same tile?)";
      f.accesses = {check::Access{n.wave, n.lane, code_site(n.code)}};
      f.blocks = kept.second;
      add(n.code, nullptr, std::move(f));
    }
  }

  void note(const simt::RaceNote& n) override {
    check::Finding f = new_finding("racecheck", n.same_wave ? "warning" : "error",
                                   n.same_wave ? std::string("lockstep-") + race_kind(n.kind) : race_kind(n.kind),
                                   n.kernel, n.block);
    if (!name_memory(n.address, n.memory, n.offset, f)) return;
    f.accesses = {check::Access{n.first.wave, n.first.lane, code_site(n.first.code)},
                  check::Access{n.second.wave, n.second.lane, code_site(n.second.code)}};
    add(n.first.code, n.second.code, std::move(f));
  }

  void note(const simt::SyncNote& n) override {
    check::Finding f = new_finding("synccheck", "warning", sync_kind(n.kind), n.kernel, n.block);
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
    add(nullptr, nullptr, std::move(f));
  }

  void fault(simt::FaultKind kind, const std::string& sentence) {
    const bool sync = kind == simt::FaultKind::barrier || kind == simt::FaultKind::wave_collective;
    if (sync ? !synccheck() : !memcheck()) return;
    check::Finding f;
    f.tool = sync ? "synccheck" : "memcheck";
    f.severity = "error";
    f.kind = sync ? "stuck" : kind == simt::FaultKind::out_of_bounds ? "out-of-bounds" : "fault";
    f.message = sentence;
    add(nullptr, nullptr, std::move(f));
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
  // One finding per cause: its tool and kind, the code addresses involved, and where or what the
  // runtime said.
  void add(const void* first_code, const void* second_code, check::Finding f) {
    Key key = std::make_tuple(f.tool, f.kind, first_code, second_code, f.file + "\n" + f.message, f.line);
    std::lock_guard lock(mutex_);
    // Blocks run on several threads: the report names the first block in launch order, whichever
    // thread told it first.
    const auto order = [](const check::Finding& x) { return std::make_tuple(x.block[2], x.block[1], x.block[0]); };
    auto [it, inserted] = merged_.emplace(std::move(key), f);
    if (inserted) return;
    ++it->second.blocks;
    if (order(f) < order(it->second)) {
      const std::uint64_t blocks = it->second.blocks;
      it->second = std::move(f);
      it->second.blocks = blocks;
    }
  }

  std::string tools_, report_path_;
  std::mutex mutex_;
  std::map<Key, check::Finding> merged_;
  check::Report report_;
  bool finished_ = false;
  std::uint32_t launch_bits_ = 0;                     // this launch's number in BlockWrites words
  std::vector<simt::BlockWriteNote> block_writes_;  // this launch's, until launch_end
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
  if (s->initcheck()) options.init_watch = s;
  if (s->synccheck()) options.sync_notes = s;
}

bool check_races() {
  Session* s = session();
  return s && s->racecheck();
}

void check_launch_end() {
  if (Session* s = session(); s && s->racecheck()) s->launch_end();
}

bool check_initialisation() {
  Session* s = session();
  return s && s->initcheck();
}

void check_fault(simt::FaultKind kind, const std::string& sentence) {
  if (Session* s = session()) s->fault(kind, sentence);
}

void finish_check() {
  if (Session* s = session()) s->finish();
}

}  // namespace wmmasim::hip::runtime
