#pragma once
// A JacobianSink that passes on the triplets of the rows from `first` on: a collocation
// baseline (collocation.hpp) takes the obstacle and goal rows of the DMOC transcription it
// wraps and writes its own dynamics rows. Internal to the optimize module.
#include "lieride/optimize/nlp.hpp"

namespace lieride::opt {

class RowsFrom final : public JacobianSink {
 public:
  RowsFrom(JacobianSink* next, int first) : next_(next), first_(first) {}
  void add(int row, int col, double value) override {
    if (row >= first_) next_->add(row, col, value);
  }

 private:
  JacobianSink* next_;
  int first_;
};

}  // namespace lieride::opt
