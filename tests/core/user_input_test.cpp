// shown(): user text as it may appear inside a one-line message (docs/formats.md, "Limits").
#include <catch2/catch.hpp>
#include <string>

#include "lieride/sim/user_input.hpp"

using lieride::shown;

TEST_CASE("shown escapes controls, keeps printable UTF-8 and cuts by characters", "[core][input]") {
  CHECK(shown("plain") == "plain");
  CHECK(shown("a\nb\tc\rd\x1b[31m") == "a\\nb\\tc\\rd\\x1b[31m");
  CHECK(shown("caf\xc3\xa9 \xe2\x86\x92 \xf0\x9f\x9a\x81") == "caf\xc3\xa9 \xe2\x86\x92 \xf0\x9f\x9a\x81");  // café → 🚁
  // Bidirectional overrides and isolates reorder what follows on a terminal; C1 controls.
  CHECK(shown("wall\xe2\x80\xae" "2") == "wall\\u202e2");
  CHECK(shown("x\xe2\x81\xa6y\xe2\x80\x8fz") == "x\\u2066y\\u200fz");
  CHECK(shown("\xc2\x9b" "2J") == "\\u009b2J");
  // Bytes that are not UTF-8: escaped one by one (a stray continuation, a truncated or an
  // overlong sequence, a surrogate).
  CHECK(shown(std::string("\xff\x80" "a", 3)) == "\\xff\\x80a");
  CHECK(shown("\xe2\x86") == "\\xe2\\x86");
  CHECK(shown("\xc0\xaf") == "\\xc0\\xaf");
  CHECK(shown("\xed\xa0\x80") == "\\xed\\xa0\\x80");
  // Cut after maxChars characters (code points), never inside one.
  CHECK(shown("abcdef", 3) == "abc...");
  CHECK(shown("\xc3\xa9\xc3\xa9\xc3\xa9", 2) == "\xc3\xa9\xc3\xa9...");
  CHECK(shown(std::string(1000, 'x')).size() == 83);
}
