// Nesting instrumentation sites into one replacement per outermost site.
#include "EditSink.h"
#include "llvm/Support/Error.h"
#include <algorithm>

using namespace llvm;

namespace nvm::delay {

struct EditSink::Node {
  const Site *S;
  std::vector<Node> Children;
};

static std::string render(const EditSink::Node &N, StringRef Code) {
  std::string Out = N.S->Prefix;
  unsigned Pos = N.S->Begin;
  for (const EditSink::Node &C : N.Children) {
    Out += Code.slice(Pos, C.S->Begin).str();
    Out += render(C, Code);
    Pos = C.S->End;
  }
  Out += Code.slice(Pos, N.S->End).str();
  Out += ")";
  return Out;
}

static void collect(const EditSink::Node &N, std::vector<const Site *> &Out) {
  Out.push_back(N.S);
  for (const EditSink::Node &C : N.Children)
    collect(C, Out);
}

void EditSink::addRoot(const Node &N, StringRef Code) {
  std::string Text = render(N, Code);
  const Site &S = *N.S;
  std::vector<const Site *> All;
  collect(N, All);
  // A header included by several TUs yields the same edit again: count it once.
  if (!Seen.insert({S.File, S.Begin, S.End - S.Begin, Text}).second)
    return;
  clang::tooling::Replacement R(S.File, S.Begin, S.End - S.Begin, Text);
  if (Error E = Files[S.File].add(R)) {
    Findings.push_back(S.Where + ": access not instrumented: its edit overlaps another (" +
                       toString(std::move(E)) + ") [delay-injector-overlap]");
    Skipped["overlapping-edit"] += All.size();
    return;
  }
  for (const Site *X : All) {
    FileCounts &C = PerFile[X->File];
    ++C.Sites;
    C.Reads += X->Reads;
    C.Writes += X->Writes;
    ++PerType[X->TypeName];
  }
}

void EditSink::finishTU() {
  const std::map<std::string, StringRef> &Code = TUCode;
  std::stable_sort(Pending.begin(), Pending.end(), [](const Site &A, const Site &B) {
    return std::tie(A.File, A.Begin, B.End) < std::tie(B.File, B.Begin, A.End);
  });
  // Build the nesting forest with a stack of open sites.
  std::vector<Node> Roots;
  std::vector<Node *> Open;
  for (const Site &S : Pending) {
    while (!Open.empty() && (Open.back()->S->File != S.File || Open.back()->S->End <= S.Begin))
      Open.pop_back();
    if (!Open.empty()) {
      const Site &P = *Open.back()->S;
      // One node matched twice (the syntactic and semantic forms of an initializer list).
      if (P.Begin == S.Begin && P.End == S.End && P.Prefix == S.Prefix)
        continue;
      if ((P.Begin == S.Begin && P.End == S.End) || S.End > P.End) {
        // The same range twice, or a partial overlap: neither nests, keep the first.
        ++Skipped["duplicate-range"];
        Findings.push_back(S.Where + ": access not instrumented: another access has the same "
                           "spelling [delay-injector-duplicate]");
        continue;
      }
      Open.back()->Children.push_back({&S, {}});
      Open.push_back(&Open.back()->Children.back());
      continue;
    }
    Roots.push_back({&S, {}});
    Open.assign(1, &Roots.back());
  }
  for (const Node &N : Roots)
    if (auto It = Code.find(N.S->File); It != Code.end())
      addRoot(N, It->second);
  discardTU();
}

} // namespace nvm::delay
