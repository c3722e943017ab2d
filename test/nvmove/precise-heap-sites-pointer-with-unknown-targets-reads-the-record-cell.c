// RUN: rm -rf %t && split-file %s %t
// RUN: sed -e 's|@DIR@|%/t|g' %t/cdb.json.in > %t/compile_commands.json
// RUN: %nvmove -p %t --load-function=load_read --heap=sites --format=json -o %t/read.json
// RUN: FileCheck %s --check-prefix=READ --input-file=%t/read.json
// RUN: %nvmove -p %t --load-function=load_write --heap=sites --format=json -o %t/write.json
// RUN: FileCheck %s --check-prefix=WRITE --input-file=%t/write.json

// lookup() has no body: the entry it returns may be any entry, so a read through it reads the
// program-wide cell of entry.val (which the load's entry filled), and a write through it
// reaches every entry's reader. Both statistics records are found with --heap=sites.
// READ-LABEL: "types": [
// READ:         "name": "stats_a",
// WRITE-LABEL: "types": [
// WRITE:        "name": "stats_b",

//--- cdb.json.in
[{"directory": "@DIR@", "command": "cc -c load.c", "file": "load.c"}]
//--- load.c
typedef unsigned long size_t;
long read(int fd, void *buf, size_t n);
void *malloc(size_t n);
void *xmalloc(size_t n) {
  void *p = malloc(n);
  return p;
}
struct entry { long val; };
struct entry *lookup(const char *key);
struct stats_a { long last; };
struct stats_b { long last; };
struct stats_a *sa;
struct stats_b *sb;
void serve_a(const char *why) {
  (void)why;
  struct entry *b = lookup("k");
  sa = xmalloc(sizeof *sa);
  sa->last = b->val;
}
void load_read(int fd) {
  long n;
  struct entry *a = xmalloc(sizeof *a);
  read(fd, &n, sizeof n);
  a->val = n;
  serve_a("loaded");
}
void serve_b(const char *why) {
  (void)why;
  struct entry *b = xmalloc(sizeof *b);
  b->val = 1;
  sb = xmalloc(sizeof *sb);
  sb->last = b->val;
}
void load_write(int fd) {
  long n;
  struct entry *u = lookup("k");
  read(fd, &n, sizeof n);
  u->val = n;
  serve_b("loaded");
}
