#pragma once
// Compiled expression trees: a list of GiNaC expressions in a few input variables, flattened
// once into a straight-line tape of double operations with common subexpressions shared
// (sin(phi) appearing in ten entries is computed once). Evaluating the tape is a loop over a
// few dozen instructions; GiNaC is not touched after compilation.
#include <utility>
#include <vector>

namespace GiNaC {
class ex;
class symbol;
}  // namespace GiNaC

namespace lieride::reduced {

class ExpressionTape {
 public:
  ExpressionTape() = default;
  // Throws std::invalid_argument naming the first construct that cannot be compiled
  // (a complex constant, an unsupported function).
  ExpressionTape(const std::vector<GiNaC::symbol>& inputs, const std::vector<GiNaC::ex>& outputs);

  int numInputs() const { return numInputs_; }
  int numOutputs() const { return static_cast<int>(outputs_.size()); }
  int numRegisters() const { return numInputs_ + static_cast<int>(code_.size()); }
  // Whether output i is the constant 0 (an entry that does not depend on the inputs and is zero,
  // as the symbolic derivative of an entry in a variable it does not contain).
  bool outputIsZero(int i) const;
  // The outputs that do not depend on the inputs (constants folded at compilation, as the zero
  // derivatives and the zero padding of the kernel's layouts), at their values, the rest 0:
  // computed once, so that eval() writes only the varying outputs.
  const double* constantOutputs() const { return constants_.data(); }
  // in: numInputs() values; out: numOutputs() values whose constant outputs already hold
  // constantOutputs() (eval() writes only the others); work: numRegisters() scratch doubles.
  void eval(const double* in, double* out, double* work) const { evalLanes<1>(&in, &out, work); }
  // Two points in one sweep (in0 -> out0, in1 -> out1): work holds 2 numRegisters() doubles.
  void eval2(const double* in0, const double* in1, double* out0, double* out1, double* work) const {
    const double* in[2] = {in0, in1};
    double* out[2] = {out0, out1};
    evalLanes<2>(in, out, work);
  }
  // The varying outputs (those constantOutputs() does not hold): output index and register.
  const std::vector<std::pair<int, int>>& varyingOutputs() const { return varying_; }
  // The sweep of eval2() without the copy to outputs: register i of point l ends at
  // work[2 i + l] (the caller reads the varying outputs' registers itself).
  void sweep2(const double* in0, const double* in1, double* work) const {
    const double* in[2] = {in0, in1};
    sweep<2>(in, work);
  }

 private:
  // SinCos: sin into its register and cos into register b (the later Cos became a Nop); CosSin
  // the other way round.
  enum class Op : unsigned char { Const, Add, Sub, Mul, Div, Neg, Sq, PowInt, Pow, Sqrt, Sin, Cos, Tan, Exp, Log,
                                  Abs, Atan, Asin, Acos, Sinh, Cosh, Tanh, SinCos, CosSin, Nop };
  struct Instr {
    Op op;
    int a = 0, b = 0;
    double c = 0.0;
  };
  class Compiler;
  // L points at once, registers interleaved (register i of point l at work[i * L + l]).
  template <int L>
  void evalLanes(const double* const* in, double* const* out, double* w) const;
  template <int L>
  void sweep(const double* const* in, double* w) const;
  void fuseSinCos();

  int numInputs_ = 0;
  std::vector<Instr> code_;
  std::vector<int> outputs_;
  std::vector<double> constants_;  // constantOutputs()
  // The varying outputs: output index and register.
  std::vector<std::pair<int, int>> varying_;
};

}  // namespace lieride::reduced
