// one_line(): the importer's promise of one readable line, whatever a library or a
// broken file put into a message.
#include <gtest/gtest.h>

#include "io/files/message_text.h"

namespace {

TEST(GltfMessageText, JoinsLinesAndCollapsesWhitespace) {
  EXPECT_EQ(ik::one_line("first line.\nsecond\t\tline\r\n\n"), "first line. second line");
  EXPECT_EQ(ik::one_line("  padded  "), "padded");
  EXPECT_EQ(ik::one_line(""), "");
}

TEST(GltfMessageText, ReplacesControlBytesAndInvalidUtf8) {
  EXPECT_EQ(ik::one_line("a\001b\177c"), "a?b?c");  // octal: a, 0x01, b, 0x7F, c
  EXPECT_EQ(ik::one_line("caf\xc3\xa9 \xe6\x97\xa5"),
            "caf\xc3\xa9 \xe6\x97\xa5");           // valid UTF-8 kept
  EXPECT_EQ(ik::one_line("x\xff\xc3y"), "x??y");   // stray bytes
  EXPECT_EQ(ik::one_line("\xc0\xaf"), "??");       // overlong '/'
  EXPECT_EQ(ik::one_line("\xed\xa0\x80"), "???");  // surrogate
}

TEST(GltfMessageText, CutsOnACharacterBoundary) {
  EXPECT_EQ(ik::one_line("abcdefghij", 8), "abcde...");
  EXPECT_EQ(ik::one_line("abcdefgh", 8), "abcdefgh");
  // "\xc3\xa9" is one character: it is not split.
  EXPECT_EQ(ik::one_line("ab\xc3\xa9\xc3\xa9\xc3\xa9xyz", 8), "ab\xc3\xa9...");
}

}  // namespace
