// The load call is in main.c; the root 'items' and the load function live in store.c, and
// main.c never declares 'items'. The root is bound by a constructor next to its definition and
// the load wrapper binds the roots registered that way: a warm start finds the items.
// RUN: rm -rf %t && split-file %s %t && %pr-cdb %t main.c store.c
// RUN: %nvmove -p %t --load-function=load_items --format=json -o %t/types.json
// RUN: %persist-rewriter -p %t --types=%t/types.json --operation=add_item --out=%t/out \
// RUN:   --summary=%t/summary.json
// RUN: FileCheck %s --check-prefix=STORE --input-file=%t/out/store.c
// RUN: FileCheck %s --check-prefix=MAIN --input-file=%t/out/main.c
// RUN: FileCheck %s --check-prefix=SUMMARY --input-file=%t/summary.json
// RUN: %pr-cc -Werror %t/out/main.c %t/out/store.c -o %t/ported %pr-ldflags
// RUN: env PMS_POOL=%t/p.pool %t/ported %t/data.txt | FileCheck %s --check-prefix=COLD
// RUN: rm %t/data.txt
// RUN: env PMS_POOL=%t/p.pool %t/ported %t/data.txt q 2>&1 | FileCheck %s --check-prefix=WARM
// A second run over the port changes nothing.
// RUN: %pr-cdb %t/out main.c store.c
// RUN: %persist-rewriter -p %t/out --types=%t/types.json --operation=add_item --check 2>&1 \
// RUN:   | FileCheck %s --check-prefix=CHECK2

// STORE: struct item *items; __attribute__((constructor)) static void pms_root_register_items(void) { pms_port_root_register("items", (void **)&(items)); }
// MAIN-LABEL: static int pms_warm_load_items(const char *path) {
// MAIN-NEXT: if (pms_port_skip_load()) {
// MAIN-NEXT: pms_port_registered_roots();
// MAIN-NEXT: return 0;
// MAIN-NEXT: }
// MAIN-NEXT: int pms_ret = load_items(path);
// MAIN-NEXT: pms_port_registered_roots();
// MAIN-NEXT: pms_port_loaded();
// SUMMARY: "root-registration": 1
// SUMMARY: "warm_start": {
// SUMMARY-NEXT: "load_wrappers": 1,
// SUMMARY-NEXT: "registered_roots": [
// SUMMARY-NEXT: "items"
// SUMMARY: "roots": [
// SUMMARY-NEXT: "items"
// COLD: loading
// COLD-NEXT: c b a
// WARM-NOT: loading
// WARM-NOT: restores nothing
// WARM: q c b a
// CHECK2: warm start: 1 load wrapper(s) restore 1 root(s): items (at its definition)
// CHECK2: check passed

//--- data.txt
abc
//--- main.c
int printf(const char *, ...);
int load_items(const char *path);
void add_item(char c);
void print_items(void);
int main(int argc, char **argv) {
  load_items(argv[1]);
  if (argc > 2)
    add_item(argv[2][0]);
  print_items();
  return 0;
}
//--- store.c
int printf(const char *, ...);
void *fopen(const char *, const char *);
int fgetc(void *);
int fclose(void *);
void *malloc(unsigned long);
struct item { char key; struct item *next; };
struct item *items;
int load_items(const char *path) {
  printf("loading\n");
  void *f = fopen(path, "r");
  if (!f)
    return -1;
  int c;
  while ((c = fgetc(f)) != -1) {
    if (c == '\n')
      continue;
    struct item *n = malloc(sizeof *n);
    n->key = (char)c;
    n->next = items;
    items = n;
  }
  fclose(f);
  return 0;
}
void add_item(char c) {
  struct item *n = malloc(sizeof *n);
  n->key = c;
  n->next = items;
  items = n;
}
void print_items(void) {
  for (struct item *n = items; n; n = n->next)
    printf("%c ", n->key);
  printf("\n");
}
