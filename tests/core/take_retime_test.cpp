// retimeTake (lieride sim --dt on a take, the app's ghost with its own h): the take re-cut in
// time, each new step holding the recorded inputs of the step running when it starts, events
// and the in-point at the new step nearest their take clock (docs/formats.md section 6).
#include <catch2/catch.hpp>
#include <stdexcept>

#include "lieride/sim/take.hpp"

using namespace lieride;

namespace {

// `steps` recorded steps whose one input channel holds the step's number.
Take numbered(long steps) {
  Take t;
  t.steps = steps;
  t.inputChannels = {"u"};
  for (long k = 0; k < steps; ++k) t.stepInputs.push_back(static_cast<double>(k));
  return t;
}

TakeEvent event(long step, TakeEventKind kind, double dt = 0.0, const std::string& integrator = "") {
  TakeEvent e;
  e.step = step;
  e.kind = kind;
  e.dt = dt;
  e.integrator = integrator;
  return e;
}

}  // namespace

TEST_CASE("retimeTake: the take's own h changes nothing", "[take]") {
  Take t = numbered(10);
  t.events = {event(0, TakeEventKind::Reset), event(4, TakeEventKind::Integrator, 0.0, "rk4")};
  t.start = 3;
  const Take before = t;
  retimeTake(t, 0.01, 0.01);
  CHECK(t.steps == before.steps);
  CHECK(t.stepInputs == before.stepInputs);
  CHECK(t.start == 3);
  REQUIRE(t.events.size() == 2);
  CHECK(t.events[1].step == 4);
}

TEST_CASE("retimeTake: twice the h takes every other recorded row, half the h each row twice", "[take]") {
  Take coarse = numbered(10);
  retimeTake(coarse, 0.01, 0.02);
  CHECK(coarse.steps == 5);
  CHECK(coarse.stepInputs == std::vector<double>{0, 2, 4, 6, 8});
  Take fine = numbered(4);
  retimeTake(fine, 0.01, 0.005);
  CHECK(fine.steps == 8);
  CHECK(fine.stepInputs == std::vector<double>{0, 0, 1, 1, 2, 2, 3, 3});
  // 10 steps of 0.01 s hold three whole steps of 0.03 s: the take ends at 0.09, not past 0.1.
  Take odd = numbered(10);
  retimeTake(odd, 0.01, 0.03);
  CHECK(odd.steps == 3);
  CHECK(odd.stepInputs == std::vector<double>{0, 3, 6});
}

TEST_CASE("retimeTake: a recorded change of h and a reset move the take clock, events keep their time", "[take]") {
  // Recorded steps 0-3 at 0.01 s, steps 4-7 at 0.02 s (clock 0.04 ... 0.12), an integrator
  // switch before step 6 (clock 0.08), a reset before step 8 (clock 0.12; back to the file's
  // 0.01 s), steps 8-9 at 0.01 s: the take ends at 0.14 s.
  Take t = numbered(10);
  t.events = {event(4, TakeEventKind::TimeStep, 0.02), event(6, TakeEventKind::Integrator, 0.0, "rk4"),
              event(8, TakeEventKind::Reset)};
  retimeTake(t, 0.01, 0.01);
  CHECK(t.steps == 14);
  CHECK(t.stepInputs == std::vector<double>{0, 1, 2, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 9});
  REQUIRE(t.events.size() == 2);  // the dt event is dropped: h = 0.01 throughout
  CHECK(t.events[0].kind == TakeEventKind::Integrator);
  CHECK(t.events[0].step == 8);   // clock 0.08 (the start of recorded step 6)
  CHECK(t.events[0].t == Approx(0.08));
  CHECK(t.events[1].kind == TakeEventKind::Reset);
  CHECK(t.events[1].step == 12);  // clock 0.12
}

TEST_CASE("retimeTake: the in-point moves to its take clock, a take without inputs keeps none", "[take]") {
  Take t;
  t.steps = 100;
  t.start = 40;
  retimeTake(t, 0.01, 0.04);
  CHECK(t.steps == 25);
  CHECK(t.start == 10);
  CHECK(t.stepInputs.empty());
}

TEST_CASE("retimeTake: inputs re-cut past the limit are refused, naming --dt", "[take]") {
  Take t = numbered(10);
  try {
    retimeTake(t, 0.01, 1e-12);
    FAIL("no exception");
  } catch (const std::invalid_argument& e) {
    CHECK(std::string(e.what()).find("--dt") != std::string::npos);
  }
  CHECK(t.steps == 10);  // left as it was
}

TEST_CASE("retimeTake: steps inside sub-steps count at h / n, the substeps events are dropped", "[take]") {
  // Recorded steps 0-1 at 0.02 s, then sub-steps of 0.01 s (n = 2) for steps 2-5, then whole
  // steps again: the take ends at 0.04 + 0.04 + 0.04 = 0.12 s.
  Take t = numbered(8);
  TakeEvent on = event(2, TakeEventKind::Substeps);
  on.substeps = 2;
  TakeEvent off = event(6, TakeEventKind::Substeps);
  off.substeps = 1;
  t.events = {on, off, event(6, TakeEventKind::Integrator, 0.0, "rk4")};
  retimeTake(t, 0.02, 0.02);
  CHECK(t.steps == 6);
  CHECK(t.stepInputs == std::vector<double>{0, 1, 2, 4, 6, 7});
  REQUIRE(t.events.size() == 1);
  CHECK(t.events[0].kind == TakeEventKind::Integrator);
  CHECK(t.events[0].step == 4);  // clock 0.08
}
