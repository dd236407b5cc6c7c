// AMD's launch extensions (hip_ext.h; ROCm's hipExtLaunchKernel and hipExtLaunchKernelGGL): a launch
// with a start and a stop event that the runtime records around the kernel, on the launch's stream,
// so a program times its kernel without hipEventRecord calls of its own. `flags` is
// hipExtAnyOrderLaunch or 0; launches on the CPU run in issue order either way.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "wmmasim/hip/detail/launch.hpp"

#define hipExtAnyOrderLaunch 0x01

namespace wmmasim::hip::detail {

inline hipError_t record_if(hipEvent_t event, hipStream_t stream) {
  return event ? hipEventRecord(event, stream) : hipSuccess;
}

// The launch's source text for messages: hipExtLaunchKernelGGL(kernel, grid, block, shared, stream,
// start, stop, flags, args...) arrives as one string, split here at its top-level commas.
class ExtLaunchText {
 public:
  ExtLaunchText(std::string_view text, const char* file, int line) {
    int depth = 0, commas = 0;
    std::size_t kernel_end = text.size(), arguments_begin = text.size();
    for (std::size_t i = 0; i < text.size(); ++i) {
      const char c = text[i];
      if (c == '(' || c == '[' || c == '{') ++depth;
      if (c == ')' || c == ']' || c == '}') --depth;
      if (c != ',' || depth != 0) continue;
      if (++commas == 1) kernel_end = i;
      if (commas == 8) {
        arguments_begin = i + 1;
        break;
      }
    }
    kernel_ = unparenthesised(trim(text.substr(0, kernel_end)));
    arguments_ = trim(text.substr(arguments_begin));
    site = LaunchSite{kernel_.c_str(), arguments_.c_str(), file, line};
  }
  LaunchSite site{};

 private:
  static std::string_view trim(std::string_view s) {
    while (!s.empty() && s.front() == ' ') s.remove_prefix(1);
    while (!s.empty() && s.back() == ' ') s.remove_suffix(1);
    return s;
  }
  // A kernel written in parentheses, `(k)`, is named k.
  static std::string unparenthesised(std::string_view s) {
    while (s.size() >= 2 && s.front() == '(' && s.back() == ')') {
      int depth = 0;
      std::size_t close = 0;
      for (std::size_t i = 0; i < s.size(); ++i) {
        if (s[i] == '(') ++depth;
        if (s[i] == ')' && --depth == 0) {
          close = i;
          break;
        }
      }
      if (close != s.size() - 1) break;
      s = trim(s.substr(1, s.size() - 2));
    }
    return std::string(s);
  }
  std::string kernel_, arguments_;
};

template <class F, class... Args>
void ext_launch_kernel(const LaunchSite& site, F kernel, const dim3& grid, const dim3& block, std::uint32_t shared,
                       hipStream_t stream, hipEvent_t start, hipEvent_t stop, std::uint32_t flags, Args... args) {
  (void)flags;
  if (record_if(start, stream) != hipSuccess) return;
  const Launch launch(site, [kernel](const auto&... a) { kernel(a...); }, grid, block, shared, stream);
  if (launch.run(args...) != hipSuccess) return;
  (void)record_if(stop, stream);
}

}  // namespace wmmasim::hip::detail

// The kernel's address form, for kernels wmmasim-hipcc registered (as hipLaunchKernel).
inline hipError_t hipExtLaunchKernel(const void* function_address, dim3 numBlocks, dim3 dimBlocks, void** args,
                                     size_t sharedMemBytes, hipStream_t stream, hipEvent_t startEvent,
                                     hipEvent_t stopEvent, int flags) {
  (void)flags;
  if (const hipError_t e = wmmasim::hip::detail::record_if(startEvent, stream)) return e;
  if (const hipError_t e = hipLaunchKernel(function_address, numBlocks, dimBlocks, args, sharedMemBytes, stream)) return e;
  return wmmasim::hip::detail::record_if(stopEvent, stream);
}

// ROCm declares a function template; a macro here also captures where the launch is written. Its
// arguments are passed on unchanged, so `kernel<a, b>` needs no HIP_KERNEL_NAME (as with ROCm's).
#define hipExtLaunchKernelGGL(...)                                                                       \
  ::wmmasim::hip::detail::ext_launch_kernel(                                                             \
      []() -> const ::wmmasim::hip::detail::LaunchSite& {                                                \
        static const ::wmmasim::hip::detail::ExtLaunchText wmmasim_text(#__VA_ARGS__, __FILE__, __LINE__); \
        return wmmasim_text.site;                                                                        \
      }(),                                                                                               \
      __VA_ARGS__)
