#include "expression_tape.hpp"

#include <ginac/ginac.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <stdexcept>
#include <sstream>
#include <string>

namespace lieride::reduced {

using namespace GiNaC;

namespace {
std::string text(const ex& e) {
  std::ostringstream o;
  o << e;
  return o.str();
}
}  // namespace

// Walks the expression DAG once; seen_ maps every compiled subexpression to its register.
class ExpressionTape::Compiler {
 public:
  explicit Compiler(ExpressionTape& t) : t_(t) {}
  std::map<ex, int, ex_is_less> seen_;
  int emit(const ex& e);

 private:
  using Op = ExpressionTape::Op;
  int push(Op op, int a, int b = 0, double c = 0.0) {
    t_.code_.push_back({op, a, b, c});
    return t_.numInputs_ + static_cast<int>(t_.code_.size()) - 1;
  }
  ExpressionTape& t_;
};

ExpressionTape::ExpressionTape(const std::vector<symbol>& inputs, const std::vector<ex>& outputs)
    : numInputs_(static_cast<int>(inputs.size())) {
  Compiler c(*this);
  for (int i = 0; i < numInputs_; ++i) c.seen_[inputs[static_cast<std::size_t>(i)]] = i;
  for (const ex& e : outputs) outputs_.push_back(c.emit(e.eval()));
  fuseSinCos();
  constants_.assign(outputs_.size(), 0.0);
  for (std::size_t i = 0; i < outputs_.size(); ++i) {
    const int reg = outputs_[i];
    if (reg >= numInputs_ && code_[static_cast<std::size_t>(reg - numInputs_)].op == Op::Const)
      constants_[i] = code_[static_cast<std::size_t>(reg - numInputs_)].c;
    else
      varying_.emplace_back(static_cast<int>(i), reg);
  }
}

// sin(x) and cos(x) of one argument (the rotating wheels and axles of most vehicles): one
// sincos at the earlier of the two instructions.
void ExpressionTape::fuseSinCos() {
  std::map<int, std::size_t> sinOf, cosOf;
  for (std::size_t i = 0; i < code_.size(); ++i) {
    if (code_[i].op == Op::Sin) sinOf.emplace(code_[i].a, i);
    if (code_[i].op == Op::Cos) cosOf.emplace(code_[i].a, i);
  }
  for (const auto& [arg, si] : sinOf) {
    const auto it = cosOf.find(arg);
    if (it == cosOf.end()) continue;
    const std::size_t ci = it->second;
    const std::size_t first = std::min(si, ci), second = std::max(si, ci);
    code_[first] = {si < ci ? Op::SinCos : Op::CosSin, arg, numInputs_ + static_cast<int>(second), 0.0};
    code_[second] = {Op::Nop, 0, 0, 0.0};
  }
}

int ExpressionTape::Compiler::emit(const ex& e) {
  if (auto it = seen_.find(e); it != seen_.end()) return it->second;
  int r = -1;
  if (is_a<numeric>(e) || is_a<constant>(e)) {
    const ex v = e.evalf();
    if (!is_a<numeric>(v) || !ex_to<numeric>(v).is_real())
      throw std::invalid_argument("not a real constant: " + text(e));
    r = push(Op::Const, 0, 0, ex_to<numeric>(v).to_double());
  } else if (is_a<symbol>(e)) {
    throw std::invalid_argument("unknown symbol '" + text(e) + "'");
  } else if (is_a<add>(e)) {
    r = emit(e.op(0));
    for (std::size_t i = 1; i < e.nops(); ++i) {
      const ex& t = e.op(i);
      // a + (-1) * b as a - b
      if (is_a<mul>(t) && t.nops() > 0 && t.op(t.nops() - 1).is_equal(ex(-1)))
        r = push(Op::Sub, r, emit(-t));
      else
        r = push(Op::Add, r, emit(t));
    }
  } else if (is_a<mul>(e)) {
    int num = -1, den = -1;
    bool negate = false;
    for (std::size_t i = 0; i < e.nops(); ++i) {
      const ex& f = e.op(i);
      if (f.is_equal(ex(-1))) {
        negate = !negate;
        continue;
      }
      if (is_a<power>(f) && is_a<numeric>(f.op(1)) && ex_to<numeric>(f.op(1)).is_negative()) {
        const int d = emit(power(f.op(0), -f.op(1)));
        den = den < 0 ? d : push(Op::Mul, den, d);
      } else {
        const int n = emit(f);
        num = num < 0 ? n : push(Op::Mul, num, n);
      }
    }
    if (num < 0) num = push(Op::Const, 0, 0, 1.0);
    r = den < 0 ? num : push(Op::Div, num, den);
    if (negate) r = push(Op::Neg, r);
  } else if (is_a<power>(e)) {
    const ex& base = e.op(0);
    const ex& expo = e.op(1);
    if (is_a<numeric>(expo) && ex_to<numeric>(expo).is_integer()) {
      const long n = ex_to<numeric>(expo).to_long();
      if (n == 2) r = push(Op::Sq, emit(base));
      else if (n < 0) r = push(Op::Div, push(Op::Const, 0, 0, 1.0), emit(power(base, -expo)));
      else r = push(Op::PowInt, emit(base), static_cast<int>(n));
    } else if (expo.is_equal(ex(numeric(1, 2)))) {
      r = push(Op::Sqrt, emit(base));
    } else if (expo.is_equal(ex(numeric(-1, 2)))) {
      r = push(Op::Div, push(Op::Const, 0, 0, 1.0), push(Op::Sqrt, emit(base)));
    } else {
      r = push(Op::Pow, emit(base), emit(expo));
    }
  } else if (is_a<function>(e)) {
    const std::string name = ex_to<function>(e).get_name();
    static const std::map<std::string, Op> unary = {
        {"sin", Op::Sin},   {"cos", Op::Cos},   {"tan", Op::Tan},   {"exp", Op::Exp},   {"log", Op::Log},
        {"abs", Op::Abs},   {"atan", Op::Atan}, {"asin", Op::Asin}, {"acos", Op::Acos}, {"sinh", Op::Sinh},
        {"cosh", Op::Cosh}, {"tanh", Op::Tanh}};
    const auto it = unary.find(name);
    if (it == unary.end() || e.nops() != 1) throw std::invalid_argument("unsupported function '" + name + "'");
    r = push(it->second, emit(e.op(0)));
  } else {
    throw std::invalid_argument("unsupported expression: " + text(e));
  }
  seen_[e] = r;
  return r;
}

bool ExpressionTape::outputIsZero(int i) const {
  const int reg = outputs_[static_cast<std::size_t>(i)];
  if (reg < numInputs_) return false;
  const Instr& k = code_[static_cast<std::size_t>(reg - numInputs_)];
  return k.op == Op::Const && k.c == 0.0;
}

template <int L>
void ExpressionTape::evalLanes(const double* const* in, double* const* out, double* w) const {
  sweep<L>(in, w);
  for (const auto& [i, reg] : varying_)
    for (int l = 0; l < L; ++l) out[l][i] = w[reg * L + l];
}

template <int L>
void ExpressionTape::sweep(const double* const* in, double* w) const {
  for (int i = 0; i < numInputs_; ++i)
    for (int l = 0; l < L; ++l) w[i * L + l] = in[l][i];
  double* r = w + numInputs_ * L;
  for (const Instr& k : code_) {
    const double* x = w + k.a * L;
    const double* y = w + k.b * L;
    switch (k.op) {
      case Op::Const: for (int l = 0; l < L; ++l) r[l] = k.c; break;
      case Op::Add: for (int l = 0; l < L; ++l) r[l] = x[l] + y[l]; break;
      case Op::Sub: for (int l = 0; l < L; ++l) r[l] = x[l] - y[l]; break;
      case Op::Mul: for (int l = 0; l < L; ++l) r[l] = x[l] * y[l]; break;
      case Op::Div: for (int l = 0; l < L; ++l) r[l] = x[l] / y[l]; break;
      case Op::Neg: for (int l = 0; l < L; ++l) r[l] = -x[l]; break;
      case Op::Sq: for (int l = 0; l < L; ++l) r[l] = x[l] * x[l]; break;
      case Op::PowInt:
        for (int l = 0; l < L; ++l) {
          double v = x[l], p = 1.0;
          for (int n = k.b; n > 0; n >>= 1, v *= v)
            if (n & 1) p *= v;
          r[l] = p;
        }
        break;
      case Op::Pow: for (int l = 0; l < L; ++l) r[l] = std::pow(x[l], y[l]); break;
      case Op::Sqrt: for (int l = 0; l < L; ++l) r[l] = std::sqrt(x[l]); break;
      case Op::Sin: for (int l = 0; l < L; ++l) r[l] = std::sin(x[l]); break;
      case Op::Cos: for (int l = 0; l < L; ++l) r[l] = std::cos(x[l]); break;
      case Op::Tan: for (int l = 0; l < L; ++l) r[l] = std::tan(x[l]); break;
      case Op::Exp: for (int l = 0; l < L; ++l) r[l] = std::exp(x[l]); break;
      case Op::Log: for (int l = 0; l < L; ++l) r[l] = std::log(x[l]); break;
      case Op::Abs: for (int l = 0; l < L; ++l) r[l] = std::abs(x[l]); break;
      case Op::Atan: for (int l = 0; l < L; ++l) r[l] = std::atan(x[l]); break;
      case Op::Asin: for (int l = 0; l < L; ++l) r[l] = std::asin(x[l]); break;
      case Op::Acos: for (int l = 0; l < L; ++l) r[l] = std::acos(x[l]); break;
      case Op::Sinh: for (int l = 0; l < L; ++l) r[l] = std::sinh(x[l]); break;
      case Op::Cosh: for (int l = 0; l < L; ++l) r[l] = std::cosh(x[l]); break;
      case Op::Tanh: for (int l = 0; l < L; ++l) r[l] = std::tanh(x[l]); break;
      case Op::SinCos: for (int l = 0; l < L; ++l) ::sincos(x[l], r + l, w + k.b * L + l); break;
      case Op::CosSin: for (int l = 0; l < L; ++l) ::sincos(x[l], w + k.b * L + l, r + l); break;
      case Op::Nop: break;
    }
    r += L;
  }
}

template void ExpressionTape::evalLanes<1>(const double* const*, double* const*, double*) const;
template void ExpressionTape::evalLanes<2>(const double* const*, double* const*, double*) const;
template void ExpressionTape::sweep<2>(const double* const*, double*) const;

}  // namespace lieride::reduced
