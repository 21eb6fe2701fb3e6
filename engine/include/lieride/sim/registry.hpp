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

// One input channel of a constructed vehicle, for front ends (the app's pilot and its help):
// its unit, the range a pilot may command and its trim (the neutral input: the helicopter's
// hover collective m g, zero for most). Where the model has limits the range is the built
// model's own (a boat's [vehicle.thrusters] min_thrust and max_thrust, docs/models.md).
struct ChannelInfo {
  std::string name;
  std::string unit;
  double min = 0.0, max = 0.0;  // min == max: no range known (a pilot leaves the channel alone)
  double trim = 0.0;
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
  // Optional: the channels of a simulation this kind built, with units, ranges and trim
  // (they may depend on its parameters). Without it, channelInfo() gives names only.
  std::function<std::vector<ChannelInfo>(const Simulation&)> describeChannels = {};
};

const std::vector<VehicleInfo>& vehicleRegistry();
const VehicleInfo* findVehicle(const std::string& type);
// The channels of a constructed simulation, in the order of its controls(), from its kind's
// describeChannels (names without ranges for a kind that gives none).
std::vector<ChannelInfo> channelInfo(const Simulation& sim);

// Registration functions, one per engine area.
void registerSe3Vehicles(std::vector<VehicleInfo>& registry);
void registerPlanarVehicles(std::vector<VehicleInfo>& registry);
void registerBoatVehicles(std::vector<VehicleInfo>& registry);
void registerReducedVehicles(std::vector<VehicleInfo>& registry);
void registerOcpVehicles(std::vector<VehicleInfo>& registry);

}  // namespace lieride
