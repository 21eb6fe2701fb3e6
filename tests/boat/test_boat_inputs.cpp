// Hull files, scenario keys and the water surface: what is accepted, what is rejected (with
// one clear line naming the file and the key), and the surface shared with the renderer.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

#include "boat_test_util.hpp"
#include "lieride/model/boat.hpp"
#include "lieride/model/water.hpp"

using namespace lieride;

namespace {

std::string tempFile(const std::string& name, const std::string& text) {
  const auto dir = std::filesystem::temp_directory_path() / "lieride_boat_tests";
  std::filesystem::create_directories(dir);
  const auto path = dir / name;
  std::ofstream(path) << text;
  return path.string();
}

// A closed box [-1,1] x [-0.5,0.5] x [-0.25,0.25] as OBJ (quads, outward).
std::string boxObj(bool inward) {
  std::string s =
      "v -1 -0.5 -0.25\nv 1 -0.5 -0.25\nv 1 0.5 -0.25\nv -1 0.5 -0.25\n"
      "v -1 -0.5 0.25\nv 1 -0.5 0.25\nv 1 0.5 0.25\nv -1 0.5 0.25\n";
  const char* faces[6] = {"1 4 3 2", "5 6 7 8", "1 2 6 5", "2 3 7 6", "3 4 8 7", "4 1 5 8"};
  for (const char* f : faces) {
    std::string face(f);
    if (inward) face = std::string(1, face[6]) + " " + face[4] + " " + face[2] + " " + face[0];
    s += "f " + face + "\n";
  }
  return s;
}

std::string errorOf(const std::string& vehicle, const std::string& initial = "") {
  try {
    boattest::boat(vehicle, initial);
  } catch (const ScenarioError& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST_CASE("an OBJ hull loads, and an inward-facing one is flipped", "[boat][hull]") {
  for (bool inward : {false, true}) {
    const std::string path = tempFile(inward ? "inward.obj" : "box.obj", boxObj(inward));
    HullMesh mesh = loadObjHull(path, 2.0);
    CHECK(mesh.triangleCount() == 12);
    const HullVolume v = hullVolume(mesh);
    CHECK(v.volume == Approx(4.0 * 2.0 * 1.0).epsilon(1e-12));  // scaled by 2
    CHECK(v.centroid.norm() < 1e-12);
    // Inertia of the uniform solid box: m/12 (b^2 + c^2, ...).
    const Mat3 I = solidInertia(v, 12.0);
    CHECK(I(0, 0) == Approx(4.0 + 1.0).epsilon(1e-12));
    CHECK(I(2, 2) == Approx(16.0 + 4.0).epsilon(1e-12));
  }
}

TEST_CASE("a scenario with an OBJ hull floats it at its draft", "[boat][hull]") {
  const std::string path = tempFile("box2.obj", boxObj(false));
  auto sim = boattest::boat("mass = 200.0\n[vehicle.hull]\nfile = \"" + path + "\"\nscale = 2.0\n");
  // Box 4 x 2 x 1: draft 200 / (1000 * 8) = 0.025, origin 0.5 - 0.025 above the water.
  CHECK(sim->snapshot().position.z() == Approx(0.475).epsilon(1e-9));
}

TEST_CASE("bad hull files are rejected with clear messages", "[boat][hull]") {
  CHECK_THROWS_WITH(loadObjHull("/nonexistent/hull.obj"), Catch::Contains("no such hull file"));
  const std::string garbage = tempFile("garbage.obj", "this is not an obj file\nhello world\n");
  CHECK_THROWS_WITH(loadObjHull(garbage), Catch::Contains("no faces"));
  std::string open = boxObj(false);
  open = open.substr(0, open.rfind("f "));  // drop the last face
  CHECK_THROWS_WITH(loadObjHull(tempFile("open.obj", open)), Catch::Contains("not closed"));
  std::string flipped = boxObj(false);
  flipped.replace(flipped.find("f 1 4 3 2"), 9, "f 2 3 4 1");  // one face turned inside out
  CHECK_THROWS_WITH(loadObjHull(tempFile("mixed.obj", flipped)), Catch::Contains("consistently oriented"));
  const std::string flat = tempFile("flat.obj", "v 0 0 0\nv 1 0 0\nv 0 1 0\nv 1 1 0\nf 1 2 3\nf 3 2 1\nf 2 4 3\nf 3 4 2\n");
  CHECK_THROWS(loadObjHull(flat));
  // Through a scenario: the message names the file and the key.
  const std::string msg = errorOf("[vehicle.hull]\nfile = \"" + tempFile("open2.obj", open) + "\"\n");
  CHECK_THAT(msg, Catch::Contains("test.toml: key 'vehicle.hull.file'") && Catch::Contains("not closed"));
  CHECK_THAT(errorOf("[vehicle.hull]\nfile = \"missing.obj\"\n"), Catch::Contains("vehicle.hull.file"));
}

TEST_CASE("bad boat parameters are rejected with one clear line", "[boat][keys]") {
  struct Case {
    const char* vehicle;
    const char* expected;
  };
  const Case cases[] = {
      {"mass = -1.0\n", "key 'vehicle.mass': expected a positive number"},
      {"mass = 9000.0\n", "key 'vehicle.mass': expected a mass the hull can carry"},
      {"masss = 800.0\n", "unknown key 'vehicle.masss'"},
      {"damping = [1.0, -2.0, 3.0]\n", "key 'vehicle.damping'"},
      {"damping_matrix = [1.0, 2.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0]\n", "symmetric positive semidefinite"},
      {"damping = [1.0, 1.0, 1.0]\ndamping_matrix = [1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0]\n", "not both"},
      {"inertia = [1.0, 2.0]\n", "key 'vehicle.inertia'"},
      {"[vehicle.hull]\nlength = 0.0\n", "key 'vehicle.hull.length': expected a positive number"},
      {"[vehicle.hull]\nlenght = 3.0\n", "unknown key 'vehicle.hull.lenght'"},
      {"[vehicle.hull]\nsubdivisions = 0\n", "key 'vehicle.hull.subdivisions'"},
      {"[vehicle.hull]\nfile = \"x.obj\"\nlength = 3.0\n", "key 'vehicle.hull.length'"},
      {"[vehicle.water]\ndensity = 0.0\n", "key 'vehicle.water.density'"},
      {"[vehicle.water]\ncurrent = [1.0]\n", "key 'vehicle.water.current'"},
      {"[vehicle.waves.a]\namplitude = 5.0\nwavelength = 10.0\n", "waves too steep"},
      {"[vehicle.waves.a]\ndirection = [0.0, 0.0]\n", "key 'vehicle.waves.a.direction'"},
      {"[vehicle.waves.a]\nheight = 1.0\n", "unknown key 'vehicle.waves.a.height'"},
      {"[vehicle.waves]\na = 1.0\n", "key 'vehicle.waves.a': expected a table"},
      {"[vehicle.wind]\nspeed = -3.0\n", "key 'vehicle.wind.speed'"},
      {"[vehicle.wind]\ndirection = [0.0, 0.0]\n", "key 'vehicle.wind.direction'"},
      {"[vehicle.thrusters]\nmax_thrust = 10.0\nmin_thrust = 20.0\n", "key 'vehicle.thrusters.min_thrust'"},
      {"[vehicle.thrusters]\nright = [1.0, 2.0]\n", "key 'vehicle.thrusters.right'"},
  };
  for (const auto& c : cases) {
    INFO(c.vehicle);
    const std::string msg = errorOf(c.vehicle);
    CHECK_THAT(msg, Catch::Contains(c.expected) && Catch::StartsWith("test.toml"));
    CHECK(msg.find('\n') == std::string::npos);
  }
}

TEST_CASE("still water: flat, at the level, moving with the current", "[boat][water]") {
  WaterParams p;
  p.level = 0.3;
  p.current = Vec2(0.5, -0.1);
  const WaterSurface w(p);
  CHECK(w.height(12.0, -3.0, 7.0) == 0.3);
  CHECK((w.velocity(1.0, 2.0, -1.0, 3.0) - Vec3(0.5, -0.1, 0.0)).norm() == 0.0);
}

TEST_CASE("Gerstner surface: height matches the drawn surface and the particle velocity", "[boat][water]") {
  WaterParams p;
  p.waves.push_back({0.5, 20.0, Vec2(1.0, 0.3), 0.4});
  p.waves.push_back({0.2, 7.0, Vec2(-0.2, 1.0), 1.0});
  p.waves.push_back({0.05, 3.0, Vec2(1.0, 1.0), 2.0});
  const WaterSurface w(p);
  for (double x0 : {-7.0, 0.0, 3.3}) {
    for (double t : {0.0, 1.7, 9.1}) {
      const double y0 = 0.5 * x0 - 1.0;
      const Vec3 s = w.displaced(x0, y0, t);  // what the renderer draws
      CHECK(w.height(s.x(), s.y(), t) == Approx(s.z()).margin(1e-10));
      // The surface particle's velocity (finite difference of its path) is the water velocity.
      const double dt = 1e-5;
      const Vec3 v = (w.displaced(x0, y0, t + dt) - w.displaced(x0, y0, t - dt)) / (2 * dt);
      CHECK((w.velocity(s.x(), s.y(), s.z(), t) - v).norm() < 1e-6);
      // The normal is orthogonal to the surface's tangents.
      const Vec3 n = w.normalAt(x0, y0, t);
      const Vec3 tx = w.displaced(x0 + 1e-6, y0, t) - w.displaced(x0 - 1e-6, y0, t);
      CHECK(std::abs(n.dot(tx.normalized())) < 1e-6);
      CHECK(n.z() > 0.0);
    }
  }
  // Deep-water dispersion: a crest of a single wave moves at c = sqrt(g lambda / (2 pi)).
  WaterParams one;
  one.waves.push_back({0.1, 30.0, Vec2(1.0, 0.0), 0.0});
  const WaterSurface s(one);
  const double c = std::sqrt(9.81 * 30.0 / (2.0 * 3.14159265358979323846));
  CHECK(s.height(c * 2.0, 0.0, 2.0) == Approx(0.1).epsilon(1e-9));
  // Orbital velocity decays as exp(k z) below the surface.
  const double k = 2.0 * 3.14159265358979323846 / 30.0;
  const Vec3 top = s.velocity(0.0, 0.0, s.height(0.0, 0.0, 0.0), 0.0);
  const Vec3 deep = s.velocity(0.0, 0.0, s.height(0.0, 0.0, 0.0) - 5.0, 0.0);
  CHECK(deep.norm() == Approx(top.norm() * std::exp(-5.0 * k)).epsilon(1e-9));
}

TEST_CASE("the skiff hull of assets/ loads, floats upright and runs", "[boat][hull]") {
  const std::string mesh = std::string(LIERIDE_SOURCE_DIR) + "/assets/meshes/skiff.obj";
  const HullMesh skiff = loadObjHull(mesh);
  CHECK(skiff.triangleCount() == 210);
  CHECK(hullVolume(skiff).volume > 3.0);
  // Its uniform-solid inertia has a product x-z (bow rise): the key is then required.
  CHECK_THAT(errorOf("mass = 600.0\n[vehicle.hull]\nfile = \"" + mesh + "\"\n"),
             Catch::Contains("key 'vehicle.inertia'") && Catch::Contains("not diagonal"));
  auto sim = boattest::boat("mass = 600.0\ninertia = [150.0, 600.0, 650.0]\ncenter_of_mass = [-0.3, 0.0, -0.15]\n"
                            "[vehicle.hull]\nfile = \"" + mesh + "\"\n",
                            "", "lie-cay-tln", 0.01, "thrust_right = 300.0\nthrust_left = 250.0\n");
  const boattest::Trace tr = boattest::run(*sim, 20.0);
  CHECK(sim->status() == RunStatus::Ok);
  CHECK(tr.x.back().x() > 10.0);
  CHECK(std::abs(tr.roll.back()) < 0.2);
  CHECK(std::abs(tr.pitch.back()) < 0.2);
}

TEST_CASE("wetted patches close against the waterplane", "[boat][clip]") {
  BoatParams p;
  p.hull = makeBoxHull(4.0, 1.6, 1.0, 2);
  const BoatForces boat(p);
  for (const Quat& q : {Quat::Identity(), Quat(Eigen::AngleAxisd(0.4, Vec3(1, 0.5, 0.1).normalized()))}) {
    const SE3 g{q, Vec3(0.0, 0.0, 0.2)};
    Vec3 sum = Vec3::Zero();
    double area = 0.0;
    for (const auto& patch : boat.wettedPatches(0.0, g)) {
      sum += patch.area * patch.normal;
      area += patch.area;
    }
    // Wet surface + waterplane cap is closed: sum n dA over the wet part = -(cap area) up.
    const Vec3 up = q.conjugate() * Vec3::UnitZ();
    CHECK(sum.cross(up).norm() < 1e-12);
    CHECK(sum.dot(up) < 0.0);
    CHECK(area == Approx(boat.submerged(0.0, g).wettedArea).epsilon(1e-12));
    if (q.w() == 1.0) CHECK(-sum.dot(up) == Approx(4.0 * 1.6).epsilon(1e-12));
  }
}
