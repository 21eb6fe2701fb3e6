// glTF export of takes (docs/formats.md section 6): written through tinygltf, read back with
// tinygltf, the vehicle node's first and last keyframes are the simulation's first and last
// poses (float32 rounding: 1e-6 relative), keyframes that fall on steps are those steps'
// states, and the frame count is the take clock x fps + 1.
#include <catch2/catch.hpp>
#include <cmath>
#include <sstream>
#include <tiny_gltf.h>

#include "../core/take_fixture.hpp"
#include "lieride/export/gltf_export.hpp"

using namespace lieride;
using namespace lieride::exporter;

namespace {

struct Channel {
  std::vector<float> times, values;
};

std::vector<float> floats(const tinygltf::Model& m, int accessor) {
  const auto& a = m.accessors[static_cast<std::size_t>(accessor)];
  const auto& v = m.bufferViews[static_cast<std::size_t>(a.bufferView)];
  const auto& b = m.buffers[static_cast<std::size_t>(v.buffer)];
  REQUIRE(a.componentType == TINYGLTF_COMPONENT_TYPE_FLOAT);
  const std::size_t n = a.count * static_cast<std::size_t>(tinygltf::GetNumComponentsInType(static_cast<std::uint32_t>(a.type)));
  std::vector<float> out(n);
  std::memcpy(out.data(), b.data.data() + v.byteOffset + a.byteOffset, n * sizeof(float));
  return out;
}

struct Glb {
  tinygltf::Model model;
  int vehicleNode = -1;
  Channel translation, rotation;
};

Glb readBack(const std::string& bytes, const std::string& vehicle) {
  Glb g;
  tinygltf::TinyGLTF loader;
  std::string err, warn;
  REQUIRE(loader.LoadBinaryFromMemory(&g.model, &err, &warn, reinterpret_cast<const unsigned char*>(bytes.data()),
                                      static_cast<unsigned int>(bytes.size())));
  INFO(err << warn);
  for (std::size_t i = 0; i < g.model.nodes.size(); ++i)
    if (g.model.nodes[i].name == vehicle) g.vehicleNode = static_cast<int>(i);
  REQUIRE(g.vehicleNode >= 0);
  REQUIRE(g.model.animations.size() == 1);
  const auto& anim = g.model.animations[0];
  for (const auto& c : anim.channels) {
    if (c.target_node != g.vehicleNode) continue;
    const auto& s = anim.samplers[static_cast<std::size_t>(c.sampler)];
    CHECK(s.interpolation == "LINEAR");
    Channel ch{floats(g.model, s.input), floats(g.model, s.output)};
    (c.target_path == "translation" ? g.translation : g.rotation) = ch;
  }
  REQUIRE(!g.translation.times.empty());
  REQUIRE(g.rotation.times.size() == g.translation.times.size());
  return g;
}

// |a - b| <= 1e-6 max(1, |b|): what float32 keeps of a double.
void checkPose(const Glb& g, std::size_t k, const Snapshot& s) {
  for (int i = 0; i < 3; ++i) {
    const double x = s.position(i);
    CHECK(std::abs(g.translation.values[3 * k + static_cast<std::size_t>(i)] - x) <= 1e-6 * std::max(1.0, std::abs(x)));
  }
  const Quat q = s.orientation.normalized();
  const double c[4] = {q.x(), q.y(), q.z(), q.w()};
  double same = 0, flipped = 0;  // q and -q are the same rotation
  for (std::size_t i = 0; i < 4; ++i) {
    same = std::max(same, std::abs(g.rotation.values[4 * k + i] - c[i]));
    flipped = std::max(flipped, std::abs(g.rotation.values[4 * k + i] + c[i]));
  }
  CHECK(std::min(same, flipped) <= 1e-6);
}

std::string exportToBytes(const testing::TakeFile& f, double fps, TakeTracks& tracks) {
  Scenario sc = loadScenarioFromString(f.text, "export", f.baseDir);
  TakePlayer player(std::move(sc.simulation), *sc.take);
  tracks = sampleTake(player, fps);
  std::ostringstream out;
  writeGlb(tracks, VehicleDims{}, "test", out);
  return out.str();
}

Snapshot finalState(const testing::TakeFile& f) {
  Scenario sc = loadScenarioFromString(f.text, "replay", f.baseDir);
  TakePlayer player(std::move(sc.simulation), *sc.take);
  playTake(player, 1, nullptr);
  return player.simulation().snapshot();
}

}  // namespace

TEST_CASE("export: first and last keyframes are the simulation's first and last poses, every vehicle", "[export]") {
  const auto dir = std::filesystem::path(LIERIDE_BINARY_DIR) / "test-scratch" / "export";
  for (const auto& scene : testing::kTakeScenes) {
    const Scenario base = loadScenario((testing::scenesDir() / (scene + ".toml")).string());
    INFO(scene);
    const auto f = testing::makeTake(scene, base.simulation->integratorName(), dir, 100);
    TakeTracks tracks;
    const Glb g = readBack(exportToBytes(f, 60.0, tracks), base.simulation->vehicleType());
    const std::size_t n = g.translation.times.size();
    CHECK(n == tracks.keys.size());
    for (std::size_t k = 1; k < n; ++k) CHECK(g.translation.times[k] > g.translation.times[k - 1]);
    CHECK(g.translation.times.front() == 0.0f);
    checkPose(g, 0, base.simulation->snapshot());
    checkPose(g, n - 1, finalState(f));
  }
}

TEST_CASE("export: the example take at 60 fps has 17.5 s x 60 + 1 keyframes, frames on steps are those states",
          "[export]") {
  const std::filesystem::path file = std::filesystem::path(LIERIDE_SOURCE_DIR) / "assets/takes/helicopter-flight-take.toml";
  const testing::TakeFile f{testing::readText(file), file.parent_path().string(), {}, {}};
  TakeTracks tracks;
  const Glb g = readBack(exportToBytes(f, 60.0, tracks), "helicopter");
  CHECK(g.translation.times.size() == 1051);
  CHECK(std::abs(g.translation.times.back() - 17.5f) <= 1e-5f);

  // At 200 fps with h = 0.005 every frame is a step: frame 700 (t = 3.5 s) is step 700's state.
  TakeTracks fine;
  const Glb g200 = readBack(exportToBytes(f, 200.0, fine), "helicopter");
  Scenario sc = loadScenarioFromString(f.text, "steps", f.baseDir);
  Take first700 = *sc.take;
  first700.steps = 700;
  TakePlayer player(std::move(sc.simulation), first700);
  playTake(player, 1, nullptr);
  checkPose(g200, 700, player.simulation().snapshot());
  CHECK(std::abs(g200.translation.times[700] - 3.5f) <= 1e-6f);
}

TEST_CASE("export: the helicopter's rotor spins and the car's front wheels steer in the animation", "[export]") {
  const auto dir = std::filesystem::path(LIERIDE_BINARY_DIR) / "test-scratch" / "export";
  for (const std::string scene : {"helicopter-flight", "car-slalom"}) {
    const auto f = testing::makeTake(scene, scene == "car-slalom" ? "lie-nh" : "lie-cay-tln", dir, 100);
    TakeTracks tracks;
    const Glb g = readBack(exportToBytes(f, 60.0, tracks), scene == "car-slalom" ? "car" : "helicopter");
    const std::string part = scene == "car-slalom" ? "wheel_front_left" : "main_rotor";
    int node = -1;
    for (std::size_t i = 0; i < g.model.nodes.size(); ++i)
      if (g.model.nodes[i].name == part) node = static_cast<int>(i);
    INFO(scene);
    REQUIRE(node >= 0);
    bool animated = false;
    for (const auto& c : g.model.animations[0].channels)
      if (c.target_node == node && c.target_path == "rotation") {
        const auto q = floats(g.model, g.model.animations[0].samplers[static_cast<std::size_t>(c.sampler)].output);
        // Not constant: some key differs from the first.
        for (std::size_t k = 4; k + 3 < q.size() && !animated; k += 4)
          animated = std::abs(q[k] - q[0]) + std::abs(q[k + 1] - q[1]) + std::abs(q[k + 2] - q[2]) > 1e-3;
      }
    CHECK(animated);
  }
}

TEST_CASE("export: the tail rotor turns 5.3 times the main rotor's angle at every key, across its turns", "[export]") {
  // The main rotor's angle was wrapped at each turn, and the tail's, 5.3 times it, then jumped
  // by 5.3 x 2 pi mod 2 pi (1.9 rad) once a turn. At 200 fps both turn less than pi a key
  // (0.35 and 1.9 rad), so each key's increments can be compared.
  const std::filesystem::path file = std::filesystem::path(LIERIDE_SOURCE_DIR) / "assets/takes/helicopter-flight-take.toml";
  const testing::TakeFile f{testing::readText(file), file.parent_path().string(), {}, {}};
  TakeTracks tracks;
  const Glb g = readBack(exportToBytes(f, 200.0, tracks), "helicopter");
  auto rotation = [&](const std::string& part) {
    for (std::size_t i = 0; i < g.model.nodes.size(); ++i)
      if (g.model.nodes[i].name == part)
        for (const auto& c : g.model.animations[0].channels)
          if (c.target_node == static_cast<int>(i) && c.target_path == "rotation")
            return floats(g.model, g.model.animations[0].samplers[static_cast<std::size_t>(c.sampler)].output);
    return std::vector<float>{};
  };
  const std::vector<float> mainQ = rotation("main_rotor"), tailQ = rotation("tail_rotor");
  REQUIRE(mainQ.size() > 400);
  REQUIRE(tailQ.size() == mainQ.size());
  auto wrap = [](double a) { return std::remainder(a, 2.0 * M_PI); };
  double worst = 0, turned = 0;
  for (std::size_t k = 4; k < mainQ.size(); k += 4) {
    // Main about z (x, y, z, w): angle 2 atan2(qz, qw); tail about y: 2 atan2(qy, qw).
    const double dMain = wrap(2 * std::atan2(mainQ[k + 2], mainQ[k + 3]) - 2 * std::atan2(mainQ[k - 2], mainQ[k - 1]));
    const double dTail = wrap(2 * std::atan2(tailQ[k + 1], tailQ[k + 3]) - 2 * std::atan2(tailQ[k - 3], tailQ[k - 1]));
    worst = std::max(worst, std::abs(wrap(dTail - 5.3 * dMain)));
    turned += dMain;
  }
  INFO("largest tail increment off 5.3 x main's: " << worst << " rad over " << turned << " rad of main rotor");
  CHECK(turned > 20 * M_PI);  // past the 10-turn wrap
  CHECK(worst < 1e-4);
}

TEST_CASE("export: a description vehicle's parts spin and turn with their shape variables", "[export]") {
  // The robot's right wheel (part 1) spins about its axle y by phi1, the beanie (part 1) turns
  // about z by psi: each key's rotation is that of the key's shape (docs/formats.md section 5).
  for (const std::string scene : {"two-wheeled-robot", "elroys-beanie"}) {
    INFO(scene);
    Scenario sc = loadScenario((testing::scenesDir() / (scene + ".toml")).string());
    VehicleDims dims;
    readDescriptionParts(dims, *sc.simulation);
    REQUIRE(dims.parts.size() >= 2);
    Take take;
    take.steps = 300;
    TakePlayer player(std::move(sc.simulation), take);
    const TakeTracks tracks = sampleTake(player, 30.0);
    std::ostringstream out;
    writeGlb(tracks, dims, scene, out);
    // The vehicle node carries the description's name, not the vehicle type "reduced".
    CHECK(dims.descriptionName == scene);
    const Glb g = readBack(out.str(), scene);
    const bool robot = scene == "two-wheeled-robot";
    const std::string part = robot ? "part_1_wheel" : "part_1_cylinder";
    const std::size_t axis = robot ? 1 : 2;
    int node = -1;
    for (std::size_t i = 0; i < g.model.nodes.size(); ++i)
      if (g.model.nodes[i].name == part) node = static_cast<int>(i);
    REQUIRE(node >= 0);
    CHECK(g.model.nodes[static_cast<std::size_t>(node)].mesh >= 0);
    std::vector<float> q;
    for (const auto& c : g.model.animations[0].channels)
      if (c.target_node == node && c.target_path == "rotation")
        q = floats(g.model, g.model.animations[0].samplers[static_cast<std::size_t>(c.sampler)].output);
    REQUIRE(q.size() == 4 * tracks.keys.size());
    double turned = 0;
    for (std::size_t k = 0; k < tracks.keys.size(); ++k) {
      const double a = tracks.keys[k].shape.at(0);
      turned = std::max(turned, std::abs(a - tracks.keys[0].shape.at(0)));
      double expected[4] = {0, 0, 0, std::cos(0.5 * a)};
      expected[axis] = std::sin(0.5 * a);
      double same = 0, flipped = 0;
      for (std::size_t i = 0; i < 4; ++i) {
        same = std::max(same, std::abs(q[4 * k + i] - expected[i]));
        flipped = std::max(flipped, std::abs(q[4 * k + i] + expected[i]));
      }
      CHECK(std::min(same, flipped) <= 1e-6);
    }
    CHECK(turned > 0.5);  // the part does move in these 3 s
  }
}

TEST_CASE("export: a video has a frame at every k / fps <= the take's end (lieride render)", "[export]") {
  // docs/formats.md section 6, "Video": frame k at t = k / fps for every such t up to the end.
  for (const long steps : {106L, 100L, 7L}) {  // 1.06 s: ends between frames; 1 s: on a frame
    INFO(steps);
    Scenario sc = loadScenario((testing::scenesDir() / "car-slalom.toml").string());
    REQUIRE(sc.settings.dt == 0.01);
    Take take;
    take.steps = steps;
    TakePlayer player(std::move(sc.simulation), take);
    const TakeTracks tracks = sampleTake(player, 60.0);
    const double end = 0.01 * static_cast<double>(steps);
    REQUIRE(std::abs(tracks.keys.back().t - end) < 1e-9);
    const std::size_t frames = frameCount(tracks, 60.0);
    // The last frame is within the take and the one after it would not be.
    CHECK(static_cast<double>(frames - 1) / 60.0 <= end + 1e-9);
    CHECK(static_cast<double>(frames) / 60.0 > end + 1e-9);
    // Each video frame is the key at its frame time.
    for (std::size_t k = 0; k < frames; ++k) CHECK(std::abs(tracks.keys[k].t - static_cast<double>(k) / 60.0) < 1e-9);
  }
  // The case a new user met: a 1.06 s take keeps the frame at t = 1.05 s, which the glTF has.
  Scenario sc = loadScenario((testing::scenesDir() / "car-slalom.toml").string());
  Take take;
  take.steps = 106;
  TakePlayer player(std::move(sc.simulation), take);
  const TakeTracks tracks = sampleTake(player, 60.0);
  CHECK(frameCount(tracks, 60.0) == 64);
}

TEST_CASE("export: the first keyframe shows the take's first recorded inputs, not the scenario's own", "[export]") {
  // A helicopter hovering on its scenario's collective 49.5 N, flown by a take whose recorded
  // rows set 40, 41, 42 N: every key at a step's start shows that step's row (the run CSV's
  // convention), the first one included (it showed 49.5 N: the rotor spun at the wrong rate
  // over the first frame).
  Scenario sc = loadScenarioFromString("[vehicle]\ntype = \"helicopter\"\n[controls]\ncollective = 49.5\n"
                                       "[integrator]\nname = \"lie-cay-tln\"\ndt = 0.01\n",
                                       "first-key", ".");
  Take take;
  take.steps = 3;
  take.inputChannels = {"collective"};
  take.stepInputs = {40.0, 41.0, 42.0};
  TakePlayer player(std::move(sc.simulation), take);
  const TakeTracks tracks = sampleTake(player, 100.0);  // a key at every step
  REQUIRE(tracks.keys.size() == 4);
  const auto collective = [&](std::size_t k) { return valueOf(tracks.channels, tracks.keys[k].inputs, "collective", NAN); };
  CHECK(collective(0) == 40.0);
  CHECK(collective(1) == 41.0);
  CHECK(collective(2) == 42.0);
  CHECK(collective(3) == 42.0);  // the end: the last step's
}

TEST_CASE("export: a take with sub-steps is sampled on its own clock (h / n per sub-step)", "[export]") {
  // 10 steps of 0.02 s, then 20 sub-steps of 0.01 s (n = 2): 0.4 s. The first sub-step of each
  // group was counted as a whole 0.02 s (the simulation holds h until the step sets h / n), and
  // the glTF and the video ran 0.6 s, their keys off the states.
  Scenario sc = loadScenarioFromString("[vehicle]\ntype = \"helicopter\"\n[integrator]\nname = \"lie-cay-tln\"\ndt = 0.02\n",
                                       "substeps", ".");
  Take take;
  take.steps = 30;
  TakeEvent e;
  e.step = 10;
  e.kind = TakeEventKind::Substeps;
  e.substeps = 2;
  take.events.push_back(e);
  Scenario again = loadScenarioFromString("[vehicle]\ntype = \"helicopter\"\n[integrator]\nname = \"lie-cay-tln\"\ndt = 0.02\n",
                                          "substeps", ".");
  TakePlayer straight(std::move(again.simulation), take);
  while (straight.stepsTaken() < 20) straight.step();  // t = 0.2 + 0.1 = 0.3 s
  const Snapshot at03 = straight.simulation().snapshot();
  TakePlayer player(std::move(sc.simulation), take);
  const TakeTracks tracks = sampleTake(player, 100.0);  // a key every 0.01 s
  REQUIRE(tracks.outcome.status == RunStatus::Ok);
  CHECK(tracks.keys.back().t == Approx(0.4).epsilon(1e-12));
  CHECK(tracks.keys.size() == 41);
  CHECK((tracks.keys[30].position - at03.position).norm() <= 1e-12);
}
