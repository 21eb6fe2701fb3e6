// The one place that lists every engine area's vehicles (see sim/registry.hpp).
#include "lieride/sim/registry.hpp"

namespace lieride {

const std::vector<VehicleInfo>& vehicleRegistry() {
  static const std::vector<VehicleInfo> registry = [] {
    std::vector<VehicleInfo> r;
    registerSe3Vehicles(r);
    registerPlanarVehicles(r);
    registerBoatVehicles(r);
    registerReducedVehicles(r);
    registerOcpVehicles(r);
    return r;
  }();
  return registry;
}

}  // namespace lieride
