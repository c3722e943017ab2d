// Collects the source lines a report shows and writes them as the JSON "sources" object.
#include "SourceExcerpts.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

using namespace llvm;

namespace nvm::infer {

bool splitLocation(StringRef Loc, std::string &File, unsigned &Line) {
  // "file:line:col" or "file:line"; file names may themselves hold ':' only in odd cases.
  auto [Head, Last] = Loc.rsplit(':');
  unsigned N = 0;
  if (Head.empty() || Last.getAsInteger(10, N))
    return false;
  auto [Head2, Mid] = Head.rsplit(':');
  unsigned M = 0;
  if (!Head2.empty() && !Mid.getAsInteger(10, M)) {
    File = Head2.str();
    Line = M;
  } else {
    File = Head.str();
    Line = N;
  }
  return Line > 0;
}

const std::vector<std::string> *SourceExcerpts::lines(StringRef File) {
  auto It = Files.find(File.str());
  if (It != Files.end())
    return It->second.empty() ? nullptr : &It->second;
  std::vector<std::string> &Lines = Files[File.str()];
  // Relative paths only: an absolute path would leak the build machine into the report.
  if (sys::path::is_absolute(File))
    return nullptr;
  std::unique_ptr<MemoryBuffer> Buf;
  for (const std::string &Dir : Dirs) {
    SmallString<256> Path(Dir);
    sys::path::append(Path, File);
    if (auto B = MemoryBuffer::getFile(Path)) {
      Buf = std::move(*B);
      break;
    }
  }
  if (!Buf)
    return nullptr;
  StringRef Text = Buf->getBuffer();
  while (!Text.empty()) {
    auto [Line, Rest] = Text.split('\n');
    std::string L = Line.rtrim('\r').str();
    Lines.push_back(json::isUTF8(L) ? L : json::fixUTF8(L));
    Text = Rest;
  }
  return Lines.empty() ? nullptr : &Lines;
}

void SourceExcerpts::addAround(StringRef Loc, unsigned Before, unsigned After) {
  std::string File;
  unsigned Line = 0;
  if (!splitLocation(Loc, File, Line))
    return;
  const auto *L = lines(File);
  if (!L || Line > L->size())
    return;
  unsigned First = Line > Before ? Line - Before : 1;
  unsigned Last = std::min<unsigned>(Line + After, L->size());
  for (unsigned I = First; I <= Last; ++I)
    Wanted[File].insert(I);
}

unsigned SourceExcerpts::addDefinition(StringRef Loc, unsigned MaxLines) {
  std::string File;
  unsigned Line = 0;
  if (!splitLocation(Loc, File, Line))
    return 0;
  const auto *L = lines(File);
  if (!L || Line > L->size())
    return 0;
  int Depth = 0;
  bool Opened = false;
  unsigned Last = Line;
  for (unsigned I = Line; I <= L->size() && I < Line + MaxLines; ++I) {
    Last = I;
    for (char C : (*L)[I - 1]) {
      Depth += C == '{';
      Opened |= C == '{';
      Depth -= C == '}';
    }
    if (Opened && Depth <= 0)
      break;
    if (!Opened && (*L)[I - 1].find(';') != std::string::npos)
      break; // a declaration without a body
  }
  for (unsigned I = Line > 1 ? Line - 1 : 1; I <= Last; ++I)
    Wanted[File].insert(I);
  return Last;
}

json::Value SourceExcerpts::toJSON() const {
  json::Object Out;
  for (const auto &[File, Lines] : Wanted) {
    const std::vector<std::string> &Text = Files.at(File);
    json::Array Ranges;
    json::Array Current;
    unsigned First = 0, Prev = 0;
    auto Flush = [&] {
      if (!Current.empty())
        Ranges.push_back(json::Object{{"first_line", First}, {"lines", std::move(Current)}});
      Current = json::Array();
    };
    for (unsigned N : Lines) {
      if (Prev && N != Prev + 1)
        Flush();
      if (Current.empty())
        First = N;
      Current.push_back(Text[N - 1]);
      Prev = N;
    }
    Flush();
    Out[File] = std::move(Ranges);
  }
  return Out;
}

} // namespace nvm::infer
