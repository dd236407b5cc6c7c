// Device memory on the CPU backend: a named, zero-initialised allocation that kernels reach only
// through checked pointers, so every access is bounds-checked and messages name the buffer.
#pragma once

#include <algorithm>
#include <cstddef>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "wmmasim/error.hpp"
#include "wmmasim/simt/checked_ptr.hpp"

namespace wmmasim::simt {

template <class T> class Buffer {
 public:
  Buffer(std::string name, std::size_t count)
      : alloc_(std::make_unique<Allocation>(Allocation{std::move(name), MemorySpace::global, sizeof(T)})),
        data_(count) {}
  Buffer(std::string name, std::span<const T> host) : Buffer(std::move(name), host.size()) { copy_from_host(host); }
  Buffer(std::string name, const std::vector<T>& host) : Buffer(std::move(name), std::span<const T>(host)) {}

  Buffer(Buffer&&) noexcept = default;
  Buffer& operator=(Buffer&&) noexcept = default;
  Buffer(const Buffer&) = delete;  // a copy would silently be a second device buffer
  Buffer& operator=(const Buffer&) = delete;

  const std::string& name() const { return alloc_->name; }
  std::size_t size() const { return data_.size(); }

  // What kernels receive (launch converts a Buffer argument to this).
  checked_ptr<T> ptr() {
    return checked_ptr<T>(reinterpret_cast<std::byte*>(data_.data()), data_.size() * sizeof(T), 0, alloc_.get());
  }
  operator checked_ptr<T>() { return ptr(); }
  operator checked_ptr<const T>() { return ptr(); }

  void copy_from_host(std::span<const T> host) {
    if (host.size() != data_.size())
      throw UserError("cannot copy " + std::to_string(host.size()) + " elements into buffer '" + name() +
                      "' of " + std::to_string(data_.size()) + " elements");
    std::copy(host.begin(), host.end(), data_.begin());
  }
  std::vector<T> to_host() const { return data_; }
  std::span<T> host() { return data_; }  // direct host view, for filling and checking in tests
  std::span<const T> host() const { return data_; }

 private:
  std::unique_ptr<Allocation> alloc_;  // stable address: checked pointers refer to it
  std::vector<T> data_;
};

template <class T> Buffer<T> device_alloc(std::string name, std::size_t count) { return Buffer<T>(std::move(name), count); }

}  // namespace wmmasim::simt
