// Builds the call-graph DOT text from the JSON's walk and renders it with Graphviz.
#include "CallGraph.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Program.h"
#include <set>

using namespace llvm;

namespace nvm::report {
namespace {

std::string quote(StringRef S) {
  std::string Out = "\"";
  for (char C : S) {
    if (C == '"' || C == '\\')
      Out += '\\';
    Out += C == '\n' ? ' ' : C;
  }
  return Out + "\"";
}

std::string shortReason(StringRef Reason) {
  if (Reason.contains("optimization a"))
    return "skipped (a): no pointer arguments";
  if (Reason.contains("optimization c"))
    return "skipped (c): library body";
  if (Reason.contains("library"))
    return "no body: library";
  return "skipped: " + Reason.str();
}

} // namespace

std::string callGraphDot(const SiteLayout &Site) {
  const Report &R = Site.report();
  std::string Out = "digraph walk {\n  rankdir=LR; ranksep=0.3; nodesep=0.08;\n"
                    "  node [shape=box, style=\"rounded,filled\", fillcolor=\"#e8f1fb\", "
                    "color=\"#5b8bc4\", fontname=\"Helvetica\", fontsize=10, height=0.2];\n"
                    "  edge [color=\"#8a99a8\", arrowsize=0.5];\n";
  std::set<std::string> Loads(R.LoadFunctions.begin(), R.LoadFunctions.end()), Seen;
  for (const VisitedFn &F : R.Visited) {
    if (!Seen.insert(F.Name).second)
      continue;
    std::string Href = Site.functionLink(F.Name);
    Out += "  " + quote("f:" + F.Name) + " [label=" + quote(F.Name) + ", tooltip=" +
           quote(F.Name + " (" + F.DefinedAt + ")") +
           (Href.empty() ? "" : ", URL=" + quote(Href)) +
           (Loads.count(F.Name) ? ", penwidth=2, fillcolor=\"#cfe3f7\", fontname=\"Helvetica-Bold\"" : "") +
           "];\n";
  }
  std::set<std::string> Edges;
  auto Edge = [&](const std::string &From, const std::string &To, StringRef Attrs) {
    if (Edges.insert(From + "\n" + To).second)
      Out += "  " + quote(From) + " -> " + quote(To) + Attrs.str() + ";\n";
  };
  for (const VisitedFn &F : R.Visited)
    if (!F.Caller.empty())
      Edge("f:" + F.Caller, "f:" + F.Name, "");
  // Calls not entered: one grey node per function and reason, so a reader sees which
  // optimization kept the walk out.
  std::set<std::string> SkipNodes;
  for (const SkippedCall &S : R.Skipped) {
    if (S.Caller.empty())
      continue;
    std::string Id = "s:" + S.Name;
    if (SkipNodes.insert(Id).second)
      Out += "  " + quote(Id) + " [label=" + quote(S.Name) + ", tooltip=" +
             quote(S.Name + ": " + shortReason(S.Reason)) +
             ", style=\"dashed,filled\", fillcolor=\"#f3f3f3\", color=\"#aaaaaa\", "
             "fontcolor=\"#666666\", class=" + quote(S.Reason.find("optimization") != std::string::npos ? "skipped-opt" : "skipped-lib") + "];\n";
    Edge("f:" + S.Caller, Id, " [style=dashed, color=\"#bbbbbb\"]");
  }
  for (const IndirectCall &C : R.Indirect) {
    std::string Id = "p:" + C.Location;
    bool Followed = !C.Targets.empty();
    std::string Href = Site.lineLink(C.Location);
    Out += "  " + quote(Id) + " [shape=diamond, label=" + quote("(*" + C.Expression + ")") +
           ", tooltip=" + quote(C.Location + ": call through " + C.Expression +
                                (Followed ? " (followed)" : " (not followed)")) +
           (Href.empty() ? "" : ", URL=" + quote(Href)) +
           (Followed ? ", fillcolor=\"#fff4d6\", color=\"#c9a227\""
                     : ", fillcolor=\"#fde2e1\", color=\"#c0392b\", fontcolor=\"#a02018\"") +
           "];\n";
    Edge("f:" + C.Caller, Id, Followed ? "" : " [color=\"#c0392b\"]");
    for (const std::string &T : C.Targets)
      if (Seen.count(T))
        Edge(Id, "f:" + T, " [style=dotted]");
  }
  return Out + "}\n";
}

Expected<std::string> renderSvg(StringRef Dot) {
  std::string Program;
  if (auto Env = sys::Process::GetEnv("NVMOVE_DOT"))
    Program = *Env;
  else if (auto Found = sys::findProgramByName("dot"))
    Program = *Found;
  if (Program.empty())
    return createStringError(inconvertibleErrorCode(),
                             "Graphviz 'dot' was not found on PATH (apt-get install graphviz)");
  SmallString<128> In, Out, Err;
  if (auto EC = sys::fs::createTemporaryFile("nvmove-walk", "dot", In))
    return createStringError(EC, "cannot create a temporary file: " + EC.message());
  sys::fs::createTemporaryFile("nvmove-walk", "svg", Out);
  sys::fs::createTemporaryFile("nvmove-walk", "err", Err);
  {
    std::error_code EC;
    raw_fd_ostream OS(In, EC);
    OS << Dot;
  }
  std::optional<StringRef> Redirects[] = {StringRef(In), StringRef(Out), StringRef(Err)};
  std::string Msg;
  int RC = sys::ExecuteAndWait(Program, {Program, "-Tsvg"}, std::nullopt, Redirects,
                               /*SecondsToWait=*/120, 0, &Msg);
  auto Svg = MemoryBuffer::getFile(Out);
  std::string Text = Svg ? (*Svg)->getBuffer().str() : "";
  for (const auto &P : {In, Out, Err})
    sys::fs::remove(P);
  if (RC != 0 || Text.empty())
    return createStringError(inconvertibleErrorCode(), "Graphviz 'dot' failed" +
                                                           (Msg.empty() ? "" : ": " + Msg));
  return Text;
}

} // namespace nvm::report
