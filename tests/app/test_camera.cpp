// The chase camera (app/gui/render/camera.*): framing side-by-side copies, keeping its line of
// sight clear of the Optimize problem's obstacles (in front of a wall, over a parked car).
#include <catch2/catch.hpp>
#include <glm/glm.hpp>

#include <cmath>
#include <vector>

#include "render/camera.hpp"

using namespace lieride::gui;

TEST_CASE("camera: side-by-side copies are framed by those still running", "[app][camera]") {
  // large steps with an rk2 copy: rk2 freezes where it blew up, 40 m off; framing it too put
  // the two running bodies at the window's bottom edge, under the vehicle read-out.
  const std::vector<glm::vec3> at{{0, 0, 0}, {3, 0, 0}, {10, 0, 40}};
  const CopyFraming running = frameCopies(at, {false, false, true});
  CHECK(running.focus.x == Approx(1.5f));
  CHECK(running.focus.z == Approx(0.0f));
  CHECK(running.spread == Approx(3.0f));
  const CopyFraming all = frameCopies(at, {false, false, false});  // none diverged: all three
  CHECK(all.focus.z == Approx(40.0f / 3.0f));
  CHECK(all.spread == Approx(glm::length(at[2] - at[0])));
  const CopyFraming none = frameCopies(at, {true, true, true});  // all diverged: still all three
  CHECK(none.focus.x == Approx(13.0f / 3.0f));
  CHECK(frameCopies({{1, 2, 3}}, {false}).spread == 0.0f);  // one vehicle: itself
}

TEST_CASE("camera: the chase camera comes in front of a wall between it and the vehicle", "[app][camera]") {
  // The optimal canyon flight: the helicopter turns along the canyon and the chase camera,
  // 1.9 sizes behind it, ended behind a wall, which then filled the view.
  CameraRig cam;
  cam.mode = CameraMode::Chase;
  const glm::vec3 target(0, 0, 10);
  const float size = 4.0f;  // the chase eye sits 7.6 m behind (-x), 2.6 m up
  cam.update(0.016, target, 0.0f, size, {});
  const float unblocked = glm::length(cam.eye() - target);
  CHECK(unblocked == Approx(std::hypot(1.9f * size, 0.65f * size)).epsilon(1e-4));
  // A wall 3 m behind the vehicle, 1 m thick, turned 0.3 rad: the eye comes in front of it.
  const Occluder wall{glm::vec3(-3.5f, 0, 10), glm::vec3(0.5f, 20, 20), 0.3f};
  cam.setOccluders({wall});
  cam.update(0.016, target, 0.0f, size, {});
  const glm::vec3 dir = glm::normalize(cam.eye() - target);
  const float reach = firstOcclusion({wall}, target, dir, 100.0f);
  CHECK(reach < 100.0f);                                       // the line back does meet the wall
  CHECK(glm::length(cam.eye() - target) < reach);               // and the eye is on this side of it
  CHECK(glm::length(cam.eye() - target) > 0.5f * reach - 1e-4f);
  CHECK(firstOcclusion({wall}, target, dir, glm::length(cam.eye() - target)) == glm::length(cam.eye() - target));
  // A box that contains the vehicle (parked in a drawn obstacle) does not pull the camera in,
  // and boxes beside the line of sight do not either.
  const Occluder around{target, glm::vec3(1, 1, 1), 0.0f}, aside{glm::vec3(-4, 6, 10), glm::vec3(1, 1, 1), 0.0f};
  cam.setOccluders({around, aside});
  for (int i = 0; i < 400; ++i) cam.update(0.016, target, 0.0f, size, {});
  CHECK(glm::length(cam.eye() - target) == Approx(unblocked).epsilon(1e-3));
  // The slab test itself: a ray straight at a unit box 5 m away enters it at 4 m, one that
  // passes 1.5 m beside it never does.
  const std::vector<Occluder> unit{{glm::vec3(5, 0, 0), glm::vec3(1, 1, 1), 0.0f}};
  CHECK(firstOcclusion(unit, glm::vec3(0), glm::vec3(1, 0, 0), 50.0f) == Approx(4.0f));
  CHECK(firstOcclusion(unit, glm::vec3(0, 2.5f, 0), glm::vec3(1, 0, 0), 50.0f) == 50.0f);
  CHECK(firstOcclusion(unit, glm::vec3(0), glm::vec3(-1, 0, 0), 50.0f) == 50.0f);  // behind the ray
}

TEST_CASE("camera: the chase camera rises over a low obstacle behind the vehicle", "[app][camera]") {
  // Parking: the rear parked car (a 1.5 m box) 1 m behind the car hid the car's lower half from
  // the chase eye, 2.9 m up: the eye now rises (same distance behind) until the lines from the
  // car's base and its middle pass over the box, instead of staying low.
  CameraRig cam;
  cam.mode = CameraMode::Chase;
  const glm::vec3 target(0, 0, 0);
  const float size = 4.5f;
  const Occluder parked{glm::vec3(-4.0f, 0, 0.75f), glm::vec3(2.25f, 0.9f, 0.75f), 0.0f};
  cam.setOccluders({parked});
  for (int i = 0; i < 600; ++i) cam.update(0.016, target, 0.0f, size, {});
  const glm::vec3 eye = cam.eye();
  CHECK(eye.z > 0.65f * size + 0.5f);                          // above the unobstructed height
  CHECK(eye.x == Approx(-1.9f * size).epsilon(1e-3));           // as far behind as before
  for (const float h : {0.05f * size, 0.3f * size}) {
    const glm::vec3 from = target + glm::vec3(0, 0, h), line = eye - from;
    CHECK(firstOcclusion({parked}, from, glm::normalize(line), glm::length(line)) == glm::length(line));
  }
}


TEST_CASE("camera: the overview's orbit distance puts every point inside the image, and no less would", "[app][camera]") {
  // The landing's start 10 m up and 30 m from its pad: a distance from their spread alone put
  // the helicopter at the window's top edge. Projected with the rig's own view and projection.
  const std::vector<glm::vec3> points{{0, 0, 10}, {30, 0, 0.3f}, {12, 3, 6}, {22, -2, 2}};
  const glm::vec3 centre(15, 0, 5);
  for (const float aspect : {1.0f, 2.2f}) {
    CameraRig cam;
    cam.mode = CameraMode::Orbit;
    cam.orbitYaw = -1.2f;
    cam.orbitPitch = 0.75f;
    const float tanHalfHeight = std::tan(0.5f * cam.fovy), tanHalfWidth = aspect * tanHalfHeight;
    const float d = orbitDistanceToFit(points, centre, cam.orbitYaw, cam.orbitPitch, tanHalfWidth, tanHalfHeight);
    auto largestNdc = [&](float distance) {
      cam.orbitDistance = distance;
      cam.snap();
      cam.update(0.016, centre, 0.0f, 1.0f, {});
      const glm::mat4 m = cam.projection(aspect) * cam.view();
      float most = 0;
      for (const glm::vec3& p : points) {
        const glm::vec4 c = m * glm::vec4(p, 1.0f);
        REQUIRE(c.w > 0);  // in front of the eye
        most = std::max({most, std::abs(c.x / c.w), std::abs(c.y / c.w)});
      }
      return most;
    };
    CAPTURE(aspect, d);
    CHECK(largestNdc(d) == Approx(1.0f).epsilon(1e-3));  // one point on the image's edge
    CHECK(largestNdc(1.1f * d) < 1.0f);
    CHECK(largestNdc(0.9f * d) > 1.0f);
  }
}
