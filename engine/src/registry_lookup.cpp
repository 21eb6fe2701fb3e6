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

}  // namespace lieride
