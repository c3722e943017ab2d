// A small C lexer: enough to colour keywords, types, comments, strings, numbers, directives.
#include "SourceHighlighter.h"
#include "HtmlEscape.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"

using namespace llvm;

namespace nvm::report {
namespace {

const StringSet<> &keywords() {
  static const StringSet<> K = {
      "auto", "break", "case", "const", "continue", "default", "do", "else", "enum",
      "extern", "for", "goto", "if", "inline", "register", "restrict", "return", "sizeof",
      "static", "struct", "switch", "typedef", "union", "volatile", "while", "_Atomic",
      "_Alignas", "_Alignof", "_Static_assert", "_Thread_local", "__attribute__", "NULL"};
  return K;
}

const StringSet<> &builtinTypes() {
  static const StringSet<> T = {"void", "char", "short", "int", "long", "float", "double",
                                "signed", "unsigned", "_Bool", "bool", "size_t", "ssize_t",
                                "off_t", "uint8_t", "uint16_t", "uint32_t", "uint64_t",
                                "int8_t", "int16_t", "int32_t", "int64_t", "FILE"};
  return T;
}

void span(std::string &Out, const char *Class, StringRef Text) {
  Out += "<span class=\"";
  Out += Class;
  Out += "\">";
  Out += htmlEscape(Text);
  Out += "</span>";
}

bool isIdent(char C) { return isAlnum(C) || C == '_'; }

} // namespace

std::string SourceHighlighter::line(StringRef Text) {
  std::string Out;
  size_t I = 0, N = Text.size();
  if (!InComment && Text.ltrim().startswith("#")) {
    span(Out, "pp", Text);
    return Out;
  }
  while (I < N) {
    if (InComment) {
      size_t End = Text.find("*/", I);
      size_t Stop = End == StringRef::npos ? N : End + 2;
      span(Out, "cm", Text.slice(I, Stop));
      InComment = End == StringRef::npos;
      I = Stop;
      continue;
    }
    char C = Text[I];
    if (Text.substr(I).startswith("//")) {
      span(Out, "cm", Text.substr(I));
      break;
    }
    if (Text.substr(I).startswith("/*")) {
      InComment = true;
      span(Out, "cm", "/*");
      I += 2;
      continue;
    }
    if (C == '"' || C == '\'') {
      size_t J = I + 1;
      while (J < N && Text[J] != C)
        J += Text[J] == '\\' ? 2 : 1;
      J = std::min(J + 1, N);
      span(Out, "st", Text.slice(I, J));
      I = J;
      continue;
    }
    if (isIdent(C)) {
      size_t J = I;
      while (J < N && isIdent(Text[J]))
        ++J;
      StringRef Word = Text.slice(I, J);
      if (isDigit(C))
        span(Out, "nu", Word);
      else if (keywords().count(Word))
        span(Out, "kw", Word);
      else if (builtinTypes().count(Word))
        span(Out, "ty", Word);
      else
        Out += htmlEscape(Word);
      I = J;
      continue;
    }
    Out += htmlEscape(Text.substr(I, 1));
    ++I;
  }
  return Out;
}

} // namespace nvm::report
