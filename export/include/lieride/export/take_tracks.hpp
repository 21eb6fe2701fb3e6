#pragma once
// A take (or a plain run) sampled at a fixed frame rate on the take clock: the sum of the
// step sizes h taken so far, which keeps running across changes of h and across resets
// (docs/formats.md section 6). Frame k lies at t = k / fps; its pose is interpolated between
// the states that bracket it (translation linearly, orientation by slerp), so frames that
// fall on a step are the simulation's states exactly. A last frame at the end of the take is
// added when the take does not end on a frame.
#include <csignal>
#include <string>
#include <vector>

#include "lieride/lie/types.hpp"
#include "lieride/sim/take.hpp"

namespace lieride::exporter {

struct PoseKey {
  double t = 0.0;  // take clock (s)
  Vec3 position = Vec3::Zero();
  Quat orientation = Quat::Identity();
  std::vector<double> shape;   // in the order of TakeTracks::shapeNames
  std::vector<double> inputs;  // in the order of TakeTracks::channels
};

struct TakeTracks {
  std::string vehicle;
  std::vector<std::string> shapeNames, channels;
  std::vector<PoseKey> keys;
  RunOutcome outcome;
  bool stopped = false;  // `stop` was raised: the sampling ended early (the keys are partial)
};

// Plays the take to its end (or to divergence) and samples it. fps must be finite and > 0.
// `stop` (a signal handler's flag), when given and raised, ends the sampling at the next step.
TakeTracks sampleTake(TakePlayer& player, double fps, const volatile std::sig_atomic_t* stop = nullptr);

// The frames of a video of the sampled take (lieride render): every frame time k / fps <= the
// take's end (the last key's t), i.e. floor(end x fps) + 1, the keys of sampleTake less the
// end key added off the frame grid. At least 1, at most tracks.keys.size().
std::size_t frameCount(const TakeTracks& tracks, double fps);

double valueOf(const std::vector<std::string>& names, const std::vector<double>& values, const std::string& name,
               double fallback = 0.0);

}  // namespace lieride::exporter
