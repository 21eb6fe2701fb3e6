#include "expression_text.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>

#include "lieride/sim/user_input.hpp"

namespace lieride::reduced {

bool identifier(const std::string& s) {
  if (s.empty() || !(std::isalpha(static_cast<unsigned char>(s[0])) || s[0] == '_')) return false;
  return std::all_of(s.begin(), s.end(), [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; });
}

bool hasEmptyParentheses(const std::string& text) {
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] != '(') continue;
    std::size_t j = i + 1;
    while (j < text.size() && std::isspace(static_cast<unsigned char>(text[j]))) ++j;
    if (j < text.size() && text[j] == ')') return true;
  }
  return false;
}

// GiNaC's parser descends recursively: every bracket and every sign in a row is a few stack
// frames, so a pathological nesting overflows the stack. The deepest nesting of brackets
// plus signs in a row that a mass-inertia entry reasonably needs is far below these limits.
bool tooDeep(const std::string& text) {
  int depth = 0, signs = 0;
  for (const char c : text) {
    if (c == '(' || c == '[' || c == '{') ++depth;
    if (c == ')' || c == ']' || c == '}') --depth;
    if (c == '+' || c == '-') ++signs;
    else if (!std::isspace(static_cast<unsigned char>(c))) signs = 0;
    if (depth + signs > kMaxNesting) return true;
  }
  return false;
}

// GiNaC evaluates powers of exact integers at once and exactly: 9^(9^9) is a number of 370
// million digits, computed for minutes while memory grows. An exponent may be a number of at
// most kMaxExponent in size or any other operand, but not itself a power ("a^(b^c)",
// "a^b^c"). Returns what is wrong, or "" when nothing is.
std::string badPower(const std::string& text) {
  auto skipSpaces = [&](std::size_t j) {
    while (j < text.size() && std::isspace(static_cast<unsigned char>(text[j]))) ++j;
    return j;
  };
  for (std::size_t i = text.find('^'); i != std::string::npos; i = text.find('^', i + 1)) {
    std::size_t j = skipSpaces(i + 1), end = j;
    if (j < text.size() && text[j] == '(') {  // to the matching bracket
      int depth = 0;
      for (; end < text.size(); ++end) {
        if (text[end] == '(') ++depth;
        if (text[end] == ')' && --depth == 0) break;
      }
      end = std::min(end + 1, text.size());
    } else {
      if (end < text.size() && (text[end] == '+' || text[end] == '-')) ++end;
      while (end < text.size() && (std::isalnum(static_cast<unsigned char>(text[end])) || text[end] == '_' || text[end] == '.'))
        ++end;
    }
    std::string operand = text.substr(j, end - j);
    if (operand.empty()) continue;  // "a^^2", "a^": GiNaC's own syntax message
    if (operand.find('^') != std::string::npos || (skipSpaces(end) < text.size() && text[skipSpaces(end)] == '^'))
      return "a power of a power (write the exponent out)";
    operand.erase(std::remove_if(operand.begin(), operand.end(), [](char c) { return c == '(' || c == ')' || std::isspace(static_cast<unsigned char>(c)); }),
                  operand.end());
    // An exponent of numbers only: a number or a fraction of two, the number or numerator at
    // most kMaxExponent in size ("2", "-3", "1/2", "1/100", "1e1"); a product or sum of
    // numbers ("999*99999999") is evaluated exactly first. One with a symbol in it stays
    // symbolic (parameters are floating point). A number in exponent notation is a number,
    // not a symbol: "2^1e300" was evaluated as 1 without a word.
    const std::string limit = " (at most " + std::to_string(static_cast<int>(kMaxExponent)) + " in size)";
    const std::size_t slash = operand.find('/');
    const std::string numerator = operand.substr(0, slash);
    const std::string denominator = slash == std::string::npos ? std::string("1") : operand.substr(slash + 1);
    const auto wholeNumber = [](const std::string& s, double& value) {
      char* stop = nullptr;
      value = std::strtod(s.c_str(), &stop);
      return !s.empty() && stop == s.c_str() + s.size();
    };
    double n = 0.0, d = 0.0;
    const bool numeric = wholeNumber(numerator, n) && wholeNumber(denominator, d);
    if (numeric) {
      if (!(std::abs(n) <= kMaxExponent)) return "an exponent of " + shown(operand) + limit;
    } else if (std::none_of(operand.begin(), operand.end(), [](char c) { return std::isalpha(static_cast<unsigned char>(c)) != 0; })) {
      return "an exponent of " + shown(operand) + " (write a number or a fraction of two" + limit + ")";
    }
  }
  return "";
}

std::string hugeLiteral(const std::string& text) {
  for (std::size_t i = 0; i < text.size(); ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    const bool starts = std::isdigit(c) || (text[i] == '.' && i + 1 < text.size() && std::isdigit(static_cast<unsigned char>(text[i + 1])));
    const bool inName = i > 0 && (std::isalnum(static_cast<unsigned char>(text[i - 1])) || text[i - 1] == '_' || text[i - 1] == '.');
    if (!starts || inName) continue;
    char* stop = nullptr;
    const double v = std::strtod(text.c_str() + i, &stop);
    const auto used = static_cast<std::size_t>(stop - (text.c_str() + i));
    if (!(std::abs(v) <= kMaxLiteral)) return text.substr(i, used);
    i += used > 0 ? used - 1 : 0;
  }
  return "";
}

}  // namespace lieride::reduced
