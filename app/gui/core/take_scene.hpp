#pragma once
// Takes in the app (docs/app.md, "Takes"): a take file opened as a scene whose copies replay it
// on timelines (take_timeline.hpp), the first as recorded, the others ("ghost copies")
// re-simulated with another integrator and/or h, as `lieride sim TAKE --integrator/--dt` does.
// A scenario without [take] (e.g. the replay `lieride optimize` writes) opens as a take of its
// duration with no events. Also: writing a recorded take, trimming, the run CSV of a copy.
#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

#include "lieride/sim/take_recorder.hpp"
#include "scenes.hpp"

namespace lieride::gui {

// Throws std::exception with a one-line message.
LoadedScene loadTakeScene(const SceneEntry& entry);

// The scenario a take is written from: `text` without its [take] table and [[events]], a
// relative [controls] file made absolute against `baseDir` and a relative [vehicle]
// description against the folder where the scenario finds it (`baseDir` or one above it), so
// the take opens from anywhere.
// With `keepStem`, a [controls] file that exists is named `<keepStem>-controls.csv` instead
// (relative: beside the take) and listed in `kept` for writeTake to copy: a take of the
// Optimize panel's Play read its controls from a temporary folder that goes with the app.
struct KeptFile {
  std::string from, name;  // the file now, its name beside the take
};
std::string takeScenarioText(const std::string& text, const std::string& baseDir, const std::string& keepStem = {},
                             std::vector<KeptFile>* kept = nullptr);

// The scene's scenario text and the folder its relative paths resolve against.
struct SceneSource {
  std::string text, baseDir;
  std::string scenery = {};  // the problem file drawn around it (an Optimize scene or Play): [take] scenery
};
SceneSource sceneSource(const SceneEntry& entry);

// Writes `<stem>.toml` and `<stem>-inputs.csv` into `dir` (created): the take's scenario is
// `source` (takeScenarioText), its [take] inputs the CSV beside it, and a copy of its [controls]
// file as `<stem>-controls.csv`, so the take keeps what it replays. Returns the TOML's path.
// Throws std::runtime_error naming the file it could not write.
std::string writeTake(const TakeRecorder& recorder, const SceneSource& source, const std::string& dir,
                      const std::string& stem);

// A new take of the take file `takeFile` shown from step `startStep` to `endStep`: the steps up
// to endStep (their events and per-step inputs) with [take] start = startStep (the steps before
// it are replayed, not shown: a take starts from its scenario's initial state). Writes `out`
// and its inputs CSV beside it. Throws std::runtime_error with a one-line message.
void trimTake(const std::string& takeFile, long startStep, long endStep, const std::string& out);

// A unique stem: `<prefix>-YYYYmmdd-HHMMSS` (and -2, -3... when taken) in `dir`.
std::string freshStem(const std::string& dir, const std::string& prefix, const std::string& extension);

// The prefix for a trim of the take `stem`: its name without the time stamp freshStem added
// (and without an earlier "-trim"), then "-trim": a trim of a trim is "<scene>-trim-<time>",
// not a name that grows by a stamp each time.
std::string trimPrefix(const std::string& stem);

}  // namespace lieride::gui
