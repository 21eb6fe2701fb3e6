// Reading, checking and compiling a vehicle description (docs/formats.md section 5). Entries
// are GiNaC expressions of the shape variables with the parameters substituted; their shape
// derivatives are taken symbolically and everything is compiled into ExpressionTapes.
#include <ginac/ginac.h>

#include <Eigen/Dense>
#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <toml++/toml.h>

#include "expression_tape.hpp"
#include "expression_text.hpp"
#include "reduced_kernel.hpp"
#include "lieride/sim/toml_text.hpp"
#include "lieride/sim/user_input.hpp"
#include "lieride/model/reduced_model.hpp"
#include "lieride/sim/table_reader.hpp"

namespace lieride {
namespace {

using GiNaC::ex;
using reduced::badPower;
using reduced::hasEmptyParentheses;
using reduced::identifier;
using reduced::kMaxNesting;
using reduced::tooDeep;

constexpr int kMaxReducedState = 8;  // NVec capacity: 3 + 2 s + (3 - k) numbers

class Loader {
 public:
  Loader(std::string file, const toml::table& doc) : file_(std::move(file)), doc_(doc) {}

  [[noreturn]] void fail(const std::string& key, const std::string& why) const {
    throw ScenarioError(file_ + ": key '" + key + "': " + why + overridden_);
  }
  // The scenario's [vehicle.parameters], named in every later message: a matrix that is not
  // positive definite with m = -2 from the scenario is the scenario's doing, not the file's.
  std::string overridden_;

  // The top-level keys, the name and the group; returns the name. Run first, so that a file
  // that is no description (a scenario, a problem, an empty file) is said to be one before
  // the scenario's [initial] shape is checked against it.
  std::string checkHeader() const {
    static const std::set<std::string> known = {"name", "summary", "group", "parameters", "shape", "kinetic",
                                                "constraints", "inputs", "parts"};
    for (const auto& [k, v] : doc_)
      if (!known.count(std::string(k.str()))) fail(std::string(k.str()), "unknown key for a vehicle description (docs/formats.md section 5)");
    const std::string name = str(doc_, "name", "name", "");
    if (name.empty()) fail("name", "expected a non-empty string");
    const std::string group = str(doc_, "group", "group", "SE2");
    if (group != "SE2") fail("group", "expected \"SE2\" (planar vehicles; SE(3) descriptions are not supported), got \"" + group + "\"");
    if (!doc_.get("kinetic")) fail("kinetic", "expected a table with matrix = [[...]] (the mass-inertia matrix)");
    if (const toml::node* n = doc_.get("shape"); n && !n->is_array())
      fail("shape", "expected an array of tables [[shape]]");
    return name;
  }

  int shapeCount() const {
    const toml::array* a = doc_["shape"].as_array();
    return a ? static_cast<int>(a->size()) : 0;
  }

  std::shared_ptr<ReducedDescription> load(const std::vector<std::pair<std::string, double>>& overrides,
                                           const std::vector<double>& initialShape, const std::string& overridesWhere) {
    auto d = std::make_shared<ReducedDescription>();
    d->file = file_;
    d->name = checkHeader();
    d->summary = str(doc_, "summary", "summary", "");
    readParameters(*d, overrides, overridesWhere);
    for (const auto& [name, value] : overrides)
      overridden_ += (overridden_.empty() ? " (with the scenario's vehicle.parameters " : ", ") + name + " = " + num(value);
    if (!overridden_.empty()) overridden_ += ")";
    readShape(*d);
    const int s = static_cast<int>(d->shape.size());
    const std::vector<double> r0 = initialShape.empty() ? std::vector<double>(static_cast<std::size_t>(s), 0.0) : initialShape;
    if (static_cast<int>(r0.size()) != s)
      fail("shape", "the scenario's initial shape has " + std::to_string(r0.size()) + " entries, expected " + std::to_string(s));
    for (int j = 0; j < s; ++j) {
      const auto& v = d->shape[static_cast<std::size_t>(j)];
      if (!(r0[static_cast<std::size_t>(j)] >= v.min && r0[static_cast<std::size_t>(j)] <= v.max)) {
        const std::string range = "[" + num(v.min) + ", " + num(v.max) + "]";
        throw InitialShapeOutOfRange(file_ + ": key 'shape[" + std::to_string(j) + "]': the range " + range + " of " + v.name +
                                         " excludes the initial shape " + v.name + " = " + num(r0[static_cast<std::size_t>(j)]),
                                     j, v.name + " within its range " + range + " (" + shown(file_, 200) + ")");
      }
    }
    readKinetic(s);
    readConstraints(*d, s);
    const int k = d->numConstraints;
    if (3 + 2 * s + (3 - k) > kMaxReducedState)
      fail("shape", std::to_string(s) + " shape variables and " + std::to_string(3 - k) +
                        " symmetry directions need a reduced state of " + std::to_string(3 + 2 * s + 3 - k) +
                        " numbers; at most " + std::to_string(kMaxReducedState) + " are supported");
    readInputs(*d);
    readParts(*d);
    derive(*d, r0);
    return d;
  }

 private:
  static std::string num(double v) {
    std::ostringstream o;
    o.precision(6);
    o << v;
    return o.str();
  }

  std::string str(const toml::table& t, const std::string& key, const std::string& where, const std::string& fallback) const {
    const toml::node* n = t.get(key);
    if (!n) return fallback;
    if (!n->is_string()) fail(where, "expected a string");
    return std::string(*n->value<std::string>());
  }

  void readParameters(ReducedDescription& d, const std::vector<std::pair<std::string, double>>& overrides,
                      const std::string& overridesWhere) {
    if (const toml::node* n = doc_.get("parameters")) {
      if (!n->is_table()) fail("parameters", "expected a table of name = number");
      for (const auto& [k, v] : *n->as_table()) {
        const std::string name(k.str());
        if (!v.is_number()) fail("parameters." + name, "expected a number");
        const double x = *v.value<double>();
        if (!reduced::parameterInRange(x)) fail("parameters." + name, reduced::kParameterRange);
        if (!identifier(name)) fail("parameters." + name, "a parameter name must be an identifier");
        if (name == "pi") fail("parameters." + name, "a name other than pi (the constant 3.14159...)");
        d.parameters.emplace_back(name, x);
      }
    }
    for (const auto& [name, value] : overrides) {
      const std::string& key = name;  // a plain reference: clang 14 cannot capture structured bindings
      auto it = std::find_if(d.parameters.begin(), d.parameters.end(), [&](const auto& p) { return p.first == key; });
      if (it == d.parameters.end()) {
        std::string known;
        for (const auto& p : d.parameters) known += (known.empty() ? "" : " | ") + p.first;
        throw ScenarioError(overridesWhere + "." + name + "': not a parameter of " + file_ + " (expected one of " + known + ")");
      }
      if (!reduced::parameterInRange(value))
        throw ScenarioError(overridesWhere + "." + name + "': expected " + reduced::kParameterRange);
      it->second = value;
    }
    for (const auto& [name, value] : d.parameters) table_[name] = GiNaC::numeric(value);
    table_["pi"] = GiNaC::Pi;
  }

  // A number, or a string holding an expression of the symbols known so far.
  ex expr(const toml::node& n, const std::string& where) const {
    if (n.is_number()) {
      const double x = *n.value<double>();
      if (!std::isfinite(x)) fail(where, "expected a finite number, got " + std::string(std::isnan(x) ? "nan" : "inf"));
      return GiNaC::numeric(x);
    }
    if (!n.is_string()) fail(where, "expected a number or an expression string");
    const std::string text(*n.value<std::string>());
    // GiNaC 1.8's parser matches a call with no arguments, e.g. "cos()", to the one-argument
    // function and then crashes evaluating it: refuse empty parentheses before parsing.
    if (hasEmptyParentheses(text))
      fail(where, "cannot read the expression \"" + shown(text) + "\": empty parentheses (a function needs its argument)");
    if (tooDeep(text))
      fail(where, "cannot read the expression \"" + shown(text) + "\": nested more than " + std::to_string(kMaxNesting) +
                      " brackets and signs deep");
    if (const std::string why = badPower(text); !why.empty())
      fail(where, "cannot read the expression \"" + shown(text) + "\": " + why);
    if (const std::string big = reduced::hugeLiteral(text); !big.empty())
      fail(where, "cannot read the expression \"" + shown(text) + "\": the number " + shown(big) +
                      " (at most 1e15 in size: functions of larger numbers are not evaluated reliably)");
    GiNaC::ex e;
    try {
      GiNaC::parser reader(table_, true);
      e = reader(text);
    } catch (const std::exception& ex) {
      fail(where, "cannot read the expression \"" + shown(text) + "\": " + parserMessage(ex.what()));
    }
    // sqrt(-1) and the like evaluate to the imaginary unit at once: said here, with the key, not
    // when the kernel is compiled.
    if (e.has(GiNaC::I))
      fail(where, "the expression \"" + shown(text) + "\" is not real (it holds the imaginary unit I)");
    return e;
  }

  // GiNaC's message in the description's terms: an unknown symbol with the names known at
  // this point, a parse error without the position GiNaC does not count (always line 0,
  // column 0) and without the C++ signature it appends.
  std::string parserMessage(std::string why) const {
    std::replace(why.begin(), why.end(), '\n', ' ');
    static const std::regex unknownSymbol(R"(symbol \"([^\"]*)\" not found)");
    std::smatch m;
    if (std::regex_search(why, m, unknownSymbol)) {
      std::string known;
      for (const auto& entry : table_) known += (known.empty() ? "" : ", ") + entry.first;
      return "unknown symbol '" + shown(m[1].str()) + "' (known here: " + known + ")";
    }
    static const std::regex position(R"(^GiNaC: parse error at line \d+, column \d+: )");
    why = std::regex_replace(why, position, "");
    if (const std::size_t signature = why.find(" [GiNaC::"); signature != std::string::npos) why.erase(signature);
    return shown(why);
  }

  double constant(const toml::node& n, const std::string& where) const {
    const ex e = expr(n, where).evalf();
    if (!GiNaC::is_a<GiNaC::numeric>(e) || !GiNaC::ex_to<GiNaC::numeric>(e).is_real())
      fail(where, "expected a constant (numbers and parameters only)");
    const double x = GiNaC::ex_to<GiNaC::numeric>(e).to_double();
    if (!std::isfinite(x)) fail(where, "expected a finite constant");
    return x;
  }

  const toml::array& array(const toml::table& t, const std::string& key, const std::string& where) const {
    const toml::node* n = t.get(key);
    if (!n || !n->is_array()) fail(where, "expected an array");
    return *n->as_array();
  }

  void checkKeys(const toml::table& t, const std::set<std::string>& known, const std::string& where) const {
    for (const auto& [k, v] : t)
      if (!known.count(std::string(k.str()))) fail(where + "." + std::string(k.str()), "unknown key");
  }

  void readShape(ReducedDescription& d) {
    if (!doc_.get("shape")) return;
    const toml::array& arr = array(doc_, "shape", "shape");
    for (std::size_t i = 0; i < arr.size(); ++i) {
      const std::string w = "shape[" + std::to_string(i) + "]";
      if (!arr[i].is_table()) fail(w, "expected a table { name, min, max, unit }");
      const toml::table& t = *arr[i].as_table();
      checkKeys(t, {"name", "min", "max", "unit"}, w);
      ReducedShapeVariable v;
      v.name = str(t, "name", w + ".name", "");
      if (!identifier(v.name)) fail(w + ".name", "expected an identifier");
      // The run CSV names a column after each shape variable and its rate (name_dot): a name
      // must not repeat a fixed column or another variable's rate column.
      static const std::set<std::string> columns = {"t",      "x",        "y",          "theta",  "omega",
                                                    "vx",     "vy",       "energy",     "momentum", "constraint",
                                                    "iters",  "status",   "residual",   "step_constraint"};
      if (columns.count(v.name))
        fail(w + ".name", "'" + v.name + "' is a column of the run CSV (docs/formats.md section 3); choose another name");
      if (v.name.size() > 4 && v.name.compare(v.name.size() - 4, 4, "_dot") == 0)
        fail(w + ".name", "'" + v.name + "' ends in _dot, the run CSV's suffix for a shape variable's rate; choose another name");
      if (table_.count(v.name) || std::any_of(d.shape.begin(), d.shape.end(), [&](const auto& o) { return o.name == v.name; }))
        fail(w + ".name", "'" + v.name + "' is already a parameter or shape variable");
      if (const toml::node* n = t.get("min")) v.min = constant(*n, w + ".min");
      if (const toml::node* n = t.get("max")) v.max = constant(*n, w + ".max");
      if (!(v.min < v.max)) fail(w, "expected min < max");
      v.unit = str(t, "unit", w + ".unit", "");
      d.shape.push_back(v);
      symbols_.push_back(GiNaC::symbol(v.name));
    }
    for (std::size_t j = 0; j < symbols_.size(); ++j) table_[d.shape[j].name] = symbols_[j];
  }

  std::string velocityNames(int s) const {
    std::string r = "omega, vx, vy";
    for (int j = 0; j < s; ++j) r += ", " + std::string(GiNaC::ex_to<GiNaC::symbol>(symbols_[static_cast<std::size_t>(j)]).get_name()) + "_dot";
    return r;
  }

  void readKinetic(int s) {
    const int n = 3 + s;
    const toml::node* kn = doc_.get("kinetic");
    if (!kn || !kn->is_table()) fail("kinetic", "expected a table with matrix = [[...]] (the mass-inertia matrix)");
    const toml::table& kt = *kn->as_table();
    checkKeys(kt, {"matrix", "potential"}, "kinetic");
    const toml::array& rows = array(kt, "matrix", "kinetic.matrix");
    if (static_cast<int>(rows.size()) != n)
      fail("kinetic.matrix", std::to_string(rows.size()) + " rows, expected " + std::to_string(n) + " (" + velocityNames(s) + ")");
    M_ = GiNaC::matrix(static_cast<unsigned>(n), static_cast<unsigned>(n));
    for (int i = 0; i < n; ++i) {
      const std::string w = "kinetic.matrix[" + std::to_string(i) + "]";
      const toml::node& row = rows[static_cast<std::size_t>(i)];
      if (!row.is_array() || static_cast<int>(row.as_array()->size()) != n)
        fail(w, "expected a row of " + std::to_string(n) + " entries (" + velocityNames(s) + ")");
      for (int j = 0; j < n; ++j)
        M_(static_cast<unsigned>(i), static_cast<unsigned>(j)) =
            expr((*row.as_array())[static_cast<std::size_t>(j)], w + "[" + std::to_string(j) + "]");
    }
    for (int i = 0; i < n; ++i)
      for (int j = i + 1; j < n; ++j)
        if (!(M_(static_cast<unsigned>(i), static_cast<unsigned>(j)) - M_(static_cast<unsigned>(j), static_cast<unsigned>(i))).normal().is_zero())
          fail("kinetic.matrix[" + std::to_string(i) + "][" + std::to_string(j) + "]", "the mass-inertia matrix must be symmetric");
    V_ = 0;
    if (const toml::node* p = kt.get("potential")) V_ = expr(*p, "kinetic.potential");
  }

  void readConstraints(ReducedDescription& d, int s) {
    const int n = 3 + s;
    const toml::node* cn = doc_.get("constraints");
    if (!cn) return;
    if (!cn->is_table()) fail("constraints", "expected a table with rows = [[...]]");
    const toml::table& ct = *cn->as_table();
    checkKeys(ct, {"rows"}, "constraints");
    const toml::array& rows = array(ct, "rows", "constraints.rows");
    if (rows.size() > 3)
      fail("constraints.rows", std::to_string(rows.size()) + " rows: more constraints than the 3 dimensions of the group SE(2)");
    d.numConstraints = static_cast<int>(rows.size());
    for (std::size_t i = 0; i < rows.size(); ++i) {
      const std::string w = "constraints.rows[" + std::to_string(i) + "]";
      if (!rows[i].is_array() || static_cast<int>(rows[i].as_array()->size()) != n)
        fail(w, std::to_string(rows[i].is_array() ? rows[i].as_array()->size() : 0) + " entries, expected " +
                    std::to_string(n) + " (" + velocityNames(s) + ")");
      std::vector<ex> row;
      for (int j = 0; j < n; ++j) row.push_back(expr((*rows[i].as_array())[static_cast<std::size_t>(j)], w + "[" + std::to_string(j) + "]"));
      // Said here, before the state's size is counted from the rows: a row of zeros was refused
      // as needing "a reduced state of 9 numbers".
      if (row[0].is_zero() && row[1].is_zero() && row[2].is_zero())
        fail(w, "a row whose group part (omega, vx, vy) is zero constrains no motion of the body (the rows must be "
                "independent in omega, vx, vy)");
      C_.push_back(row);
    }
  }

  void readInputs(ReducedDescription& d) {
    if (!doc_.get("inputs")) return;
    const toml::array& arr = array(doc_, "inputs", "inputs");
    std::vector<bool> motion(d.shape.size(), false);
    for (std::size_t i = 0; i < arr.size(); ++i) {
      const std::string w = "inputs[" + std::to_string(i) + "]";
      if (!arr[i].is_table()) fail(w, "expected a table { name, kind, shape, unit, range }");
      const toml::table& t = *arr[i].as_table();
      checkKeys(t, {"name", "kind", "shape", "unit", "range"}, w);
      ReducedChannel c;
      c.name = str(t, "name", w + ".name", "");
      if (!identifier(c.name)) fail(w + ".name", "expected an identifier");
      // `t` is the controls CSV's time column and `file` the [controls] key of that CSV: a
      // channel of either name could never be given (or slipped past the duplicate-column check).
      if (c.name == "t" || c.name == "file") fail(w + ".name", "expected a name other than 't' and 'file' (the controls CSV's time column, [controls] file)");
      if (std::any_of(d.channels.begin(), d.channels.end(), [&](const auto& o) { return o.name == c.name; }))
        fail(w + ".name", "channel '" + c.name + "' is declared twice");
      const std::string kind = str(t, "kind", w + ".kind", "");
      if (kind == "force") c.kind = ReducedChannel::Kind::Force;
      else if (kind == "position") c.kind = ReducedChannel::Kind::Position;
      else if (kind == "rate") c.kind = ReducedChannel::Kind::Rate;
      else fail(w + ".kind", "expected \"force\" (generalised force on a shape variable), \"position\" or \"rate\" (prescribed shape motion)");
      const std::string shape = str(t, "shape", w + ".shape", "");
      const auto it = std::find_if(d.shape.begin(), d.shape.end(), [&](const auto& v) { return v.name == shape; });
      if (it == d.shape.end()) fail(w + ".shape", "unknown shape variable '" + shape + "'");
      c.shape = static_cast<int>(it - d.shape.begin());
      if (c.kind != ReducedChannel::Kind::Force) {
        if (motion[static_cast<std::size_t>(c.shape)]) fail(w + ".shape", "'" + shape + "' already has a prescribed motion channel");
        motion[static_cast<std::size_t>(c.shape)] = true;
      }
      c.unit = str(t, "unit", w + ".unit", "");
      if (const toml::node* r = t.get("range")) {
        if (!r->is_array() || r->as_array()->size() != 2) fail(w + ".range", "expected [min, max]");
        c.min = constant((*r->as_array())[0], w + ".range[0]");
        c.max = constant((*r->as_array())[1], w + ".range[1]");
        if (!(c.min < c.max)) fail(w + ".range", "expected min < max");
      }
      d.channels.push_back(c);
    }
    // A rate channel prescribes its shape variable's rate at every step, whatever its signal
    // (docs/formats.md section 5): a force on the same variable would never act.
    for (std::size_t i = 0; i < d.channels.size(); ++i) {
      if (d.channels[i].kind != ReducedChannel::Kind::Force) continue;
      for (const ReducedChannel& other : d.channels)
        if (other.kind == ReducedChannel::Kind::Rate && other.shape == d.channels[i].shape)
          fail("inputs[" + std::to_string(i) + "].shape",
               "'" + d.shape[static_cast<std::size_t>(other.shape)].name + "' has the rate channel '" + other.name +
                   "', which prescribes its rate always: a force on it would never act");
    }
  }

  void readParts(ReducedDescription& d) const {
    if (!doc_.get("parts")) return;
    const toml::array& arr = array(doc_, "parts", "parts");
    auto shapeIndex = [&](const toml::table& t, const char* key, const std::string& w) {
      const std::string name = str(t, key, w, "");
      if (name.empty()) return -1;
      const auto it = std::find_if(d.shape.begin(), d.shape.end(), [&](const auto& v) { return v.name == name; });
      if (it == d.shape.end()) fail(w, "unknown shape variable '" + name + "'");
      return static_cast<int>(it - d.shape.begin());
    };
    for (std::size_t i = 0; i < arr.size(); ++i) {
      const std::string w = "parts[" + std::to_string(i) + "]";
      if (!arr[i].is_table()) fail(w, "expected a table { kind, size, at, turn, spin }");
      const toml::table& t = *arr[i].as_table();
      checkKeys(t, {"kind", "size", "at", "turn", "spin"}, w);
      ReducedPart p;
      p.kind = str(t, "kind", w + ".kind", "");
      const std::size_t nSize = p.kind == "box" ? 3 : (p.kind == "cylinder" || p.kind == "wheel") ? 2 : 0;
      if (!nSize) fail(w + ".kind", "expected \"box\", \"cylinder\" or \"wheel\"");
      auto numbers = [&](const char* key, std::size_t count, std::vector<double> fallback) {
        const toml::node* n = t.get(key);
        if (!n) {
          if (fallback.empty()) fail(w + "." + key, "expected an array of " + std::to_string(count) + " numbers");
          return fallback;
        }
        if (!n->is_array() || n->as_array()->size() != count) fail(w + "." + key, "expected an array of " + std::to_string(count) + " numbers");
        std::vector<double> v;
        for (std::size_t j = 0; j < count; ++j) v.push_back(constant((*n->as_array())[j], w + "." + key + "[" + std::to_string(j) + "]"));
        return v;
      };
      p.size = numbers("size", nSize, {});
      // Drawn and exported (glTF holds 32-bit floats): a part is a body's part, not a continent.
      for (double x : p.size)
        if (!(x > 0.0 && x <= 1e3)) fail(w + ".size", "expected sizes above 0 and at most 1000 m");
      p.at = numbers("at", 3, {0.0, 0.0, 0.0});
      for (double x : p.at)
        if (!(std::abs(x) <= 1e3)) fail(w + ".at", "expected an offset of at most 1000 m per axis");
      // turn = "-phi": turned the other way (the snakeboard's front axle).
      if (const auto* turn = t.get_as<std::string>("turn"); turn && turn->get().rfind('-', 0) == 0) {
        toml::table flipped = t;
        flipped.insert_or_assign("turn", turn->get().substr(1));
        p.turn = shapeIndex(flipped, "turn", w + ".turn");
        p.turnScale = -1.0;
      } else {
        p.turn = shapeIndex(t, "turn", w + ".turn");
      }
      p.spin = shapeIndex(t, "spin", w + ".spin");
      if (p.spin >= 0 && p.kind != "wheel") fail(w + ".spin", "only a wheel spins");
      d.parts.push_back(p);
    }
  }

  // Symbolic derivatives, compilation and the checks at the initial shape. The kernel's tapes
  // list their outputs in its padded, column-major layouts (reduced_kernel.hpp).
  void derive(ReducedDescription& d, const std::vector<double>& r0) {
    const int s = static_cast<int>(d.shape.size()), n = 3 + s, k = d.numConstraints;
    using reduced::kMaxCoords;
    using reduced::kMaxShape;
    std::vector<GiNaC::symbol> syms;
    for (const ex& e : symbols_) syms.push_back(GiNaC::ex_to<GiNaC::symbol>(e));
    // d/dr_x of an entry; x = -1: the entry itself.
    auto entry = [&](const ex& e, int x) { return x < 0 ? e : e.diff(syms[static_cast<std::size_t>(x)]); };
    auto constraint = [&](int i, int j) { return C_[static_cast<std::size_t>(i)][static_cast<std::size_t>(j)]; };
    auto mass = [&](int i, int j) { return M_(static_cast<unsigned>(i), static_cast<unsigned>(j)); };
    // W (3 x 3) then K (3 x kMaxShape), column-major, zero past k rows and s columns.
    auto pushConstraints = [&](std::vector<ex>& out, int x) {
      for (int j = 0; j < 3; ++j)
        for (int i = 0; i < 3; ++i) out.push_back(i < k && x < s ? entry(constraint(i, j), x) : ex(0));
      for (int j = 0; j < kMaxShape; ++j)
        for (int i = 0; i < 3; ++i) out.push_back(i < k && j < s && x < s ? entry(constraint(i, 3 + j), x) : ex(0));
    };
    // M padded to kMaxCoords^2 (coordinate order omega, vx, vy, then the shape rates), then V.
    auto pushMass = [&](std::vector<ex>& out, int x) {
      for (int j = 0; j < kMaxCoords; ++j)
        for (int i = 0; i < kMaxCoords; ++i) out.push_back(i < n && j < n && x < s ? entry(mass(i, j), x) : ex(0));
      out.push_back(x < s ? entry(V_, x) : ex(0));
    };
    std::vector<ex> wk, jet, all, gradV;
    pushConstraints(wk, -1);
    jet = wk;
    pushMass(all, -1);
    pushConstraints(all, -1);
    for (int x = 0; x < kMaxShape; ++x) {
      pushConstraints(jet, x);
      pushMass(all, x);
      pushConstraints(all, x);
    }
    d.constantInertia = true;
    for (const auto& sx : syms) {
      for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j)
          if (!mass(i, j).diff(sx).normal().is_zero()) d.constantInertia = false;
      gradV.push_back(V_.diff(sx));
    }
    d.hasPotential = !V_.normal().is_zero();
    std::shared_ptr<reduced::Kernel> kernel;
    try {
      kernel = std::make_shared<reduced::Kernel>(s, k, reduced::ExpressionTape(syms, wk), reduced::ExpressionTape(syms, jet),
                                                 reduced::ExpressionTape(syms, all), reduced::ExpressionTape(syms, gradV));
    } catch (const std::exception& e) {
      fail("kinetic", std::string("cannot compile the description: ") + e.what());
    }
    auto zero = [&](int i, int j) { return mass(i, j).normal().is_zero(); };
    auto same = [&](int i, int j, int a, int b) { return (mass(i, j) - mass(a, b)).normal().is_zero(); };
    bool coord = d.constantInertia && zero(0, 1) && zero(0, 2) && zero(1, 2) && same(1, 1, 2, 2);
    for (int j = 3; j < n; ++j) coord = coord && zero(1, j) && zero(2, j);
    d.constantCoordinateMetric = coord;
    checkAt(d, *kernel, r0);
    kernel->setKernelAxes(d.kernelAxes[0], d.kernelAxes[1]);
    if (d.constantInertia) {
      reduced::FullJet f;
      kernel->full(r0.data(), f);
      kernel->setConstantInertia(f.M, d.hasPotential);
    }
    d.kernel = kernel;
  }

  void checkAt(ReducedDescription& d, const reduced::Kernel& kernel, const std::vector<double>& r0) const {
    const int s = static_cast<int>(d.shape.size()), n = 3 + s, k = d.numConstraints;
    reduced::FullJet f;
    kernel.full(r0.data(), f);
    bool finite = std::isfinite(f.V) && f.M.allFinite() && f.W.allFinite() && f.K.allFinite();
    for (int x = 0; x < s; ++x)
      finite = finite && std::isfinite(f.dV[x]) && f.dM[x].allFinite() && f.dW[x].allFinite() && f.dK[x].allFinite();
    if (!finite) fail("kinetic", "an entry or derivative is not finite at the initial shape");
    const Eigen::MatrixXd M = f.M.topLeftCorner(n, n);
    Eigen::MatrixXd WK(k, n);
    WK.leftCols(3) = f.W.topRows(k);
    WK.rightCols(s) = f.K.topLeftCorner(k, s);
    const Eigen::Matrix3d I = M.topLeftCorner(3, 3);
    const Eigen::SelfAdjointEigenSolver<Eigen::Matrix3d> eigI(I);
    const double scaleI = std::max(1e-300, eigI.eigenvalues().cwiseAbs().maxCoeff());
    if (!(eigI.eigenvalues().minCoeff() > 1e-12 * scaleI))
      fail("kinetic.matrix", "singular (or indefinite) locked inertia (omega, vx, vy block) at the initial shape");
    // Kinematic shape variables (a rate channel) may carry no inertia; the rest must.
    std::vector<int> keep = {0, 1, 2};
    for (int j = 0; j < s; ++j)
      if (std::none_of(d.channels.begin(), d.channels.end(),
                       [&](const ReducedChannel& ch) { return ch.shape == j && ch.kind == ReducedChannel::Kind::Rate; }))
        keep.push_back(3 + j);
    Eigen::MatrixXd Mk(keep.size(), keep.size());
    for (std::size_t i = 0; i < keep.size(); ++i)
      for (std::size_t j = 0; j < keep.size(); ++j) Mk(static_cast<int>(i), static_cast<int>(j)) = M(keep[i], keep[j]);
    const Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> eigM(Mk);
    if (!(eigM.eigenvalues().minCoeff() > 1e-12 * std::max(1e-300, eigM.eigenvalues().cwiseAbs().maxCoeff())))
      fail("kinetic.matrix", "the mass-inertia matrix (without the kinematic shape variables) is not positive definite at the initial shape");
    if (k > 0) {
      const Eigen::MatrixXd W = WK.leftCols(3);
      Eigen::JacobiSVD<Eigen::MatrixXd> svd(W);
      const double top = svd.singularValues()(0);
      if (!(top > 0.0) || !(svd.singularValues()(k - 1) > 1e-9 * top))
        fail("constraints.rows", "the rows' group parts (omega, vx, vy) are dependent at the initial shape");
    }
    if (k == 1) {
      // E = [e_a x w, e_b x w]: the pair of axes best conditioned at the initial shape.
      const Eigen::Vector3d w = WK.row(0).head(3).transpose();
      double best = -1.0;
      for (int a = 0; a < 3; ++a)
        for (int b = a + 1; b < 3; ++b) {
          Eigen::Matrix<double, 3, 2> E;
          E.col(0) = Eigen::Vector3d::Unit(a).cross(w);
          E.col(1) = Eigen::Vector3d::Unit(b).cross(w);
          const double sv = Eigen::JacobiSVD<Eigen::Matrix<double, 3, 2>>(E).singularValues()(1);
          if (sv > best) {
            best = sv;
            d.kernelAxes[0] = a;
            d.kernelAxes[1] = b;
          }
        }
    }
  }

  std::string file_;
  const toml::table& doc_;
  GiNaC::symtab table_;
  std::vector<ex> symbols_;
  GiNaC::matrix M_;
  ex V_;
  std::vector<std::vector<ex>> C_;
};

}  // namespace

std::shared_ptr<const ReducedDescription> parseReducedDescription(
    const std::string& text, const std::string& file, const std::vector<std::pair<std::string, double>>& overrides,
    const std::vector<double>& initialShape, const std::string& overridesWhere) {
  const toml::table doc = parseTomlText(text, file);
  Loader loader(file, doc);
  return loader.load(overrides, initialShape, overridesWhere);
}

namespace {
std::string readDescriptionText(const std::string& path) {
  try {
    return readRegularFile(path, kMaxScenarioBytes);
  } catch (const InputFileError& e) {
    throw ScenarioError(std::string(e.what()) + " (the vehicle description)");
  }
}
}  // namespace

int reducedDescriptionShapeCount(const std::string& path) {
  const toml::table doc = parseTomlText(readDescriptionText(path), path);
  Loader loader(path, doc);
  loader.checkHeader();
  return loader.shapeCount();
}

std::shared_ptr<const ReducedDescription> loadReducedDescription(
    const std::string& path, const std::vector<std::pair<std::string, double>>& overrides,
    const std::vector<double>& initialShape, const std::string& overridesWhere) {
  return parseReducedDescription(readDescriptionText(path), path, overrides, initialShape, overridesWhere);
}

}  // namespace lieride
