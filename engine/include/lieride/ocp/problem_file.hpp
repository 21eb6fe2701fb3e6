#pragma once
// Optimal control problem files (docs/formats.md section 4): the scenario tables [vehicle] and
// [initial] plus [problem] (method and discretisation) and [goal] (the final pose).
#include <string>

#include "lieride/ocp/sleigh_bvp.hpp"

namespace lieride::ocp {

struct OcpProblemFile {
  std::string file;
  std::string name;
  std::string method;  // "pmp"
  SleighBvpProblem problem;
};

// Throws ScenarioError (lieride/sim/table_reader.hpp) with one line naming the file, the key and
// what was expected.
OcpProblemFile loadOcpProblem(const std::string& path);
OcpProblemFile loadOcpProblemFromString(const std::string& text, const std::string& displayName);

}  // namespace lieride::ocp
