// RUN: rm -rf %t && split-file %s %t && %pr-cdb %t a.c b.c
// RUN: %nvmove -p %t --load-function=load --format=json -o %t/types.json
// RUN: %persist-rewriter -p %t --types=%t/types.json --out=%t/out --summary=%t/summary.json
// RUN: FileCheck %s --check-prefix=A --input-file=%t/out/a.c
// RUN: FileCheck %s --check-prefix=B --input-file=%t/out/b.c

// The buffers are allocated in a.c and reach a persistent object in b.c: through the return
// value of a function defined in a.c, and through the parameter of a function defined in b.c.
// A-LABEL: char *make_name(const char *s) {
// A-NEXT: char *r = pms_malloc(16);
// A-NEXT: pms_tx_strcpy(r, s);
// A-LABEL: void give(void) {
// A-NEXT: char *q = pms_malloc(8);
// A-LABEL: char *scratch(void) {
// A-NEXT: return malloc(8);

// B: struct PMS_PERSISTENT node
// B: void keep(char *p) { PMS_LOGGED(head->other) = p; }
// B: PMS_LOGGED(n->name) = make_name("x");

//--- a.c
void *malloc(unsigned long);
char *strcpy(char *, const char *);
char *make_name(const char *s) {
  char *r = malloc(16);
  strcpy(r, s);
  return r;
}
void keep(char *p);
void give(void) {
  char *q = malloc(8);
  keep(q);
}
char *scratch(void) {
  return malloc(8);
}
//--- b.c
void *malloc(unsigned long);
long read(int fd, void *buf, unsigned long n);
char *make_name(const char *s);
struct node { int key; char *name; char *other; struct node *next; };
struct node *head;
void keep(char *p) { head->other = p; }
void load(int fd) {
  struct node *n = malloc(sizeof *n);
  read(fd, &n->key, sizeof n->key);
  n->name = make_name("x");
  n->next = head;
  head = n;
}
