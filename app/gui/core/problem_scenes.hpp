// The app's one-click optimal control scenes: the menu name and the shipped problem
// (assets/problems/STEM.toml) the Optimize panel opens with it. Header only: `lieride list`
// shows them and `lieride sim` names them (app/cli) without linking the app.
#pragma once

#include <array>
#include <string_view>

namespace lieride::gui {

struct ProblemScene {
  std::string_view menuName;
  std::string_view problemStem;
};

inline constexpr std::array<ProblemScene, 3> kProblemScenes{{{"optimal parking", "car-parallel-park"},
                                                             {"optimal helicopter landing", "helicopter-landing"},
                                                             {"optimal canyon flight", "helicopter-canyon"}}};

}  // namespace lieride::gui
