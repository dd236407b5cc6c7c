// Kernel launches: what `k<<<grid, block, shared, stream>>>(args)` becomes after wmmasim-hipcc's
// pre-pass, and what hipLaunchKernelGGL expands to. The arguments are evaluated and copied once on
// the host, as into a GPU's kernarg segment, then every lane calls the kernel with its own copies
// (so they convert to the kernel's parameter types exactly as in a direct call).
#pragma once

#include <cstddef>
#include <cstdint>
#include <array>
#include <span>
#include <tuple>
#include <type_traits>
#include <utility>

#include "wmmasim/hip/detail/wave_size.hpp"
#include "wmmasim/simt/lane_context.hpp"
#include "wmmasim/hip/detail/runtime_api.hpp"

namespace wmmasim::hip::detail {

// Where a launch is written, for messages and records: kernel and argument text as in the source.
struct LaunchSite {
  const char* kernel;
  const char* arguments;  // "dA, dB, n" (may be "")
  const char* file;
  int line;
};

// One launch argument as the host passed it.
struct LaunchArgument {
  std::string_view type;  // the argument's type after decay, as the compiler spells it ("float *")
  const void* value;           // the host copy
  std::size_t bytes;
  bool is_pointer;
  std::size_t pointee_bytes;  // sizeof(*pointer) for a pointer to a complete type, else 0
};

// Runs `entry(context)` for every thread of the grid and reports any fault the HIP way (the sticky
// error, the sentence on stderr); returns the launch's error code.
hipError_t launch(const LaunchSite& site, dim3 grid, dim3 block, std::size_t dynamic_shared_bytes,
                  hipStream_t stream, int wave_size, std::span<const LaunchArgument> arguments,
                  void (*entry)(const void*), const void* context);

template <class Body> class Launch {
 public:
  Launch(LaunchSite site, Body body, dim3 grid, dim3 block, std::size_t shared = 0, hipStream_t stream = nullptr)
      : site_(site), body_(std::move(body)), grid_(grid), block_(block), shared_(shared), stream_(stream) {}

  // The launch's error is also left for hipGetLastError, as HIP does; <<<>>> has no value.
  template <class... Args> void operator()(Args&&... args) const { (void)run(std::forward<Args>(args)...); }

  template <class... Args> hipError_t run(Args&&... args) const {
    std::tuple<std::decay_t<Args>...> copies(std::forward<Args>(args)...);
    const auto describe = [](const auto& v) {
      using T = std::remove_cvref_t<decltype(v)>;
      std::size_t pointee = 0;
      if constexpr (std::is_pointer_v<T> && !std::is_void_v<std::remove_pointer_t<T>>) pointee = sizeof(std::remove_pointer_t<T>);
      return LaunchArgument{type_name<T>(), &v, sizeof(T), std::is_pointer_v<T>, pointee};
    };
    const std::array<LaunchArgument, sizeof...(Args)> described =
        std::apply([&](const auto&... a) { return std::array<LaunchArgument, sizeof...(Args)>{describe(a)...}; }, copies);
    const auto run = [this, &copies] { std::apply([this](const auto&... a) { body_(a...); }, copies); };
    return launch(site_, grid_, block_, shared_, stream_, warpSize, described,
                 [](const void* c) { (*static_cast<const decltype(run)*>(c))(); }, &run);
  }

 private:
  LaunchSite site_;
  Body body_;
  dim3 grid_, block_;
  std::size_t shared_;
  hipStream_t stream_;
};

// hipLaunchKernel(&k, grid, block, args, ...) needs k's parameter types: wmmasim-hipcc registers each
// non-template __global__ function that a program's own sources define (and hipRTC the kernels its
// name expressions name). A parameter's size and alignment place it in hipModuleLaunchKernel's
// argument buffer, as in a GPU's kernarg segment.
using KernelInvoker = hipError_t (*)(const void* function, const char* name, dim3 grid, dim3 block,
                                     std::size_t shared, hipStream_t stream, void** args);
struct KernelParameter {
  std::size_t size, alignment;
};
bool register_kernel(const void* function, const char* name, KernelInvoker invoker, const KernelParameter* parameters,
                     std::size_t parameter_count);

template <class... P>
hipError_t invoke_kernel(const void* function, const char* name, dim3 grid, dim3 block, std::size_t shared,
                         hipStream_t stream, void** args) {
  auto* kernel = reinterpret_cast<void (*)(P...)>(const_cast<void*>(function));
  const Launch launch(LaunchSite{name, "", "", 0}, [kernel](const auto&... a) { kernel(a...); }, grid, block, shared,
                      stream);
  return [&]<std::size_t... I>(std::index_sequence<I...>) {
    return launch.run(*static_cast<const std::remove_cvref_t<P>*>(args[I])...);
  }(std::index_sequence_for<P...>{});
}
template <class... P> bool register_kernel(void (*function)(P...), const char* name) {
  static constexpr KernelParameter parameters[] = {
      {sizeof(std::remove_cvref_t<P>), alignof(std::remove_cvref_t<P>)}..., {0, 1}};  // never empty
  return register_kernel(reinterpret_cast<const void*>(function), name, &invoke_kernel<P...>, parameters, sizeof...(P));
}

}  // namespace wmmasim::hip::detail

// hipLaunchKernelGGL(kernel, grid, block, shared, stream, args...): a template kernel with several
// template arguments is written HIP_KERNEL_NAME(k<T, 4>), as with ROCm.
#define HIP_KERNEL_NAME(...) __VA_ARGS__
#define hipLaunchKernelGGL(kernel, grid, block, shared, stream, ...)                                         \
  ::wmmasim::hip::detail::Launch(::wmmasim::hip::detail::LaunchSite{#kernel, #__VA_ARGS__, __FILE__, __LINE__}, \
                                 [&](const auto&... wmmasim_a) { kernel(wmmasim_a...); }, dim3(grid), dim3(block), \
                                 static_cast<std::size_t>(shared), stream)(__VA_ARGS__)
#define hipLaunchKernelEx hipLaunchKernelGGL
