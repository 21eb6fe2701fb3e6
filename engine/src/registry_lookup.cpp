#include <algorithm>

#include "lieride/sim/registry.hpp"
#include "lieride/sim/simulation.hpp"

namespace lieride {

const char* toString(RunStatus s) { return s == RunStatus::Ok ? "ok" : "diverged"; }

const VehicleInfo* findVehicle(const std::string& type) {
  const auto& r = vehicleRegistry();
  const auto it = std::find_if(r.begin(), r.end(), [&](const VehicleInfo& v) { return v.type == type; });
  return it == r.end() ? nullptr : &*it;
}

bool isIntegratorName(const std::string& name) {
  for (const VehicleInfo& v : vehicleRegistry())
    for (const IntegratorInfo& i : v.integrators)
      if (i.name == name) return true;
  return false;
}

std::vector<ChannelInfo> channelInfo(const Simulation& sim) {
  const VehicleInfo* v = findVehicle(sim.vehicleType());
  if (v && v->describeChannels) return v->describeChannels(sim);
  std::vector<ChannelInfo> out;
  for (const auto& name : sim.controls().channels()) out.push_back({name, "", 0.0, 0.0, 0.0});
  return out;
}

}  // namespace lieride
