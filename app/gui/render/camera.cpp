#include "render/camera.hpp"

#include <algorithm>
#include <cmath>
#include <glm/gtc/matrix_transform.hpp>

namespace lieride::gui {

const char* cameraModeName(CameraMode m) {
  switch (m) {
    case CameraMode::Chase: return "chase";
    case CameraMode::Orbit: return "orbit";
    case CameraMode::Free: return "free";
  }
  return "chase";
}

namespace {
float wrapPi(float a) {
  while (a > 3.14159265f) a -= 6.2831853f;
  while (a < -3.14159265f) a += 6.2831853f;
  return a;
}
}  // namespace

float orbitDistanceToFit(const std::vector<glm::vec3>& points, const glm::vec3& center, float yaw, float pitch,
                         float tanHalfWidth, float tanHalfHeight) {
  // The eye sits at center + d * back; a point at r = p - center lies d - r.back in front of it
  // and |r.right|, |r.up| off the axis, so it is inside when those are within the tangents
  // times its depth.
  const glm::vec3 back(std::cos(pitch) * std::cos(yaw), std::cos(pitch) * std::sin(yaw), std::sin(pitch));
  const glm::vec3 right = glm::normalize(glm::cross(-back, glm::vec3(0, 0, 1)));
  const glm::vec3 up = glm::cross(right, -back);
  float d = 0;
  for (const glm::vec3& p : points) {
    const glm::vec3 r = p - center;
    const float toward = glm::dot(r, back);
    d = std::max({d, toward + std::abs(glm::dot(r, right)) / tanHalfWidth, toward + std::abs(glm::dot(r, up)) / tanHalfHeight});
  }
  return d;
}

CopyFraming frameCopies(const std::vector<glm::vec3>& at, const std::vector<bool>& frozen) {
  const bool anyRunning = std::any_of(frozen.begin(), frozen.end(), [](bool f) { return !f; }) || frozen.size() < at.size();
  auto counted = [&](std::size_t i) { return !anyRunning || i >= frozen.size() || !frozen[i]; };
  CopyFraming out;
  float n = 0;
  for (std::size_t i = 0; i < at.size(); ++i) {
    if (!counted(i)) continue;
    out.focus += at[i];
    n += 1;
    for (std::size_t j = 0; j < i; ++j)
      if (counted(j)) out.spread = std::max(out.spread, glm::length(at[i] - at[j]));
  }
  if (n > 0) out.focus /= n;
  return out;
}

float firstOcclusion(const std::vector<Occluder>& boxes, const glm::vec3& from, const glm::vec3& dir, float maxDistance) {
  float nearest = maxDistance;
  for (const Occluder& b : boxes) {
    // The ray in the box's frame (turned by -heading about z), then the slab test per axis.
    const float c = std::cos(b.heading), s = std::sin(b.heading);
    const glm::vec3 d0 = from - b.center;
    const glm::vec3 o(c * d0.x + s * d0.y, -s * d0.x + c * d0.y, d0.z);
    const glm::vec3 v(c * dir.x + s * dir.y, -s * dir.x + c * dir.y, dir.z);
    float enter = -INFINITY, leave = INFINITY;
    bool missed = false;
    for (int a = 0; a < 3 && !missed; ++a) {
      if (std::abs(v[a]) < 1e-9f) {
        missed = std::abs(o[a]) > b.halfSize[a];  // parallel to the slab and outside it
        continue;
      }
      float t0 = (-b.halfSize[a] - o[a]) / v[a], t1 = (b.halfSize[a] - o[a]) / v[a];
      if (t0 > t1) std::swap(t0, t1);
      enter = std::max(enter, t0);
      leave = std::min(leave, t1);
    }
    if (missed || enter > leave || enter < 0.0f) continue;  // no hit, or `from` inside the box
    nearest = std::min(nearest, enter);
  }
  return nearest;
}

bool CameraRig::clearLine(const glm::vec3& from, const glm::vec3& to) const {
  const glm::vec3 line = to - from;
  const float length = glm::length(line);
  return !(length > 1e-4f) || firstOcclusion(occluders_, from, line / length, length) >= length;
}

glm::vec3 CameraRig::unoccluded(const glm::vec3& target, const glm::vec3& eye) const {
  const glm::vec3 line = eye - target;
  const float length = glm::length(line);
  if (occluders_.empty() || !(length > 1e-4f)) return eye;
  const glm::vec3 dir = line / length;
  const float free = firstOcclusion(occluders_, target, dir, length);
  if (free >= length) return eye;
  constexpr float kClearance = 0.3f;  // in front of the wall, not on it (the near plane is 0.05 m)
  return target + dir * std::max(free - kClearance, 0.5f * free);
}

void CameraRig::update(double dt, const glm::vec3& target, float yaw, float size, const CameraInput& in) {
  const float k = first_ ? 1.0f : 1.0f - std::exp(-static_cast<float>(dt) * 4.0f);
  if (orbitDistance <= 0) orbitDistance = 3.2f * size;
  switch (mode) {
    case CameraMode::Chase: {
      if (first_) chaseYaw_ = yaw;
      chaseYaw_ += wrapPi(yaw - chaseYaw_) * (first_ ? 1.0f : 1.0f - std::exp(-static_cast<float>(dt) * 1.5f));
      const float dist = 1.9f * size;
      glm::vec3 offset(-std::cos(chaseYaw_) * dist, -std::sin(chaseYaw_) * dist, 0.65f * size);
      // Over an obstacle rather than into it: while the line from the vehicle's base or from
      // its centre to the eye crosses an occluder, the eye rises (the same distance behind).
      // Coming in along the line alone left the camera low behind a parked car, whose box then
      // covered the lower half of the view and hid the car reversing into the slot.
      if (!occluders_.empty()) {
        const glm::vec3 low = target + glm::vec3(0, 0, 0.05f * size), mid = target + glm::vec3(0, 0, 0.3f * size);
        for (const float rise : {0.65f, 1.0f, 1.4f, 1.9f, 2.6f}) {
          offset.z = rise * size;
          if (clearLine(low, target + offset) && clearLine(mid, target + offset)) break;
        }
      }
      const glm::vec3 want = unoccluded(target, target + offset);
      eye_ += (want - eye_) * k;
      eye_ = unoccluded(target, eye_);  // the smoothing must not carry it behind a wall either
      center_ += (target + glm::vec3(0, 0, 0.15f * size) - center_) * (first_ ? 1.0f : 1.0f - std::exp(-static_cast<float>(dt) * 10.0f));
      break;
    }
    case CameraMode::Orbit: {
      orbitYaw -= in.dragLeft.x * 0.006f;
      orbitPitch = std::clamp(orbitPitch + in.dragLeft.y * 0.005f, -0.2f, 1.5f);
      orbitDistance = std::clamp(orbitDistance * std::pow(0.88f, in.wheel), 0.5f, 400.0f);
      center_ += (target - center_) * (first_ ? 1.0f : 1.0f - std::exp(-static_cast<float>(dt) * 10.0f));
      eye_ = center_ + orbitDistance * glm::vec3(std::cos(orbitPitch) * std::cos(orbitYaw),
                                                  std::cos(orbitPitch) * std::sin(orbitYaw), std::sin(orbitPitch));
      break;
    }
    case CameraMode::Free: {
      if (first_) {
        freePos_ = eye_;
        const glm::vec3 d = glm::normalize(center_ - eye_);
        freeYaw_ = std::atan2(d.y, d.x);
        freePitch_ = std::asin(std::clamp(d.z, -1.0f, 1.0f));
      }
      freeYaw_ -= (in.dragLeft.x + in.dragRight.x) * 0.005f;
      freePitch_ = std::clamp(freePitch_ - (in.dragLeft.y + in.dragRight.y) * 0.005f, -1.5f, 1.5f);
      const glm::vec3 fwd(std::cos(freePitch_) * std::cos(freeYaw_), std::cos(freePitch_) * std::sin(freeYaw_), std::sin(freePitch_));
      const glm::vec3 right = glm::normalize(glm::cross(fwd, glm::vec3(0, 0, 1)));
      const glm::vec3 up = glm::cross(right, fwd);
      freePos_ += fwd * in.wheel * 0.8f * size;
      freePos_ += (-right * in.dragMiddle.x + up * in.dragMiddle.y) * 0.01f * size;
      eye_ = freePos_;
      center_ = freePos_ + fwd;
      break;
    }
  }
  // Never look from under the ground (the free camera included: it slides along it).
  eye_.z = std::max(eye_.z, 0.3f);
  freePos_.z = std::max(freePos_.z, 0.3f);
  first_ = false;
}

glm::mat4 CameraRig::view() const { return glm::lookAt(eye_, center_, glm::vec3(0, 0, 1)); }

glm::mat4 CameraRig::projection(float aspect) const {
  return glm::translate(glm::mat4(1.0f), glm::vec3(shift, 0.0f)) * glm::perspective(fovy, std::max(aspect, 0.1f), 0.05f, 2000.0f);
}

}  // namespace lieride::gui
