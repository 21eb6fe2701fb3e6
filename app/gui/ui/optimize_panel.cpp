#include "ui/optimize_panel.hpp"

#include <imgui.h>
#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <limits>

#include <toml++/toml.h>

#include "lieride/sim/user_input.hpp"
#include "ui/panels.hpp"

namespace lieride::gui {
namespace fs = std::filesystem;

namespace {
// The controls for Play: as `lieride optimize` writes them, plus zero inputs from the horizon T
// on where the last sample comes before T (the car and the sleigh read theirs at the step
// midpoints): sampled signals hold their last value, which would drive the car on out of the
// gap once the physics thread passes T; zero keeps a vehicle at rest there. Before T nothing
// changes (the integrator reads the samples themselves).
std::string controlsForPlay(const std::string& csv, double horizon) {
  const auto end = csv.find_last_not_of('\n');
  if (end == std::string::npos) return csv;
  const auto start = csv.rfind('\n', end);
  const std::string last = csv.substr(start == std::string::npos ? 0 : start + 1, end - (start == std::string::npos ? 0 : start + 1) + 1);
  double t = 0.0;
  try {
    t = std::stod(last.substr(0, last.find(',')));
  } catch (const std::exception&) {
    return csv;  // a header alone
  }
  if (t >= horizon - 1e-9) return csv;
  char row[64];
  std::snprintf(row, sizeof row, "%.17g", horizon);
  std::string out = csv.substr(0, end + 1) + "\n" + row;
  for (char c : last)
    if (c == ',') out += ",0";
  return out + "\n";
}

// Play writes its controls and replay scenario into a folder of this process
// (<temp>/lieride-optimize-PID); the folder goes with the panel (a take of the Play keeps a
// copy of the controls beside it: take_scene.hpp). Folders of processes that ended without
// removing theirs (a crash, a kill) are removed when the next panel starts.
fs::path playFolder(long pid) { return fs::temp_directory_path() / ("lieride-optimize-" + std::to_string(pid)); }

void removeStalePlayFolders() {
  std::error_code ec;
  const std::string prefix = "lieride-optimize-";
  for (const auto& e : fs::directory_iterator(fs::temp_directory_path(ec), ec)) {
    const std::string name = e.path().filename().string();
    if (name.rfind(prefix, 0) != 0 || name.size() == prefix.size() || name.size() > prefix.size() + 9) continue;
    const std::string digits = name.substr(prefix.size());
    if (!std::all_of(digits.begin(), digits.end(), [](char c) { return c >= '0' && c <= '9'; })) continue;
    const long pid = std::stol(digits);
    if (pid <= 0 || (::kill(static_cast<pid_t>(pid), 0) == 0 || errno != ESRCH)) continue;  // alive, or not ours to judge
    std::error_code rm;
    fs::remove_all(e.path(), rm);
  }
}

constexpr std::uint64_t kNone = std::numeric_limits<std::uint64_t>::max();
constexpr double kDeg = M_PI / 180.0;

// Coordinates and sizes within what a problem file may hold (kMaxObstacleCoordinate, 1e6 m):
// a goal typed as 1e30 was taken, and the solve failed on "final velocity component 3".
bool dragDoubles(const char* label, double* v, int n, float speed, const char* fmt = "%.2f") {
  const double lo = -kMaxObstacleCoordinate, hi = kMaxObstacleCoordinate;
  return ImGui::DragScalarN(label, ImGuiDataType_Double, v, n, speed, &lo, &hi, fmt, ImGuiSliderFlags_AlwaysClamp);
}
bool dragDegrees(const char* label, double& radians) {
  double deg = radians / kDeg;
  if (std::abs(deg) < 0.05) deg = 0.0;  // shown as 0.0, not -0.0 (the canyon's walls: -0.000000 rad)
  if (!ImGui::DragScalar(label, ImGuiDataType_Double, &deg, 0.5f, nullptr, nullptr, "%.1f deg")) return false;
  radians = deg * kDeg;
  return true;
}
}  // namespace

OptimizePanel::~OptimizePanel() {
  std::error_code ec;
  fs::remove_all(playFolder(::getpid()), ec);
}

OptimizePanel::OptimizePanel(std::string dir) {
  removeStalePlayFolders();
  if (dir.empty()) dir = (fs::path(assetsDir()) / "problems").string();
  std::vector<fs::path> files;
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(dir, ec))
    if (e.path().extension() == ".toml") files.push_back(e.path());
  std::sort(files.begin(), files.end());
  for (const auto& f : files) {
    try {
      if (opt::problemMethod(f.string()) != "dmoc") continue;
      const opt::Problem p = opt::loadProblem(f.string());
      problems_.push_back({f.string(), p.name, p.vehicle});
    } catch (const std::exception&) {
      // Not a DMOC problem file the panel can open: `lieride optimize` names what is wrong.
    }
  }
  minRequest_ = kNone;
}

namespace {
// The scenario's [initial] position (the origin where it has none): read once per problem.
Vec3 initialPosition(const opt::Problem& p) {
  Vec3 start = Vec3::Zero();
  try {
    const toml::table t = toml::parse(p.scenarioToml);
    if (const auto* a = t["initial"]["position"].as_array())
      for (std::size_t i = 0; i < std::min<std::size_t>(a->size(), 3); ++i) start(static_cast<int>(i)) = (*a)[i].value_or(0.0);
  } catch (const std::exception&) {
  }
  return start;
}
}  // namespace

bool OptimizePanel::select(const std::string& file, const std::string& sceneryOf) {
  std::error_code ec;
  int index = -1;
  for (std::size_t i = 0; i < problems_.size(); ++i)
    if (problems_[i].file == file || fs::equivalent(problems_[i].file, file, ec)) index = static_cast<int>(i);
  try {
    opt::Problem p = sceneryOf.empty() ? opt::loadProblem(file) : opt::loadScenery(file, sceneryOf);
    if (index < 0) {
      problems_.push_back({file, p.name, p.vehicle});
      index = static_cast<int>(problems_.size() - 1);
    }
    hints_ = overlayHints(p);
    start_ = initialPosition(p);
    problem_ = std::move(p);
  } catch (const std::exception& e) {
    error_ = e.what();
    return false;
  }
  selected_ = index;
  error_.clear();
  worker_.cancel();
  worker_.forgetSolution();
  minRequest_ = kNone;
  ++problemVersion_;
  statusHeight_ = 0.0f;
  return true;
}

void OptimizePanel::pick(const Listed& l) {
  std::error_code ec;
  if (!sceneProblem_.empty() && fs::equivalent(sceneProblem_, l.file, ec)) {
    // This scene's own problem: selected in place, its edits kept if it is the one open.
    if (!(problem_ && fs::equivalent(problem_->file, l.file, ec))) select(l.file);
    return;
  }
  sceneRequest_ = problemScene(l.name, l.file);  // its own start, obstacles and goal (sceneLoaded solves it)
}

void OptimizePanel::solve() {
  if (!problem_) return;
  const std::uint64_t id = worker_.solve(*problem_);
  if (minRequest_ == kNone) minRequest_ = id;
}

void OptimizePanel::revert() {
  if (!problem_) return;
  editedSincePlay_ = true;
  const std::string file = problem_->file;
  if (select(file)) solve();
}

void OptimizePanel::edited() {
  ++problemVersion_;
  editedSincePlay_ = true;
  if (autoSolve_) solve();
}

std::shared_ptr<const OptimizeSnapshot> OptimizePanel::current() const {
  auto s = worker_.snapshot();
  if (minRequest_ == kNone || s->request < minRequest_) return nullptr;
  return s;
}

void OptimizePanel::sceneLoaded(const SceneEntry& entry, const std::string& vehicle, const std::string& scenery) {
  const bool wasScenery = sceneryOnly_;  // a take's scenery is not an open problem with edits to keep
  sceneryOnly_ = false;
  if (sceneIsReplay(entry)) {  // Play: the panel keeps its problem, ghost and solution
    playing_ = true;
    editedSincePlay_ = false;
    pausedAtEnd_ = false;
    overviewRequest_ = true;
    ++problemVersion_;  // the overlay as drawn during Play
    return;
  }
  if (playing_) ++problemVersion_;
  playing_ = false;
  vehicle_ = vehicle;
  sceneProblem_ = sceneProblem(entry);
  openRequest_ = overviewRequest_ = !sceneProblem_.empty();
  if (!sceneProblem_.empty()) {
    // The same problem again (a copy added, the menu entry chosen again): keep its edits.
    if (problem_ && problem_->file == sceneProblem_ && !wasScenery) return;
    if (select(sceneProblem_)) solve();
    return;
  }
  // Any other scene: the problem, its overlay (pad, obstacles, ghost) and its solution belong to
  // the problem's own scene, not this one, even for the same vehicle kind.
  if (selected_ >= 0 || problem_) {
    selected_ = -1;
    problem_.reset();
    worker_.cancel();
    worker_.forgetSolution();
    minRequest_ = kNone;
    ++problemVersion_;
  }
  // A take of an optimal Play: its parked cars, kerb, walls and goal drawn around it again
  // (it replayed on empty ground).
  // Another kind's world (car boxes round a helicopter) is not drawn: select says why.
  if (!scenery.empty() && select(scenery, vehicle_)) sceneryOnly_ = true;
}

void OptimizePanel::update(AppState& app, const PhysicsFrame& f) {
  // A reset (Backspace, or Space at the end: runOrPause) plays the plan again, to its end.
  if (f.resets != resetsSeen_) {
    resetsSeen_ = f.resets;
    pausedAtEnd_ = false;
  }
  // Play stops where the optimised motion ends (the controls hold their last value beyond).
  if (playing_ && !pausedAtEnd_ && !f.paused && !f.sims.empty() && f.sims.front().curr.t >= playHorizon_ - 1e-9) {
    app.command(CommandKind::TogglePause);
    pausedAtEnd_ = true;
  }
}

bool OptimizePanel::overview(CameraRig& cam, int& mode) {
  const bool wanted = overviewRequest_;
  overviewRequest_ = false;
  if (!wanted || !problem_) return false;
  if (playing_) {
    // Play follows the vehicle from behind: an orbit wide enough for the whole motion made the
    // helicopter a few pixels, and a nearer one looked at it through the canyon's wall.
    mode = static_cast<int>(CameraMode::Chase);
    cam.mode = CameraMode::Chase;
    cam.snap();
    return true;
  }
  // Before Play the orbit centres on the middle of the motion (overviewFocus) and takes in all
  // of it, from the side.
  heldFocus_.reset();
  const auto [start, goal] = startAndGoal();
  const double spread = (goal - start).norm();
  mode = static_cast<int>(CameraMode::Orbit);
  cam.mode = CameraMode::Orbit;
  cam.orbitYaw = static_cast<float>(std::atan2(start.x() - goal.x(), goal.y() - start.y())) + 0.35f;
  cam.orbitPitch = 0.75f;
  cam.orbitDistance = static_cast<float>(1.1 * spread + 12.0);  // until takeFit() frames it
  cam.snap();
  fitFrames_ = 3;
  fitOnSolve_ = true;
  cameraMoved_ = false;
  return true;
}

OptimizePanel::Fit OptimizePanel::takeFit() {
  Fit fit;
  if (!problem_ || !waitingForPlay()) {
    cameraMoved();
    return fit;
  }
  if (fitOnSolve_ && solved()) {
    fitOnSolve_ = false;
    if (fitFrames_ <= 0) {
      fitFrames_ = 1;
      fit.growOnly = true;
    }
  }
  if (fitFrames_ <= 0) return fit;
  --fitFrames_;
  fit.points.push_back(start_);
  // The rings, except on the tops of 3-D obstacles: the canyon's walls are 30 m high, and
  // taking in their tops made the helicopter a speck.
  for (const Handle& h : handles())
    if (h.kind != Handle::Obstacle || !problem_->obstacles[h.index].threeD) fit.points.push_back(h.position);
  if (const auto s = current())
    for (const GhostKnot& k : s->knots) fit.points.push_back(k.position);
  return fit;
}

std::pair<Vec3, Vec3> OptimizePanel::startAndGoal() const {
  Vec3 goal = start_;  // the goal may be dragged: read every time
  if (problem_ && problem_->goal.position) goal.head<2>() = *problem_->goal.position;
  if (problem_ && problem_->goal.position3) goal = *problem_->goal.position3;
  return {start_, goal};
}

std::optional<Vec3> OptimizePanel::overviewFocus() const {
  if (!problem_ || !waitingForPlay()) return std::nullopt;
  // Set when the problem's overview is framed (overview()), then held through edits: a focus
  // following the dragged goal slid the world under the mouse, which moved the goal further,
  // and re-centring after the drop made the goal jump away from the cursor.
  if (!heldFocus_) {
    const auto [start, goal] = startAndGoal();
    heldFocus_ = Vec3(0.5 * (start + goal));
  }
  return heldFocus_;
}

std::optional<SceneEntry> OptimizePanel::takeSceneRequest() {
  std::optional<SceneEntry> e;
  e.swap(sceneRequest_);
  return e;
}

bool OptimizePanel::play() {
  const auto snap = current();
  if (!problem_ || !snap || snap->phase != OptimizeSnapshot::Phase::Solved) return false;
  const OptimizeSnapshot& s = *snap;
  // What `lieride optimize --out DIR` writes: controls.csv and replay.toml beside it.
  const fs::path dir = playFolder(::getpid()) / fs::path(problem_->file).stem();
  std::error_code ec;
  fs::create_directories(dir, ec);
  std::ofstream csv(dir / "controls.csv"), toml(dir / "replay.toml");
  playHorizon_ = s.timeStep * static_cast<double>(s.knots.empty() ? problem_->knots : s.knots.size() - 1);
  const std::string played = controlsForPlay(s.controlsCsv, playHorizon_);
  pastEndHolds_ = played == s.controlsCsv;
  csv << played;
  toml << s.replayToml;
  csv.close();
  toml.close();
  if (ec || !csv || !toml) {
    error_ = (dir / "controls.csv").string() + ": cannot write the optimal controls";
    return false;
  }
  sceneRequest_ = replayScene(problem_->name + " (optimal controls)", problem_->file, s.replayToml, dir.string());
  return true;
}

bool OptimizePanel::editProblem() {
  opt::Problem& p = *problem_;
  bool changed = false;
  if (ImGui::TreeNodeEx("Goal", ImGuiTreeNodeFlags_DefaultOpen)) {
    if (p.goal.position) changed |= dragDoubles("position##goal", p.goal.position->data(), 2, 0.02f);
    if (p.goal.position3) changed |= dragDoubles("position##goal3", p.goal.position3->data(), 3, 0.02f);
    tooltip("Where the vehicle must end (m, world frame), within the problem's tolerance.");
    if (p.goal.heading) changed |= dragDegrees("heading##goal", *p.goal.heading);
    ImGui::TreePop();
  }
  if (!p.obstacles.empty() && ImGui::TreeNodeEx("Obstacles", ImGuiTreeNodeFlags_DefaultOpen, "Obstacles (%zu)", p.obstacles.size())) {
    for (std::size_t i = 0; i < p.obstacles.size(); ++i) {
      opt::Obstacle& o = p.obstacles[i];
      ImGui::PushID(static_cast<int>(i));
      ImGui::TextDisabled("%s", o.name.c_str());
      if (o.kind == opt::Obstacle::Kind::Wall) {
        changed |= dragDoubles("point", o.center.data(), 2, 0.02f);
        double a = std::atan2(o.normal.y(), o.normal.x());
        if (dragDegrees("normal", a)) {
          o.normal = Vec2(std::cos(a), std::sin(a));
          changed = true;
        }
      } else if (o.threeD) {  // the helicopter's boxes: centre and size in 3-D
        changed |= dragDoubles("centre", o.center3.data(), 3, 0.02f);
        Vec3 size = 2.0 * o.halfSize3;
        if (dragDoubles("size", size.data(), 3, 0.02f)) {
          o.halfSize3 = (0.5 * size).cwiseMax(0.01);
          changed = true;
        }
        changed |= dragDegrees("heading", o.heading);
      } else {
        changed |= dragDoubles("centre", o.center.data(), 2, 0.02f);
        if (o.kind == opt::Obstacle::Kind::Circle) {
          if (ImGui::DragScalar("radius", ImGuiDataType_Double, &o.radius, 0.01f, nullptr, nullptr, "%.2f m")) {
            o.radius = std::max(o.radius, 0.01);
            changed = true;
          }
        } else {
          Vec2 size = 2.0 * o.halfSize;
          if (dragDoubles("size", size.data(), 2, 0.02f)) {
            o.halfSize = (0.5 * size).cwiseMax(0.01);
            changed = true;
          }
          changed |= dragDegrees("heading", o.heading);
        }
      }
      ImGui::PopID();
    }
    ImGui::TreePop();
  }
  if (!p.waypoints.empty() && ImGui::TreeNodeEx("Waypoints", ImGuiTreeNodeFlags_DefaultOpen, "Waypoints (%zu)", p.waypoints.size())) {
    for (std::size_t i = 0; i < p.waypoints.size(); ++i) {
      opt::Waypoint& w = p.waypoints[i];
      ImGui::PushID(static_cast<int>(i) + 1000);
      if (ImGui::DragScalar("time", ImGuiDataType_Double, &w.time, 0.05f, nullptr, nullptr, "%.2f s")) {
        w.time = std::clamp(w.time, 0.0, p.horizon);
        changed = true;
      }
      if (w.position) changed |= dragDoubles("position", w.position->data(), 2, 0.02f);
      if (w.position3) changed |= dragDoubles("position", w.position3->data(), 3, 0.02f);
      if (w.heading) changed |= dragDegrees("heading", *w.heading);
      ImGui::PopID();
    }
    ImGui::TreePop();
  }
  return changed;
}

void OptimizePanel::draw(AppState& app, const PhysicsFrame&) {
  (void)app;
  // The problem list: the current scene's own problem, then those of this vehicle kind.
  std::string chosen = "(choose a problem)";
  if (selected_ >= 0) chosen = problems_[static_cast<std::size_t>(selected_)].name;
  ImGui::SetNextItemWidth(-1);
  if (ImGui::BeginCombo("##problem", chosen.c_str())) {
    if (!sceneProblem_.empty() && ImGui::Selectable("current scene"))
      select(sceneProblem_);
    for (std::size_t i = 0; i < problems_.size(); ++i) {
      const Listed& l = problems_[i];
      if (l.vehicle != vehicle_) continue;
      const std::string label = l.name + "  (" + fs::path(l.file).filename().string() + ")";
      if (ImGui::Selectable(label.c_str(), static_cast<int>(i) == selected_)) pick(l);
    }
    ImGui::EndCombo();
  }
  tooltip("DMOC problems (assets/problems, docs/formats.md section 4) for this vehicle. Each opens with its own "
          "scene (its start, obstacles and goal) and solves; the scene menu's \"optimal parking\", \"optimal "
          "helicopter landing\" and \"optimal canyon flight\" are three of them.");
  if (!error_.empty()) textWrappedColored(ImVec4(1, 0.4f, 0.35f, 1), error_);
  if (!problem_) {
    const auto listed = static_cast<std::size_t>(
        std::count_if(problems_.begin(), problems_.end(), [&](const Listed& l) { return l.vehicle == vehicle_; }));
    if (listed == 0)
      textWrappedColored(ImVec4(0.6f, 0.64f, 0.7f, 1.0f),
                         "No optimal control problem for this vehicle: the shipped ones (assets/problems) are for the "
                         "car, the helicopter, the boat, the snakeboard and the sleigh. Pick one of their scenes, "
                         "e.g. \"optimal parking\" in the scene menu.");
    else
      textWrappedColored(ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled),
                         "No problem chosen (" + std::to_string(listed) + " for this vehicle in the list above).");
    return;
  }
  const opt::Problem& p = *problem_;
  if (sceneryOnly_) {
    textWrappedColored(ImGui::GetStyleColorVec4(ImGuiCol_Text),
                       "The take's scenery: the obstacles, goal and waypoints of " + fs::path(p.file).filename().string() +
                           ", drawn around it (the take replays its own inputs; nothing is solved).");
    if (ImGui::Button("Open the problem")) sceneRequest_ = problemScene(p.name, p.file);
    tooltip("The problem's own scene, solved in this panel (as the scene menu's optimal scenes).");
    return;
  }
  ImGui::TextDisabled("%d knots, h = %.3g s, %s", p.knots, p.timeStep(), p.integrator.c_str());
  const auto s = current();
  const bool solving = s && s->phase == OptimizeSnapshot::Phase::Solving;
  if (ImGui::Button("Solve")) solve();
  tooltip("Solve on the worker thread (IPOPT); warm from the last solution when there is one.");
  ImGui::SameLine();
  ImGui::BeginDisabled(!solving);
  if (ImGui::Button("Cancel")) cancel();
  ImGui::EndDisabled();
  ImGui::SameLine();
  const bool solved = s && s->phase == OptimizeSnapshot::Phase::Solved;
  ImGui::BeginDisabled(!solved);
  if (ImGui::Button("Play")) play();
  ImGui::EndDisabled();
  tooltip("Run the optimal controls through the physics thread with the problem's integrator and h "
          "(the simulation, not a replay of the states): it retraces the ghost.");
  ImGui::SameLine();
  if (ImGui::Button("Revert")) revert();
  tooltip("Back to the problem as its file has it (goal, obstacles, waypoints), solved cold: undoes every edit.");
  ImGui::Checkbox("re-solve on edit", &autoSolve_);
  tooltip("After an edit the problem re-solves warm from the last solution; an edit during a solve restarts it.");
  // The status in a box that only grows (to the most this problem's solves have reported) and
  // never shrinks: the fields below stay where they are as re-solves come and go. Before, a
  // failed re-solve grew it from two lines to four, the next solved one shrank it, and a click
  // aimed at the goal's x landed on another row; a fixed five-line box left a blank gap instead.
  const float statusLine = ImGui::GetTextLineHeightWithSpacing();
  ImGui::BeginChild("##status", ImVec2(0.0f, std::max(statusHeight_, 2.0f * statusLine)), false);
  // An edit during Play re-solves, but the vehicle still runs the controls Play started with.
  if (playing_ && editedSincePlay_)
    textWrappedColored(ImVec4(0.96f, 0.66f, 0.22f, 1), "the vehicle plays the solution from before the edit: Play again runs the new one");
  if (s) {
    const ImVec4 grey(0.75f, 0.78f, 0.82f, 1), red(1, 0.42f, 0.35f, 1), green(0.55f, 0.95f, 0.55f, 1);
    switch (s->phase) {
      case OptimizeSnapshot::Phase::Solving:
        ImGui::TextColored(grey, "solving%s: iteration %d, %.2f s", s->warm ? " (warm)" : "", s->iteration, s->seconds);
        ImGui::TextColored(grey, "cost %.6g, violation %.2e", s->cost, s->violation);
        break;
      case OptimizeSnapshot::Phase::Solved:
        ImGui::TextColored(green, "solved%s: %d iterations, %.3f s", s->warm ? " (warm)" : "", s->iteration, s->seconds);
        ImGui::TextColored(green, "cost %.6g, max violation %.1e", s->cost, s->violation);
        if (s->line != "solved") textWrappedColored(grey, s->line);
        break;
      case OptimizeSnapshot::Phase::Cancelled:
        textWrappedColored(grey, "cancelled at iteration " + std::to_string(s->iteration) + " (the last iterate is drawn)");
        break;
      case OptimizeSnapshot::Phase::NotSolved:
        textWrappedColored(red, "not solved: " + s->line);
        {
          char line[96];
          std::snprintf(line, sizeof line, "best iterate drawn (%d iterations, violation %.2e)", s->iteration, s->violation);
          textWrappedColored(grey, line);
        }
        break;
      case OptimizeSnapshot::Phase::Idle: break;
    }
    if (s->restarts > 0)
      textWrappedColored(grey, "restarted " + std::to_string(s->restarts) + (s->restarts == 1 ? " time" : " times") +
                                   ": the problem changed while it ran");
  }
  statusHeight_ = std::max(statusHeight_, std::min(ImGui::GetCursorPosY(), 8.0f * statusLine));  // at most 8 lines, then it scrolls
  ImGui::EndChild();
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
  ImGui::TextWrapped("ghost: green where a knot's constraints hold to 1e-8, red from 1e-2. Drag the rings in the "
                     "view to move the goal, waypoints and obstacles, or type the values below.");
  ImGui::PopStyleColor();
  // A value typed into a field (double-click or Ctrl+click on it) re-solves once, when the field
  // is left (Enter, Tab, a click elsewhere): typing "30" no longer solved for "3" first. Drags
  // re-solve as they move.
  const bool changed = editProblem();
  const bool typing = ImGui::GetIO().WantTextInput;
  if (changed && typing) typedEdit_ = true;
  else if (changed || (typedEdit_ && !typing)) {
    typedEdit_ = false;
    edited();
  }
}

}  // namespace lieride::gui
