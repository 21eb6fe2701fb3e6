// The registry of vehicle kinds (lieride/sim/registry.hpp): the kinds' VehicleRegistration
// objects record their descriptor functions before main; the first use calls them and sorts
// the descriptors by listing order. It lives in
// lieride_core, the library every area links after itself, so that the areas' registration
// objects find it on the link line.
#include <algorithm>
#include <stdexcept>
#include <utility>

#include "lieride/sim/registry.hpp"

namespace lieride {
namespace {

struct Registered {
  int listOrder;
  VehicleInfo (*describe)();
};

// Function-local statics: a registration may run before any other static of this file.
std::vector<Registered>& registered() {
  static std::vector<Registered> r;
  return r;
}

bool& registryRead() {
  static bool read = false;
  return read;
}

}  // namespace

VehicleRegistration::VehicleRegistration(int listOrder, VehicleInfo (*describe)()) {
  if (registryRead()) throw std::logic_error("a vehicle kind registered after the vehicle registry was first read");
  registered().push_back({listOrder, describe});
}

const std::vector<VehicleInfo>& vehicleRegistry() {
  static const std::vector<VehicleInfo> registry = [] {
    registryRead() = true;
    std::vector<std::pair<int, VehicleInfo>> kinds;
    for (const Registered& k : registered()) kinds.emplace_back(k.listOrder, k.describe());
    std::sort(kinds.begin(), kinds.end(), [](const auto& a, const auto& b) {
      return a.first != b.first ? a.first < b.first : a.second.type < b.second.type;
    });
    std::vector<VehicleInfo> out;
    for (auto& k : kinds) {
      for (const VehicleInfo& v : out)
        if (v.type == k.second.type) throw std::logic_error("vehicle kind '" + v.type + "' registered twice");
      out.push_back(std::move(k.second));
    }
    return out;
  }();
  return registry;
}

}  // namespace lieride
