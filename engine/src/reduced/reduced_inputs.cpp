// The input channels of a description vehicle (docs/formats.md section 5): generalised forces
// on shape variables, prescribed shape positions and prescribed shape rates (clamped to the
// shape range, as the car's steering).
#include <algorithm>

#include "lieride/model/reduced_model.hpp"
#include "reduced_kernel.hpp"

namespace lieride {

void ReducedModel::force(const NVec& q, const InputVec& inputs, NVec& F) const {
  F.setZero(3 + s_);
  for (std::size_t c = 0; c < d_->channels.size(); ++c) {
    const auto& ch = d_->channels[c];
    if (ch.kind == ReducedChannel::Kind::Force && !prescribed_[at(ch.shape)]) F(3 + ch.shape) += inputs(static_cast<int>(c));
  }
  subtractPotentialGradient(q, F.data() + 3);
}

void ReducedModel::shapeForceAt(double t, const NVec& q, const ControlSet& c, double* f) const {
  std::fill_n(f, s_, 0.0);
  for (const auto& [channel, shape] : forceChannels_)
    if (!prescribed_[at(shape)]) f[shape] += c.value(static_cast<std::size_t>(channel), t);
  subtractPotentialGradient(q, f);
}

void ReducedModel::subtractPotentialGradient(const NVec& q, double* f) const {
  if (!d_->hasPotential) return;
  reduced::SVec r = reduced::SVec::Zero(), gradV;
  r.head(s_) = q.tail(s_);
  d_->kernel->potentialGradient(r.data(), gradV);
  for (int j = 0; j < s_; ++j)
    if (!prescribed_[at(j)]) f[j] -= gradV(j);
}

void ReducedModel::configure(const ControlSet& c) {
  for (int j = 0; j < s_; ++j) {
    const int pc = positionChannel_[at(j)];
    prescribed_[at(j)] = rateChannel_[at(j)] >= 0 || (pc >= 0 && !c.signal(static_cast<std::size_t>(pc)).identicallyZero());
  }
}

double ReducedModel::saturatedRate(int j, double r, double rate) const {
  const auto& v = d_->shape[at(j)];
  if ((r >= v.max && rate > 0.0) || (r <= v.min && rate < 0.0)) return 0.0;
  return rate;
}

void ReducedModel::applyPrescribed(double t, const ControlSet& c, double* r, double* u) const {
  for (int j = 0; j < s_; ++j) {
    if (!prescribed_[at(j)]) continue;
    const int pc = positionChannel_[at(j)];
    if (pc >= 0) {
      r[j] = c.value(static_cast<std::size_t>(pc), t);
      u[j] = c.signal(static_cast<std::size_t>(pc)).rate(t);
    } else {
      u[j] = saturatedRate(j, r[j], c.value(static_cast<std::size_t>(rateChannel_[at(j)]), t));
    }
  }
}

// Position channels: the signal at t0 + h. Rate channels (as the car's steering): advanced with
// the midpoint rate and clamped to the shape range.
void ReducedModel::advancePrescribed(double t0, double h, const ControlSet& c, NhState& s) const {
  const double t1 = t0 + h;
  for (int j = 0; j < s_; ++j) {
    if (!prescribed_[at(j)]) continue;
    const int pc = positionChannel_[at(j)];
    if (pc >= 0) {
      s.q(3 + j) = c.value(static_cast<std::size_t>(pc), t1);
      s.qdot(3 + j) = c.signal(static_cast<std::size_t>(pc)).rate(t1);
    } else {
      const auto rc = static_cast<std::size_t>(rateChannel_[at(j)]);
      const auto& v = d_->shape[at(j)];
      s.q(3 + j) = std::clamp(s.q(3 + j) + h * c.value(rc, t0 + 0.5 * h), v.min, v.max);
      s.qdot(3 + j) = saturatedRate(j, s.q(3 + j), c.value(rc, t1));
    }
  }
}

void ReducedModel::prescribedRates(double t, const NVec& q, const ControlSet& c, NVec& qdot) const {
  reduced::SVec r = reduced::SVec::Zero(), u = reduced::SVec::Zero();
  r.head(s_) = q.tail(s_);
  u.head(s_) = qdot.tail(s_);
  applyPrescribed(t, c, r.data(), u.data());
  for (int j = 0; j < s_; ++j)
    if (prescribed_[at(j)]) qdot(3 + j) = u(j);
}

void ReducedModel::fixReduced(double t, NVec& y, const ControlSet& c) const {
  reduced::SVec r = reduced::SVec::Zero(), u = reduced::SVec::Zero();
  r.head(s_) = y.segment(3, s_);
  u.head(s_) = y.segment(3 + s_, s_);
  for (int j = 0; j < s_; ++j)
    if (rateChannel_[at(j)] >= 0) {
      const auto& v = d_->shape[at(j)];
      r(j) = std::clamp(r(j), v.min, v.max);
    }
  applyPrescribed(t, c, r.data(), u.data());
  y.segment(3, s_) = r.head(s_);
  y.segment(3 + s_, s_) = u.head(s_);
}

}  // namespace lieride
