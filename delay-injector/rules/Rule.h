// The shape every instrumentation rule has: matchers in, sites into the EditSink.
#ifndef DELAY_RULES_RULE_H
#define DELAY_RULES_RULE_H

#include "EditSink.h"
#include "rewrite/PersistentAccess.h"
#include "rewrite/TypeList.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"

namespace nvm::delay {

using rewrite::TypeList;
using rewrite::persistentRecord;
using rewrite::pointedRecord;
using rewrite::unexecutedReason;


/// What every rule sees: the persistent types, the sink, and the directory whose files may be
/// edited (files elsewhere, and system headers, are left alone).
struct InjectContext {
  const TypeList &Types;
  EditSink &Sink;
  std::string Root;
};

/// A clang-tidy-like rule: registerMatchers() binds nodes, run() turns one match into a site.
class Rule : public clang::ast_matchers::MatchFinder::MatchCallback {
public:
  explicit Rule(InjectContext &Ctx) : Ctx(Ctx) {}
  virtual void registerMatchers(clang::ast_matchers::MatchFinder &Finder) = 0;

protected:
  /// Charges an access to the persistent l-value L of record RD by wrapping Whole (L itself for a
  /// read, the assignment or increment for a write) in a comma expression; or counts why not.
  void addAccess(const clang::ast_matchers::MatchFinder::MatchResult &R, const clang::Expr *Whole,
                 const clang::Expr *L, const clang::RecordDecl *RD, bool Reads, bool Writes);
  /// Same for a bit-field: charges the bytes holding it, at the offset the record layout gives.
  void addBitField(const clang::ast_matchers::MatchFinder::MatchResult &R, const clang::Expr *Whole,
                   const clang::Expr *L, llvm::StringRef TypeName, bool Reads, bool Writes);
  /// Wraps Whole in `(Charges, Whole)` when every expression in Dups may be evaluated twice.
  /// Returns false (after counting the reason) when it may not.
  bool addWrapped(const clang::ast_matchers::MatchFinder::MatchResult &R, const clang::Expr *Whole,
                  llvm::ArrayRef<const clang::Expr *> Dups, const std::string &Charges,
                  llvm::StringRef TypeName, bool Reads, bool Writes);
  /// The source text of E, or empty when it does not sit in one file range outside macros.
  static std::string textOf(const clang::Expr *E, const clang::SourceManager &SM,
                            const clang::LangOptions &LO);

  InjectContext &Ctx;
};

} // namespace nvm::delay

#endif
