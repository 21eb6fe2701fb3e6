#include "lieride/control/signal.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace lieride {

double SinusoidSignal::value(double t) const {
  return p_.offset + p_.amplitude * std::sin(2.0 * M_PI * p_.frequency * t + p_.phase);
}

double SinusoidSignal::rate(double t) const {
  const double w = 2.0 * M_PI * p_.frequency;
  return p_.amplitude * w * std::cos(w * t + p_.phase);
}

double SinusoidSignal::acceleration(double t) const {
  const double w = 2.0 * M_PI * p_.frequency;
  return -p_.amplitude * w * w * std::sin(w * t + p_.phase);
}

SampledSignal::SampledSignal(std::vector<double> t, std::vector<double> y)
    : t_(std::move(t)), y_(std::move(y)) {
  if (t_.empty() || t_.size() != y_.size()) throw std::invalid_argument("sampled signal needs matching, non-empty t and y");
  for (std::size_t i = 1; i < t_.size(); ++i)
    if (!(t_[i] > t_[i - 1])) throw std::invalid_argument("sample times must increase strictly");
}

std::size_t SampledSignal::segment(double t) const {
  const auto it = std::upper_bound(t_.begin(), t_.end(), t);
  const std::size_t i = static_cast<std::size_t>(it - t_.begin());
  return i == 0 ? 0 : i - 1;
}

double SampledSignal::value(double t) const {
  if (t <= t_.front()) return y_.front();
  if (t >= t_.back()) return y_.back();
  const std::size_t i = segment(t);
  const double s = (t - t_[i]) / (t_[i + 1] - t_[i]);
  return (1.0 - s) * y_[i] + s * y_[i + 1];
}

double SampledSignal::rate(double t) const {
  if (t < t_.front() || t >= t_.back() || t_.size() < 2) return 0.0;
  const std::size_t i = segment(t);
  return (y_[i + 1] - y_[i]) / (t_[i + 1] - t_[i]);
}

bool SampledSignal::identicallyZero() const {
  return std::all_of(y_.begin(), y_.end(), [](double v) { return v == 0.0; });
}

}  // namespace lieride
