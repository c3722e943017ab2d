// An allocation assigned to a field of an excluded type stays volatile, also where the store
// into that field is logged (the owner came out of a persistent object): the CI check of the
// port (persist-rewriter --check on its output) must see the same owner through PMS_LOGGED and
// find nothing to add (mosquitto's `PMS_LOGGED(shared->name) = mosquitto__strdup(...)`).
// RUN: rm -rf %t && split-file %s %t && %pr-cdb %t input.c
// RUN: %nvmove -p %t --load-function=load --format=json -o %t/types.json
// RUN: %persist-rewriter -p %t --types=%t/types.json --exclude-types=session --out=%t/out \
// RUN:   --summary=%t/summary.json
// RUN: FileCheck %s --input-file=%t/out/input.c
// RUN: FileCheck %s --check-prefix=SUMMARY --input-file=%t/summary.json
// RUN: cp %t/out/input.c %t/input.c
// RUN: %persist-rewriter -p %t --types=%t/types.json --exclude-types=session --check \
// RUN:   --summary=%t/check.json > %t/check.diff
// RUN: FileCheck %s --check-prefix=CHECK2 --input-file=%t/check.json

// CHECK-LABEL: void rename_last(const char *name) {
// CHECK-NEXT: struct session *s = db->last;
// CHECK-NEXT: PMS_LOGGED(s->name) = strdup(name);
// SUMMARY: "findings": [
// SUMMARY: allocation kept volatile: it is assigned to field 'name' of a session, an excluded type
// CHECK2: "edits": 0,
// CHECK2: "findings": [
// CHECK2: allocation kept volatile: it is assigned to field 'name' of a session, an excluded type

//--- input.c
void *malloc(unsigned long);
char *strdup(const char *);
long read(int fd, void *buf, unsigned long n);
struct session { long id; char *name; };
struct store { long n; struct session *last; char *names[4]; };
struct store *db;

void rename_last(const char *name) {
  struct session *s = db->last;
  s->name = strdup(name);
  db->names[0] = s->name;
}
void load(int fd) {
  struct session *s = malloc(sizeof *s);
  db = malloc(sizeof *db);
  read(fd, &db->n, sizeof db->n);
  read(fd, &s->id, sizeof s->id);
  db->last = s;
}
