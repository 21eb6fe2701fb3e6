#pragma once
// A vehicle's named input channels, each driven by a Signal (zero by default).
// The app overrides channels live by installing constant signals.
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "lieride/control/signal.hpp"
#include "lieride/lie/types.hpp"

namespace lieride {

// Input values without heap allocation (at most 8 channels per vehicle).
using InputVec = Eigen::Matrix<double, Eigen::Dynamic, 1, 0, 8, 1>;

class ControlSet {
 public:
  ControlSet() = default;
  explicit ControlSet(std::vector<std::string> channels);
  ControlSet(const ControlSet& other);
  ControlSet& operator=(const ControlSet& other);
  ControlSet(ControlSet&&) noexcept = default;
  ControlSet& operator=(ControlSet&&) noexcept = default;

  const std::vector<std::string>& channels() const { return names_; }
  std::size_t size() const { return names_.size(); }
  // Index of a channel, or -1.
  int find(const std::string& name) const;
  void set(std::size_t channel, std::unique_ptr<Signal> signal);
  void setConstant(std::size_t channel, double value);
  const Signal& signal(std::size_t channel) const { return *signals_[channel]; }
  double value(std::size_t channel, double t) const { return signals_[channel]->value(t); }
  InputVec values(double t) const;
  bool identicallyZero() const;
  // Names what the signals are: a new number, unique in the process, whenever a signal is
  // replaced (setConstant with the value a channel already holds keeps it), and carried by
  // copies. Integrators that reuse the force of the step just taken to open the next one check
  // it: a pilot's or a take's input change between steps must open the next step with the new
  // inputs (the trapezoid rule's two halves at t_k, docs/integrators.md).
  std::uint64_t generation() const { return generation_; }
  // Puts back the signals a guard held and the generation they had: a run CSV shows the next
  // step's inputs at t_k for one row (TakePlayer::NextInputsShown) and must leave the controls
  // as they were, generation included; a new generation there made lie-cay-tln recompute the
  // opening force the live run reuses (held inputs), and the replay left the live run's state
  // in the last bits. `signals[i]` goes to channel `channels[i]`.
  void putBack(const std::vector<std::size_t>& channels, std::vector<std::unique_ptr<Signal>> signals,
               std::uint64_t generation);

 private:
  static std::uint64_t nextGeneration();
  std::vector<std::string> names_;
  std::vector<std::unique_ptr<Signal>> signals_;
  std::uint64_t generation_ = nextGeneration();
};

}  // namespace lieride
