#pragma once
// Triple buffer: one writer (the physics thread) publishes whole values, one reader (the
// render thread) always gets the newest complete one. Neither side ever blocks or sees a
// half-written value: the writer fills its private back slot, then swaps it with the shared
// middle slot in one atomic exchange; the reader swaps the middle slot into its private front
// slot only when the writer marked it fresh. Lock-free (one atomic byte), allocation-free
// after construction when T reuses its capacity.
#include <atomic>
#include <cstdint>
#include <utility>

namespace lieride::gui {

template <class T>
class TripleBuffer {
 public:
  TripleBuffer() = default;
  explicit TripleBuffer(const T& init) : slots_{init, init, init} {}

  // Writer side: the slot to fill, then publish().
  T& back() { return slots_[back_]; }
  void publish() {
    const std::uint8_t previous = middle_.exchange(static_cast<std::uint8_t>(back_ | kFresh),
                                                   std::memory_order_acq_rel);
    back_ = previous & kIndexMask;
  }

  // Reader side: take the newest published value if there is one. Returns true when front()
  // changed since the last call.
  bool update() {
    if ((middle_.load(std::memory_order_relaxed) & kFresh) == 0) return false;
    const std::uint8_t previous = middle_.exchange(front_, std::memory_order_acq_rel);
    front_ = previous & kIndexMask;
    return true;
  }
  const T& front() const { return slots_[front_]; }

 private:
  static constexpr std::uint8_t kFresh = 0x4;
  static constexpr std::uint8_t kIndexMask = 0x3;
  T slots_[3]{};
  std::uint8_t back_ = 0;                  // writer-owned
  std::uint8_t front_ = 1;                 // reader-owned
  std::atomic<std::uint8_t> middle_{2};    // shared: index | fresh flag
};

}  // namespace lieride::gui
