// What a rewrite did, per kind and per file, and what it left alone and why.
#ifndef PORT_PORTSUMMARY_H
#define PORT_PORTSUMMARY_H

#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"
#include <map>
#include <set>
#include <string>
#include <vector>

namespace nvm::port {

struct PortSummary {
  std::map<std::string, unsigned> Kinds;                          // rewrite kind -> edits
  std::map<std::string, std::map<std::string, unsigned>> PerFile; // file -> kind -> edits
  std::map<std::string, std::vector<std::string>> Skipped;        // reason -> "where"
  std::vector<std::string> Undecided;  // "where: allocation: why it could not be decided"
  std::vector<std::string> Volatile;   // "type: field (why)"
  std::vector<std::string> Findings;   // problems the user must look at
  std::vector<std::string> Incomplete; // units that did not parse
  /// "where: stores a function pointer into T.f": pointers into the executable, valid only in
  /// this build at this load address.
  std::vector<std::string> PositionDependent;
  /// Stores into persistent data in functions that no operation and not the load reaches.
  std::vector<std::string> OutsideOperations;
  /// Globals the load sets, no root keeps and other code uses: unset after a warm start.
  std::vector<std::string> LoadOnlyGlobals;
  /// "where: persistent in P of its N calling contexts ...": persistent allocation sites whose
  /// result some callers never store (what context-sensitive allocation would split).
  std::vector<std::string> ContextSplits;

  /// What a warm start restores and skips: a port whose warm start restores nothing must not
  /// be produced silently.
  struct WarmStartFacts {
    unsigned Wrappers = 0;                     // load functions wrapped (one per file)
    std::set<std::string> Bound;               // roots bound in a wrapper
    std::set<std::string> Registered;          // roots bound by a constructor at their definition
    std::map<std::string, std::string> Unseen; // root -> the load call it is not declared before
    std::vector<std::string> Skipped;          // "where: fn()" calls guarded by warm-skip
    std::vector<std::string> Unusable;         // why listed roots cannot be bound (notes too)
    /// Every root a warm start restores.
    std::set<std::string> restored() const {
      std::set<std::string> All = Bound;
      All.insert(Registered.begin(), Registered.end());
      return All;
    }
  } Warm;

  void count(const std::string &Kind, const std::string &File) {
    ++Kinds[Kind];
    ++PerFile[File][Kind];
  }
  void skip(const std::string &Reason, const std::string &Where) {
    Skipped[Reason].push_back(Where);
  }
  /// Sorts the location lists (file, then line and column as numbers).
  void sort();
  unsigned total() const {
    unsigned N = 0;
    for (const auto &[K, C] : Kinds)
      N += C;
    return N;
  }
  llvm::json::Value toJSON() const;
  void printText(llvm::raw_ostream &OS) const;
};

} // namespace nvm::port

#endif
