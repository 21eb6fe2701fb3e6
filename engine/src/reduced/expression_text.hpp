#pragma once
// Checks on a description's expression text before GiNaC parses it (docs/formats.md section 5):
// what would crash the parser (empty parentheses, a pathological nesting) or make it compute
// for minutes (an exact power of a huge exponent), said with the key instead.
#include <cmath>
#include <string>

namespace lieride::reduced {

// A name of letters, digits and '_', not starting with a digit.
bool identifier(const std::string& s);
// "f()" or "( )": GiNaC 1.8 matches a call with no argument to the one-argument function and
// crashes evaluating it.
bool hasEmptyParentheses(const std::string& text);
// More than kMaxNesting brackets and signs in a row (the parser's recursion).
inline constexpr int kMaxNesting = 64;
bool tooDeep(const std::string& text);
// What is wrong with a power in the text, or "": a power of a power, or an exponent of numbers
// only beyond kMaxExponent in size.
inline constexpr double kMaxExponent = 64.0;
std::string badPower(const std::string& text);
// The first number written in the text beyond kMaxLiteral in size, or "". GiNaC evaluates a
// function of a number at once in CLN's floating point: exp(1e100) came out as 1 and sin(1e300)
// as 0, without a word (exp(1e19) threw an overflow).
inline constexpr double kMaxLiteral = 1e15;
// A parameter's value: 0, or from 1e-15 to 1e15 in size. GiNaC's numbers fail on the tiniest
// ("floating point underflow" for m = 1e-308, with no key named).
inline bool parameterInRange(double x) { return x == 0.0 || (std::abs(x) >= 1.0 / kMaxLiteral && std::abs(x) <= kMaxLiteral); }
inline constexpr const char* kParameterRange = "a finite number, 0 or from 1e-15 to 1e15 in size";
std::string hugeLiteral(const std::string& text);

}  // namespace lieride::reduced
