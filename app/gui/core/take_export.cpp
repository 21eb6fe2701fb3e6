#include "take_export.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "lieride/export/gltf_export.hpp"
#include "lieride/export/take_tracks.hpp"
#include "lieride/sim/run.hpp"
#include "lieride/sim/scenario.hpp"
#include "lieride/sim/take.hpp"

namespace lieride::gui {
namespace {
namespace fs = std::filesystem;

struct Loaded {
  Scenario scenario;
  Take take;
};

// `lieride sim/export TAKE [--integrator] [--dt]`: the overrides hold throughout the take.
Loaded load(const std::string& file, const GhostSpec& ghost) {
  ScenarioOverrides o;
  if (!ghost.first.empty()) o.integrator = ghost.first;
  if (ghost.second > 0) o.dt = ghost.second;
  Loaded l{loadScenario(file, o), {}};
  if (l.scenario.take) l.take = *l.scenario.take;
  else l.take.steps = stepsFor(l.scenario.settings.duration, l.scenario.settings.dt);
  dropEvents(l.take, o.integrator.has_value(), o.dt.has_value());
  return l;
}

// Written to a hidden partial file, renamed when complete.
void commit(const std::string& body, const std::string& out) {
  const fs::path path(out);
  fs::path part = path;
  part += ".partial";
  std::ofstream f(part, std::ios::binary);
  f << body;
  f.close();
  std::error_code ec;
  if (!f) {
    fs::remove(part, ec);
    throw std::runtime_error(out + ": cannot write");
  }
  fs::rename(part, path, ec);
  if (ec) throw std::runtime_error(out + ": cannot write (" + ec.message() + ")");
}
}  // namespace

long exportTakeCsv(const std::string& takeFile, const GhostSpec& ghost, int every, const std::string& out) {
  Loaded l = load(takeFile, ghost);
  TakePlayer player(std::move(l.scenario.simulation), l.take);
  std::ostringstream csv;
  const RunOutcome o = playTake(player, every > 0 ? every : std::max(1, l.scenario.outputEvery), &csv);
  (void)o;  // a diverging copy's CSV ends with its last good row and the diverged status
  const std::string body = csv.str();
  commit(body, out);
  return static_cast<long>(std::count(body.begin(), body.end(), '\n')) - 1;
}

std::size_t exportTakeGlb(const std::string& takeFile, const GhostSpec& ghost, double fps, const std::string& out) {
  Loaded l = load(takeFile, ghost);
  exporter::VehicleDims dims = exporter::readVehicleDims(takeFile);
  exporter::readDescriptionParts(dims, *l.scenario.simulation);
  TakePlayer player(std::move(l.scenario.simulation), l.take);
  const exporter::TakeTracks tracks = exporter::sampleTake(player, fps);
  if (tracks.outcome.status == RunStatus::Diverged)
    throw std::runtime_error(takeFile + ": " + tracks.outcome.message + " (nothing written)");
  std::ostringstream glb;
  exporter::writeGlb(tracks, dims, l.scenario.name, glb);
  commit(glb.str(), out);
  return tracks.keys.size();
}

}  // namespace lieride::gui
