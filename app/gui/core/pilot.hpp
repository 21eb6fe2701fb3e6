#pragma once
// Turns the pilot's normalised axes into a vehicle's input channels, once per physics step,
// through the view of the vehicle's kind (views/vehicle_view.hpp: the helicopter's sticks and
// flight assist, the car's triggers and steering servo, the generic mapping of a description
// vehicle, ...). Every value it uses comes from the constructed Simulation.
#include <memory>
#include <string>
#include <vector>

#include "commands.hpp"
#include "lieride/sim/simulation.hpp"
#include "views/vehicle_view.hpp"

namespace lieride::gui {

class Pilot {
 public:
  explicit Pilot(const Simulation& sim);
  explicit Pilot(std::shared_ptr<const VehicleView> view) : view_(std::move(view)) {}
  // Writes constant signals into the channels this vehicle's mapping drives.
  void apply(const PilotAxes& axes, bool assist, Simulation& sim, const Snapshot* state) const {
    view_->pilot(axes, assist, sim, state);
  }
  // Whether apply() needs the current state each step (the helicopter assist, car brake).
  bool needsState(bool assist) const { return view_->needsState(assist); }
  const VehicleView& view() const { return *view_; }

 private:
  std::shared_ptr<const VehicleView> view_;
};

}  // namespace lieride::gui
