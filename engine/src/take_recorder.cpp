#include "lieride/sim/take_recorder.hpp"

#include "lieride/sim/take_script.hpp"

#include <algorithm>
#include <charconv>
#include <cstring>
#include <stdexcept>

namespace lieride {
namespace {
void number(std::ostream& out, double v) {
  char buf[32];
  const auto r = std::to_chars(buf, buf + sizeof buf, v);  // shortest round-trip form: exact
  out.write(buf, r.ptr - buf);
}
}  // namespace

TakeRecorder::TakeRecorder(std::vector<std::string> channels, std::vector<std::size_t> indices, long maxSteps,
                           std::size_t maxEvents)
    : channels_(std::move(channels)), indices_(std::move(indices)), maxSteps_(maxSteps), maxEvents_(maxEvents) {
  if (channels_.size() != indices_.size()) throw std::invalid_argument("TakeRecorder: one index per channel");
  if (maxSteps_ < 0) throw std::invalid_argument("TakeRecorder: maxSteps >= 0");
  inputs_.resize(static_cast<std::size_t>(maxSteps_) * channels_.size());
  events_.reserve(maxEvents_ + 3);
}

std::vector<std::size_t> TakeRecorder::constantChannels(const ControlSet& controls) {
  std::vector<std::size_t> out;
  for (std::size_t i = 0; i < controls.size(); ++i)
    if (dynamic_cast<const ConstantSignal*>(&controls.signal(i))) out.push_back(i);
  return out;
}

bool TakeRecorder::push(const Event& e) {
  if (events_.size() >= maxEvents_ + 3) return false;  // 3: the opening dt, integrator, reset
  events_.push_back(e);
  return true;
}

void TakeRecorder::start(double h, const std::string& integrator) {
  steps_ = 0;
  clock_ = 0;
  h_ = h;
  substeps_ = 1;
  events_.clear();
  reset();  // restores the scene's own h and integrator; then those in use, if they differ
  Event e = now(TakeEventKind::TimeStep);  // at step 0, clock 0
  e.dt = h;
  push(e);
  this->integrator(integrator);
}

void TakeRecorder::continueFrom(const Take& take, long steps, double clock, double h) {
  if (take.inputChannels != channels_)
    throw std::invalid_argument(
        "this take's inputs come from its scenario (a scripted scene or an optimal Play), not from the pilot's channels "
        "step by step; overdub takes over takes flown by hand (Record makes a new take of this one)");
  if (steps < 0 || steps > take.steps || steps > maxSteps_) throw std::invalid_argument("TakeRecorder::continueFrom: steps out of range");
  events_.clear();
  for (const TakeEvent& e : take.events) {
    if (e.step > steps) break;
    Event ev;
    ev.step = e.step;
    ev.t = e.t;
    ev.kind = e.kind;
    ev.dt = e.dt;
    ev.substeps = e.substeps;
    if (e.integrator.size() >= ev.name.size()) throw std::invalid_argument("TakeRecorder::continueFrom: integrator name too long");
    std::memcpy(ev.name.data(), e.integrator.data(), e.integrator.size());
    if (!push(ev)) throw std::invalid_argument("TakeRecorder::continueFrom: more events than the recorder holds");
  }
  std::copy_n(take.stepInputs.begin(), static_cast<std::size_t>(steps) * channels_.size(), inputs_.begin());
  steps_ = steps;
  clock_ = clock;
  h_ = h;
  substeps_ = 1;  // the sub-steps in force there, from the events copied
  for (const Event& e : events_)
    if (e.kind == TakeEventKind::Substeps) substeps_ = e.substeps;
}

bool TakeRecorder::beforeStep(const ControlSet& controls, double t) {
  if (steps_ >= maxSteps_) return false;
  double* row = inputs_.data() + static_cast<std::size_t>(steps_) * indices_.size();
  for (std::size_t c = 0; c < indices_.size(); ++c) row[c] = controls.value(indices_[c], t);
  ++steps_;
  clock_ += h_ / substeps_;
  return true;
}

bool TakeRecorder::substeps(int n) {
  if (n == substeps_) return true;
  Event e = now(TakeEventKind::Substeps);
  e.substeps = n;
  substeps_ = n;
  return push(e);
}

bool TakeRecorder::timeStep(double h) {
  Event e = now(TakeEventKind::TimeStep);
  e.dt = h;
  h_ = h;
  return push(e);
}

bool TakeRecorder::integrator(const std::string& name) {
  Event e = now(TakeEventKind::Integrator);
  if (name.size() >= e.name.size()) return false;
  std::memcpy(e.name.data(), name.data(), name.size());
  return push(e);
}

bool TakeRecorder::reset() {
  return push(now(TakeEventKind::Reset));
}

bool TakeRecorder::reset(double sceneH) {
  h_ = sceneH;  // the restarted scene steps with its own h (PhysicsThread::resetAll)
  return reset();
}

void TakeRecorder::write(const std::string& scenarioText, const std::string& inputsFile, std::ostream& toml,
                         std::ostream& csv, const std::string& scenery) const {
  toml << scenarioText;
  if (!scenarioText.empty() && scenarioText.back() != '\n') toml << '\n';
  toml << "\n[take]\nsteps = " << steps_ << "\n";
  if (!scenery.empty()) {  // a TOML basic string: backslashes and quotes escaped
    toml << "scenery = \"";
    for (const char c : scenery) toml << (c == '\\' || c == '"' ? "\\" : "") << c;
    toml << "\"\n";
  }
  if (start_ > 0) toml << "start = " << start_ << "\n";
  if (!channels_.empty()) toml << "inputs = \"" << inputsFile << "\"\n";
  for (const Event& e : events_) {
    toml << "\n[[events]]\nstep = " << e.step << "\nt = ";
    number(toml, e.t);
    if (e.kind == TakeEventKind::TimeStep) {
      toml << "\ndt = ";
      number(toml, e.dt);
      toml << "\n";
    } else if (e.kind == TakeEventKind::Integrator) {
      toml << "\nintegrator = \"" << e.name.data() << "\"\n";
    } else if (e.kind == TakeEventKind::Substeps) {
      toml << "\nsubsteps = " << e.substeps << "\n";
    } else {
      toml << "\nreset = true\n";
    }
  }
  csv << "step";
  for (const auto& c : channels_) csv << ',' << c;
  csv << '\n';
  for (long k = 0; k < steps_; ++k) {
    csv << k;
    for (std::size_t c = 0; c < channels_.size(); ++c) {
      csv << ',';
      number(csv, inputs_[static_cast<std::size_t>(k) * channels_.size() + c]);
    }
    csv << '\n';
  }
}

}  // namespace lieride
