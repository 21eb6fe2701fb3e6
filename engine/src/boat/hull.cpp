#include "lieride/model/hull.hpp"

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <cmath>
#include <filesystem>
#include <map>
#include <sstream>
#include <tiny_obj_loader.h>
#include <tuple>

#include "lieride/sim/user_input.hpp"

namespace lieride {

HullMesh makeBoxHull(double length, double beam, double height, int n) {
  if (!(length > 0.0) || !(beam > 0.0) || !(height > 0.0) || !std::isfinite(length + beam + height))
    throw HullError("box hull: length, beam and height must be positive numbers");
  if (n < 1 || n > 200) throw HullError("box hull: subdivisions must be an integer in 1..200");
  HullMesh mesh;
  std::map<std::tuple<int, int, int>, int> index;  // lattice point -> vertex
  const Vec3 half(0.5 * length, 0.5 * beam, 0.5 * height);
  auto vertex = [&](int i, int j, int k) {
    const auto key = std::make_tuple(i, j, k);
    const auto it = index.find(key);
    if (it != index.end()) return it->second;
    const Vec3 p(-half.x() + length * i / n, -half.y() + beam * j / n, -half.z() + height * k / n);
    mesh.vertices.push_back(p);
    const int id = static_cast<int>(mesh.vertices.size()) - 1;
    index.emplace(key, id);
    return id;
  };
  // Each face: fixed axis a at lattice value s (0 or n), spanned by axes u, v chosen so that
  // u x v points outward.
  struct Face { int a, s, u, v; };
  const Face faces[6] = {{0, n, 1, 2}, {0, 0, 2, 1}, {1, n, 2, 0}, {1, 0, 0, 2}, {2, n, 0, 1}, {2, 0, 1, 0}};
  for (const Face& f : faces) {
    for (int i = 0; i < n; ++i) {
      for (int j = 0; j < n; ++j) {
        auto at = [&](int di, int dj) {
          int c[3];
          c[f.a] = f.s;
          c[f.u] = i + di;
          c[f.v] = j + dj;
          return vertex(c[0], c[1], c[2]);
        };
        const int p00 = at(0, 0), p10 = at(1, 0), p11 = at(1, 1), p01 = at(0, 1);
        mesh.triangles.push_back({p00, p10, p11});
        mesh.triangles.push_back({p00, p11, p01});
      }
    }
  }
  return mesh;
}

namespace {

// tinyobjloader reads a malformed coordinate ("nan", "inf", text, a missing one) as 0: check
// every vertex line first, "v x y z [w]" or "v x y z r g b", each a finite number.
void checkObjVertices(const std::string& text, const std::string& name) {
  std::istringstream in(text);
  std::string line;
  for (long number = 1; std::getline(in, line); ++number) {
    const auto start = line.find_first_not_of(" \t");
    if (start == std::string::npos || (line.compare(start, 2, "v ") != 0 && line.compare(start, 2, "v\t") != 0)) continue;
    std::istringstream fields(line.substr(start + 2));
    std::string field;
    int count = 0;
    while (fields >> field) {
      double v = 0.0;
      const auto r = std::from_chars(field.data(), field.data() + field.size(), v);
      if (r.ec != std::errc() || r.ptr != field.data() + field.size() || !std::isfinite(v))
        throw HullError(name + ":" + std::to_string(number) + ": vertex coordinate '" + shown(field) +
                        "' is not a finite number");
      ++count;
    }
    // Seven numbers are neither form: tinyobjloader would read the fourth as red.
    if (count != 3 && count != 4 && count != 6)
      throw HullError(name + ":" + std::to_string(number) + ": expected a vertex 'v x y z' (optionally w, or r g b), got " +
                      std::to_string(count) + " numbers");
  }
}

}  // namespace

HullMesh loadObjHull(const std::string& path, double scale) {
  std::error_code ec;  // a name too long for the file system is an error line, not an exception
  if (!std::filesystem::exists(path, ec) && !ec) throw HullError(shown(path, 200) + ": no such hull file");
  std::string text;
  try {
    text = readRegularFile(path, kMaxHullFileBytes);
  } catch (const InputFileError& e) {
    throw HullError(e.what());
  }
  const std::string name = shown(path, 200);
  checkObjVertices(text, name);
  tinyobj::ObjReaderConfig config;
  config.triangulate = true;
  config.vertex_color = false;
  config.mtl_search_path = "";
  tinyobj::ObjReader reader;
  if (!reader.ParseFromString(text, "", config)) {
    std::string err = reader.Error();
    while (!err.empty() && (err.back() == '\n' || err.back() == '\r')) err.pop_back();
    for (char& c : err)
      if (c == '\n') c = ' ';
    throw HullError(name + ": not a readable OBJ file" + (err.empty() ? std::string() : " (" + shown(err) + ")"));
  }
  const auto& attrib = reader.GetAttrib();
  HullMesh mesh;
  // Weld vertices at identical positions so that closedness can be checked by index.
  std::map<std::tuple<double, double, double>, int> weld;
  std::vector<int> remap(attrib.vertices.size() / 3, -1);
  for (std::size_t i = 0; i < remap.size(); ++i) {
    const Vec3 p(attrib.vertices[3 * i], attrib.vertices[3 * i + 1], attrib.vertices[3 * i + 2]);
    if (!p.allFinite()) throw HullError(name + ": vertex " + std::to_string(i + 1) + " is not finite");
    const auto key = std::make_tuple(p.x(), p.y(), p.z());
    const auto it = weld.find(key);
    if (it != weld.end()) {
      remap[i] = it->second;
    } else {
      mesh.vertices.push_back(scale * p);
      remap[i] = static_cast<int>(mesh.vertices.size()) - 1;
      weld.emplace(key, remap[i]);
    }
  }
  for (const auto& shape : reader.GetShapes()) {
    const auto& ids = shape.mesh.indices;
    const auto& counts = shape.mesh.num_face_vertices;
    std::size_t offset = 0;
    for (const auto c : counts) {
      if (c != 3) throw HullError(name + ": a face of shape '" + shown(shape.name) + "' could not be triangulated");
      std::array<int, 3> tri{};
      for (int k = 0; k < 3; ++k) {
        const int v = ids[offset + static_cast<std::size_t>(k)].vertex_index;
        if (v < 0 || static_cast<std::size_t>(v) >= remap.size())
          throw HullError(name + ": a face refers to a missing vertex");
        tri[static_cast<std::size_t>(k)] = remap[static_cast<std::size_t>(v)];
      }
      offset += c;
      if (tri[0] == tri[1] || tri[1] == tri[2] || tri[0] == tri[2]) continue;  // degenerate
      mesh.triangles.push_back(tri);
    }
  }
  if (mesh.triangles.empty()) throw HullError(name + ": no faces (expected a closed triangle mesh)");
  validateHull(mesh, name);
  return mesh;
}

namespace {

std::uint64_t edgeKey(int a, int b) {
  return (static_cast<std::uint64_t>(static_cast<std::uint32_t>(a)) << 32) | static_cast<std::uint32_t>(b);
}

// "a-b" with 1-based vertex numbers, as in the OBJ file.
std::string edgeName(std::uint64_t key) {
  return std::to_string((key >> 32) + 1) + "-" + std::to_string((key & 0xffffffffu) + 1);
}

}  // namespace

void validateHull(HullMesh& mesh, const std::string& what) {
  if (mesh.triangles.size() < 4) throw HullError(what + ": a closed hull needs at least 4 triangles");
  const int nv = static_cast<int>(mesh.vertices.size());
  for (const auto& v : mesh.vertices)
    if (!v.allFinite()) throw HullError(what + ": non-finite vertex");
  // Every directed edge once, and its reverse present: a sorted vector of (a, b) keys (a map of
  // 10^6 nodes took seconds under the sanitizers for a 200-subdivision box).
  std::vector<std::uint64_t> directed;
  directed.reserve(3 * mesh.triangles.size());
  for (const auto& t : mesh.triangles) {
    for (int k = 0; k < 3; ++k) {
      const int a = t[static_cast<std::size_t>(k)], b = t[static_cast<std::size_t>((k + 1) % 3)];
      if (a < 0 || a >= nv || b < 0 || b >= nv) throw HullError(what + ": triangle index out of range");
      directed.push_back(edgeKey(a, b));
    }
  }
  std::sort(directed.begin(), directed.end());
  if (const auto twice = std::adjacent_find(directed.begin(), directed.end()); twice != directed.end())
    throw HullError(what + ": hull is not a closed, consistently oriented surface (edge " + edgeName(*twice) +
                    " is used twice in the same direction)");
  for (const std::uint64_t edge : directed) {
    const std::uint64_t reverse = (edge << 32) | (edge >> 32);
    if (!std::binary_search(directed.begin(), directed.end(), reverse))
      throw HullError(what + ": hull is not closed (edge " + edgeName(edge) + " borders a hole)");
  }
  HullVolume v = hullVolume(mesh);
  if (v.volume < 0.0) {
    for (auto& t : mesh.triangles) std::swap(t[1], t[2]);
    v = hullVolume(mesh);
  }
  double extent = 0.0;
  for (const auto& p : mesh.vertices) extent = std::max(extent, p.cwiseAbs().maxCoeff());
  if (!(v.volume > 1e-9 * extent * extent * extent) || !(v.volume > 0.0))
    throw HullError(what + ": hull encloses no volume");
}

HullVolume hullVolume(const HullMesh& mesh) {
  HullVolume out;
  Vec3 first = Vec3::Zero();
  for (const auto& t : mesh.triangles) {
    const Vec3& a = mesh.vertices[static_cast<std::size_t>(t[0])];
    const Vec3& b = mesh.vertices[static_cast<std::size_t>(t[1])];
    const Vec3& c = mesh.vertices[static_cast<std::size_t>(t[2])];
    const double vol = a.dot(b.cross(c)) / 6.0;  // tetrahedron (0, a, b, c)
    const Vec3 s = a + b + c;
    out.volume += vol;
    first += vol * s / 4.0;
    out.secondMoment += vol / 20.0 * (a * a.transpose() + b * b.transpose() + c * c.transpose() + s * s.transpose());
  }
  out.centroid = out.volume != 0.0 ? Vec3(first / out.volume) : Vec3::Zero();
  return out;
}

void translateHull(HullMesh& mesh, const Vec3& offset) {
  for (auto& v : mesh.vertices) v += offset;
}

Mat3 solidInertia(const HullVolume& v, double mass) {
  const Mat3 S = (mass / v.volume) * v.secondMoment;
  return S.trace() * Mat3::Identity() - S;
}

}  // namespace lieride
