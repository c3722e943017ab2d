// Every rule the delay-injector applies, in one place.
#include "rules/Rules.h"
#include "rules/LibcCopyRule.h"
#include "rules/ReadRule.h"
#include "rules/UpdateRule.h"
#include "rules/WriteRule.h"

namespace nvm::delay {

std::vector<std::unique_ptr<Rule>> makeRules(InjectContext &Ctx) {
  std::vector<std::unique_ptr<Rule>> Rules;
  Rules.push_back(std::make_unique<ReadRule>(Ctx));    // loads of persistent l-values
  Rules.push_back(std::make_unique<WriteRule>(Ctx));   // plain assignments
  Rules.push_back(std::make_unique<UpdateRule>(Ctx));  // compound assignments, ++ and --
  Rules.push_back(std::make_unique<LibcCopyRule>(Ctx)); // memcpy, memset, strcpy, ...
  return Rules;
}

} // namespace nvm::delay
