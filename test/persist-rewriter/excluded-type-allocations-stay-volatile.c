// RUN: rm -rf %t && split-file %s %t && %pr-cdb %t input.c
// RUN: %nvmove -p %t --load-function=load --format=json -o %t/types.json
// RUN: FileCheck %s --check-prefix=TYPES --input-file=%t/types.json
// RUN: %persist-rewriter -p %t --types=%t/types.json --out=%t/all --summary=%t/all.json
// RUN: FileCheck %s --check-prefix=ALL --input-file=%t/all/input.c
// RUN: %persist-rewriter -p %t --types=%t/types.json --exclude-types=session --out=%t/out \
// RUN:   --summary=%t/summary.json
// RUN: FileCheck %s --input-file=%t/out/input.c
// RUN: FileCheck %s --check-prefix=SUMMARY --input-file=%t/summary.json

// A type the user excluded (a false positive: a per-connection session) stays volatile even
// where the field-based flow says its objects reach persistent storage (the store keeps a
// pointer to the last session that wrote it), and so does an object only such a type owns (the
// session's buffer). Without the exclusion both are pool objects. The summary lists the sites.
// TYPES: "name": "session"
// ALL: struct session *s = pms_malloc(sizeof *s);
// ALL: PMS_LOGGED(s->buf) = pms_malloc(64);
// CHECK-LABEL: struct session *open_session(void) {
// CHECK-NEXT: struct session *s = malloc(sizeof *s);
// CHECK-NEXT: s->buf = malloc(64);
// CHECK: PMS_LOGGED(db->items[0]) = pms_malloc(sizeof(long));
// SUMMARY: "findings": [
// SUMMARY-NEXT: "input.c:{{[0-9]+}}:{{[0-9]+}}: allocation kept volatile: its size is sizeof(session), an excluded type; its result reaches {{.*}}

//--- input.c
void *malloc(unsigned long);
long read(int fd, void *buf, unsigned long n);
struct session { long id; char *buf; };
struct store { long n; long *items[4]; struct session *last; };
struct store *db;

struct session *open_session(void) {
  struct session *s = malloc(sizeof *s);
  s->buf = malloc(64);
  return s;
}
void note(struct session *s) { db->last = s; }
void load(int fd) {
  struct session *s = open_session();
  db = malloc(sizeof *db);
  read(fd, &db->n, sizeof db->n);
  read(fd, &s->id, sizeof s->id);
  db->items[0] = malloc(sizeof(long));
  note(s);
}
