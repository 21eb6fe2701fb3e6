// The app's takes (docs/app.md, "Takes"): Record / Stop / Overdub / seek commands to the physics
// thread, finished recordings written beside each other in the takes folder, takes opened as
// scenes, trims and exports. Everything here runs on the UI thread between frames.
#include <algorithm>
#include <cstdio>
#include <filesystem>

#include "app.hpp"
#include "take_export.hpp"
#include "take_scene.hpp"

namespace lieride::gui {
namespace {
namespace fs = std::filesystem;

void remember(AppState& st, const std::string& path) {
  auto& r = st.settings.recentTakes;
  st.settingsDirty = true;
  r.erase(std::remove(r.begin(), r.end(), path), r.end());
  r.insert(r.begin(), path);
  if (r.size() > 8) r.resize(8);
}

// A file name's part from a scene's name: lower-case letters and digits, one dash for each run
// of anything else ("snakeboard reorient (optimal controls)" -> "snakeboard-reorient-optimal-controls").
std::string slug(const std::string& name) {
  std::string s;
  for (char c : name) {
    if (std::isalnum(static_cast<unsigned char>(c))) s += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    else if (!s.empty() && s.back() != '-') s += '-';
  }
  while (!s.empty() && s.back() == '-') s.pop_back();
  return s.empty() ? "take" : s;
}
}  // namespace

// 1280 x 720 at 30 fps, beside the take in the takes folder, as `lieride render` writes it.
void App::startVideo(const std::string& take) {
  TakeUi& tu = st_.takes;
  std::error_code ec;
  fs::create_directories(tu.dir, ec);
  const std::string out = fs::absolute(fs::path(tu.dir) / (fs::path(take).stem().string() + ".mp4")).string();
  if (video_.start(take, out, 30.0, 1280, 720)) tu.notice = "video: rendering " + out;
  else tu.notice = "video: " + video_.message();
}

bool App::openTake(const std::string& path) {
  SceneEntry e;
  e.name = fs::path(path).stem().string();
  e.file = path;
  e.take = true;
  if (!loadScene(-1, &e)) {
    st_.takes.notice = st_.sceneError;
    return false;
  }
  remember(st_, path);
  st_.takes.notice.clear();
  return true;
}

void App::serviceTakes() {
  TakeUi& tu = st_.takes;
  if (!tu.open.empty()) {
    const std::string path = tu.open;
    tu.open.clear();
    openTake(path);
  }
  if (!physics_) return;
  auto send = [&](CommandKind k, double value) {
    Command c = Command::make(k);
    c.value[0] = value;
    physics_->send(c);
  };
  if (tu.record) send(CommandKind::RecordStart, tu.maxSeconds);
  if (tu.overdub) send(CommandKind::Overdub, tu.maxSeconds);
  if (tu.stop) send(CommandKind::RecordStop, 0);
  if (tu.seek >= 0) send(CommandKind::Seek, tu.seek);
  tu.record = tu.overdub = tu.stop = false;
  tu.seek = -1;
  while (auto r = physics_->takeRecorded()) {
    if (!r->live && r->recorder->steps() == 0) {
      // Record and Stop while paused saved a take of 0 steps, listed like any other.
      tu.notice = "nothing recorded (the run was paused): no take saved; Space runs while recording";
      tu.lastTake.clear();
      continue;
    }
    try {
      const std::string stem = freshStem(tu.dir, slug(st_.sceneName) + (r->live ? "-live" : ""), ".toml");
      const std::string path = writeTake(*r->recorder, sceneSource(current_), tu.dir, stem);
      remember(st_, path);
      std::fprintf(stderr, "%s %s state-hash %016llx\n", r->live ? "live-take" : "take", path.c_str(),
                   static_cast<unsigned long long>(r->hash));
      if (!r->live) {
        tu.lastTake = path;
        tu.lastHash = r->hash;
        tu.lastInexact = r->inexact;
        tu.notice.clear();  // the Record section names the saved take (under the export row it read as an export's)
      } else if (tu.liveExport) {  // the live run so far, exported from its take
        const fs::path stemPath = fs::path(path).replace_extension();
        if (tu.liveExport == 1) tu.notice = "CSV: " + std::to_string(exportTakeCsv(path, {"", 0.0}, 0, stemPath.string() + ".csv")) + " rows -> " + stemPath.string() + ".csv";
        else if (tu.liveExport == 3) {
          startVideo(path);
          if (video_.running()) tu.notice += " (the live run, saved as the take " + path + ")";
        }
        else tu.notice = "glTF: " + std::to_string(exportTakeGlb(path, {"", 0.0}, tu.exportFps, stemPath.string() + ".glb")) + " keyframes -> " + stemPath.string() + ".glb";
        if (r->inexact) tu.notice += " (a gait or manual change is not in it: the replay differs)";
        tu.liveExport = 0;
      }
    } catch (const std::exception& e) {
      tu.notice = e.what();
      std::fprintf(stderr, "lieride: app: %s\n", e.what());  // a scripted run's export fails visibly too
      tu.liveExport = 0;
    }
  }
  if ((tu.trimStart >= 0 || tu.trimEnd >= 0) && !tu.file.empty()) {
    const TakeStatus& ts = physics_->frame().take;
    const long start = tu.trimStart >= 0 ? tu.trimStart : ts.startStep;
    const long end = tu.trimEnd >= 0 ? tu.trimEnd : ts.endStep;
    try {
      const std::string out = (fs::path(tu.dir) / (freshStem(tu.dir, trimPrefix(fs::path(tu.file).stem().string()), ".toml") + ".toml")).string();
      fs::create_directories(tu.dir);
      trimTake(tu.file, start, end, out);
      remember(st_, fs::absolute(out).string());
      tu.notice = "steps " + std::to_string(start) + ".." + std::to_string(end) + ": " + fs::absolute(out).string();
    } catch (const std::exception& e) {
      tu.notice = e.what();
      std::fprintf(stderr, "lieride: app: %s\n", e.what());  // a scripted run's export fails visibly too
    }
  }
  tu.trimStart = tu.trimEnd = -1;
  // Video of the take open now, or of the live run (saved as a -live take first).
  if (tu.exportVideo) {
    tu.exportVideo = false;
    if (tu.file.empty() || !physics_->frame().take.playing) {
      tu.liveExport = 3;
      send(CommandKind::LiveTake, 0);
    } else {
      startVideo(tu.file);
    }
  }
  if (video_.poll()) {
    if (video_.succeeded())
      tu.notice = "video -> " + video_.out() + (video_.message().empty() ? "" : " (" + video_.message() + ")");
    else
      tu.notice = "video: " + video_.message();
  }
  tu.videoSeconds = video_.running() ? video_.elapsed() : -1.0;
  // Exports: a copy of the take open now, or the newest recording of a live scene.
  for (int* which : {&tu.exportCsv, &tu.exportGlb}) {
    if (*which < 0) continue;
    const bool csv = which == &tu.exportCsv;
    const std::size_t copy = static_cast<std::size_t>(*which);
    *which = -1;
    // The live run (as the Takes panel labels it: no take playing, also after an overdub ended
    // or a take handed over to the pilot): its background take first (written when it
    // arrives), not the take file opened before.
    if (tu.file.empty() || !physics_->frame().take.playing) {
      tu.liveExport = csv ? 1 : 2;
      send(CommandKind::LiveTake, 0);
      continue;
    }
    const std::string source = tu.file;
    GhostSpec ghost{"", 0.0};
    if (!tu.file.empty() && copy > 0 && copy <= current_.ghosts.size()) ghost = current_.ghosts[copy - 1];
    std::string name = fs::path(source).stem().string();
    if (copy > 0) name += "-ghost-" + (ghost.first.empty() ? std::string("h") : ghost.first);
    try {
      fs::create_directories(tu.dir);
      const std::string out = fs::absolute(fs::path(tu.dir) / (name + (csv ? ".csv" : ".glb"))).string();
      if (csv) tu.notice = "CSV: " + std::to_string(exportTakeCsv(source, ghost, 0, out)) + " rows -> " + out;
      else tu.notice = "glTF: " + std::to_string(exportTakeGlb(source, ghost, tu.exportFps, out)) + " keyframes -> " + out;
    } catch (const std::exception& e) {
      tu.notice = e.what();
      std::fprintf(stderr, "lieride: app: %s\n", e.what());  // a scripted run's export fails visibly too
    }
  }
}

}  // namespace lieride::gui
