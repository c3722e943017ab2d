// RUN: rm -rf %t && split-file %s %t
// RUN: sed -e 's|@DIR@|%/t|g' %t/cdb.json.in > %t/compile_commands.json
// RUN: %nvmove -p %t --load-function=load --format=json -o %t/report.json
// RUN: FileCheck %s --input-file=%t/report.json
// RUN: %nvmove -p %t --load-function=load --own-input-only=false --format=json -o %t/all-reads.json
// RUN: FileCheck %s --check-prefix=ALL --input-file=%t/all-reads.json

// slurp() reads whatever descriptor it is handed into a buffer it returns, for two callers:
// the load (its own file) and load_history() (another file it opens two calls below the load).
// What a read returns is wired per call site, through the stream of the descriptor passed: the
// header gets loaded data, the history does not.
// CHECK-LABEL: "types": [
// CHECK-NOT:     "name":
// CHECK:         "name": "header",
// CHECK:         "evidence": "loaded data is stored into a whole struct header: *slurp: return value -> *load: call result -> *load: text -> (struct header object)",
// CHECK-NOT:     "name":
// CHECK-LABEL: "warnings": []

// ALL-LABEL: "types": [
// ALL:         "name": "header",
// ALL:         "name": "history",

//--- cdb.json.in
[{"directory": "@DIR@", "command": "cc -c load.c", "file": "load.c"}]
//--- load.c
typedef unsigned long size_t;
int open(const char *path, int flags);
long read(int fd, void *buf, size_t n);
void *malloc(size_t n);
void *memcpy(void *d, const void *s, size_t n);
struct header { int magic; int count; };
struct history { char line[64]; };
struct history hist;
static char *slurp(int fd) {
  char *b = malloc(64);
  read(fd, b, 64);
  return b;
}
static void load_history(struct history *to) {
  int fd = open("/home/user/.history", 0);
  char *t = slurp(fd);
  memcpy(to, t, sizeof *to);
}
static void prepare(const char *why) { if (why) load_history(&hist); }
int load(const char *path, struct header *h) {
  int fd = open(path, 0);
  char *text;
  prepare(fd < 0 ? path : 0);
  text = slurp(fd);
  memcpy(h, text, sizeof *h);
  return h->magic;
}
