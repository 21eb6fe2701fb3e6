#include "lieride/export/take_tracks.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace lieride::exporter {
namespace {

PoseKey keyOf(const Snapshot& s, double t) { return {t, s.position, s.orientation, s.shape, s.inputs}; }

PoseKey interpolate(const Snapshot& a, const Snapshot& b, double t, double alpha) {
  PoseKey k{t, (1.0 - alpha) * a.position + alpha * b.position, a.orientation.slerp(alpha, b.orientation), a.shape,
            a.inputs};
  for (std::size_t i = 0; i < k.shape.size() && i < b.shape.size(); ++i)
    k.shape[i] = (1.0 - alpha) * a.shape[i] + alpha * b.shape[i];
  for (std::size_t i = 0; i < k.inputs.size() && i < b.inputs.size(); ++i)
    k.inputs[i] = (1.0 - alpha) * a.inputs[i] + alpha * b.inputs[i];
  return k;
}

}  // namespace

double valueOf(const std::vector<std::string>& names, const std::vector<double>& values, const std::string& name,
               double fallback) {
  for (std::size_t i = 0; i < names.size() && i < values.size(); ++i)
    if (names[i] == name && std::isfinite(values[i])) return values[i];
  return fallback;
}

TakeTracks sampleTake(TakePlayer& player, double fps, const volatile std::sig_atomic_t* stop) {
  if (!(std::isfinite(fps) && fps > 0.0)) throw std::invalid_argument("fps must be finite and > 0");
  constexpr double kEps = 1e-9;  // clock rounding: a frame this close to a step is that step
  TakeTracks tr;
  // The in-point ([take] start): replayed, not sampled; the take clock of the keys starts there.
  const auto stopped = [&] { return stop && *stop != 0 && (tr.stopped = true); };
  while (player.stepsTaken() < player.take().start && !player.finished()) {
    if (stopped()) return tr;
    player.step();
    tr.outcome.steps = player.stepsTaken();
    if (player.simulation().status() != RunStatus::Ok) {
      tr.outcome.status = player.simulation().status();
      tr.outcome.message = player.simulation().statusMessage();
      return tr;
    }
  }
  // Events at the first step shape the first frame, and its inputs are the first step's (the
  // take's recorded row 0, as the run CSV's row at t = 0 shows), not the scenario's own.
  if (player.finished()) player.applyDueEvents();
  else player.prepareStep();
  Snapshot prev = player.simulation().snapshot();
  tr.vehicle = prev.vehicle;
  tr.shapeNames = prev.shapeNames;
  tr.channels = player.simulation().controls().channels();
  double clock = 0.0;
  long frame = 0;
  tr.keys.push_back(keyOf(prev, 0.0));
  frame = 1;
  while (!player.finished()) {
    if (stopped()) return tr;
    // The events due and this step's inputs: a frame at the step's start shows them, the one
    // sampled at the end of the last step too (a key on a step boundary, as a run CSV row).
    const bool reset = player.prepareStep();
    if (!reset && !tr.keys.empty() && std::abs(tr.keys.back().t - clock) <= kEps)
      tr.keys.back().inputs = player.simulation().snapshot().inputs;
    const double h = player.nextStepH();  // a sub-step's h / n (the simulation holds h until the step)
    const double next = clock + h;
    const bool bracketsFrame = static_cast<double>(frame) / fps <= next + kEps;
    if (bracketsFrame) prev = player.simulation().snapshot();  // after the events: a reset shows
    const StepReport r = player.step();
    tr.outcome.steps = player.stepsTaken();
    tr.outcome.maxSolverIterations = std::max(tr.outcome.maxSolverIterations, r.iterations);
    tr.outcome.maxSolverResidual = std::max(tr.outcome.maxSolverResidual, r.residual);
    if (player.simulation().status() != RunStatus::Ok) {
      tr.outcome.status = player.simulation().status();
      tr.outcome.message = player.simulation().statusMessage();
      return tr;
    }
    if (bracketsFrame) {
      const Snapshot curr = player.simulation().snapshot();
      for (double t = static_cast<double>(frame) / fps; t <= next + kEps; t = static_cast<double>(++frame) / fps) {
        const double alpha = (t - clock) / h;
        if (alpha >= 1.0 - kEps / h) tr.keys.push_back(keyOf(curr, t));
        else if (alpha <= kEps / h) tr.keys.push_back(keyOf(prev, t));
        else tr.keys.push_back(interpolate(prev, curr, t, alpha));
      }
    }
    clock = next;
  }
  player.applyDueEvents();
  // The take's end, unless it is the last frame already.
  if (clock > tr.keys.back().t + 1e-6) tr.keys.push_back(keyOf(player.simulation().snapshot(), clock));
  return tr;
}

std::size_t frameCount(const TakeTracks& tracks, double fps) {
  if (tracks.keys.empty()) return 0;
  constexpr double kEps = 1e-9;  // sampleTake's clock rounding: a frame this close to the end is on it
  const double end = tracks.keys.back().t;
  const auto onGrid = static_cast<std::size_t>(std::floor(end * fps + kEps)) + 1;
  return std::min(onGrid, tracks.keys.size());
}

}  // namespace lieride::exporter
