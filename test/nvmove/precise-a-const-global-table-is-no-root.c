// RUN: rm -rf %t && split-file %s %t
// RUN: sed -e 's|@DIR@|%/t|g' %t/cdb.json.in > %t/compile_commands.json
// RUN: %nvmove -p %t --load-function=load_cert --format=json -o %t/report.json
// RUN: FileCheck %s --input-file=%t/report.json
// RUN: sed -e 's|static const struct point base|static struct point base|' %t/cert.c > %t/cert2.c && mv %t/cert2.c %t/cert.c
// RUN: %nvmove -p %t --load-function=load_cert --format=json -o %t/report2.json
// RUN: FileCheck %s --check-prefix=MUTABLE --input-file=%t/report2.json

// OpenSSH's shape: parsing a certificate checks its signature, whose arithmetic unpacks loaded
// bytes into field elements on the stack; a constant table of curve points embeds the same
// record. A const object can hold neither loaded data nor a pointer to what the load builds,
// so it leads to nothing: the field element stays a temporary. Once the table is writable
// (MUTABLE), the program could keep loaded elements in it, and its record is reached from it.
// CHECK-LABEL: "touched_not_loaded"
// CHECK:         "name": "fe",
// CHECK-LABEL: "types": [
// CHECK-NOT:     "name": "fe",
// CHECK:         "name": "cert",
// CHECK-NOT:     "name": "fe",
// MUTABLE-LABEL: "types": [
// MUTABLE:         "name": "fe",

//--- cdb.json.in
[{"directory": "@DIR@", "command": "cc -c cert.c", "file": "cert.c"}]
//--- cert.c
typedef unsigned long size_t;
typedef struct FILE FILE;
FILE *fopen(const char *p, const char *m);
size_t fread(void *b, size_t s, size_t n, FILE *f);
void *malloc(size_t n);

struct fe { unsigned v[8]; };
struct point { struct fe x, y; };
struct cert { unsigned serial; unsigned char sig[8]; int valid; };
static const struct point base = {{{1, 2, 3, 4, 5, 6, 7, 8}}, {{8, 7, 6, 5, 4, 3, 2, 1}}};
struct cert *current;

static void unpack(struct fe *r, const unsigned char *x) {
  for (int i = 0; i < 8; i++)
    r->v[i] = x[i];
}

static int verify(const unsigned char *sig) {
  struct fe a;
  unpack(&a, sig);
  return a.v[0] == base.x.v[0];
}

void load_cert(const char *path) {
  FILE *f = fopen(path, "r");
  struct cert *c = malloc(sizeof(*c));
  fread(c, sizeof(*c), 1, f);
  c->valid = verify(c->sig);
  current = c;
}
