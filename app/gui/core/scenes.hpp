#pragma once
// The scene menu: every assets/scenes/*.toml plus the app's own scenes ("large steps": two
// copies of one vehicle side by side, one per integrator, sharing h). No SDL/GL here.
#include <string>
#include <vector>

#include "lieride/model/boat_contact.hpp"
#include "lieride/model/water.hpp"
#include "physics_thread.hpp"
#include "views/vehicle_view.hpp"

namespace lieride::gui {

struct SceneEntry {
  std::string name;         // shown in the menu, matched by --scene
  std::string file;         // scenario file, or empty for an app scene
  std::string text;         // app scene: scenario TOML
  std::vector<std::string> compare;  // app scene: one copy per integrator, side by side
  std::string baseDir;      // text scenes: where relative paths resolve (default: assets/)
  // A take file replayed (take_scene.hpp): copy 1 is the take as recorded, then one ghost copy
  // per (integrator, h) re-simulating it ("" / 0: the take's own).
  bool take = false;
  std::vector<std::pair<std::string, double>> ghosts = {};
  // The DMOC problem file the scene simulates (the Optimize panel solves it), and whether the
  // scene replays that problem's optimal controls (Play) rather than waiting to be solved.
  std::string problem = {};
  bool replay = false;
};

// The water surface a boat floats on: the force model's own (WaterSurface parameters).
struct VehicleGeometry {
  bool hasWater = false;
  WaterParams water;
  std::vector<BoxObstacle> obstacles;  // the boat's solid boxes (pier, walls), as simulated
};

struct LoadedScene {
  std::string name;
  std::string vehicle;
  std::vector<SimSlot> slots;
  std::vector<Vec3> offsets;  // where each copy is drawn (world frame, metres)
  bool scripted = false;      // the scenario's own inputs drive it (parking, gaits)
  double duration = 0;        // its [integrator] duration (s), where a scripted scene pauses; 0: none
  VehicleGeometry geometry;
  std::shared_ptr<const VehicleView> view;  // of the first copy's kind (all copies share it)
  std::string scenery;        // a take's [take] scenery: the problem file drawn around it (empty: none)
};

std::string assetsDir();  // the directory holding scenes/, fonts/ (source tree or install)
std::vector<SceneEntry> listScenes();
// The scene of a DMOC problem file: its vehicle at its [initial] state, with its integrator
// (SceneEntry::problem names the file). The Optimize panel opens that problem; the scene is
// scripted and starts paused.
SceneEntry problemScene(const std::string& name, const std::string& problemFile);
// A problem's optimal controls as a text scene (Optimize panel, Play; SceneEntry::replay): the
// replay scenario; relative paths (its controls.csv) resolve in `dir`. Runs at once.
SceneEntry replayScene(const std::string& name, const std::string& problemFile, const std::string& replayToml,
                       const std::string& dir);
// The problem file of a problem or replay scene (else empty).
std::string sceneProblem(const SceneEntry& e);
bool sceneIsReplay(const SceneEntry& e);
// Match by name (case-insensitive), file stem, or an existing file path. Null if none.
const SceneEntry* findScene(const std::vector<SceneEntry>& scenes, const std::string& key,
                            SceneEntry* fileEntry);
// Throws std::exception with a one-line message when the scenario is invalid.
LoadedScene loadScene(const SceneEntry& entry);
// A file with a [take] table (docs/formats.md section 5): opened as a take (its timeline, its h),
// not as a plain scenario. False for anything unreadable (the scene loader then says why).
bool isTakeFile(const std::string& path);
// A DMOC problem file (docs/formats.md section 4: [problem] method = "dmoc"), which the Open
// field loads as that problem's scene (problemScene).
bool isDmocProblemFile(const std::string& path);
// A vehicle description file (docs/formats.md section 5: a top-level [kinetic] table, no
// [vehicle]), which the Open field loads as a scene of that vehicle at rest.
bool isVehicleDescription(const std::string& path);
SceneEntry descriptionScene(const std::string& path);
// The same scene with one [integrator] number replaced (e.g. lie-nh's alpha), as text.
SceneEntry withIntegratorNumber(const SceneEntry& entry, const std::string& key, double value);
// A number from the scene's [integrator] table, or `fallback`.
double integratorNumber(const SceneEntry& entry, const std::string& key, double fallback);

}  // namespace lieride::gui
