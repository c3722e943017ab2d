// Verdict hints: which persistent types a programmer should look at twice, and why.
//
// The analysis over-approximates (NVMOVE §4.1, §5: false positives are pruned "upon closer
// examination"). A hint does not change the verdict; it orders the types so that the likely
// true positives come first and says in words what to check on the others. Hints are derived
// only from facts the inference already computed (records, their fields, roots).
#ifndef NVMOVE_VERDICTHINTS_H
#define NVMOVE_VERDICTHINTS_H

#include "Inference.h"
#include <map>

namespace nvm::infer {

/// The hints, in the order the report lists them (likely true positives first).
enum class Hint {
  LikelyPersistent, ///< anchored: a root or another persistent type leads to it
  LayoutVariant,    ///< one of a family of records with the same fields in other widths
  VolatileFields,   ///< persistent, but holds counts, locks or session pointers (memcached L7/8)
  TemporariesOnly,  ///< nothing persistent and no global leads to it
  LikelyIterator,   ///< temporaries only, and holds a position into another persistent type
};

struct VerdictHint {
  Hint Kind = Hint::LikelyPersistent;
  std::string Reason; ///< one or two sentences for the report
  /// Fields that are usually not persistent state (field, why), whatever the hint: what a port
  /// re-initialises after a restart (Persistent Memcached, lesson 8).
  std::vector<std::pair<std::string, std::string>> VolatileFields;
};

/// The JSON spelling of a hint ("likely-persistent", ...).
const char *hintName(Hint H);

/// A hint for every type of R.Types, keyed by RecordInfo::Key. Store (may be null) adds the
/// globals of record type and the records whose size is taken in the parsed TUs.
std::map<std::string, VerdictHint> computeVerdictHints(const InferenceResult &R,
                                                       const SummaryStore *Store);

} // namespace nvm::infer

#endif
