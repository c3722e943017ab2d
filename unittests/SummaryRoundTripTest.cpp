// The summary cache's JSON form: what is written is read back exactly, other versions and
// damaged entries are refused (a refused entry is re-parsed, never trusted).
#include "nvm/Summary.h"
#include "gtest/gtest.h"

using namespace nvm;

namespace {

TUSummary sample() {
  TUSummary S;
  S.File = "src/rdb.c";
  S.Errors = {"rdb.c:1:2: error: x"};
  S.Parsed = false;
  S.Records.push_back({"struct entry@1234abcd", "entry", "entry", {"entry_t"}, "struct",
                       "src/dict.h:3", true,
                       {{"next", "struct entry *", "struct entry@1234abcd"},
                        {"key", "uint8_t *", "", /*BytePointer=*/true}}});
  S.Records.back().Enclosing = "struct dict@5678ef01";
  FunctionSummary F;
  F.Usr = "c:@F@load";
  F.Name = "load";
  F.DefinedAt = "src/rdb.c:10";
  F.InApp = true;
  F.ReturnsPointer = true;
  F.NoReturn = true;
  F.NumParams = 2;
  F.Writes.push_back({"src/rdb.c:11:3", "=", "e->next", {"struct entry@1234abcd"},
                      {"struct entry@1234abcd.next"}, "data"});
  F.Calls.push_back({"src/rdb.c:12:3", "c:@F@read", "read", ""});
  F.Calls.back().InLoop = true;
  F.FieldOrders.push_back({"f:struct entry@1234abcd.next", 1300005, 1100010});
  F.Flows.push_back({"LOAD", "*v:buf@11", "src/rdb.c:12:3", Flow::Store});
  F.Flows.push_back({"*@c:@F@f|p0", "*v:buf@11", "src/rdb.c:13:3", Flow::Back});
  S.Functions.push_back(F);
  S.GlobalFlows.push_back({"fn:c:@F@load", "f:struct ops@ab.load", "src/rdb.c:20:1", Flow::Store});
  S.GlobalRecords.push_back({"g:server", "struct server@cd"});
  return S;
}

TEST(SummaryRoundTrip, EverythingWrittenIsReadBack) {
  TUSummary S = sample();
  llvm::Expected<TUSummary> Back = summaryFromJSON(toJSON(S));
  ASSERT_TRUE(bool(Back)) << llvm::toString(Back.takeError());
  EXPECT_EQ(Back->File, S.File);
  EXPECT_EQ(Back->Parsed, false);
  EXPECT_EQ(Back->Errors, S.Errors);
  ASSERT_EQ(Back->Records.size(), 1u);
  EXPECT_EQ(Back->Records[0].Key, "struct entry@1234abcd");
  EXPECT_EQ(Back->Records[0].TypedefNames, std::vector<std::string>{"entry_t"});
  EXPECT_EQ(Back->Records[0].Fields[0].PointeeRecord, "struct entry@1234abcd");
  EXPECT_FALSE(Back->Records[0].Fields[0].BytePointer);
  EXPECT_TRUE(Back->Records[0].Fields[1].BytePointer);
  EXPECT_EQ(Back->Records[0].Enclosing, "struct dict@5678ef01");
  ASSERT_EQ(Back->Functions.size(), 1u);
  const FunctionSummary &F = Back->Functions[0];
  EXPECT_TRUE(F.InApp);
  EXPECT_FALSE(F.TrivialSignature);
  EXPECT_TRUE(F.ReturnsPointer);
  EXPECT_TRUE(F.NoReturn);
  EXPECT_EQ(F.NumParams, 2u);
  EXPECT_EQ(F.Writes[0].Fields, S.Functions[0].Writes[0].Fields);
  EXPECT_EQ(F.Calls[0].CalleeUsr, "c:@F@read");
  EXPECT_TRUE(F.Calls[0].InLoop);
  ASSERT_EQ(F.FieldOrders.size(), 1u);
  EXPECT_EQ(F.FieldOrders[0].Field, "f:struct entry@1234abcd.next");
  EXPECT_EQ(F.FieldOrders[0].FirstRead, 1300005);
  EXPECT_EQ(F.FieldOrders[0].FirstWrite, 1100010);
  ASSERT_EQ(F.Flows.size(), 2u);
  EXPECT_EQ(F.Flows[1].From, "*@c:@F@f|p0");
  EXPECT_EQ(F.Flows[1].Kind, Flow::Back);
  EXPECT_EQ(Back->GlobalFlows[0].To, "f:struct ops@ab.load");
  EXPECT_EQ(Back->GlobalRecords, S.GlobalRecords);
}

TEST(SummaryRoundTrip, OtherVersionIsRefused) {
  llvm::json::Value V = toJSON(sample());
  (*V.getAsObject())["version"] = SummaryVersion + 1;
  llvm::Expected<TUSummary> Back = summaryFromJSON(V);
  ASSERT_FALSE(bool(Back));
  EXPECT_NE(llvm::toString(Back.takeError()).find("version"), std::string::npos);
}

TEST(SummaryRoundTrip, DanglingStringIndexIsRefused) {
  llvm::json::Value V = toJSON(sample());
  (*V.getAsObject())["strings"] = llvm::json::Array{};
  llvm::Expected<TUSummary> Back = summaryFromJSON(V);
  ASSERT_FALSE(bool(Back));
  EXPECT_NE(llvm::toString(Back.takeError()).find("malformed"), std::string::npos);
}

} // namespace
