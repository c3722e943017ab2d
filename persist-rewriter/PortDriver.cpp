// One MatchFinder per unit with every rule attached; the flow graph is solved at the end.
#include "PortDriver.h"
#include "rules/AllocationRule.h"
#include "rules/AtomicRule.h"
#include "rules/DispatchRule.h"
#include "rules/FlowCollector.h"
#include "rules/LibcStoreRule.h"
#include "rules/OperationReachRule.h"
#include "rules/OperationRule.h"
#include "rules/PositionDependentRule.h"
#include "rules/StoreRule.h"
#include "rules/StoreRunRule.h"
#include "rules/TypeMarkRule.h"
#include "rules/ValueRootRule.h"
#include "rules/ValueStoreRule.h"
#include "rules/VolatileFieldRule.h"
#include "rules/SavedByRule.h"
#include "rules/WarmSkipRule.h"
#include "rules/WarmStartRule.h"
#include "rewrite/TUParser.h"
#include "nvm/RecordNames.h"
#include "nvm/SourceLocations.h"
#include "clang/AST/ASTConsumer.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace nvm::port {

namespace {

/// "<where> (a call of <function>)" from a "call:<function>@<where>" node.
std::string callSite(llvm::StringRef Node) {
  if (!Node.consume_front("call:"))
    return Node.str();
  auto [Fn, Where] = Node.split('@');
  // A static function's id is "<file>#<name>": its name is enough next to the call's place.
  return Where.str() + " (a call of " + Fn.substr(Fn.rfind('#') + 1).str() + ")";
}

/// Collects PortResult::DefinedRecords.
class RecordNameCollector : public MatchFinder::MatchCallback {
public:
  explicit RecordNameCollector(std::set<std::string> &Out) : Out(Out) {}
  void run(const MatchFinder::MatchResult &R) override {
    if (const auto *RD = R.Nodes.getNodeAs<RecordDecl>("record")) {
      if (!RD->getName().empty())
        Out.insert(RD->getName().str());
      // "struct (anonymous at <file>:<line>)" names the file as its compile command did, which
      // may be relative to the command's directory: each tail of the path is a name too.
      std::string Name = displayKey(recordKey(RD));
      auto [Head, Path] = llvm::StringRef(Name).split(" at ");
      Out.insert(Name);
      for (size_t Slash = Path.find('/'); !Path.empty() && Slash != llvm::StringRef::npos;
           Slash = Path.find('/', Slash + 1))
        Out.insert((Head + " at " + Path.substr(Slash + 1)).str());
    } else if (const auto *TD = R.Nodes.getNodeAs<TypedefNameDecl>("typedef")) {
      if (recordOf(TD->getUnderlyingType()))
        Out.insert(TD->getName().str());
    }
  }

private:
  std::set<std::string> &Out;
};

class PortConsumer : public ASTConsumer {
public:
  PortConsumer(PortContext &Ctx, std::set<std::string> &Records) : Ctx(Ctx), Names(Records) {
    Finder.addMatcher(recordDecl(isDefinition()).bind("record"), &Names);
    Finder.addMatcher(typedefNameDecl().bind("typedef"), &Names);
    Rules.push_back(std::make_unique<TypeMarkRule>(Ctx));
    Rules.push_back(std::make_unique<FlowCollector>(Ctx));
    Rules.push_back(std::make_unique<AllocationRule>(Ctx));
    // Before StoreRule: a run's log goes in front of its first store's "PMS_LOGGED(".
    Rules.push_back(std::make_unique<StoreRunRule>(Ctx));
    Rules.push_back(std::make_unique<StoreRule>(Ctx));
    Rules.push_back(std::make_unique<LibcStoreRule>(Ctx));
    Rules.push_back(std::make_unique<OperationRule>(Ctx));
    Rules.push_back(std::make_unique<WarmStartRule>(Ctx));
    Rules.push_back(std::make_unique<DispatchRule>(Ctx));
    Rules.push_back(std::make_unique<ValueRootRule>(Ctx));
    Rules.push_back(std::make_unique<WarmSkipRule>(Ctx));
    Rules.push_back(std::make_unique<SavedByRule>(Ctx));
    Rules.push_back(std::make_unique<PositionDependentRule>(Ctx));
    Rules.push_back(std::make_unique<OperationReachRule>(Ctx));
    Rules.push_back(std::make_unique<ValueStoreRule>(Ctx));
    Rules.push_back(std::make_unique<AtomicRule>(Ctx));
    // After StoreRule: at a shared offset its "PMS_LOGGED(" must come first.
    Rules.push_back(std::make_unique<VolatileFieldRule>(Ctx));
    for (auto &R : Rules)
      R->registerMatchers(Finder);
  }
  void HandleTranslationUnit(ASTContext &AC) override {
    Ctx.beginUnit();
    Finder.matchAST(AC);
  }

private:
  PortContext &Ctx;
  std::vector<std::unique_ptr<PortRule>> Rules;
  RecordNameCollector Names;
  MatchFinder Finder;
};

} // namespace

PortResult port(const std::vector<tooling::CompileCommand> &Commands,
                const rewrite::TypeList &Types, const PortConfig &Config,
                const std::vector<std::string> &Roots, llvm::StringRef Root) {
  PortResult R;
  AllocationFlow Flow;
  PortContext Ctx{Types, Config, Roots, R.Edits, Flow, R.Summary, Root.str()};
  R.Edits.setPrologue(PortPrologue);
  // Ported files include <pmem_shim/port.h>: a second run must find it.
  std::vector<std::string> Extra = {"-I" NVM_PMEM_SHIM_INCLUDE_DIR};
  rewrite::ParseOutcome Parsed = rewrite::parseUnits(
      Commands, Root, Extra, [&] { return std::make_unique<PortConsumer>(Ctx, R.DefinedRecords); },
      [&](bool) { R.Edits.endTU(); });
  R.MainFiles = std::move(Parsed.MainFiles);
  R.IncludedFiles = std::move(Parsed.IncludedFiles);
  R.Summary.Incomplete = std::move(Parsed.Incomplete);

  AllocationFlow::Decision D = Flow.decide();
  for (const auto &[E, Why] : D.Apply) {
    bool New = false;
    for (const tooling::Replacement &Rep : E.Edits)
      New |= R.Edits.add(Rep);
    if (New && !E.Edits.empty())
      R.Summary.count(E.Kind, relativePath(E.Edits.front().getFilePath(), Root));
  }
  R.Edits.endTU();
  std::set<std::string> Seen;
  for (const auto &[E, Why] : D.Undecided)
    if (Seen.insert(E.Where).second)
      R.Summary.Undecided.push_back(E.Where + ": its result " + Why);
  for (const AllocationFlow::Decision::Split &S : D.ContextSplits)
    R.Summary.ContextSplits.push_back(
        S.Site.Where + ": stored in persistent data from " + std::to_string(S.PersistentCalls) +
        " of the " + std::to_string(S.PersistentCalls + S.VolatileCalls) +
        " calls its result is returned to; never from the others, e.g. " +
        callSite(S.VolatileCall));
  for (const auto &[E, Why] : D.KeptVolatile)
    if (Seen.insert(E.Where).second)
      R.Summary.Findings.push_back(E.Where + ": allocation kept volatile: " + Why +
                                   " (after a warm start the pool holds a stale pointer there)");
  // A root some load call could not name is bound by a constructor at its definition (a
  // header's definition arrives once per unit that includes it: Edits keeps one).
  for (const auto &[Name, Where] : R.Summary.Warm.Unseen)
    for (const PortContext::Registration &Reg : Ctx.Registrations[Name]) {
      if (!Reg.Problem.empty()) {
        R.Summary.Findings.push_back(Reg.Problem);
        R.Summary.Warm.Unusable.push_back(Reg.Problem);
        continue;
      }
      for (const tooling::Replacement &Rep : Reg.Edits)
        if (R.Edits.add(Rep))
          R.Summary.count("root-registration", relativePath(Rep.getFilePath(), Root));
      R.Summary.Warm.Registered.insert(Name);
    }
  // Pointers into the executable in the pool: main binds the pool to this build after opening it.
  if (!R.Summary.PositionDependent.empty() && !Ctx.ExecutableBound) {
    if (!Ctx.BindAt)
      R.Summary.Findings.push_back("pointers into the executable are stored into persistent "
                                   "objects but no main opens the pool: call "
                                   "pms_port_bind_executable() after pms_port_open by hand");
    else if (R.Edits.add(*Ctx.BindAt))
      R.Summary.count("executable-binding", relativePath(Ctx.BindAt->getFilePath(), Root));
  }
  R.Edits.endTU();
  // Only meaningful once operations are named (a type-only port has none).
  if (!Config.Operations.empty())
    R.Summary.OutsideOperations = storesOutsideOperations(Ctx);
  if (R.Summary.Warm.Wrappers)
    R.Summary.LoadOnlyGlobals = globalsOnlyTheLoadSets(Ctx);
  for (const std::string &F : R.Edits.findings())
    R.Summary.Findings.push_back(F);
  for (const auto &[Name, Where] : R.Summary.Warm.Unseen)
    if (!R.Summary.Warm.Registered.count(Name))
      R.Summary.Findings.push_back(Where + ": root '" + Name +
                                   "' is neither declared before the load call nor defined in a "
                                   "rewritten file: a warm start cannot restore it");
  R.Summary.sort();
  return R;
}

} // namespace nvm::port
