// RUN: rm -rf %t && split-file %s %t
// RUN: sed -e 's|@DIR@|%/t|g' %t/cdb.json.in > %t/compile_commands.json
// RUN: %nvmove -p %t --load-function=load_keys --format=json -o %t/report.json
// RUN: FileCheck %s --input-file=%t/report.json

// An anonymous member record (a list link declared in place, as TAILQ_ENTRY does) has no life
// of its own: it lives where its persistent container lives, even when the load never writes
// it (dhcpcd's 'struct token::next'). The anonymous member of 'struct counters', which is
// only touched, is not persistent.
// CHECK-LABEL: "touched_not_loaded": [
// CHECK:         "name": "counters",
// CHECK-LABEL: "types": [
// CHECK-NOT:     "name": "struct counters::
// CHECK:         "name": "struct token::next",
// CHECK:         "evidence": "anonymous member next of persistent struct token",
// CHECK:         "reason": "embedded",
// CHECK:         "name": "token",
// CHECK-NOT:     "name": "struct counters::
// CHECK-LABEL: "warnings": []

//--- cdb.json.in
[{"directory": "@DIR@", "command": "cc -c keys.c", "file": "keys.c"}]
//--- keys.c
typedef unsigned long size_t;
long read(int fd, void *buf, size_t n);
void *malloc(size_t n);

struct token {
  unsigned secretid;
  unsigned char key[16];
  struct { struct token *tqe_next; struct token **tqe_prev; } next;
};
struct counters { struct { int ok, bad; } seen; };

struct token *reconf_key;
struct counters stats;

int load_keys(int fd) {
  struct token *t = malloc(sizeof *t);
  if (read(fd, t->key, sizeof t->key) != sizeof t->key) {
    stats.seen.bad++;
    return -1;
  }
  read(fd, &t->secretid, sizeof t->secretid);
  reconf_key = t;
  return 0;
}
