// RUN: rm -rf %t && split-file %s %t
// RUN: sed -e 's|@DIR@|%/t|g' %t/cdb.json.in > %t/compile_commands.json
// RUN: %nvmove -p %t --load-function=load --all-tus --heap=sites --format=json -o %t/sites.json
// RUN: FileCheck %s --input-file=%t/sites.json

// git's oidread(&ce->oid, hash): a helper is handed the address of a member embedded in an
// object and copies bytes into it. The member's fields are cells of its container's
// allocation site, so the copy of loaded bytes at the load's call fills only the load's
// entry (reported), and the constant bytes serve() copies into its own entry do not make
// the statistics read from that entry loaded.
// CHECK-LABEL: "types": [
// CHECK:         "name": "entry",
// CHECK-NOT:     "name": "stats"
// CHECK:         "name": "rec",
// CHECK-NOT:     "name": "stats"
// CHECK-LABEL: "warnings": []

//--- cdb.json.in
[{"directory": "@DIR@", "command": "cc -c load.c", "file": "load.c"}]
//--- load.c
typedef unsigned long size_t;
long read(int fd, void *buf, size_t n);
void *malloc(size_t n);
void *memcpy(void *dst, const void *src, size_t n);
void *xmalloc(size_t n) {
  void *p = malloc(n);
  return p;
}
struct oid { unsigned char hash[4]; };
struct entry { long flags; struct oid id; };
struct rec { unsigned char first; };
struct stats { unsigned char last; };
struct entry *entry_state;
struct rec *rec_state;
struct stats *stats_state;
static const unsigned char zero_hash[4];
void oid_read(struct oid *o, const unsigned char *hash) { memcpy(o->hash, hash, 4); }
void serve(const char *why) {
  (void)why;
  struct entry *f = xmalloc(sizeof *f);
  oid_read(&f->id, zero_hash);
  stats_state = xmalloc(sizeof *stats_state);
  stats_state->last = f->id.hash[0];
}
void load(int fd) {
  unsigned char buf[4];
  struct entry *e = xmalloc(sizeof *e);
  read(fd, buf, sizeof buf);
  oid_read(&e->id, buf);
  entry_state = e;
  rec_state = xmalloc(sizeof *rec_state);
  rec_state->first = e->id.hash[0];
  serve("loaded");
}
