// Runs a per-lane kernel body for every thread of every block on the CPU: lanes are fibers, all
// lanes of a block share one OS thread, blocks run in parallel on a pool of OS threads. Any fault
// stops the launch and is thrown here, on the calling thread, as one KernelFault sentence.
#pragma once

#include <functional>
#include <span>
#include <string_view>
#include <vector>
#include <tuple>
#include <type_traits>
#include <utility>

#include "wmmasim/simt/buffer.hpp"
#include "wmmasim/simt/dim3.hpp"
#include "wmmasim/simt/fault.hpp"
#include "wmmasim/simt/launch_options.hpp"
#include "wmmasim/simt/layout_check.hpp"

namespace wmmasim::simt {
namespace detail {

void run_launch(std::string_view kernel_name, dim3 grid, dim3 block, const LaunchOptions& options,
                void (*entry)(const void*), const void* entry_context);
// The same, with the launch's device buffers, which a layout check (options.check_layouts or
// WMMASIM_CHECK_LAYOUTS=1) fills with tags between runs.
void run_launch(std::string_view kernel_name, dim3 grid, dim3 block, const LaunchOptions& options,
                void (*entry)(const void*), const void* entry_context, std::span<const TaggableBuffer> buffers);

// Kernel arguments are copied once per launch, as a GPU copies them into the kernarg segment;
// a Buffer is passed as its checked pointer.
template <class T> checked_ptr<T> kernel_arg(Buffer<T>& b) { return b.ptr(); }
template <class T> decltype(auto) kernel_arg(T&& v) { return std::forward<T>(v); }

template <class T> void add_taggable(std::vector<TaggableBuffer>& out, Buffer<T>& b) {
  out.push_back(TaggableBuffer{b.name(), reinterpret_cast<std::byte*>(b.host().data()), b.size() * sizeof(T), sizeof(T)});
}
template <class T> void add_taggable(std::vector<TaggableBuffer>&, const T&) {}

}  // namespace detail

template <class Kernel, class... Args>
void launch(std::string_view kernel_name, dim3 grid, dim3 block, const LaunchOptions& options, Kernel&& kernel,
            Args&&... args) {
  auto bound = std::tuple<std::decay_t<decltype(detail::kernel_arg(std::forward<Args>(args)))>...>(
      detail::kernel_arg(std::forward<Args>(args))...);
  auto body = [&kernel, &bound] { std::apply([&kernel](auto&... a) { std::invoke(kernel, a...); }, bound); };
  std::vector<TaggableBuffer> buffers;
  if (layout_check_for(options.check_layouts)) (detail::add_taggable(buffers, args), ...);
  detail::run_launch(kernel_name, grid, block, options,
                     [](const void* c) { (*static_cast<const decltype(body)*>(c))(); }, &body, buffers);
}

template <class Kernel, class... Args>
  requires(!std::is_same_v<std::remove_cvref_t<Kernel>, LaunchOptions>)
void launch(std::string_view kernel_name, dim3 grid, dim3 block, Kernel&& kernel, Args&&... args) {
  launch(kernel_name, grid, block, LaunchOptions{}, std::forward<Kernel>(kernel), std::forward<Args>(args)...);
}

}  // namespace wmmasim::simt
