#pragma once
// A vehicle's named input channels, each driven by a Signal (zero by default).
// The app overrides channels live by installing constant signals.
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

 private:
  std::vector<std::string> names_;
  std::vector<std::unique_ptr<Signal>> signals_;
};

}  // namespace lieride
