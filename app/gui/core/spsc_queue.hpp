#pragma once
// Bounded single-producer single-consumer ring: the UI thread pushes commands, the physics
// thread pops them (and the reverse direction carries plot samples). Lock-free: each side
// owns one index and publishes it with release/acquire. push() fails when full instead of
// blocking, so a stalled consumer can never stall the producer.
#include <array>
#include <atomic>
#include <cstddef>
#include <optional>

namespace lieride::gui {

template <class T, std::size_t Capacity>
class SpscQueue {
  static_assert(Capacity >= 2 && (Capacity & (Capacity - 1)) == 0, "capacity: a power of two");

 public:
  bool push(const T& value) {
    const std::size_t head = head_.load(std::memory_order_relaxed);
    const std::size_t tail = tail_.load(std::memory_order_acquire);
    if (head - tail == Capacity) return false;
    items_[head & (Capacity - 1)] = value;
    head_.store(head + 1, std::memory_order_release);
    return true;
  }

  std::optional<T> pop() {
    const std::size_t tail = tail_.load(std::memory_order_relaxed);
    const std::size_t head = head_.load(std::memory_order_acquire);
    if (head == tail) return std::nullopt;
    T value = items_[tail & (Capacity - 1)];
    tail_.store(tail + 1, std::memory_order_release);
    return value;
  }

  // Approximate (exact when called from either side while the other is idle).
  std::size_t size() const {
    return head_.load(std::memory_order_acquire) - tail_.load(std::memory_order_acquire);
  }
  bool empty() const { return size() == 0; }
  static constexpr std::size_t capacity() { return Capacity; }

 private:
  std::array<T, Capacity> items_{};
  alignas(64) std::atomic<std::size_t> head_{0};  // written by the producer
  alignas(64) std::atomic<std::size_t> tail_{0};  // written by the consumer
};

}  // namespace lieride::gui
