#pragma once
// Small problem files (docs/formats.md section 4) shared by the optimize tests: each vehicle's
// start and its few-knot problem, in pieces a test joins. Where a test's problem differs from
// the shared one, the test states the difference with replaced() next to its use.
#include <initializer_list>
#include <stdexcept>
#include <string>
#include <string_view>

namespace lieride::opt::test {

// `text` with the first occurrence of `from` replaced by `to`; a fixture that lacks `from`
// is a broken test, not a problem to load.
inline std::string replaced(std::string text, std::string_view from, std::string_view to) {
  const auto at = text.find(from);
  if (at == std::string::npos) throw std::logic_error("fixture has no \"" + std::string(from) + "\"");
  return text.replace(at, from.size(), to);
}

// The parts one after another. (Not `std::string(a) + b + ...`: at -O3 GCC 12 reports a false
// -Warray-bounds in the moved temporaries' inlined memcpy.)
inline std::string joined(std::initializer_list<std::string_view> parts) {
  std::string text;
  for (std::string_view p : parts) text += p;
  return text;
}

// The car with every obstacle kind but the wall and the speed goal, small enough for a dense check.
inline constexpr const char* kCarBoxCylinder = R"(
[vehicle]
type = "car"
[initial]
position = [0.0, 0.0]
heading = 0.3
shape = [0.0, 0.2]
linear_velocity = [2.0, 0.0]
[problem]
method = "dmoc"
knots = 6
horizon = 3.0
[goal]
position = [6.0, 1.0]
heading = 0.0
speed = 1.0
[cost]
steer = 1.0
[[obstacles]]
shape = "box"
center = [3.0, 3.0]
size = [2.0, 1.0]
heading = 0.4
[[obstacles]]
shape = "cylinder"
center = [3.0, -2.5]
radius = 0.7
)";

// From hover to rest 20 m ahead past a box 1.5 m beside the straight line (20 knots, 8 s).
inline constexpr const char* kHelicopterPastABox = R"(
[vehicle]
type = "helicopter"
[initial]
position = [0.0, 0.0, 10.0]
orientation = [1.0, 0.0, 0.0, 0.0]
[problem]
method = "dmoc"
integrator = "lie-cay-tln"
knots = 20
horizon = 8.0
[goal]
position = [20.0, 0.0, 10.0]
velocity = [0.0, 0.0, 0.0, 0.0, 0.0, 0.0]
[cost]
collective = 0.01
tail = 0.1
cyclic_pitch = 10.0
cyclic_roll = 10.0
[[obstacles]]
shape = "box"
center = [10.0, 2.5, 10.0]
size = [2.0, 2.0, 4.0]
)";

// `text` with `insert` added after the first occurrence of `after` (a fixture's table line).
inline std::string withAfter(std::string text, const std::string& after, const std::string& insert) {
  const std::size_t at = text.find(after);
  if (at == std::string::npos) throw std::logic_error("fixture has no '" + after + "'");
  return text.insert(at + after.size(), insert);
}

// The third obstacle kind, appended to kCarBoxCylinder.
inline constexpr const char* kCarWall = R"([[obstacles]]
shape = "wall"
point = [0.0, -5.0]
normal = [0.2, 1.0]
)";

// The helicopter's start, tilted, turning and moving.
inline constexpr const char* kHelicopterVehicle = R"(
[vehicle]
type = "helicopter"
[initial]
position = [0.0, 0.0, 5.0]
orientation = [0.9, 0.1, -0.2, 0.3741657386773941]
angular_velocity = [0.2, -0.1, 0.3]
linear_velocity = [3.0, 0.5, -0.2]
)";

// A five-knot, 2 s lie-cay-tln problem; a goal and cost follow.
inline constexpr const char* kHelicopterProblem = R"([problem]
method = "dmoc"
integrator = "lie-cay-tln"
knots = 5
horizon = 2.0
)";

// A goal pose with heading and a forward velocity, and the collective's cost (further [cost]
// terms may follow).
inline constexpr const char* kHelicopterGoal = R"([goal]
position = [5.0, 1.0, 4.0]
heading = 0.3
velocity = [0.0, 0.0, 0.0, 1.0, 0.0, 0.0]
[cost]
collective = 0.01
)";

// A tilted box between the helicopter's start and goal.
inline constexpr const char* kHelicopterBox = R"([[obstacles]]
shape = "box"
center = [2.5, 1.0, 4.0]
size = [1.0, 0.8, 1.5]
heading = 0.4
)";

// The boat in wind and current, moving and tilted (no drag_coefficient: the default drag).
inline constexpr const char* kBoatVehicle = R"(
[vehicle]
type = "boat"
[vehicle.wind]
speed = 6.0
direction = [0.3, -1.0]
[vehicle.water]
current = [0.2, 0.1]
[initial]
position = [0.0, 0.0, 0.35]
orientation = [0.995, 0.03, -0.02, 0.09313968005098555]
angular_velocity = [0.1, -0.05, 0.2]
linear_velocity = [1.0, 0.2, 0.0]
)";

// Four knots over 0.8 s to a pose at rest, with both thrusters costed.
inline constexpr const char* kBoatProblem = R"([problem]
method = "dmoc"
integrator = "lie-cay-tln"
knots = 4
horizon = 0.8
[goal]
position = [1.0, 0.5]
heading = 0.3
at_rest = true
[cost]
thrust_right = 1e-3
[cost.smoothness]
thrust_left = 1e-3
)";

// The snakeboard rolling with its wheels and rotor turning.
inline constexpr const char* kSnakeboardVehicle = R"(
[vehicle]
type = "snakeboard"
[initial]
position = [0.3, -0.2]
heading = 0.4
shape = [0.1, 0.3]
shape_velocity = [0.5, -0.2]
linear_velocity = [0.8, 0.0]
)";

// Five knots over 0.5 s to a pose at rest, with both torques costed.
inline constexpr const char* kSnakeboardProblem = R"([problem]
method = "dmoc"
knots = 5
horizon = 0.5
[goal]
position = [0.5, 0.0]
heading = 0.6
at_rest = true
[cost]
rotor_torque = 1.0
steer_torque = 2.0
[cost.smoothness]
rotor_torque = 0.1
)";

}  // namespace lieride::opt::test
