#pragma once
// Takes (docs/formats.md, "Takes"): a scenario whose inputs are sampled (controls.file) plus
// the live changes made while it was flown, each keyed by the number of physics steps taken
// before it. Replaying a take makes exactly the calls the app's physics thread makes
// (app/gui/core/physics_thread.cpp, PhysicsThread::handle and resetAll), so the final state is
// bit-identical to the live run's (lieride/sim/state_hash.hpp).
#include <memory>
#include <ostream>
#include <string>
#include <vector>

#include "lieride/control/signal.hpp"
#include "lieride/sim/run.hpp"
#include "lieride/sim/simulation.hpp"
#include "lieride/sim/take_script.hpp"

namespace lieride {

// Re-simulation with another integrator or h (lieride sim --integrator/--dt on a take): drops
// the take's integrator events and/or dt events, so the whole take runs with the override.
void dropEvents(Take& take, bool integratorEvents, bool timeStepEvents);

// Re-simulation with h = `newH` throughout (lieride sim --dt on a take, the app's ghost with its
// own h): the take is re-cut in time, not in steps. Its length in take clock stays (the steps
// of newH that fit in it), each new step takes the recorded inputs of the step that was running
// when it starts, and each event and the in-point move to the new step nearest their take clock.
// Its dt events are dropped. `fileH`: the h the take starts with (its scenario's dt; a reset
// returns to it). With newH equal to the take's h throughout, the take is unchanged. Throws
// std::invalid_argument when the re-cut inputs would exceed kMaxRetimedInputs values.
inline constexpr double kMaxRetimedInputs = 1e8;
void retimeTake(Take& take, double fileH, double newH);

// Replays a take on a Simulation: applies the events due at each step count exactly as the
// physics thread does, and owns the pristine copy that a reset restarts from.
class TakePlayer {
 public:
  TakePlayer(std::unique_ptr<Simulation> sim, const Take& take);

  Simulation& simulation() { return *sim_; }
  const Simulation& simulation() const { return *sim_; }
  const Take& take() const { return take_; }
  long stepsTaken() const { return taken_; }
  // The take clock: the sum of the h of the steps taken (runs on across resets).
  double clock() const { return clock_; }

  // Where the replay stands, to come back to by re-simulating from there (the app's timeline
  // seeks from the nearest checkpoint at or before the target). A restored player continues
  // bit for bit as the one the checkpoint was taken from.
  struct Checkpoint {
    std::unique_ptr<Simulation> sim;
    long taken = 0;
    std::size_t next = 0;
    double h = 0, clock = 0;
    int substeps = 1, groupPos = 0;  // a checkpoint may fall inside a group of sub-steps
    double outerH = 0;
  };
  Checkpoint checkpoint() const {
    return {sim_->clone(), taken_, next_, h_, clock_, substeps_, groupPos_, outerH_};
  }
  void restore(const Checkpoint& c);
  bool finished() const { return taken_ >= take_.steps; }
  // Applies the events keyed to the current step count. Returns true if one was a reset.
  bool applyDueEvents();
  // applyDueEvents() and the step's recorded inputs (if any), without stepping: the state and
  // inputs the next step starts from (the app reads the step's opening power there). step()
  // does the same first; calling this before it changes nothing. Call only while !finished().
  // Returns true if one of the events was a reset (the run starts again from the take's state).
  bool prepareStep();
  // prepareStep(), then one step. Call only while !finished().
  StepReport step();
  // The h the next step() takes (after prepareStep): h / n at a group of sub-steps' first
  // step too, where the simulation still holds h until step() sets it.
  // Inside a group of sub-steps (its first step taken, not its last): the simulation holds h / n.
  bool inGroup() const { return groupPos_ > 0; }
  double nextStepH() const { return substeps_ > 1 && groupPos_ == 0 ? sim_->timeStep() / substeps_ : sim_->timeStep(); }

  // For a run CSV row at t_k: the input channels show the constants of the step that starts
  // there (the take's input row k, as a scenario's row shows its signals at t_k), not those of
  // the step that ended there. The guard puts the signals back as they were when it ends, so
  // the replay goes on bit for bit. After the last step the last step's inputs stay.
  class NextInputsShown {
   public:
    explicit NextInputsShown(TakePlayer& player);
    ~NextInputsShown();
    NextInputsShown(const NextInputsShown&) = delete;
    NextInputsShown& operator=(const NextInputsShown&) = delete;

   private:
    TakePlayer& player_;
    std::vector<std::unique_ptr<Signal>> held_;
    std::uint64_t generation_ = 0;
  };

 private:
  void apply(const TakeEvent& e);
  void setStepInputs();

  std::unique_ptr<Simulation> sim_;
  std::unique_ptr<Simulation> initial_;
  Take take_;
  double h_;
  long taken_ = 0;
  double clock_ = 0;
  std::size_t next_ = 0;
  std::vector<std::size_t> inputIndex_;  // controls() index of each Take::inputChannels
  // Sub-steps (TakeEventKind::Substeps): n, the place in the current group, its outer h.
  int substeps_ = 1, groupPos_ = 0;
  double outerH_ = 0;
};

// Plays the whole take (events at step == take.steps included), writing the run CSV like
// runToCsv: the t = 0 row, then every `every`-th step of the take (counted across resets, so
// t restarts at 0 in the rows after a reset). Stops at divergence. `out` may be null.
RunOutcome playTake(TakePlayer& player, int every, std::ostream* out);

}  // namespace lieride
