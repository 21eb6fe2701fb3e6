#include "lieride/export/gltf_export.hpp"

#include <cmath>
#include <cstring>
#include <stdexcept>
#include <tiny_gltf.h>

namespace lieride::exporter {
namespace {

// Appends raw bytes to the single buffer (4-byte aligned) and returns a view on them.
int addView(tinygltf::Model& m, const void* data, std::size_t bytes, int target) {
  auto& buf = m.buffers[0].data;
  while (buf.size() % 4) buf.push_back(0);
  const std::size_t offset = buf.size();
  buf.resize(offset + bytes);
  if (bytes) std::memcpy(buf.data() + offset, data, bytes);
  tinygltf::BufferView v;
  v.buffer = 0;
  v.byteOffset = offset;
  v.byteLength = bytes;
  v.target = target;
  m.bufferViews.push_back(v);
  return static_cast<int>(m.bufferViews.size() - 1);
}

int addAccessor(tinygltf::Model& m, const std::vector<float>& values, int type, int components, int target,
                bool minMax) {
  // glTF stores 32-bit floats: a motion or a part beyond 3.4e38 (a start at x = 1e300, a part
  // 1e300 m long) became inf, an invalid file written with exit 0.
  for (const float v : values)
    if (!std::isfinite(v))
      throw std::domain_error("a position, size or key beyond the range of glTF's 32-bit floats (|value| > 3.4e38)");
  tinygltf::Accessor a;
  a.bufferView = addView(m, values.data(), values.size() * sizeof(float), target);
  a.componentType = TINYGLTF_COMPONENT_TYPE_FLOAT;
  a.count = values.size() / static_cast<std::size_t>(components);
  a.type = type;
  if (minMax) {
    a.minValues.assign(static_cast<std::size_t>(components), 1e300);
    a.maxValues.assign(static_cast<std::size_t>(components), -1e300);
    for (std::size_t i = 0; i < values.size(); ++i) {
      const auto c = i % static_cast<std::size_t>(components);
      a.minValues[c] = std::min(a.minValues[c], static_cast<double>(values[i]));
      a.maxValues[c] = std::max(a.maxValues[c], static_cast<double>(values[i]));
    }
  }
  m.accessors.push_back(a);
  return static_cast<int>(m.accessors.size() - 1);
}

int addMesh(tinygltf::Model& m, const MeshData& d, const std::string& name) {
  tinygltf::Primitive p;
  p.attributes["POSITION"] = addAccessor(m, d.positions, TINYGLTF_TYPE_VEC3, 3, TINYGLTF_TARGET_ARRAY_BUFFER, true);
  p.attributes["NORMAL"] = addAccessor(m, d.normals, TINYGLTF_TYPE_VEC3, 3, TINYGLTF_TARGET_ARRAY_BUFFER, false);
  p.attributes["COLOR_0"] = addAccessor(m, d.colors, TINYGLTF_TYPE_VEC3, 3, TINYGLTF_TARGET_ARRAY_BUFFER, false);
  tinygltf::Accessor idx;
  idx.bufferView = addView(m, d.indices.data(), d.indices.size() * sizeof(std::uint32_t),
                           TINYGLTF_TARGET_ELEMENT_ARRAY_BUFFER);
  idx.componentType = TINYGLTF_COMPONENT_TYPE_UNSIGNED_INT;
  idx.count = d.indices.size();
  idx.type = TINYGLTF_TYPE_SCALAR;
  m.accessors.push_back(idx);
  p.indices = static_cast<int>(m.accessors.size() - 1);
  p.material = 0;
  p.mode = TINYGLTF_MODE_TRIANGLES;
  tinygltf::Mesh mesh;
  mesh.name = name;
  mesh.primitives.push_back(p);
  m.meshes.push_back(mesh);
  return static_cast<int>(m.meshes.size() - 1);
}

std::vector<double> xyzw(const Quat& q) { return {q.x(), q.y(), q.z(), q.w()}; }

// Rotation keys as x, y, z, w floats, each on the hemisphere of the one before (q and -q are
// the same rotation; LINEAR interpolation must take the short way).
std::vector<float> rotationKeys(const std::vector<Quat>& qs) {
  std::vector<float> out;
  out.reserve(4 * qs.size());
  Quat last = Quat::Identity();
  for (std::size_t k = 0; k < qs.size(); ++k) {
    Quat q = qs[k].normalized();
    if (k > 0 && last.dot(q) < 0) q.coeffs() = -q.coeffs();
    last = q;
    for (const double c : xyzw(q)) out.push_back(static_cast<float>(c));
  }
  return out;
}

void animate(tinygltf::Model& m, tinygltf::Animation& anim, int input, int node, const std::string& path,
             const std::vector<float>& values, int type) {
  tinygltf::AnimationSampler s;
  s.input = input;
  s.output = addAccessor(m, values, type, type == TINYGLTF_TYPE_VEC4 ? 4 : 3, 0, false);
  s.interpolation = "LINEAR";
  anim.samplers.push_back(s);
  tinygltf::AnimationChannel c;
  c.sampler = static_cast<int>(anim.samplers.size() - 1);
  c.target_node = node;
  c.target_path = path;
  anim.channels.push_back(c);
}

}  // namespace

void writeGlb(const TakeTracks& tr, const VehicleDims& dims, const std::string& name, std::ostream& out) {
  if (tr.keys.empty()) throw std::runtime_error("no keyframes to export");
  tinygltf::Model m;
  m.asset.version = "2.0";
  m.asset.generator = "lieride export";
  m.buffers.emplace_back();
  tinygltf::Material mat;
  mat.name = "vertex colour";
  mat.pbrMetallicRoughness.metallicFactor = 0.0;
  mat.pbrMetallicRoughness.roughnessFactor = 0.6;
  m.materials.push_back(mat);

  tinygltf::Node root;  // z-up (simulation) to y-up (glTF): -90 degrees about x
  root.name = "lieride world (z up)";
  root.rotation = xyzw(Quat(Eigen::AngleAxisd(-0.5 * 3.14159265358979323846, Vec3::UnitX())));
  root.children = {1};
  m.nodes.push_back(root);

  const PoseKey& first = tr.keys.front();
  tinygltf::Node body;
  body.name = dims.descriptionName.empty() ? tr.vehicle : dims.descriptionName;  // docs/formats.md 6
  if (const MeshData mesh = bodyMesh(tr.vehicle, dims); !mesh.empty())  // empty: every part moves
    body.mesh = addMesh(m, mesh, body.name + " body");
  body.translation = {first.position.x(), first.position.y(), first.position.z()};
  body.rotation = xyzw(first.orientation.normalized());
  m.nodes.push_back(body);

  const std::vector<Part> parts = articulate(tr, dims);
  const int firstPart = static_cast<int>(m.nodes.size());
  for (const Part& p : parts) {
    tinygltf::Node n;
    n.name = p.name;
    if (!p.mesh.empty()) n.mesh = addMesh(m, p.mesh, p.name);
    if (!p.offset.isZero()) n.translation = {p.offset.x(), p.offset.y(), p.offset.z()};
    if (!p.rotation.empty()) n.rotation = xyzw(p.rotation.front().normalized());
    m.nodes.push_back(n);
    const int self = static_cast<int>(m.nodes.size() - 1);
    m.nodes[static_cast<std::size_t>(p.parent < 0 ? 1 : firstPart + p.parent)].children.push_back(self);
  }

  // The take's scenery: static nodes under the world node, beside the vehicle.
  for (const SceneryPiece& piece : dims.scenery) {
    tinygltf::Node n;
    n.name = piece.name;
    n.mesh = addMesh(m, piece.mesh, piece.name);
    n.translation = {piece.translation.x(), piece.translation.y(), piece.translation.z()};
    if (piece.heading != 0.0) n.rotation = xyzw(Quat(Eigen::AngleAxisd(piece.heading, Vec3::UnitZ())));
    m.nodes.push_back(n);
    m.nodes[0].children.push_back(static_cast<int>(m.nodes.size() - 1));
  }

  tinygltf::Animation anim;
  anim.name = "take";
  std::vector<float> times, translations;
  std::vector<Quat> orientations;
  for (const PoseKey& k : tr.keys) {
    times.push_back(static_cast<float>(k.t));
    for (int i = 0; i < 3; ++i) translations.push_back(static_cast<float>(k.position(i)));
    orientations.push_back(k.orientation);
  }
  // Times must increase strictly once rounded to float (frames closer than float resolution merge).
  for (std::size_t i = 1; i < times.size(); ++i)
    if (!(times[i] > times[i - 1])) throw std::runtime_error("keyframe times closer than float resolution");
  const int input = addAccessor(m, times, TINYGLTF_TYPE_SCALAR, 1, 0, true);
  animate(m, anim, input, 1, "translation", translations, TINYGLTF_TYPE_VEC3);
  animate(m, anim, input, 1, "rotation", rotationKeys(orientations), TINYGLTF_TYPE_VEC4);
  for (std::size_t i = 0; i < parts.size(); ++i)
    if (!parts[i].rotation.empty())
      animate(m, anim, input, firstPart + static_cast<int>(i), "rotation", rotationKeys(parts[i].rotation),
              TINYGLTF_TYPE_VEC4);
  m.animations.push_back(anim);

  tinygltf::Scene scene;
  scene.name = name;
  scene.nodes = {0};
  m.scenes.push_back(scene);
  m.defaultScene = 0;

  tinygltf::TinyGLTF gltf;
  if (!gltf.WriteGltfSceneToStream(&m, out, false, true)) throw std::runtime_error("tinygltf could not write the .glb");
}

}  // namespace lieride::exporter
