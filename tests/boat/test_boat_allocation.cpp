// The per-step clip is allocation-free: after the first evaluation on a thread has
// sized its buffers, BoatForces::wrench never touches the heap, for any pose, velocity, time.
// Counted by replacing the global operator new in this test executable.
#include <catch2/catch.hpp>

#include <atomic>
#include <cstdlib>
#include <new>

#include "lieride/model/boat.hpp"

namespace {
std::atomic<long> allocations{0};
}

// Every non-aligned form is replaced, so that all of them pair malloc with free (sanitizers
// check that allocation and deallocation functions match).
void* operator new(std::size_t n) {
  allocations.fetch_add(1, std::memory_order_relaxed);
  if (void* p = std::malloc(n ? n : 1)) return p;
  throw std::bad_alloc();
}
void* operator new[](std::size_t n) { return operator new(n); }
void* operator new(std::size_t n, const std::nothrow_t&) noexcept {
  allocations.fetch_add(1, std::memory_order_relaxed);
  return std::malloc(n ? n : 1);
}
void* operator new[](std::size_t n, const std::nothrow_t& tag) noexcept { return operator new(n, tag); }
void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }
void operator delete(void* p, const std::nothrow_t&) noexcept { std::free(p); }
void operator delete[](void* p, const std::nothrow_t&) noexcept { std::free(p); }

using namespace lieride;

TEST_CASE("boat wrench evaluation allocates nothing after warm-up", "[boat][allocation]") {
  for (bool waves : {false, true}) {
    BoatParams p;
    p.hull = makeBoxHull(4.0, 1.6, 1.0, 4);
    p.wind.speed = 6.0;
    p.water.current = Vec2(0.3, 0.1);
    if (waves) p.water.waves.push_back({0.3, 30.0, Vec2(1.0, 0.5), 0.2});
    const BoatForces boat(p);
    InputVec u(2);
    u << 300.0, 100.0;
    SE3 g{Quat(Eigen::AngleAxisd(0.1, Vec3(1, 0.4, 0.2).normalized())), Vec3(0.0, 0.0, 0.3)};
    Vec6 xi;
    xi << 0.1, -0.05, 0.2, 2.0, 0.3, -0.1;
    Vec6 sum = boat.wrench(0.0, g, xi, u);  // warm-up
    const long before = allocations.load();
    for (int k = 1; k <= 1000; ++k) {
      const double t = 0.01 * k;
      g.x = Vec3(0.01 * k, 0.002 * k, 0.3 + 0.1 * std::sin(t));
      g.q = Quat(Eigen::AngleAxisd(0.2 * std::sin(t), Vec3(1, 0.4, 0.2).normalized()));
      sum += boat.wrench(t, g, xi, u);
      sum += boat.wrench(t, g, 1.01 * xi, u);  // same pose: the cached clip
    }
    CHECK(allocations.load() - before == 0);
    CHECK(sum.allFinite());
  }
}
