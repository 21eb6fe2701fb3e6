#pragma once
// A take on a timeline (docs/app.md, "Takes"): the take replayed by a TakePlayer
// (lieride/sim/take.hpp) that can seek. Opening it plays the take through once, headless, and
// keeps a checkpoint (a clone of the simulation and the replay's place) every `interval`
// seconds of the take clock; seeking restores the last checkpoint at or before the target and
// re-simulates from there, so a seek costs at most one interval of steps, wherever it lands,
// and the state reached is bit for bit the one a straight replay reaches.
#include <memory>
#include <string>
#include <vector>

#include "lieride/sim/take.hpp"

namespace lieride::gui {

class TakeTimeline {
 public:
  TakeTimeline(std::unique_ptr<Simulation> sim, const Take& take, double interval = 2.0);

  Simulation& simulation() { return player_.simulation(); }
  const Simulation& simulation() const { return player_.simulation(); }
  TakePlayer& player() { return player_; }
  const Take& take() const { return player_.take(); }
  bool finished() const { return player_.finished() || player_.stepsTaken() >= end_; }
  StepReport step() { return player_.step(); }
  double clock() const { return player_.clock(); }
  long stepsTaken() const { return player_.stepsTaken(); }
  // The take clock at the end of the take (or where the replay diverged when opened).
  double duration() const { return duration_; }
  // The in-point ([take] start): where the timeline begins (opening and Reset go there).
  long startStep() const { return start_; }
  double startClock() const { return startClock_; }
  long endStep() const { return end_; }
  // Moves to the first step whose take clock reaches `t` (clamped to [startClock, duration]). Returns
  // the number of steps re-simulated from the checkpoint it started from.
  long seek(double t);
  // Moves to just after step `step` (clamped to [startStep, endStep]); returns the steps re-simulated.
  long seekStep(long step);
  std::size_t checkpointCount() const { return checkpoints_.size(); }

 private:
  std::size_t checkpointBefore(long step) const;
  TakePlayer player_;
  std::vector<TakePlayer::Checkpoint> checkpoints_;  // increasing steps; the first at step 0
  double duration_ = 0, startClock_ = 0;
  long end_ = 0, start_ = 0;
};

}  // namespace lieride::gui
