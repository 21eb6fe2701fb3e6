#include <stdexcept>

#include "lieride/integrate/nonholonomic_integrators.hpp"
#include "lieride/model/car.hpp"
#include "lieride/model/snakeboard.hpp"

namespace lieride {

std::vector<std::string> nhIntegratorNames() {
  return {"lie-nh", "lie-nh-general", "nh-reflect", "nh-rattle", "dla", "euler", "rk2", "rk4"};
}

std::string nhIntegratorDescription(const std::string& name) {
  if (name == "lie-nh") return "Kobilarov et al. Eqs. 16-17 (explicit car 5.2.1 / snakeboard 5.2.2; the Newton form otherwise)";
  if (name == "lie-nh-general") return "Kobilarov et al. Eqs. 16-17, general implicit form with a Newton solve";
  if (name == "nh-reflect") return "Ferraro et al. Eqs. 4, 6: momentum reflection (P - Q)*, start = half-impulse-energy | half-impulse | tangent";
  if (name == "nh-rattle") return "Ferraro et al. Eq. 11: nonholonomic RATTLE";
  if (name == "dla") return "discrete Lagrange-d'Alembert (Cortes-Martinez), constraint = midpoint | start";
  if (name == "euler") return "explicit Euler on the reduced equations";
  if (name == "rk2") return "explicit midpoint RK2 on the reduced equations";
  if (name == "rk4") return "classical RK4 on the reduced equations";
  return "";
}

std::unique_ptr<NhIntegrator> makeNhIntegrator(const std::string& name, const NhModel& model,
                                               const NhIntegratorSettings& s) {
  const std::string type = model.type();
  if (!(s.alpha >= 0.0 && s.alpha <= 1.0)) throw std::invalid_argument("alpha must lie in [0, 1]");
  if (name == "lie-nh") {
    if (auto own = model.lieNhIntegrator(s)) return own;
    // The explicit updates of 5.2.1 and 5.2.2 for the hand-written car and snakeboard.
    if (dynamic_cast<const CarModel*>(&model)) return makeLieNhCar(s.alpha);
    if (dynamic_cast<const SnakeboardModel*>(&model)) return makeLieNhSnakeboard(s.alpha);
    if (lieNhVehicle(model)) return makeLieNhGeneral(s);  // the general form (sleigh, descriptions)
  } else if (name == "lie-nh-general") {
    if (lieNhVehicle(model)) return makeLieNhGeneral(s);
  } else if (name == "nh-reflect") {
    const auto start = reflectStartNamed(s.reflectStart);
    if (!start)
      throw std::invalid_argument("nh-reflect start must be \"half-impulse-energy\", \"half-impulse\" or \"tangent\"");
    return makeNhReflect(*start);
  } else if (name == "nh-rattle") {
    return makeNhRattle();
  } else if (name == "dla") {
    if (s.dlaConstraint != "midpoint" && s.dlaConstraint != "start")
      throw std::invalid_argument("dla constraint must be \"midpoint\" or \"start\"");
    return makeNhDla(s.dlaConstraint == "midpoint", s);
  } else if (name == "euler") {
    return makeNhRungeKutta(1);
  } else if (name == "rk2") {
    return makeNhRungeKutta(2);
  } else if (name == "rk4") {
    return makeNhRungeKutta(4);
  }
  throw std::invalid_argument("integrator '" + name + "' does not apply to vehicle '" + type + "'");
}

}  // namespace lieride
