#pragma once
// Records a take while a simulation runs live (docs/formats.md section 6), for the app's
// physics thread: per step the inputs the model receives on the recorded channels (the ones
// a pilot sets with ControlSet::setConstant), and the live changes of h and integrator and the
// resets, keyed by step count. Buffers are allocated up front: recording a step or an event
// never allocates (beforeStep returns false once the capacity is reached).
//
// A recording starts at a reset (the app resets when recording starts): the written take opens
// with events at step 0 resetting (the scene as loaded) and then setting the h and integrator
// in use (no-ops when they are the scene's), so a replay restarts as PhysicsThread::resetAll did.
#include <array>
#include <ostream>
#include <string>
#include <vector>

#include "lieride/control/controls.hpp"
#include "lieride/sim/take_script.hpp"

namespace lieride {

class TakeRecorder {
 public:
  // `channels`: names of the recorded channels, indices into the vehicle's ControlSet.
  TakeRecorder(std::vector<std::string> channels, std::vector<std::size_t> indices, long maxSteps,
               std::size_t maxEvents = 4096);

  // At the reset that starts the recording: the h and integrator the restarted run uses.
  void start(double h, const std::string& integrator);
  // Instead of start(): carry on a take that was replayed for its first `steps` steps (the
  // app's overdub: a pilot takes over there). Copies those steps' inputs and the events due
  // up to and including `steps`; `take.inputChannels` must be this recorder's channels.
  // Throws std::invalid_argument otherwise or when the take is shorter or too long.
  void continueFrom(const Take& take, long steps, double clock, double h);
  // Right before each step, after the pilot set the inputs: stores controls' values at t on
  // the recorded channels. False (nothing stored) when full.
  bool beforeStep(const ControlSet& controls, double t);
  // Live changes, at the current step count (call as the physics thread handles them).
  bool timeStep(double h);
  // Before a step of h that the pilot's feedback takes as n sub-steps (each then recorded by its
  // own beforeStep): records a `substeps` event when n differs from the last one (1: whole steps).
  bool substeps(int n);
  bool integrator(const std::string& name);
  // A reset restarts the scene as loaded, with its own h: pass that h (`sceneH`) so that the
  // events' t (the take clock, the sum of the steps' h) counts the steps after it at the h they
  // are taken with. reset() keeps counting with the h in use before it (the same thing unless h
  // was changed since the scene was loaded).
  bool reset();
  bool reset(double sceneH);

  // The channels a live pilot drives: those holding a ConstantSignal (after the pilot's first
  // apply). Scripted signals (sinusoids, sampled files) are not recorded: the take replays
  // them from its scenario.
  static std::vector<std::size_t> constantChannels(const ControlSet& controls);

  // The take's in-point ([take] start, a trimmed start), written by write().
  void setStart(long start) { start_ = start; }
  long steps() const { return steps_; }
  bool full() const { return steps_ >= maxSteps_; }

  // The take: `scenarioText` (the scenario the run was loaded from, with no [take] or
  // [[events]]) followed by [take] steps and inputs = `inputsFile`, and the [[events]]; the
  // step-input CSV to `inputsCsv`. Relative paths in the take (the scenario's controls.file,
  // `inputsFile`) resolve against the take's folder: write it beside its scenario, or use
  // absolute paths. Each event's t is the take clock (the sum of h so far). `scenery`, when
  // given, is written as [take] scenery (the problem file the app draws around the take).
  void write(const std::string& scenarioText, const std::string& inputsFile, std::ostream& takeToml,
             std::ostream& inputsCsv, const std::string& scenery = "") const;

 private:
  struct Event {
    long step = 0;
    double t = 0;  // take clock
    TakeEventKind kind = TakeEventKind::TimeStep;
    double dt = 0;
    int substeps = 1;
    std::array<char, 48> name{};
  };
  bool push(const Event& e);
  Event now(TakeEventKind kind) const { return Event{steps_, clock_, kind, 0, 1, {}}; }  // at this step and clock

  std::vector<std::string> channels_;
  std::vector<std::size_t> indices_;
  long maxSteps_;
  std::vector<double> inputs_;  // maxSteps x channels, preallocated
  std::vector<Event> events_;   // capacity preallocated
  std::size_t maxEvents_;
  long steps_ = 0, start_ = 0;
  double clock_ = 0, h_ = 0;
  int substeps_ = 1;  // a step adds h_ / substeps_ to the clock
};

}  // namespace lieride
