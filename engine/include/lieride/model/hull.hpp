#pragma once
// A boat hull as a closed, outward-oriented triangle mesh in body coordinates (docs/models.md
// section 3). The default is a box; any closed OBJ mesh can be loaded (tinyobjloader).
#include <array>
#include <stdexcept>
#include <string>
#include <vector>

#include "lieride/lie/types.hpp"

namespace lieride {

class HullError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct HullMesh {
  std::vector<Vec3> vertices;
  std::vector<std::array<int, 3>> triangles;  // counter-clockwise seen from outside

  std::size_t triangleCount() const { return triangles.size(); }
};

// Mass properties of the solid bounded by the mesh (divergence theorem over tetrahedra).
struct HullVolume {
  double volume = 0.0;
  Vec3 centroid = Vec3::Zero();
  Mat3 secondMoment = Mat3::Zero();  // integral of r r^T dV about the origin
};

// A box centred at the origin, x along `length`, y along `beam`, z along `height`; each
// face is split into subdivisions x subdivisions squares of two triangles
// (12 subdivisions^2 triangles).
HullMesh makeBoxHull(double length, double beam, double height, int subdivisions = 1);

// Loads every shape of an OBJ file (polygons are triangulated), scaled by `scale`.
// Throws HullError naming the file and the problem.
HullMesh loadObjHull(const std::string& path, double scale = 1.0);

// Checks that the mesh is finite, closed (every edge shared by exactly two triangles with
// opposite directions), and encloses a positive volume; a mesh whose faces all point inward
// is flipped. Throws HullError("<what> ...") otherwise.
void validateHull(HullMesh& mesh, const std::string& what);

HullVolume hullVolume(const HullMesh& mesh);
void translateHull(HullMesh& mesh, const Vec3& offset);

// Inertia tensor about the origin of a uniform solid of mass m filling the hull.
Mat3 solidInertia(const HullVolume& v, double mass);

}  // namespace lieride
