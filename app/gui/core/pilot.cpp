#include "pilot.hpp"

namespace lieride::gui {

Pilot::Pilot(const Simulation& sim) : view_(makeView(sim)) {}

}  // namespace lieride::gui
