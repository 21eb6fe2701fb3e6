#pragma once
// Open-loop input signals (docs/formats.md, [controls]): constant, sinusoid, sampled CSV.
// Every signal gives its value and its time derivative (a prescribed shape needs the rate).
#include <memory>
#include <string>
#include <vector>

namespace lieride {

class Signal {
 public:
  virtual ~Signal() = default;
  virtual double value(double t) const = 0;
  virtual double rate(double t) const = 0;
  // Second derivative (prescribed shape motions of description vehicles need it).
  virtual double acceleration(double t) const = 0;
  // True when the signal is zero for all t (a run without inputs is conservative).
  virtual bool identicallyZero() const = 0;
  virtual std::unique_ptr<Signal> clone() const = 0;
};

class ConstantSignal final : public Signal {
 public:
  explicit ConstantSignal(double v) : value_(v) {}
  double value(double) const override { return value_; }
  double rate(double) const override { return 0.0; }
  double acceleration(double) const override { return 0.0; }
  bool identicallyZero() const override { return value_ == 0.0; }
  std::unique_ptr<Signal> clone() const override { return std::make_unique<ConstantSignal>(*this); }

 private:
  double value_;
};

// offset + amplitude sin(2 pi frequency t + phase), frequency in Hz, phase in radians.
struct SinusoidParams {
  double amplitude = 0.0;
  double frequency = 0.0;
  double phase = 0.0;
  double offset = 0.0;
};

class SinusoidSignal final : public Signal {
 public:
  explicit SinusoidSignal(SinusoidParams p) : p_(p) {}
  double value(double t) const override;
  double rate(double t) const override;
  double acceleration(double t) const override;
  bool identicallyZero() const override { return p_.amplitude == 0.0 && p_.offset == 0.0; }
  std::unique_ptr<Signal> clone() const override { return std::make_unique<SinusoidSignal>(*this); }
  const SinusoidParams& params() const { return p_; }

 private:
  SinusoidParams p_;
};

// Piecewise-linear interpolation of samples (t_i, y_i); held constant outside the range.
class SampledSignal final : public Signal {
 public:
  SampledSignal(std::vector<double> t, std::vector<double> y);
  double value(double t) const override;
  double rate(double t) const override;
  // Zero inside every segment (the interpolant is linear there; undefined at the samples).
  double acceleration(double) const override { return 0.0; }
  bool identicallyZero() const override;
  std::unique_ptr<Signal> clone() const override { return std::make_unique<SampledSignal>(*this); }

 private:
  std::size_t segment(double t) const;
  std::vector<double> t_, y_;
};

}  // namespace lieride
