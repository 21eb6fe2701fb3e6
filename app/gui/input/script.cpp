#include "input/script.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "lieride/model/helicopter.hpp"
#include "lieride/sim/registry.hpp"
#include "lieride/sim/user_input.hpp"
#include "lieride/sim/user_input.hpp"
#include "ui/optimize_panel.hpp"

namespace lieride::gui {

namespace {

// A whole word that is a finite number (std::stod read "0,1" as 0 and took "nan" and "inf").
bool wholeNumber(const std::string& w, double& v) {
  if (w.find_first_of("xX") != std::string::npos) return false;  // decimal only: 0x10 is not 16
  std::size_t used = 0;
  try {
    v = std::stod(w, &used);
  } catch (const std::exception&) {
    return false;
  }
  return used == w.size() && std::isfinite(v);
}

// What is wrong with a line's action and its words (docs/app.md, "Scripted sessions"), or "".
// Said at start, before anything runs: a bad value used to run (speed -3 stopped the clock,
// so the quit line never came; copy rk4 nan added a copy) or to pass (assist maybe).
std::string lineProblem(const std::vector<std::string>& w) {
  const std::string& a = w[0];
  double v = 0.0;
  const auto count = [&](std::size_t lo, std::size_t hi) { return w.size() >= lo && w.size() <= hi; };
  if (a == "down" || a == "up") {
    if (!count(2, 2)) return "expected '" + a + " <SDL key name>'";
    if (SDL_GetScancodeFromName(w[1].c_str()) == SDL_SCANCODE_UNKNOWN) return "unknown SDL key name '" + w[1] + "'";
  } else if (a == "assist" || a == "manual") {
    if (!count(2, 2) || (w[1] != "on" && w[1] != "off")) return "expected '" + a + " on' or '" + a + " off'";
  } else if (a == "pause" || a == "run" || a == "quit") {
    if (!count(1, 1)) return "expected '" + a + "' alone";
  } else if (a == "speed") {
    if (!count(2, 2) || !wholeNumber(w[1], v) || v < 0.1 || v > 4.0) return "expected 'speed <x>' with x from 0.1 to 4";
  } else if (a == "integrator") {
    if (!count(2, 2)) return "expected 'integrator <name>'";
    if (!isIntegratorName(w[1])) return "unknown integrator '" + w[1] + "' (lieride list names them)";
  } else if (a == "copy") {
    if (!count(2, 3)) return "expected 'copy <integrator> [h]'";
    if (!isIntegratorName(w[1])) return "unknown integrator '" + w[1] + "' (lieride list names them)";
    if (w.size() == 3 && (!wholeNumber(w[2], v) || v < 1e-4 || v > 1.0)) return "expected a step h from 1e-4 to 1 s, got '" + w[2] + "'";
  } else if (a == "seek") {
    if (!count(2, 2) || !wholeNumber(w[1], v) || v < 0.0) return "expected 'seek <t>' with t >= 0 (s)";
  } else if (a == "export") {
    if (!count(3, 3) || (w[1] != "csv" && w[1] != "gltf" && w[1] != "video") || !wholeNumber(w[2], v) || v < 0 ||
        v != std::floor(v) || v > 64)
      return "expected 'export csv|gltf|video <copy number>'";
    if (w[1] == "video" && v != 0) return "expected 'export video 0' (the take itself: a video has no ghosts)";
  } else if (a == "optimize") {
    if (!count(2, 2) || w[1] != "play") return "expected 'optimize play'";
  } else if (a == "expect") {
    if (w.size() >= 2 && w[1] == "integrator") {
      if (!count(3, 3)) return "expected 'expect integrator <name>'";
      if (!isIntegratorName(w[2])) return "unknown integrator '" + w[2] + "' (lieride list names them)";
    } else {
      static const char* const quantities[] = {"x", "y", "z", "max_z", "min_z", "speed", "lowest_skid"};
      if (!count(4, 4)) return "expected 'expect <quantity> < <value>' or '... > <value>'";
      if (std::none_of(std::begin(quantities), std::end(quantities), [&](const char* q) { return w[1] == q; }))
        return "unknown quantity '" + w[1] + "' (x, y, z, max_z, min_z, speed, lowest_skid)";
      if (w[2] != "<" && w[2] != ">") return "expected '<' or '>', got '" + w[2] + "'";
      if (!wholeNumber(w[3], v)) return "expected a finite number, got '" + w[3] + "'";
    }
  } else {
    return "unknown action '" + a + "'";
  }
  return "";
}

}  // namespace

InputScript::InputScript(const std::string& path) : path_(path) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) throw std::runtime_error(shown(path, 200) + ": is a directory, expected an input script");
  // A regular file of bounded size: /dev/zero was read until memory ran out, a FIFO waited for ever.
  std::string body;
  try {
    body = readRegularFile(path, kMaxScenarioBytes);
  } catch (const InputFileError& e) {
    throw std::runtime_error(std::string(e.what()) + " (expected an input script)");
  }
  std::istringstream in(body);
  std::string text;
  int number = 0;
  while (std::getline(in, text)) {
    ++number;
    if (const auto hash = text.find('#'); hash != std::string::npos) text.erase(hash);
    std::istringstream words(text);
    Line l;
    l.number = number;
    std::string w;
    if (!(words >> w)) continue;
    const std::string where = path + ":" + std::to_string(number) + ": ";
    // A time the clock reaches: finite, >= 0 (an "inf quit" never came; "nan quit" fired at once).
    if (!wholeNumber(w, l.t) || l.t < 0.0 || l.t > 1e7)
      throw std::runtime_error(where + "expected a simulation time from 0 to 1e7 s, got '" + shown(w) + "'");
    while (words >> w) l.words.push_back(w);
    if (l.words.empty()) throw std::runtime_error(where + "expected an action after the time");
    if (const std::string why = lineProblem(l.words); !why.empty()) throw std::runtime_error(where + shown(why, 200));
    lines_.push_back(std::move(l));
  }
}

std::string InputScript::summary() const {
  char buf[200];
  char skid[48] = "";
  if (lowestSkid_ < 1e299) std::snprintf(skid, sizeof skid, ", lowest skid %.4f m", lowestSkid_);
  // Lines the run never reached (--frames ran out first) are not met: say so, not "all met".
  char unreached[80] = "";
  if (next_ < lines_.size() && !quit_)
    std::snprintf(unreached, sizeof unreached, ", %zu line(s) not reached (line %d at t = %g s)", lines_.size() - next_,
                  lines_[next_].number, lines_[next_].t);
  std::snprintf(buf, sizeof buf, "script: max z %.3f m, min z %.3f m%s%s", maxZ_, minZ_, skid,
                failed_ ? ", FAILED" : unreached[0] ? unreached : ", all expectations met");
  return buf;
}

void InputScript::update(AppState& app, const PhysicsFrame& f) {
  if (!f.sims.empty()) {
    const Snapshot& s = f.sims.front().curr;
    maxZ_ = std::max(maxZ_, s.position.z());
    minZ_ = std::min(minZ_, s.position.z());
    if (app.view)
      if (const auto low = app.view->lowestContact(s)) lowestSkid_ = std::min(lowestSkid_, *low);
  }
  if (next_ >= lines_.size() || quit_) return;
  if (awaitingSeek_) {
    if (f.resets == seekResets_ && ++seekWait_ < 20000) return;
    awaitingSeek_ = false;
  }
  const Line& l = lines_[next_];
  if (l.t > app.renderTime + 1e-9 && !f.paused) return;
  if (run(l, app, f)) {
    ++next_;
    retries_ = 0;
  }
}

bool InputScript::run(const Line& l, AppState& app, const PhysicsFrame& f) {
  const auto& w = l.words;
  const std::string where = path_ + ":" + std::to_string(l.number) + ": ";
  auto arg = [&](std::size_t i) -> const std::string& {
    if (i >= w.size()) throw std::runtime_error(where + "'" + w[0] + "' needs more words");
    return w[i];
  };
  if (w[0] == "down" || w[0] == "up") {
    const SDL_Scancode code = SDL_GetScancodeFromName(arg(1).c_str());
    if (code == SDL_SCANCODE_UNKNOWN) throw std::runtime_error(where + "unknown SDL key name '" + w[1] + "'");
    SDL_Event e{};
    e.type = w[0] == "down" ? SDL_KEYDOWN : SDL_KEYUP;
    e.key.state = w[0] == "down" ? SDL_PRESSED : SDL_RELEASED;
    e.key.keysym.scancode = code;
    e.key.keysym.sym = SDL_GetKeyFromScancode(code);
    SDL_PushEvent(&e);
  } else if (w[0] == "assist") {
    app.settings.input.assist = arg(1) == "on";
    Command c = Command::make(CommandKind::SetAssist);
    c.flag = app.settings.input.assist;
    app.send(c);
  } else if (w[0] == "manual") {  // "manual on|off": the Controls panel's Manual control
    Command c = Command::make(CommandKind::SetManual);
    c.flag = arg(1) == "on";
    app.send(c);
  } else if (w[0] == "pause" || w[0] == "run") {
    Command c = Command::make(CommandKind::SetPaused);
    c.flag = w[0] == "pause";
    app.send(c);
  } else if (w[0] == "speed") {
    Command c = Command::make(CommandKind::SetSpeed);
    c.value[0] = std::stod(arg(1));
    app.settings.speed = c.value[0];  // the sidebar's slider shows it, as after a drag
    app.send(c);
  } else if (w[0] == "integrator") {
    // One the running vehicle has (a helicopter's script naming lie-nh was ignored silently).
    if (!f.sims.empty()) {
      const auto& names = f.sims.front().integrators;
      if (!names.empty() && std::find(names.begin(), names.end(), w[1]) == names.end())
        throw std::runtime_error(where + "integrator '" + w[1] + "' does not apply to " + f.sims.front().curr.vehicle);
    }
    Command c = Command::make(CommandKind::SetIntegrator);
    c.setName(arg(1));
    app.send(c);
  } else if (w[0] == "copy") {  // "copy <integrator> [h]": the Add copy button
    app.copyIntegrator = arg(1);
    app.copyStep = w.size() > 2 ? std::stod(w[2]) : 0.0;
    app.copyStepChosen = app.copyStep > 0;
    app.requestCopy = 1;
  } else if (w[0] == "seek") {  // "seek <t>": the take timeline dragged to t
    app.takes.seek = std::stod(arg(1));
    awaitingSeek_ = true;
    seekResets_ = f.resets;
    seekWait_ = 0;
  } else if (w[0] == "export") {  // "export csv|gltf <copy>": the Takes panel's export buttons
    if (static_cast<std::size_t>(std::stoi(w[2])) >= std::max<std::size_t>(f.sims.size(), 1))
      throw std::runtime_error(where + "export: no copy " + w[2] + " (copies are numbered from 0; " +
                               std::to_string(f.sims.size()) + " running)");
    if (arg(1) == "video") app.takes.exportVideo = true;
    else (arg(1) == "csv" ? app.takes.exportCsv : app.takes.exportGlb) = std::stoi(arg(2));
  } else if (w[0] == "optimize") {  // "optimize play": the Optimize panel's Play, once solved
    if (arg(1) != "play") throw std::runtime_error(where + "expected 'optimize play'");
    if (!app.optimize) throw std::runtime_error(where + "no Optimize panel");
    if (!app.optimize->problem())  // nothing to solve: waiting would never end
      throw std::runtime_error(where + "optimize play: no problem is selected (open an 'optimal ...' scene or pick one in the Optimize panel)");
    if (!app.optimize->play()) {
      if (++retries_ < 20000) return false;  // solving: try again next frame
      std::printf("%soptimize play: FAILED (the problem was not solved)\n", where.c_str());
      failed_ = true;
    }
  } else if (w[0] == "quit") {
    // An export of the live run waits for the physics thread's take (an answer a frame or two
    // later, more on a loaded machine): quit only once it has been written.
    if (app.takes.liveExport != 0 && ++retries_ < 20000) return false;
    // So does a video (a child process the app stops when it closes).
    if ((app.takes.exportVideo || app.takes.videoSeconds >= 0) && ++retries_ < 100000) return false;
    quit_ = true;
  } else if (w[0] == "expect") {
    if (f.sims.empty()) return false;
    const Snapshot& s = f.sims.front().curr;
    if (arg(1) == "integrator") {
      if (s.integrator == arg(2)) {
        std::printf("%sexpect integrator %s: ok\n", where.c_str(), w[2].c_str());
        return true;
      }
      if (++retries_ < 10) return false;  // the physics thread answers within a frame or two
      std::printf("%sexpect integrator %s: FAILED (shows %s)\n", where.c_str(), w[2].c_str(), s.integrator.c_str());
      failed_ = true;
      return true;
    }
    const std::string& q = arg(1);
    const double v = q == "x" ? s.position.x() : q == "y" ? s.position.y()
                   : q == "z" ? s.position.z() : q == "max_z" ? maxZ_ : q == "min_z" ? minZ_
                   : q == "lowest_skid" ? lowestSkid_ : q == "speed" ? s.bodyVelocity.tail<3>().norm() : NAN;
    if (std::isnan(v)) throw std::runtime_error(where + "unknown quantity '" + q + "' (x, y, z, max_z, min_z, speed, lowest_skid)");
    const double bound = std::stod(arg(3));
    const bool ok = arg(2) == "<" ? v < bound : arg(2) == ">" ? v > bound : false;
    std::printf("%sexpect %s %s %g: %s (%.4g)\n", where.c_str(), q.c_str(), w[2].c_str(), bound, ok ? "ok" : "FAILED", v);
    failed_ = failed_ || !ok;
  } else {
    throw std::runtime_error(where + "unknown action '" + w[0] + "'");
  }
  return true;
}

}  // namespace lieride::gui
