// Registration of description vehicles: [vehicle] type = "reduced", description = "PATH"
// (docs/formats.md section 5), optional parameter overrides
// [vehicle.parameters], and the planar [initial] keys.
#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <toml++/toml.h>

#include "lieride/sim/toml_text.hpp"
#include "lieride/sim/user_input.hpp"
#include "lieride/model/reduced_model.hpp"
#include "lieride/sim/assets_env.hpp"
#include "lieride/sim/planar_simulation.hpp"
#include "lieride/sim/registry.hpp"

namespace lieride {
namespace {

const std::vector<std::string> kAll = {"lie-nh", "lie-nh-general", "nh-reflect", "nh-rattle", "dla", "euler", "rk2", "rk4"};

// Relative paths: the scenario's folder, then each folder above it (so a scene under
// assets/scenes/ may name "assets/vehicles/NAME.toml" or "../vehicles/NAME.toml").
std::string resolve(TableReader& v, const std::string& baseDir, const std::string& rel) {
  namespace fs = std::filesystem;
  if (rel.empty()) v.fail("description", "a vehicle description file name (relative to the scenario's folder or the assets folder)");
  if (rel.find('\0') != std::string::npos) v.fail("description", "a file name without NUL characters");
  std::error_code ec;  // a name too long for the file system is "not found", never an exception
  // A folder of that name is refused as such (it read as a description without shape
  // coordinates, and the message then blamed initial.shape).
  auto found = [&](const fs::path& p) {
    if (!fs::is_regular_file(p, ec))
      v.fail("description", std::string("a vehicle description file (that path ") +
                                (fs::is_directory(p, ec) ? "is a directory)" : "is not a regular file)"));
    return p.string();
  };
  // A symbolic link that loops or points nowhere is named as such (it read as "not found").
  auto brokenLink = [&](const fs::path& p) {
    if (fs::is_symlink(fs::symlink_status(p, ec)) && !fs::exists(p, ec))
      v.fail("description", "a vehicle description file (" + shown(p.lexically_normal().string(), 200) +
                                " is a symbolic link that loops or points to nothing)");
  };
  if (fs::path(rel).is_absolute()) {
    brokenLink(rel);
    if (fs::exists(rel, ec)) return found(rel);
  } else {
    for (fs::path dir = fs::absolute(baseDir, ec); !dir.empty(); dir = dir.parent_path()) {
      brokenLink(dir / rel);
      if (fs::exists(dir / rel, ec)) {
        const fs::path relative = fs::relative(dir / rel, fs::absolute(baseDir, ec), ec);
        if (!ec) return found((fs::path(baseDir) / relative).lexically_normal());
      }
      if (dir == dir.parent_path()) break;
    }
  }
  // Last, the assets folder ($LIERIDE_ASSETS or the executable's own): "assets/vehicles/X.toml"
  // or "vehicles/X.toml" from a scenario saved anywhere.
  if (const auto assets = assetsDirForLookup(); assets && !rel.empty() && fs::path(rel).is_relative()) {
    const fs::path relPath = fs::path(rel).lexically_normal();  // "./assets/vehicles/X.toml" too
    fs::path inside = relPath;
    if (!relPath.empty() && *relPath.begin() == "assets") inside = relPath.lexically_relative("assets");
    if (fs::exists(fs::path(*assets) / inside, ec)) return found(fs::path(*assets) / inside);
  }
  // A name the file system refuses is said as such (no folder could hold it).
  const std::string last = fs::path(rel).filename().string();
  if (last.size() > 255)
    v.fail("description", "a vehicle description file (File name too long: " + std::to_string(last.size()) +
                              " bytes, at most 255)");
  if (rel.size() >= 4096)
    v.fail("description", "a vehicle description file (File name too long: a path of " + std::to_string(rel.size()) +
                              " bytes, at most 4095)");
  v.fail("description", "a vehicle description file (looked in the scenario's folder, the folders above it and the "
                        "assets folder)");
}

int shapeCount(const std::string& path) { return reducedDescriptionShapeCount(path); }

std::vector<std::string> applicable(const ReducedDescription& d) {
  std::vector<std::string> r;
  for (const auto& n : kAll) {
    const bool lie = n == "lie-nh" || n == "lie-nh-general";
    const bool coord = n == "nh-reflect" || n == "nh-rattle" || n == "dla";
    if ((lie && !d.constantInertia) || (coord && !d.constantCoordinateMetric)) continue;
    r.push_back(n);
  }
  return r;
}

std::unique_ptr<Simulation> buildReduced(ScenarioContext& ctx) {
  auto& v = ctx.vehicle;
  const std::string path = resolve(v, ctx.baseDir, v.string("description", ""));
  std::vector<std::pair<std::string, double>> overrides;
  TableReader params = v.table("parameters");
  for (const auto& key : params.keys()) overrides.emplace_back(key, params.number(key, 0.0));
  params.finish();
  auto& in = ctx.initial;
  const int s = shapeCount(path);
  const std::vector<double> r0 = in.numbers("shape", std::vector<double>(static_cast<std::size_t>(s), 0.0));
  const std::vector<double> u0 = in.numbers("shape_velocity", std::vector<double>(static_cast<std::size_t>(s), 0.0));
  std::shared_ptr<const ReducedDescription> d;
  try {
    d = loadReducedDescription(path, overrides, r0, ctx.file + ": key '" + v.path() + ".parameters");
  } catch (const InitialShapeOutOfRange& e) {
    // The scenario's value is out of the description's range: its key, not the description's.
    if (!in.has("shape")) throw;
    in.fail("shape", "[...] with " + e.expected);
  }

  NVec r(s), u(s);
  for (int j = 0; j < s; ++j) {
    r(j) = r0[static_cast<std::size_t>(j)];
    u(j) = u0[static_cast<std::size_t>(j)];
  }
  auto model = std::make_unique<ReducedModel>(d, r);
  const auto pos = in.numbers("position", {0.0, 0.0});
  const double heading = in.number("heading", 0.0);

  // Symmetry coordinates c from the given body velocity components (least squares), then
  // checked: the constraints fix the rest.
  const ReducedFrame f = model->frame(r);
  const Vec3 Au = s ? Vec3(f.A * u) : Vec3::Zero();
  std::vector<int> rows;
  Vec3 target = Vec3::Zero();
  if (in.has("angular_velocity")) {
    rows.push_back(0);
    target(0) = in.number("angular_velocity", 0.0);
  }
  if (in.has("linear_velocity")) {
    const auto lv = in.numbers("linear_velocity", {0.0, 0.0});
    rows.push_back(1);
    rows.push_back(2);
    target(1) = lv[0];
    target(2) = lv[1];
  }
  const int b = model->numSymmetry();
  NVec c = NVec::Zero(b);
  if (b && !rows.empty()) {
    NMat Es(static_cast<int>(rows.size()), b);
    NVec rhs(static_cast<int>(rows.size()));
    for (std::size_t i = 0; i < rows.size(); ++i) {
      Es.row(static_cast<int>(i)) = f.E.row(rows[i]);
      rhs(static_cast<int>(i)) = target(rows[i]) + Au(rows[i]);
    }
    c = Es.completeOrthogonalDecomposition().solve(rhs);
  }
  const Vec3 xi = (b ? Vec3(f.E * c) : Vec3::Zero()) - Au;
  for (int i : rows)
    if (disagrees(xi(i), target(i))) {
      std::ostringstream got;
      got.precision(6);
      got << "(omega, vx, vy) = (" << xi(0) << ", " << xi(1) << ", " << xi(2) << ")";
      in.fail(i == 0 ? "angular_velocity" : "linear_velocity",
              "a body velocity the constraints allow at this shape and shape velocity; the closest is " + got.str());
    }
  const NVec p = b ? NVec(f.E.transpose() * f.I * f.E * c) : NVec(0);
  const NhState state = model->stateFrom({heading, pos[0], pos[1]}, r, u, p);

  NhIntegratorSettings nh;
  nh.alpha = ctx.integrator.number("alpha", 0.5);
  if (!(nh.alpha >= 0.0 && nh.alpha <= 1.0)) ctx.integrator.fail("alpha", "a quadrature parameter in [0, 1]");
  const std::string tangent = ctx.integrator.string("tangent", "tln");
  if (tangent != "tln" && tangent != "dexp")
    ctx.integrator.fail("tangent", "\"tln\" (C_TLN, Kobilarov et al. Appendix A) or \"dexp\" (exact dexp^-1: spatial momentum to round-off)");
  nh.exactDexp = tangent == "dexp";
  nh.dlaConstraint = ctx.integrator.string("constraint", "midpoint");
  if (nh.dlaConstraint != "midpoint" && nh.dlaConstraint != "start")
    ctx.integrator.fail("constraint", "\"midpoint\" or \"start\" (dla constraint discretisation)");
  const auto integrators = applicable(*d);
  if (std::find(integrators.begin(), integrators.end(), ctx.settings.name) == integrators.end()) {
    std::string known;
    for (const auto& n : integrators) known += (known.empty() ? "" : " | ") + n;
    throw ScenarioError(ctx.file + ": key 'integrator.name': integrator '" + ctx.settings.name + "' does not apply to the description " +
                        path + " (" + (d->constantInertia ? "its kinetic metric is not constant in coordinates" : "its inertia depends on the shape") +
                        "); expected one of " + known);
  }
  return std::make_unique<PlanarSimulation>(std::move(model), ctx.settings, nh, state, integrators);
}

// As the built-in snakeboard's (docs/formats.md section 5): a position channel with a signal
// prescribes its shape variable, so a force on that variable would never act and the initial
// shape, if given, must be the signal at t = 0 (it was replaced by it without a word).
void checkReducedControls(ScenarioContext& ctx, Simulation& sim) {
  const auto& model = dynamic_cast<const ReducedModel&>(dynamic_cast<const PlanarSimulation&>(sim).model());
  const ControlSet& c = sim.controls();
  const auto& channels = model.description().channels;
  const auto& shapes = model.description().shape;
  const std::vector<double> r0 =
      ctx.initial.has("shape") ? ctx.initial.numbers("shape", std::vector<double>(shapes.size(), 0.0)) : std::vector<double>{};
  const std::vector<double> u0 = ctx.initial.has("shape_velocity")
                                     ? ctx.initial.numbers("shape_velocity", std::vector<double>(shapes.size(), 0.0))
                                     : std::vector<double>{};
  for (std::size_t i = 0; i < channels.size(); ++i) {
    // A rate channel sets its shape variable's rate always (kinematic): a non-zero initial
    // shape velocity other than the channel's value at t = 0 was replaced without a word (the
    // built-in car refuses the same).
    if (channels[i].kind == ReducedChannel::Kind::Rate) {
      const auto at = static_cast<std::size_t>(channels[i].shape);
      const double rate = c.value(i, 0.0);
      if (at < u0.size() && givenRateDisagrees(u0[at], rate)) {
        std::ostringstream text;
        text.precision(12);
        text << "shape_velocity[" << at << "] (" << shapes[at].name << ") = controls." << channels[i].name
             << " at t = 0 = " << rate << " (a rate channel sets it; leave the key out or give 0)";
        ctx.initial.fail("shape_velocity", text.str());
      }
      continue;
    }
    const ReducedChannel& pos = channels[i];
    if (pos.kind != ReducedChannel::Kind::Position || c.signal(i).identicallyZero()) continue;
    const std::string& shape = shapes[static_cast<std::size_t>(pos.shape)].name;
    for (std::size_t j = 0; j < channels.size(); ++j)
      if (channels[j].kind == ReducedChannel::Kind::Force && channels[j].shape == pos.shape && !c.signal(j).identicallyZero())
        throw ScenarioError(ctx.file + ": key 'controls." + channels[j].name + "': expected no force on '" + shape +
                            "' when controls." + pos.name + " prescribes it (give a force or a prescribed motion, not both)");
    const auto at = static_cast<std::size_t>(pos.shape);
    // The prescribed rate replaces an [initial] shape velocity too: a non-zero one that differs
    // made a start that mixed the two (0, the default, reads as "not given").
    if (at < u0.size()) {
      const double rate = c.signal(i).rate(0.0);
      if (givenRateDisagrees(u0[at], rate)) {
        std::ostringstream text;
        text.precision(12);
        text << "shape_velocity[" << at << "] (" << shape << ") = the prescribed rate of " << pos.name << " at t = 0 = " << rate
             << " (controls." << pos.name << " prescribes it; leave the key out)";
        ctx.initial.fail("shape_velocity", text.str());
      }
    }
    if (at >= r0.size()) continue;
    const double want = c.value(i, 0.0);
    if (disagrees(r0[at], want)) {
      std::ostringstream text;
      text.precision(12);
      text << "shape[" << at << "] (" << shape << ") = the prescribed " << pos.name << "(0) = " << want << " (controls." << pos.name
           << " prescribes it)";
      ctx.initial.fail("shape", text.str());
    }
  }
}

VehicleInfo reducedVehicle() {
  std::vector<IntegratorInfo> infos;
  for (const auto& n : kAll) infos.push_back({n, nhIntegratorDescription(n)});
  VehicleInfo v{"reduced",
                "a planar vehicle from a description file (Ostrowski's reduced equations; description = \"assets/vehicles/NAME.toml\")",
                infos, {}, buildReduced, checkReducedControls};
  // The description's own [[inputs]]: unit and range as declared (docs/formats.md section 5).
  v.describeChannels = [](const Simulation& sim) {
    const auto& model = dynamic_cast<const ReducedModel&>(dynamic_cast<const PlanarSimulation&>(sim).model());
    std::vector<ChannelInfo> out;
    for (const ReducedChannel& c : model.description().channels) out.push_back({c.name, c.unit, c.min, c.max, 0.0});
    return out;
  };
  return v;
}

const VehicleRegistration kReduced{80, reducedVehicle};

}  // namespace
}  // namespace lieride
