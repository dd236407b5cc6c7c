// Comparing two recordings of the same program (`wmmasim diff cpu.json gpu.json`): launches are paired
// by order (their kernel names must agree), buffers by the argument that reaches them, and every
// differing element is reported at its index, typed by the kernel's parameter type (or --type), with
// the distance in ULPs for floats.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "wmmasim/runfile/run_file.hpp"

namespace wmmasim::runfile {

// How the elements of a buffer are read.
struct ElementType {
  std::string name;  // f64 f32 f16 bf16 fp8 bf8 i8 u8 i16 u16 i32 u32 i64 u64 b8 (raw bytes)
  int bytes = 1;
  bool is_float = false, is_signed = false;
};

// By short name (the --type spelling), or nullopt.
std::optional<ElementType> element_type_named(const std::string& name);
// From a C++ type as written by a recorder: the pointee of a pointer ("const __half*" -> f16), or the
// type itself ("float4" -> f32, "__hip_bfloat16" -> bf16, "unsigned int" -> u32); nullopt when unknown.
std::optional<ElementType> element_type_of(const std::string& cpp_type);

// `--type arg2=f16` (every launch) or `--type scale:arg2=f16` (launches of kernel `scale`, by the
// name without parameter list). Throws UserError on a malformed option.
struct TypeOverride {
  std::string kernel;  // "" for every kernel
  int argument = 0;
  ElementType type;
  static TypeOverride parse(const std::string& text);
};

struct ElementDifference {
  std::string where;  // "[17]" relative to the argument's pointer; "byte 3" for bytes outside whole elements
  std::uint64_t byte_offset = 0;  // in the allocation
  std::uint64_t expected = 0, got = 0;  // raw bits
  std::string expected_value, got_value;  // decoded ("1.5", "-3"), "" for raw bytes
  long long distance = 0;  // ULPs for floats (-1: a NaN is involved), |difference| for integers and bytes
};

struct BufferDiff {
  int argument = 0;        // the (first) argument reaching the buffer, in the first file
  std::string parameter;   // its type as recorded ("float*"), for the report
  ElementType type;
  std::string type_source;  // "--type", "parameter type", "allocation hint", "raw bytes"
  std::string phase;        // "before" (inputs) or "after" (outputs)
  std::uint64_t compared = 0;  // elements (and stray bytes) compared
  std::uint64_t differing = 0;
  std::vector<ElementDifference> differences;  // the first `max_listed`
  long long max_distance = 0;
};

struct LaunchDiff {
  std::size_t position = 0;  // in recording order
  std::uint64_t index_first = 0, index_second = 0;
  std::string kernel;
  std::vector<std::string> differences;  // launch configuration and scalar arguments
  std::vector<BufferDiff> buffers;
  std::vector<std::string> notes;        // what could not be compared (missing contents, ...)
  // Why the outputs differ, where something could tell (`wmmasim replay`: the layout check of the
  // launch, docs/diagnosis.md); printed after the differing buffers, as `wmmasim diff` prints the
  // catalogue's explanations of a run file's D.
  std::vector<std::string> explanations;
  std::string error;                     // the launches cannot be compared at all
  std::uint64_t differing() const;       // differing elements plus configuration/argument differences
};

struct LaunchDiffReport {
  std::vector<LaunchDiff> launches;
  std::vector<std::string> errors;  // file-level: launch counts differ
  std::uint64_t differing() const;
  std::size_t failed() const;  // file errors plus launches that could not be compared
};

// `first` is the reference (the CPU side); its parameter types take precedence over `second`'s.
LaunchDiffReport diff_launches(const RunFile& first, const RunFile& second, const std::vector<TypeOverride>& types = {},
                               std::size_t max_listed = 20);

// One summary line per launch, then its differences; a last line for the whole comparison.
std::string launch_diff_text(const LaunchDiffReport& report);

}  // namespace wmmasim::runfile
