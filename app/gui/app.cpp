#include "app.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <cstdio>
#include <glm/gtc/matrix_transform.hpp>
#include <glm/gtc/quaternion.hpp>

namespace lieride::gui {

namespace {
const char* const kCopiesCaption = "The copies start from the same state: what differs is the integrator (and h where shown).";
const char* const kLargeStepsCaption =
    "Same body, same large h: lie-cay keeps the energy bounded and the momentum exact; rk4 loses energy (its drift slows, then its spin) "
    "and its momentum drifts; switch a copy to rk2 and it diverges.";
}  // namespace


App::~App() {
  st_.optimize = nullptr;
  if (!physics_) return;
  physics_->stop();
  if (closeQuietly_) return;
  for (std::size_t i = 0; i < physics_->vehicleCount(); ++i)  // replay check (docs/formats.md, Takes)
    std::fprintf(stderr, "state-hash %016llx\n", static_cast<unsigned long long>(physics_->stateHash(i)));
}

bool App::loadScene(int index, const SceneEntry* entry, bool startPaused) {
  const SceneEntry* e = entry;
  if (!e) {
    if (index < 0 || index >= static_cast<int>(st_.scenes.size())) return false;
    e = &st_.scenes[static_cast<std::size_t>(index)];
  }
  LoadedScene scene;
  try {
    scene = gui::loadScene(*e);
  } catch (const std::exception& ex) {
    st_.sceneError = ex.what();
    return false;
  }
  if (physics_) physics_->stop();
  physics_.reset();
  current_ = *e;
  st_.alpha = integratorNumber(*e, "alpha", 0.5);
  st_.sceneError.clear();
  st_.sceneIndex = index;  // -1: a scenario file outside the menu (the menu shows its name)
  if (st_.sceneName != scene.name) {  // another scene: its copies start at its own h
    st_.copyStep = 0;
    st_.copyStepChosen = false;
  }
  st_.sceneName = scene.name;
  st_.vehicle = scene.vehicle;
  st_.view = scene.view;
  st_.offsets = scene.offsets;
  st_.scripted = scene.scripted;
  // Problem and replay scenes have their own pause (Optimize panel); takes end by themselves.
  st_.scriptEnd = scene.scripted && !e->take && sceneProblem(*e).empty() ? scene.duration : 0;
  st_.pausedAtScriptEnd = false;
  // What the next start reopens (findScene): the menu's name, else the scene's file; a Play of
  // optimal controls (a temporary replay) reopens its problem (it saved its own name, which the
  // next start did not find: it opened the helicopter instead without a word). A take is not
  // reopened.
  if (!e->take) {
    std::string key = scene.name;
    if (e->replay || !findScene(st_.scenes, scene.name, nullptr)) {
      const std::string& file = !e->problem.empty() ? e->problem : e->file;
      std::error_code ec;
      if (!file.empty()) key = std::filesystem::absolute(file, ec).lexically_normal().string();
    }
    st_.settings.lastScene = key;
  }
  st_.takes.file = e->take ? e->file : std::string();
  // Scripted sinusoids become editable gait sliders.
  st_.gaits.clear();
  const SimSlot& firstSlot = scene.slots.front();
  const ControlSet& controls = (firstSlot.take ? firstSlot.take->simulation() : *firstSlot.sim).controls();
  for (std::size_t i = 0; i < controls.size(); ++i)
    if (const auto* s = dynamic_cast<const SinusoidSignal*>(&controls.signal(i)))
      st_.gaits.push_back({static_cast<int>(i), controls.channels()[i], s->params().amplitude, s->params().frequency,
                           s->params().phase, s->params().offset});
  PhysicsOptions opt;
  opt.speed = st_.settings.speed;
  opt.assist = st_.settings.input.assist;
  opt.startPaused = startPaused || (!sceneProblem(*e).empty() && !sceneIsReplay(*e));  // a problem waits for Play
  const std::size_t n = scene.slots.size();
  const Simulation* first = n ? scene.slots.front().sim.get() : nullptr;
  const double sceneStep = first ? first->timeStep() : 0.0;
  const std::string sceneIntegrator = first ? first->integratorName() : std::string();
  renderer_ = std::make_unique<Renderer>(scene.geometry, scene.view, scene.name);
  physics_ = std::make_unique<PhysicsThread>(std::move(scene.slots), opt);
  // Every command to the physics thread goes through here; the h it is asked for is kept
  // (requestedSteps_): Add copy twice in one frame (a script's "0 copy rk4", "0 copy euler")
  // read the h of a frame the thread had not yet published and lost --dt.
  requestedSteps_.assign(n, 0.0);
  st_.send = [this, p = physics_.get()](const Command& c) {
    if (c.kind == CommandKind::SetTimeStep && c.value[0] > 0) {
      if (c.target < 0) std::fill(requestedSteps_.begin(), requestedSteps_.end(), c.value[0]);
      else if (static_cast<std::size_t>(c.target) < requestedSteps_.size()) requestedSteps_[static_cast<std::size_t>(c.target)] = c.value[0];
    }
    p->send(c);
  };
  st_.plots.assign(n, PlotHistory{});
  st_.deviation.assign(n, TimeSeries{});
  st_.caption = n > 1 ? (current_.take ? "Ghost copies replay the take's inputs with another integrator: the deviation plot shows how far each strays."
                                       : kCopiesCaption)
                      : std::string();
  trails_.assign(n, Trail{});
  const glm::vec3 colors[] = {{1.0f, 0.55f, 0.1f}, {0.2f, 0.75f, 1.0f}, {0.6f, 1.0f, 0.4f}};
  for (std::size_t i = 0; i < n; ++i) trails_[i].color = colors[i % 3];
  lastGood_.assign(n, InterpolatedPose{});
  const auto cm = st_.settings.cameraPerScene.find(st_.sceneName);
  st_.cameraMode = cm != st_.settings.cameraPerScene.end() ? cm->second : 0;
  cam_.mode = static_cast<CameraMode>(st_.cameraMode);
  cam_.orbitDistance = 0;
  if (const auto o = st_.settings.orbitPerScene.find(st_.sceneName); o != st_.settings.orbitPerScene.end()) {
    cam_.orbitYaw = o->second.yaw;
    cam_.orbitPitch = o->second.pitch;
    cam_.orbitDistance = o->second.distance;
  }
  cam_.snap();
  for (std::size_t k = 0; k < st_.plotStates.size(); ++k) st_.plotStates[k].logY = st_.settings.plotLog[k];
  resets_ = 0;
  physics_->start();
  st_.takes.notice.clear();  // an export's or a trim's line belongs to the scene it was made in
  st_.takes.lastTake.clear();  // so does "take saved: ..." (the recent-takes list keeps it)
  optimize_.sceneLoaded(current_, st_.vehicle, scene.scenery);
  if (st_.settings.cameraPerScene.count(st_.sceneName) == 0) optimize_.overview(cam_, st_.cameraMode);
  // The h and integrator the user last chose for this scene (single-copy scenes). Said where
  // they differ from the scene's own: a stress test's rk4 at h = 1 s came back the next day
  // and the default scene diverged within seconds, with nothing saying why.
  st_.restoredNote.clear();
  st_.restoredAssistOff = false;
  if (n == 1 && !batchDefaults_ && !e->take && !sceneIsReplay(*e)) {  // a take or an optimised replay keeps its own h and integrator
    if (const auto h = st_.settings.stepPerScene.find(st_.sceneName); h != st_.settings.stepPerScene.end()) {
      Command c = Command::make(CommandKind::SetTimeStep);
      c.value[0] = h->second;
      c.flag = true;
      st_.send(c);
      if (h->second != sceneStep) {
        char text[64];
        std::snprintf(text, sizeof text, "h = %.3g s", h->second);
        st_.restoredNote = text;
      }
    }
    if (const auto i = st_.settings.integratorPerScene.find(st_.sceneName); i != st_.settings.integratorPerScene.end()) {
      physics_->send(Command::startingIntegrator(i->second));
      if (i->second != sceneIntegrator) st_.restoredNote += (st_.restoredNote.empty() ? "" : ", ") + i->second;
    }
    // The assist is one setting for every scene; switched off, it is the pilot's choice from
    // the last session too: a stick held for a moment then tips the helicopter over.
    st_.restoredAssistOff = st_.view && st_.view->traits().hasAssist && !st_.settings.input.assist;
  }
  return true;
}

bool App::addCopy(const std::string& integrator, double copyStep) {
  if (!physics_) return false;
  SceneEntry e = current_;
  if (e.take) {  // a ghost copy re-simulating the take (take_scene.hpp)
    if (e.ghosts.size() >= 3) return false;
    e.ghosts.emplace_back(integrator, copyStep);
    const int index = st_.sceneIndex;
    // The reload starts the take over: go back to where the user was (scrubbed or playing).
    const TakeStatus was = physics_->frame().take;
    const bool ok = loadScene(-1, &e);
    st_.sceneIndex = index;
    // A take stopped at its end starts again from its start instead: the ghost landed there,
    // paused, with nothing to compare in the plots but the end points.
    if (ok && was.playing && was.step > was.startStep && !was.ended) st_.takes.seek = was.clock;
    return ok;
  }
  const PhysicsFrame& f = physics_->frame();
  if (e.compare.empty())
    for (const auto& v : f.sims) e.compare.push_back(v.curr.integrator);
  if (e.compare.size() >= 3) return false;
  e.compare.push_back(integrator);
  const int index = st_.sceneIndex;
  std::vector<double> steps;  // each copy keeps its h (the one last asked for); the new one gets its own
  const double hNow = !requestedSteps_.empty() && requestedSteps_.front() > 0 ? requestedSteps_.front() : f.h;
  for (std::size_t i = 0; i + 1 < e.compare.size(); ++i) {  // the copies running now
    const double asked = i < requestedSteps_.size() ? requestedSteps_[i] : 0.0;
    const double shown = i < f.sims.size() ? f.sims[i].curr.h : 0.0;
    steps.push_back(asked > 0 ? asked : shown > 0 ? shown : hNow);
  }
  steps.push_back(copyStep > 0 ? copyStep : hNow);
  const bool ok = loadScene(-1, &e);
  st_.sceneIndex = index;
  if (ok) {
    for (std::size_t i = 0; i < steps.size(); ++i) {
      Command c = Command::make(CommandKind::SetTimeStep);
      c.target = static_cast<int>(i);
      c.value[0] = steps[i];
      c.flag = true;
      st_.send(c);
    }
  }
  return ok;
}

std::pair<double, double> App::motionVariation() const {
  auto cv = [](const std::vector<double>& d) {
    if (d.size() < 12) return 0.0;
    double m = 0, q = 0;
    const std::size_t skip = 10, n = d.size() - skip;  // the first frames warm up
    for (std::size_t i = skip; i < d.size(); ++i) m += d[i];
    m /= static_cast<double>(n);
    for (std::size_t i = skip; i < d.size(); ++i) q += (d[i] - m) * (d[i] - m);
    return m > 0 ? std::sqrt(q / static_cast<double>(n)) / m : 0.0;
  };
  return {cv(motion_.drawn), cv(motion_.raw)};
}

bool App::reloadWithAlpha(double alpha) {
  try {
    const SceneEntry e = withIntegratorNumber(current_, "alpha", alpha);
    const int index = st_.sceneIndex;
    const bool ok = loadScene(-1, &e);
    st_.sceneIndex = index;
    return ok;
  } catch (const std::exception& ex) {
    st_.sceneError = ex.what();
    return false;
  }
}

void App::frame(double wallDt, int w, int h, const CameraInput& in) {
  serviceTakes();
  if (const auto scene = optimize_.takeSceneRequest()) {  // Optimize panel: Play, a problem's scene
    loadScene(-1, &*scene);
    st_.openPath.clear();  // the Open field named the file opened before
  }
  if (!physics_) return;
  physics_->poll();
  const PhysicsFrame& f = physics_->frame();
  optimize_.update(st_, f);
  std::optional<double> seekTo;  // a take's timeline moved back or on: the plots keep what lies before
  while (auto s = physics_->samples().pop()) {
    if (s->kind == SampleKind::Seek) seekTo = s->t;
    if (s->sim < st_.plots.size()) st_.plots[s->sim].add(*s);
  }
  if (f.resets != resets_) {
    resets_ = f.resets;
    for (auto& t : trails_) t.points.clear();
    // After a seek the deviation keeps its curve up to the time clicked, as the other plots do
    // (it went blank); after a reset it starts again.
    for (auto& d : st_.deviation) {
      if (seekTo) d.trimAfter(*seekTo);
      else d.clear();
    }
    for (auto& g : lastGood_) g = InterpolatedPose{};
    st_.pausedAtScriptEnd = false;
    cam_.snap();  // a reset or a seek jumps: the chase camera too (paused, it kept the old view)
  }
  if (st_.reachedScriptEnd(f)) st_.command(CommandKind::TogglePause);
  // The large-steps caption holds while its copies are lie-cay and rk4 at one large h; after a
  // switch of integrator or h it said "same large h ... rk4 spins" over rk2 at h = 1e-4.
  if (current_.name == "large steps" && !current_.take && f.sims.size() > 1) {
    const char* caption = f.sims.size() == 2 && f.sims[0].curr.integrator == "lie-cay" && f.sims[1].curr.integrator == "rk4" &&
                                  f.sims[0].curr.h == f.sims[1].curr.h && f.sims[0].curr.h >= 0.1
                              ? kLargeStepsCaption
                              : kCopiesCaption;
    if (st_.caption != caption) st_.caption = caption;  // no string rebuilt every frame
  }

  // Interpolate each vehicle between its two latest states at the render time.
  const double target = f.targetTime(steadySeconds());
  poses_.clear();
  st_.labels.clear();
  std::vector<glm::vec3> copyAt;
  std::vector<bool> copyFrozen;
  float yaw = 0;
  for (std::size_t i = 0; i < f.sims.size(); ++i) {
    const SimView& v = f.sims[i];
    InterpolatedPose p = v.frozen ? interpolate(v.curr, v.curr, v.curr.t) : interpolate(v.prev, v.curr, target);
    if (!p.finite) p = lastGood_[i];  // never draw NaN
    else lastGood_[i] = p;
    if (i == 0) {
      st_.renderTime = p.t;
      const InterpolatedPose raw = interpolate(v.curr, v.curr, v.curr.t);
      if (motion_.have && !f.paused) {
        auto dist = [](const InterpolatedPose& x, const InterpolatedPose& y) {
          return (x.position - y.position).norm() + x.orientation.angularDistance(y.orientation);
        };
        motion_.drawn.push_back(dist(p, motion_.lastDrawn));
        motion_.raw.push_back(dist(raw, motion_.lastRaw));
      }
      motion_.lastDrawn = p;
      motion_.lastRaw = raw;
      motion_.have = true;
    }
    VehiclePose vp;
    const Vec3 off = i < st_.offsets.size() ? st_.offsets[i] : Vec3::Zero();
    const Vec3 pos = p.position + off;
    const Mat3 R = p.orientation.toRotationMatrix();
    glm::mat4 M(1.0f);
    for (int c = 0; c < 3; ++c)
      for (int r = 0; r < 3; ++r) M[c][r] = static_cast<float>(R(r, c));
    M[3] = glm::vec4(static_cast<float>(pos.x()), static_cast<float>(pos.y()), static_cast<float>(pos.z()), 1.0f);
    vp.world = M;
    vp.shapeNames = v.curr.shapeNames;
    vp.shape = p.shape;
    vp.channels = v.channels;
    vp.inputs = v.curr.inputs;
    poses_.push_back(std::move(vp));
    trails_[i].add(glm::vec3(M[3]));
    // Deviation of each copy from the first (same start, same h: the integrators' difference).
    if (i > 0 && !f.paused && i < st_.deviation.size())
      st_.deviation[i].push(p.t, (p.position - interpolate(f.sims[0].prev, f.sims[0].curr, target).position).norm());
    copyAt.emplace_back(M[3]);
    copyFrozen.push_back(v.frozen);
    // Chase heading: the vehicle's, except for free bodies whose tumbling would spin the view.
    if (i == 0) {
      yaw = st_.view->traits().freeBody ? 0.35f : static_cast<float>(std::atan2(R(1, 0), R(0, 0)));
      // An aircraft moving faster than 2 m/s over the ground, not backwards: along its track.
      if (st_.view->traits().chaseAlongTrack) {
        const Vec3 ground = R * v.curr.bodyVelocity.tail<3>();
        const double track = std::atan2(ground.y(), ground.x()), slip = std::remainder(track - yaw, 2.0 * M_PI);
        if (std::hypot(ground.x(), ground.y()) > 2.0 && std::abs(slip) < 1.75) yaw = static_cast<float>(track);
      }
    }
  }
  // The view's animation (a rotor's spin), advanced with simulated time; the phase wraps after
  // 10 turns so that parts turning at simple multiples of it (the tail rotor's 5.3) stay smooth.
  const double dt = std::clamp(st_.renderTime - lastRenderT_, 0.0, 0.1);
  lastRenderT_ = st_.renderTime;
  if (!poses_.empty()) {
    const double rate = st_.view->animationRate(poses_.front());
    animPhase_ = std::fmod(animPhase_ + rate * dt, 20 * M_PI);
    for (auto& p : poses_) {
      p.phase = animPhase_;
      p.rate = f.paused ? 0.0 : rate;
    }
  }
  cam_.mode = static_cast<CameraMode>(st_.cameraMode);
  // Centre the image in the part of the window the panels leave free.
  const float W = static_cast<float>(w) / st_.pixelRatio, H = static_cast<float>(h) / st_.pixelRatio;
  const float x0 = std::clamp(st_.viewLeft, 0.0f, 0.6f * W);
  float y1 = st_.viewBottom > 0.3f * H ? st_.viewBottom : H;
  // Above the vehicle read-out at the view's bottom left too: in a small window the chase
  // camera put the vehicle under it (a snakeboard's rear wheels at 1024 x 640). Not for an
  // Optimize problem's overview, whose motion runs beside the read-out: centred above it, the
  // overview had a third of the height and the motion shrank to fit.
  const auto& hud = st_.hudRect;
  const bool overview = cam_.mode == CameraMode::Orbit && optimize_.overviewFocus();
  if (hud[3] > hud[1] && hud[1] > 0.5f * y1 && !overview) y1 = std::min(y1, hud[1]);
  cam_.shift = glm::vec2(x0 / W, (H - y1) / H);  // NDC of the free area's centre
  // Frame the running copies: the camera backs off with their spread (the large-steps bodies
  // drift apart); a diverged copy left frozen far away is not followed (frameCopies).
  const CopyFraming framing = frameCopies(copyAt, copyFrozen);
  glm::vec3 focus = framing.focus;
  if (const auto mid = optimize_.overviewFocus(); mid && cam_.mode == CameraMode::Orbit)
    focus = glm::vec3(static_cast<float>(mid->x()), static_cast<float>(mid->y()), static_cast<float>(mid->z()));
  const float spread = framing.spread;
  const ViewTraits& traits = st_.view->traits();
  if (in.dragLeft != glm::vec2(0) || in.dragRight != glm::vec2(0) || in.dragMiddle != glm::vec2(0) || in.wheel != 0)
    optimize_.cameraMoved();
  if (w != lastWindow_[0] || h != lastWindow_[1]) {
    lastWindow_ = {w, h};
    optimize_.viewResized();
  }
  if (const OptimizePanel::Fit fit = optimize_.takeFit(); !fit.points.empty() && cam_.mode == CameraMode::Orbit) {
    // The problem's overview takes in its start, rings and motion inside the free area, clear
    // of the status line above and with a margin (a distance from the start-goal spread alone
    // put the landing's helicopter at the window's top edge).
    // The window's height spans 2 tan(fovy / 2) in tangent units: k per ImGui unit.
    const float k = 2.0f * std::tan(0.5f * cam_.fovy) / H, margin = 0.85f;
    const float tanHalfWidth = 0.5f * (W - x0) * k * margin;
    const float tanHalfHeight = 0.5f * std::max(y1 - 2.0f * 44.0f, 0.5f * y1) * k * margin;
    // The vehicle itself too, at the start and the goal (a snakeboard turning in place is all rider).
    std::vector<glm::vec3> pts;
    const auto [start, goal] = optimize_.startAndGoal();
    for (const Vec3& p : fit.points) pts.emplace_back(static_cast<float>(p.x()), static_cast<float>(p.y()), static_cast<float>(p.z()));
    for (const Vec3& p : {start, goal})
      for (const glm::vec3 corner : {glm::vec3(-1, -1, 0), glm::vec3(1, 1, 0), glm::vec3(1, -1, 0), glm::vec3(-1, 1, 0), glm::vec3(0, 0, 2)})
        pts.push_back(glm::vec3(static_cast<float>(p.x()), static_cast<float>(p.y()), static_cast<float>(p.z())) +
                      0.5f * traits.size * corner);
    const glm::vec3 centre = focus + glm::vec3(0, 0, traits.focusHeight);
    const float d = std::clamp(orbitDistanceToFit(pts, centre, cam_.orbitYaw, cam_.orbitPitch, tanHalfWidth, tanHalfHeight), 3.0f, 400.0f);
    cam_.orbitDistance = fit.growOnly ? std::max(cam_.orbitDistance, d) : d;
  }
  const float size = traits.size * (f.sims.size() > 1 ? 1.8f : 1.0f) + 0.9f * spread;
  CameraInput camIn = in;  // a drag on an Optimize handle moves it instead of orbiting
  if (optimize_.mouse(renderer_->viewProj(w, h, cam_), glm::vec2(w, h) / st_.pixelRatio)) camIn.dragLeft = glm::vec2(0);
  // The obstacles drawn for the Optimize problem keep out of the chase camera's line of sight.
  if (optimize_.overlayVersion() != occludersVersion_) {
    occludersVersion_ = optimize_.overlayVersion();
    cam_.setOccluders(optimize_.problem() ? cameraOccluders(*optimize_.problem()) : std::vector<Occluder>{});
  }
  cam_.update(wallDt, focus + glm::vec3(0, 0, traits.focusHeight), yaw, size, camIn);
  // The Plots window's rectangle in drawable pixels, rounded outwards: the window draws no
  // background, the clear colour (the panels' own) shows there.
  const float pr = st_.pixelRatio;
  const auto& r = st_.plotsRect;
  PixelRect covered;
  covered.x = static_cast<int>(std::floor(r[0] * pr));
  covered.y = h - static_cast<int>(std::ceil(r[3] * pr));
  covered.width = static_cast<int>(std::ceil(r[2] * pr)) - covered.x;
  covered.height = static_cast<int>(std::ceil(r[3] * pr)) - static_cast<int>(std::floor(r[1] * pr));
  const auto& pc = st_.panelColor;
  renderer_->setBackdrop(pc[3] > 0 ? std::optional<glm::vec3>(glm::vec3(pc[0], pc[1], pc[2])) : std::nullopt);
  renderer_->draw(w, h, cam_, poses_, trails_, st_.renderTime, st_.settings.showTrails,
                  static_cast<int>(st_.viewLeft * st_.pixelRatio), covered);
  if (!overlay_) overlay_ = std::make_unique<OptimizeOverlay>();
  const OptimizeOverlayMesh& overlay = optimize_.overlay();
  overlay_->draw(w, h, renderer_->viewProj(w, h, cam_), cam_, overlay, optimize_.overlayVersion(), renderer_->area());

  // Labels over side-by-side copies (and diverged vehicles).
  if (f.sims.size() > 1) {
    const glm::mat4 vpm = renderer_->viewProj(w, h, cam_);
    const float viewW = static_cast<float>(w) / st_.pixelRatio, viewH = static_cast<float>(h) / st_.pixelRatio;
    const float viewBottom = st_.plotsRect[3] > st_.plotsRect[1] ? st_.plotsRect[1] : viewH;
    for (std::size_t i = 0; i < poses_.size(); ++i) {
      const glm::vec4 c = vpm * glm::vec4(glm::vec3(poses_[i].world[3]) + glm::vec3(0, 0, 1.1f), 1.0f);
      const SimView& v = f.sims[i];
      ScreenLabel l;
      if (c.w > 0) {
        l.x = (c.x / c.w * 0.5f + 0.5f) * viewW;
        l.y = (0.5f - c.y / c.w * 0.5f) * viewH;  // overlapping labels are moved apart (placeLabels)
      }
      // A diverged copy frozen out of view (rk2 on large steps stops 20+ m above the others):
      // its label stays at the view's edge nearest to it and says how far it is.
      const bool outOfView = c.w <= 0 || l.x < st_.viewLeft || l.x > viewW || l.y < 0 || l.y > viewBottom;
      if (outOfView && !v.frozen) continue;
      if (outOfView) {
        if (c.w <= 0) l.x = 0.5f * (st_.viewLeft + viewW), l.y = viewBottom;  // behind the camera
        l.x = std::clamp(l.x, st_.viewLeft + 8, viewW - 8);
        l.y = std::clamp(l.y, 0.0f, viewBottom - 30);
      }
      char text[160];
      // A take's copies: "take" and "ghost <integrator>" (take_scene.hpp).
      // "ghost rk4" already names its integrator: "ghost rk4, h = ...", not "ghost rk4: rk4, h = ...".
      std::string who = current_.take ? v.label : "copy " + std::to_string(i + 1);
      const std::string& name = v.curr.integrator;
      const bool named = who.size() > name.size() && who.compare(who.size() - name.size(), name.size(), name) == 0 &&
                         who[who.size() - name.size() - 1] == ' ';
      if (!named) who += ": " + name;
      if (v.frozen && outOfView) {
        // How far from the nearest copy still running (the view follows them).
        double nearest = -1;
        for (std::size_t j = 0; j < f.sims.size(); ++j)
          if (j != i && !f.sims[j].frozen) {
            const double d = (f.sims[j].curr.position - v.curr.position).norm();
            if (nearest < 0 || d < nearest) nearest = d;
          }
        if (nearest >= 0 && std::isfinite(nearest))
          std::snprintf(text, sizeof text, "%s  diverged at t = %.3f s, out of view %.0f m away", who.c_str(), v.divergedAt, nearest);
        else
          std::snprintf(text, sizeof text, "%s  diverged at t = %.3f s, out of view", who.c_str(), v.divergedAt);
      } else if (v.frozen) std::snprintf(text, sizeof text, "%s  diverged at t = %.3f s", who.c_str(), v.divergedAt);
      else std::snprintf(text, sizeof text, "%s, h = %.3g s   E = %.4g J", who.c_str(), v.curr.h, v.curr.energy);
      l.text = text;
      l.diverged = v.frozen;
      st_.labels.push_back(l);
    }
  }
  for (auto& p : st_.plots) p.trim(st_.renderTime - 62.0);
  for (auto& d : st_.deviation) d.trimBefore(st_.renderTime - 62.0);
  if (cam_.mode == CameraMode::Orbit) {
    auto& o = st_.settings.orbitPerScene[st_.sceneName];
    if (o.yaw != cam_.orbitYaw || o.pitch != cam_.orbitPitch || o.distance != cam_.orbitDistance) {
      o = {cam_.orbitYaw, cam_.orbitPitch, cam_.orbitDistance};
      st_.settingsDirty = true;
    }
  }
}

}  // namespace lieride::gui
