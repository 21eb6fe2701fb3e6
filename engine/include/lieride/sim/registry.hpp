#pragma once
// The vehicles lieride knows. Each kind registers itself where its descriptor is defined (the
// model's source file or its area's vehicles file) with a namespace-scope VehicleRegistration;
// no central list names the kinds. The engine's area libraries are linked whole
// (engine/CMakeLists.txt, WHOLE_ARCHIVE), so the linker keeps these otherwise unreferenced
// objects. vehicleRegistry() lists the kinds by their listing order, never by static
// initialisation order (`lieride list`, scenario error messages).
#include <cmath>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "lieride/sim/scenario.hpp"

namespace lieride {

// An [initial] value checked against what the model fixes (a constraint, a prescribed signal):
// the tolerance every vehicle's check uses, 1e-9 relative.
inline bool disagrees(double given, double expected) { return std::abs(given - expected) > 1e-9 * (1.0 + std::abs(expected)); }
// An [initial] shape velocity against a rate something else sets (a prescribed shape, a rate
// channel, the car's steer_rate): 0, the default, reads as "not given".
inline bool givenRateDisagrees(double given, double rate) { return given != 0.0 && disagrees(given, rate); }

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
  // Optional: checks the loaded [controls] (sim.controls()) against the [initial] state and
  // parameters (e.g. a prescribed shape must agree with the initial shape); throws ScenarioError.
  // Before sim.start(): it may settle what the controls decide of the initial state (a
  // snakeboard's prescribed shape where [initial] leaves it out).
  std::function<void(ScenarioContext&, Simulation&)> checkControls = {};
  // Optional: the channels of a simulation this kind built, with units, ranges and trim
  // (they may depend on its parameters). Without it, channelInfo() gives names only.
  std::function<std::vector<ChannelInfo>(const Simulation&)> describeChannels = {};
};

// Registers a vehicle kind during static initialisation, at namespace scope beside its
// descriptor (the model's source file or its area's vehicles file):
//   const VehicleRegistration kCar{30, carVehicle};
// listOrder: the kind's place in vehicleRegistry() (ties: by type name). `describe` builds the
// descriptor on the registry's first use, after static initialisation, so that it may use any
// other file's statics. The registry throws std::logic_error on a type registered twice.
class VehicleRegistration {
 public:
  VehicleRegistration(int listOrder, VehicleInfo (*describe)());
};

// Every registered kind, by listing order.
const std::vector<VehicleInfo>& vehicleRegistry();
const VehicleInfo* findVehicle(const std::string& type);
// Whether some vehicle kind has an integrator of this name (`lieride list` names them).
bool isIntegratorName(const std::string& name);
// The channels of a constructed simulation, in the order of its controls(), from its kind's
// describeChannels (names without ranges for a kind that gives none).
std::vector<ChannelInfo> channelInfo(const Simulation& sim);

}  // namespace lieride
