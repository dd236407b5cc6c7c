// Pointers that know their allocation: every read and write through them is checked against it,
// and an access outside stops the launch with one sentence (buffer name, element, size, block,
// wave, lane). Element access goes through element_ref so that reads and writes can be told apart.
#pragma once

#include <compare>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <source_location>
#include <string>
#include <type_traits>

namespace wmmasim::simt {

enum class MemorySpace : std::uint8_t { global, shared };

// What a message calls the memory: "buffer 'A'", "dynamic shared memory", "shared array".
struct Allocation {
  std::string name;
  MemorySpace space = MemorySpace::global;
  std::size_t element_size = 0;  // the element type's size, for indices in messages; 0 = untyped
};

namespace detail {

enum class Access : std::uint8_t { read, write, access };

[[noreturn]] void bad_access(const Allocation* alloc, Access kind, std::ptrdiff_t offset_bytes,
                             std::size_t access_bytes, std::size_t size_bytes, std::source_location where);

// Set while lane 0 of a traced launch runs, so an untraced access costs one thread-local test.
extern thread_local constinit bool t_trace_memory;  // constinit: read without a TLS wrapper call
void trace_memory(const Allocation* alloc, bool write, std::size_t bytes, std::source_location where);

}  // namespace detail

template <class T> class checked_ptr;

// The element a checked_ptr designates. Converting it to T reads (checked); assigning writes.
// `&p[i]` gives back a checked_ptr. Keep it out of `auto x = p[i]` if you mean a copy: write T x = p[i].
template <class T> class element_ref {
 public:
  using value_type = std::remove_cv_t<T>;

  explicit element_ref(const checked_ptr<T>& p) : p_(p) {}
  element_ref(const element_ref&) = default;

  operator value_type() const { return p_.read_at({}); }
  value_type get() const { return p_.read_at({}); }

  const element_ref& operator=(const value_type& v) const requires(!std::is_const_v<T>) {
    p_.write_at(v, {});
    return *this;
  }
  const element_ref& operator=(const element_ref& other) const requires(!std::is_const_v<T>) {
    p_.write_at(other.get(), {});
    return *this;
  }
  template <class U>
  const element_ref& operator=(const element_ref<U>& other) const requires(!std::is_const_v<T>) {
    p_.write_at(static_cast<value_type>(other.get()), {});
    return *this;
  }

#define WMMASIM_COMPOUND(op)                                                   \
  template <class U>                                                           \
  const element_ref& operator op(const U& u) const requires(!std::is_const_v<T>) { \
    value_type v = get();                                                      \
    v op u;                                                                    \
    p_.write_at(v, {});                                                        \
    return *this;                                                              \
  }
  WMMASIM_COMPOUND(+=)
  WMMASIM_COMPOUND(-=)
  WMMASIM_COMPOUND(*=)
  WMMASIM_COMPOUND(/=)
  WMMASIM_COMPOUND(%=)
  WMMASIM_COMPOUND(&=)
  WMMASIM_COMPOUND(|=)
  WMMASIM_COMPOUND(^=)
  WMMASIM_COMPOUND(<<=)
  WMMASIM_COMPOUND(>>=)
#undef WMMASIM_COMPOUND

  const element_ref& operator++() const requires(!std::is_const_v<T>) { return *this += 1; }
  const element_ref& operator--() const requires(!std::is_const_v<T>) { return *this -= 1; }
  value_type operator++(int) const requires(!std::is_const_v<T>) {
    value_type old = get();
    *this += 1;
    return old;
  }
  value_type operator--(int) const requires(!std::is_const_v<T>) {
    value_type old = get();
    *this -= 1;
    return old;
  }

  // Read one component of a vector element (v8f, v16h, ...): p[i][j].
  auto operator[](int j) const requires requires(value_type v) { v[0]; } { return get()[j]; }

  checked_ptr<T> operator&() const { return p_; }

 private:
  checked_ptr<T> p_;
};

template <class T> class checked_ptr {
 public:
  using element_type = T;
  using value_type = std::remove_cv_t<T>;

  checked_ptr() = default;
  checked_ptr(std::nullptr_t) {}
  checked_ptr(std::byte* base, std::size_t size_bytes, std::ptrdiff_t offset_bytes, const Allocation* alloc)
      : base_(base), size_(size_bytes), off_(offset_bytes), alloc_(alloc) {}
  template <class U>
    requires(std::is_convertible_v<U*, T*> && !std::is_same_v<U, T>)
  checked_ptr(const checked_ptr<U>& o) : base_(o.base_), size_(o.size_), off_(o.off_), alloc_(o.alloc_) {}

  element_ref<T> operator*() const { return element_ref<T>(*this); }
  element_ref<T> operator[](std::ptrdiff_t i) const { return element_ref<T>(*this + i); }
  T* operator->() const {  // member access of a struct element: checked as a whole-element access
    check(detail::Access::access, {});
    return reinterpret_cast<T*>(base_ + off_);
  }

  // Checked read/write naming the caller's line in the message (what wmmasim::load/store use).
  value_type read(std::source_location where = std::source_location::current()) const { return read_at(where); }
  void write(const value_type& v, std::source_location where = std::source_location::current()) const
    requires(!std::is_const_v<T>) {
    write_at(v, where);
  }

  value_type read_at(std::source_location where) const {
    check(detail::Access::read, where);
    if (detail::t_trace_memory) [[unlikely]] detail::trace_memory(alloc_, false, sizeof(T), where);
    value_type v;
    std::memcpy(static_cast<void*>(&v), base_ + off_, sizeof(T));  // memcpy: elements may be unaligned
    return v;
  }
  void write_at(const value_type& v, std::source_location where) const requires(!std::is_const_v<T>) {
    check(detail::Access::write, where);
    if (detail::t_trace_memory) [[unlikely]] detail::trace_memory(alloc_, true, sizeof(T), where);
    std::memcpy(base_ + off_, static_cast<const void*>(&v), sizeof(T));
  }

  checked_ptr& operator+=(std::ptrdiff_t n) { off_ += n * std::ptrdiff_t(sizeof(T)); return *this; }
  checked_ptr& operator-=(std::ptrdiff_t n) { off_ -= n * std::ptrdiff_t(sizeof(T)); return *this; }
  checked_ptr& operator++() { return *this += 1; }
  checked_ptr& operator--() { return *this -= 1; }
  checked_ptr operator++(int) { checked_ptr old = *this; *this += 1; return old; }
  checked_ptr operator--(int) { checked_ptr old = *this; *this -= 1; return old; }
  friend checked_ptr operator+(checked_ptr p, std::ptrdiff_t n) { return p += n; }
  friend checked_ptr operator+(std::ptrdiff_t n, checked_ptr p) { return p += n; }
  friend checked_ptr operator-(checked_ptr p, std::ptrdiff_t n) { return p -= n; }
  friend std::ptrdiff_t operator-(const checked_ptr& a, const checked_ptr& b) {
    return (a.address() - b.address()) / std::ptrdiff_t(sizeof(T));
  }
  friend bool operator==(const checked_ptr& a, const checked_ptr& b) { return a.address() == b.address(); }
  friend auto operator<=>(const checked_ptr& a, const checked_ptr& b) { return a.address() <=> b.address(); }
  friend bool operator==(const checked_ptr& a, std::nullptr_t) { return a.base_ == nullptr; }
  explicit operator bool() const { return base_ != nullptr; }

  const Allocation* allocation() const { return alloc_; }
  std::ptrdiff_t offset_bytes() const { return off_; }
  T* unchecked() const { return reinterpret_cast<T*>(base_ + off_); }  // escape hatch; no checks

 private:
  template <class> friend class checked_ptr;
  template <class U, class V> friend checked_ptr<U> ptr_cast(const checked_ptr<V>& p);

  std::intptr_t address() const { return reinterpret_cast<std::intptr_t>(base_) + off_; }
  void check(detail::Access kind, std::source_location where) const {
    if (off_ < 0 || std::size_t(off_) + sizeof(T) > size_) [[unlikely]]
      detail::bad_access(alloc_, kind, off_, sizeof(T), size_, where);
  }

  std::byte* base_ = nullptr;
  std::size_t size_ = 0;
  std::ptrdiff_t off_ = 0;
  const Allocation* alloc_ = nullptr;
};

// reinterpret_cast for checked pointers (the same bytes seen as U, e.g. halves as v8h), still checked.
template <class U, class V> checked_ptr<U> ptr_cast(const checked_ptr<V>& p) {
  return checked_ptr<U>(p.base_, p.size_, p.off_, p.alloc_);
}

// A bounds-checked fixed-size array for __shared__ memory (an aggregate, so `__shared__` may
// declare it without a constructor running).
template <class T, std::size_t N> struct shared_array {
  T elements[N];

  element_ref<T> operator[](std::ptrdiff_t i) { return data()[i]; }
  element_ref<const T> operator[](std::ptrdiff_t i) const { return data()[i]; }
  checked_ptr<T> data() {
    return checked_ptr<T>(reinterpret_cast<std::byte*>(elements), sizeof(elements), 0, &allocation);
  }
  checked_ptr<const T> data() const {
    return checked_ptr<const T>(reinterpret_cast<std::byte*>(const_cast<T*>(elements)), sizeof(elements), 0,
                                &allocation);
  }
  static constexpr std::size_t size() { return N; }
  static inline const Allocation allocation{"shared array", MemorySpace::shared, sizeof(T)};
};

}  // namespace wmmasim::simt
