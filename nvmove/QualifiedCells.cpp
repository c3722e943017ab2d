// Summary cells named program-wide, parsed back, and shown to a person.
#include "QualifiedCells.h"
#include "nvm/ExprCells.h"
#include "nvm/RecordNames.h"

using namespace llvm;

namespace nvm::infer {

std::string qualifyCell(StringRef Cell, StringRef FnUsr) {
  for (StringRef Modifier : {cell::Stream, cell::WriteTarget, cell::Pointee})
    if (Cell.consume_front(Modifier))
      return (Modifier + qualifyCell(Cell, FnUsr)).str();
  if (Cell.consume_front(cell::Callee) || cell::isShared(Cell))
    return Cell.str();
  return (FnUsr + Twine(cell::Separator) + Cell).str();
}

/// A local cell of function Usr as a person reads it.
static std::string prettyLocal(StringRef Usr, StringRef Local, StringRef Whole) {
  std::string Fn = functionNameOfUsr(Usr);
  if (Local.consume_front(cell::Var))
    return Fn + ": " + Local.split('@').first.str();
  if (Local.startswith(cell::Param)) {
    // "p0#w#f:entry.val": the field of the object the parameter points to (ParamFieldBinding).
    auto [Param, Field] = Local.drop_front(cell::Param.size()).split(cell::SiteField);
    if (!Field.empty())
      return Fn + ": " + prettyCell(Field.drop_front(2)) + " through parameter " + Param.str();
    return Fn + ": parameter " + Param.str();
  }
  if (Local == cell::Ret)
    return Fn + ": return value";
  // "ret#w#f:obj.val": a field of the fresh object an allocation wrapper returns
  // (ResultFieldBinding).
  if (Local.consume_front(cell::Ret) && Local.consume_front(cell::ParamFieldWrite))
    return Fn + ": " + prettyCell(Local) + " of the object it returns";
  if (Local.startswith(cell::Input))
    return "<data read from storage>";
  if (Local.startswith(cell::Call) || Local.startswith(cell::AllocationSize))
    return Fn + ": call result";
  return Whole.str();
}

std::string prettyCell(StringRef Cell) {
  if (Cell.consume_front(cell::Stream))
    return "stream of " + prettyCell(Cell);
  if (Cell.consume_front(cell::Pointee))
    return cell::pointee(prettyCell(Cell));
  if (Cell.consume_front(cell::AddressOf))
    return (cell::AddressOf + prettyCell(Cell)).str();
  if (Cell.consume_front(cell::Global))
    return Cell.str();
  if (Cell.consume_front(cell::Field)) {
    auto [Rec, Field] = Cell.rsplit('.');
    std::string Name = displayKey(Rec);
    return StringRef(Name).split(' ').second.str() + "." + Field.str();
  }
  if (Cell.consume_front(cell::Object) || Cell.consume_front(cell::ObjectRead))
    return "(" + displayKey(Cell) + " object)";
  if (Cell.consume_front(cell::Sizeof))
    return "sizeof(" + displayKey(Cell) + ")";
  if (Cell == cell::Load)
    return "<data read from storage>";
  auto [Usr, Local] = Cell.split(cell::Separator);
  return prettyLocal(Usr, Local, Cell);
}

std::pair<std::string, int> calleeParam(StringRef Cell) {
  Cell.consume_front(cell::Stream);
  Cell.consume_front(cell::Pointee);
  Cell.consume_front(cell::Pointee); // "**@usr|p1": behind what a pointer-to-pointer points to
  if (!Cell.consume_front(cell::Callee))
    return {"", -1};
  auto [Usr, Param] = Cell.rsplit(cell::Separator);
  std::optional<unsigned> I = cell::paramIndex(Param);
  if (!I)
    return {"", -1};
  return {Usr.str(), int(*I)};
}

std::string calleeOf(StringRef Cell) {
  Cell.consume_front(cell::Stream);
  Cell.consume_front(cell::Pointee);
  Cell.consume_front(cell::Pointee);
  if (!Cell.consume_front(cell::Callee))
    return {};
  return Cell.rsplit(cell::Separator).first.str();
}

/// Cell without the modifiers in front ("~", "*", "**").
static StringRef bare(StringRef Cell) {
  while (Cell.consume_front(cell::Stream) || Cell.consume_front(cell::Pointee))
    ;
  return Cell;
}

bool isCellOf(StringRef Cell, StringRef Usr) {
  Cell = bare(Cell);
  return Cell.startswith(Usr) &&
         Cell.drop_front(Usr.size()).startswith(cell::SeparatorText);
}

bool isParamOf(StringRef Cell, StringRef Usr) {
  Cell = bare(Cell);
  return Cell.drop_front(Usr.size() + 1).startswith(cell::Param);
}

} // namespace nvm::infer
