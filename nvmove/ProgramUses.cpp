// The uses graph of the whole parsed program: every application function's data flow, wired
// context-insensitively (cheap enough for programs of half a million lines). Sink awareness asks
// it where stored data goes after the load, since the walk only sees the load's side.
#include "SinkBound.h"

using namespace llvm;

namespace nvm::infer {

FlowGraph programUses(const std::vector<const FunctionSummary *> &Fns) {
  static const std::map<std::pair<int, std::string>, std::vector<std::string>> None;
  FlowGraph G({}, None, false);
  std::set<std::string> WithBody;
  for (const FunctionSummary *F : Fns)
    WithBody.insert(F->Usr);
  for (size_t FI = 0; FI < Fns.size(); ++FI) {
    const FunctionSummary &F = *Fns[FI];
    // A library callee's parameters and result are named per call site: its result is made of
    // its arguments there, not of every other caller's.
    std::set<std::string> LibraryCalls;
    auto Bind = [&](StringRef Cell, StringRef Loc) {
      bool Pointee = Cell.consume_front(cell::Pointee);
      std::string Out;
      if (Cell.consume_front(cell::Callee)) {
        auto [Usr, Slot] = Cell.rsplit('|');
        if (Usr.startswith(cell::UnknownCallee))
          Out = cell::Escape.str(); // a callback nobody can see may keep anything
        else if (WithBody.count(Usr.str()))
          Out = Cell.str();
        else {
          std::string Call = cell::libraryCall(F.Usr, Loc, Usr);
          Out = Call + (Slot == cell::Ret ? cell::QualifiedRet : cell::LibraryArgument).str();
          LibraryCalls.insert(Call);
        }
      } else {
        Out = qualifyCell(Cell, F.Usr);
      }
      return Pointee && Out != cell::Escape ? cell::pointee(Out) : Out;
    };
    for (const Flow &Fl : F.Flows) {
      if (Fl.Kind == Flow::Base || Fl.Kind == Flow::Type)
        continue;
      std::string From = Bind(Fl.From, Fl.Loc), To = Bind(Fl.To, Fl.Loc);
      if (From == cell::Escape)
        continue;
      G.addEdge(From, To, Fl.Loc, int(FI), Fl.Kind);
    }
    for (const std::string &Call : LibraryCalls) {
      std::string In = Call + cell::LibraryArgument.str(), Out = cell::qualifiedResult(Call);
      G.addEdge(In, Out, "", int(FI), Flow::Store);
      G.addEdge(cell::pointee(In), cell::pointee(Out), "", int(FI), Flow::Store);
    }
  }
  // A whole object holds its fields: writing it writes them, reading a field reads it.
  std::vector<std::string> Fields;
  for (unsigned N = 0; N < G.size(); ++N)
    if (StringRef(G.name(N)).startswith(cell::Field))
      Fields.push_back(G.name(N));
  for (const std::string &Fld : Fields) {
    std::string Rec = StringRef(Fld).drop_front(2).rsplit('.').first.str();
    G.addEdge(cell::object(Rec), Fld, "", -1, Flow::Alias);
    G.addEdge(Fld, cell::objectRead(Rec), "", -1, Flow::Alias);
  }
  return G;
}

} // namespace nvm::infer
