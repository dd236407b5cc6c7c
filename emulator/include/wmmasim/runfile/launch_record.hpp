// Kernel-launch records (run file version 2, docs/hw.md "Launch records"): what one launch of a
// user's own HIP program saw and produced, whoever ran it — the CPU emulator's HIP runtime or the
// GPU interposer (libwmmasim_record.so). Written by wmmasim/record/recorder.hpp, compared by
// wmmasim/runfile/launch_diff.hpp. The JSON side is here so that the run file has one reader.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace wmmasim::runfile {

// The first version whose files may carry "launches".
inline constexpr int kLaunchFormatVersion = 2;

struct LaunchArgument {
  std::string type;                 // C++ parameter type as the producer knew it ("const __half*", "int"); "" unknown
  std::vector<std::uint8_t> value;  // the argument's bytes as passed to the kernel (memory order)
  int buffer = -1;                  // index into LaunchRecord::buffers when the value points into one
  std::uint64_t offset = 0;         // the pointer's byte offset from that buffer's start
  bool operator==(const LaunchArgument&) const = default;
};

// One device allocation reachable from the launch's pointer arguments.
struct LaunchBuffer {
  std::uint64_t bytes = 0;        // the whole allocation
  std::string element_type;       // the allocator's hint ("" unknown)
  std::vector<int> arguments;     // the arguments pointing into it, in order
  bool output = true;             // reached through a pointer to non-const (or of unknown type)
  // Contents of the whole allocation before and after the launch; absent when not kept (see skipped).
  std::optional<std::vector<std::uint8_t>> before, after;
  std::string skipped;            // why contents are missing ("" when both are as requested)
  bool operator==(const LaunchBuffer&) const = default;
};

struct LaunchRecord {
  std::uint64_t index = 0;        // the launch's number in the process (0-based), counting unrecorded launches
  std::string kernel;             // demangled: "scale(__half const*, float*, int, float)"
  std::string symbol;             // mangled, "" when unknown
  std::array<std::uint32_t, 3> grid{1, 1, 1}, block{1, 1, 1};
  std::uint64_t dynamic_lds = 0;  // bytes of dynamic shared memory
  int wave_size = 0;              // 32 or 64; 0 when unknown
  std::vector<LaunchArgument> arguments;
  std::vector<LaunchBuffer> buffers;
  std::string error;              // what the launch returned when it failed ("" on success)
  std::vector<std::string> notes;
  bool operator==(const LaunchRecord&) const = default;
};

// The name without its parameter list: "ns::scale<float>" of "ns::scale<float>(float*, int)".
std::string kernel_base_name(const std::string& kernel);

// The name two producers agree on: a GPU recording spells a kernel as the demangler does ("void
// gemm<float, 4>(float*)"), the CPU emulator as the launch was written ("gemm<float,4>"); neither
// the return type, the parameter list nor spaces tell kernels apart.
std::string comparable_kernel_name(const std::string& kernel);

// Whether `a` and `b` name the same kernel: `same`; or only once namespaces and template argument
// lists are dropped (a launch written `k<T><<<...>>>` inside a host template, or `k` under a using
// directive): `same_function`; else `different`.
enum class KernelMatch { same, same_function, different };
KernelMatch match_kernels(const std::string& a, const std::string& b);

// Without contents: the buffers' "before" and "after" are left out (the streaming writer adds them
// itself, straight from base64, rather than through the JSON serializer).
nlohmann::json launch_to_json(const LaunchRecord& launch, bool with_contents = true);
// Throws UserError with one sentence naming `source` and the JSON path (`path`, e.g. "launches[3]").
LaunchRecord launch_from_json(const nlohmann::json& j, const std::string& source, const std::string& path);

// Base64 (RFC 4648, with padding) for buffer contents.
std::string base64_encode(const std::vector<std::uint8_t>& bytes);
std::optional<std::vector<std::uint8_t>> base64_decode(const std::string& text);

}  // namespace wmmasim::runfile
