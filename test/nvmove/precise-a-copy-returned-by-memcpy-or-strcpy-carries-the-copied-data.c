// RUN: rm -rf %t && split-file %s %t
// RUN: sed -e 's|@DIR@|%/t|g' %t/cdb.json.in > %t/compile_commands.json
// RUN: %nvmove -p %t --load-function=load --format=json -o %t/report.json
// RUN: FileCheck %s --input-file=%t/report.json

// memcpy, strcpy and their kin return their destination, so a duplicating helper can be one
// line: `return strcpy(malloc(strlen(s) + 1), s)` (git's xmemdupz is `return memcpy(...)`).
// The copy of a loaded line goes on through that result into the records that keep it; a
// record given a copy of constant text the same way is not loaded.
// CHECK-LABEL: "types": [
// CHECK:         "name": "node",
// CHECK:         "evidence": "a pointer to loaded data is stored into *node.text: {{.*}}*copy_of: return value{{.*}}",
// CHECK:         "name": "pair",
// CHECK:         "evidence": "a pointer to loaded data is stored into *pair.key: {{.*}}*dup_of: return value{{.*}}",
// CHECK-NOT:     "name": "tag",
// CHECK-LABEL: "warnings": []

//--- cdb.json.in
[{"directory": "@DIR@", "command": "cc -c load.c", "file": "load.c"}]
//--- load.c
typedef struct io_file FILE;
typedef unsigned long size_t;
FILE *fopen(const char *path, const char *mode);
char *fgets(char *s, int n, FILE *f);
void *malloc(size_t n);
char *strcpy(char *d, const char *s);
void *memcpy(void *d, const void *s, size_t n);
size_t strlen(const char *s);
struct node { char *text; struct node *next; };
struct pair { char *key; };
struct tag { char *name; };
struct node *history;
struct pair *pairs;
struct tag *tags;
static char *copy_of(const char *s) { return strcpy(malloc(strlen(s) + 1), s); }
static char *dup_of(const char *s) {
  size_t n = strlen(s) + 1;
  return memcpy(malloc(n), s, n);
}
void load(const char *path) {
  FILE *f = fopen(path, "r");
  char buf[256];
  tags = malloc(sizeof *tags);
  tags->name = strcpy(malloc(8), "default");
  while (fgets(buf, sizeof buf, f)) {
    struct node *n = malloc(sizeof *n);
    n->text = copy_of(buf);
    n->next = history;
    history = n;
    pairs = malloc(sizeof *pairs);
    pairs->key = dup_of(buf);
  }
}
