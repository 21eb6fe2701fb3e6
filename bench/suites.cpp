#include "bench_suite.hpp"

namespace lieride::bench {

const std::vector<BenchSuite>& benchSuites() {
  static const std::vector<BenchSuite> suites = [] {
    std::vector<BenchSuite> s;
    addRigidBodySuite(s);
    addStepCostSuite(s);
    addBoatSuite(s);
    addCarSuite(s);
    addNpParticleSuite(s);
    addSleighSuite(s);
    addSnakeboardSuite(s);
    addDescriptionSuite(s);
    addOptimizeSuite(s);
    addSleighOcpSuite(s);
    addTakeRecordSuite(s);
    return s;
  }();
  return suites;
}

}  // namespace lieride::bench
