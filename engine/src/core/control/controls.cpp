#include "lieride/control/controls.hpp"

#include <algorithm>
#include <atomic>
#include <stdexcept>

namespace lieride {

ControlSet::ControlSet(std::vector<std::string> channels) : names_(std::move(channels)) {
  if (names_.size() > 8) throw std::invalid_argument("at most 8 input channels per vehicle");
  for (std::size_t i = 0; i < names_.size(); ++i) signals_.push_back(std::make_unique<ConstantSignal>(0.0));
}

std::uint64_t ControlSet::nextGeneration() {
  static std::atomic<std::uint64_t> counter{0};
  return counter.fetch_add(1, std::memory_order_relaxed) + 1;
}

ControlSet::ControlSet(const ControlSet& other) : names_(other.names_), generation_(other.generation_) {
  for (const auto& s : other.signals_) signals_.push_back(s->clone());
}

ControlSet& ControlSet::operator=(const ControlSet& other) {
  if (this != &other) {
    ControlSet copy(other);
    *this = std::move(copy);
  }
  return *this;
}

int ControlSet::find(const std::string& name) const {
  const auto it = std::find(names_.begin(), names_.end(), name);
  return it == names_.end() ? -1 : static_cast<int>(it - names_.begin());
}

void ControlSet::set(std::size_t channel, std::unique_ptr<Signal> signal) {
  signals_.at(channel) = std::move(signal);
  generation_ = nextGeneration();
}

void ControlSet::putBack(const std::vector<std::size_t>& channels, std::vector<std::unique_ptr<Signal>> signals,
                         std::uint64_t generation) {
  for (std::size_t i = 0; i < channels.size() && i < signals.size(); ++i) signals_.at(channels[i]) = std::move(signals[i]);
  generation_ = generation;
}

void ControlSet::setConstant(std::size_t channel, double value) {
  auto& signal = signals_.at(channel);
  const auto* held = dynamic_cast<const ConstantSignal*>(signal.get());
  if (held && held->value(0.0) == value) return;  // the same input: nothing changes
  signal = std::make_unique<ConstantSignal>(value);
  generation_ = nextGeneration();
}

InputVec ControlSet::values(double t) const {
  InputVec u(static_cast<Eigen::Index>(names_.size()));
  for (std::size_t i = 0; i < names_.size(); ++i) u(static_cast<Eigen::Index>(i)) = signals_[i]->value(t);
  return u;
}

bool ControlSet::identicallyZero() const {
  return std::all_of(signals_.begin(), signals_.end(), [](const auto& s) { return s->identicallyZero(); });
}

}  // namespace lieride
