// REQUIRES: pyyaml
// RUN: rm -rf %t && split-file %s %t && %pr-cdb %t input.c helper.c
// RUN: %nvmove -p %t --load-function=load --format=json -o %t/types.json
// RUN: %persist-rewriter -p %t --types=%t/types.json --operation=bump --out=%t/out 2> /dev/null
// RUN: mkdir %t/fx && cp %t/input.c %t/helper.c %t/fx/ && %pr-cdb %t/fx input.c helper.c
// RUN: %persist-rewriter -p %t/fx --types=%t/types.json --operation=bump \
// RUN:   --export-fixes=%t/fixes.yaml 2> /dev/null
// Exporting changes no source.
// RUN: diff %t/input.c %t/fx/input.c
// RUN: diff %t/helper.c %t/fx/helper.c
// RUN: FileCheck %s --input-file=%t/fixes.yaml
// Applied, the fixes give what --out wrote, file by file.
// RUN: %pr-apply-fixes %t/fixes.yaml
// RUN: diff %t/out/input.c %t/fx/input.c
// RUN: diff %t/out/helper.c %t/fx/helper.c

// CHECK: MainSourceFile:
// CHECK: Replacements:
// CHECK: FilePath: '{{.*}}fx{{/|\\}}helper.c'
// CHECK: ReplacementText: ' PMS_PERSISTENT'

//--- helper.c
struct node { int key; struct node *next; };
void bump(struct node *n) { n->key++; }
//--- input.c
void *malloc(unsigned long);
long read(int fd, void *buf, unsigned long n);
struct node { int key; struct node *next; };
struct node *head;
void bump(struct node *n);
void load(int fd) {
  int k;
  while (read(fd, &k, sizeof k) == sizeof k) {
    struct node *n = malloc(sizeof *n);
    n->key = k;
    n->next = head;
    head = n;
  }
}
int main(void) {
  load(0);
  if (head)
    bump(head);
  return 0;
}
