// Record keys as people read them: the layout digest and the outer keys of anonymous member
// records are dropped.
#include "nvm/RecordNames.h"
#include "gtest/gtest.h"

using namespace nvm;

namespace {

TEST(DisplayKey, DropsTheLayoutDigest) {
  EXPECT_EQ(displayKey("struct dictEntry@1f2e3d4c"), "struct dictEntry");
  EXPECT_EQ(displayKey("union value"), "union value");
}

TEST(DisplayKey, DropsDigestsOfOuterRecords) {
  EXPECT_EQ(displayKey("struct dictEntry@1f2e3d4c::v"), "struct dictEntry::v");
  EXPECT_EQ(displayKey("struct a@11::b::c"), "struct a::b::c");
}

} // namespace
