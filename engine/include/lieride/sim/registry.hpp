#pragma once
// The vehicles lieride knows. A new vehicle is one registration function, called from
// engine/src/registry.cpp.
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "lieride/sim/scenario.hpp"

namespace lieride {

struct IntegratorInfo {
  std::string name;
  std::string description;
};

struct VehicleInfo {
  std::string type;
  std::string description;
  std::vector<IntegratorInfo> integrators;  // the first is the default
  std::vector<std::string> channels;
  std::function<std::unique_ptr<Simulation>(ScenarioContext&)> build;
  // Optional: checks the loaded [controls] against the [initial] state and parameters (e.g.
  // a prescribed shape must agree with the initial shape); throws ScenarioError.
  std::function<void(ScenarioContext&, const ControlSet&)> checkControls = {};
};

const std::vector<VehicleInfo>& vehicleRegistry();
const VehicleInfo* findVehicle(const std::string& type);

// Registration functions, one per engine area.
void registerSe3Vehicles(std::vector<VehicleInfo>& registry);
void registerPlanarVehicles(std::vector<VehicleInfo>& registry);
void registerBoatVehicles(std::vector<VehicleInfo>& registry);
void registerReducedVehicles(std::vector<VehicleInfo>& registry);
void registerOcpVehicles(std::vector<VehicleInfo>& registry);

}  // namespace lieride
