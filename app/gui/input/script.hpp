#pragma once
// A scripted session for tests (`lieride app --input-script FILE`): at given simulation times it
// pushes synthetic SDL key events (exactly what a keyboard produces) and UI actions, and checks
// expectations about the flight. One action a line:
//   <t> down|up <SDL key name>        key event, e.g. "2.5 down W"
//   <t> assist on|off | manual on|off | pause | run | speed <x> | integrator <name> | copy <name> [h] | quit
//   <t> optimize play                  the Optimize panel's Play, waiting for its solve
//   <t> expect <quantity> <|> <value>  quantity: x, y, z, max_z, min_z, speed, lowest_skid
//   <t> expect integrator <name>       the published state names this integrator
// Lines run in order, each once the shown simulation time reaches <t> (one per frame, so the
// physics thread sees every command before the next). '#' starts a comment.
#include <SDL.h>

#include <cstdint>
#include <string>
#include <vector>

#include "ui/app_state.hpp"

namespace lieride::gui {

class InputScript {
 public:
  // Throws std::runtime_error naming the file, line and what was expected.
  explicit InputScript(const std::string& path);
  // Per frame, after the physics frame was polled: tracks extremes, runs due lines.
  void update(AppState& app, const PhysicsFrame& f);
  bool quitRequested() const { return quit_; }
  bool finished() const { return next_ >= lines_.size(); }  // every line has run
  bool failed() const { return failed_; }
  // One line: the extremes seen (for the batch report).
  std::string summary() const;

 private:
  struct Line {
    double t = 0;
    std::vector<std::string> words;
    int number = 0;
  };
  bool run(const Line& l, AppState& app, const PhysicsFrame& f);
  std::string path_;
  std::vector<Line> lines_;
  std::size_t next_ = 0;
  int retries_ = 0;
  bool quit_ = false, failed_ = false;
  // After "seek": the next line waits until the physics thread has landed the seek (its reset
  // count moved), or its time check would read the time before the seek.
  bool awaitingSeek_ = false;
  std::uint32_t seekResets_ = 0;
  int seekWait_ = 0;
  double maxZ_ = -1e300, minZ_ = 1e300, lowestSkid_ = 1e300;
};

}  // namespace lieride::gui
