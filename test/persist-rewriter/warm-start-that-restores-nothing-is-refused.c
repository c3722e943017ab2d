// A port whose warm start would restore nothing (the listed root does not exist) is not
// produced: one line, exit 1, nothing written. 'allow-empty-warm-start = yes' accepts it, and
// then the runtime says at the warm start that it restores nothing.
// RUN: rm -rf %t && split-file %s %t && %pr-cdb %t input.c
// RUN: %nvmove -p %t --load-function=load --format=json -o %t/types.json
// RUN: %pr-exit-code 1 %persist-rewriter -p %t --types=%t/types.json --source-root=%t \
// RUN:   --config=%t/typo.conf --out=%t/out 2> %t/err.txt
// RUN: FileCheck %s --check-prefix=ERR --input-file=%t/err.txt
// RUN: test ! -e %t/out
// ERR: persist-rewriter: error: a warm start would restore nothing: root 'hed' is not declared before the load call at input.c:{{[0-9]+}}:{{[0-9]+}} nor defined in a rewritten file; list roots with 'root =' or value roots with 'value-root =', or accept an empty warm start with 'allow-empty-warm-start = yes'
// ERR-NOT: {{.}}

// Accepted on request; the warm start warns.
// RUN: %persist-rewriter -p %t --types=%t/types.json --config=%t/typo.conf \
// RUN:   --allow-empty-warm-start --out=%t/out 2> %t/summary.txt
// RUN: FileCheck %s --check-prefix=NOTE --input-file=%t/summary.txt
// NOTE: warm start: 1 load wrapper(s) restore 0 root(s):
// NOTE: note: input.c:{{[0-9]+}}:{{[0-9]+}}: root 'hed' is neither declared before the load call nor defined in a rewritten file: a warm start cannot restore it
// RUN: %pr-cc %t/out/input.c -o %t/ported %pr-ldflags
// RUN: env PMS_POOL=%t/p.pool %t/ported %t/data.txt 2>&1 | FileCheck %s --check-prefix=COLD
// RUN: env PMS_POOL=%t/p.pool %t/ported %t/data.txt 2>&1 | FileCheck %s --check-prefix=WARM
// COLD-NOT: restores nothing
// COLD: loaded: c b a
// WARM: ported: pmem_shim: warm start from pool '{{.*}}p.pool' restores nothing: its cold load bound no root and no value root, so the program starts empty (see 'root =' in docs/porting-guide.md)
// WARM: loaded:{{$}}

// With the right root there is nothing to refuse.
// RUN: %persist-rewriter -p %t --types=%t/types.json --source-root=%t --out=%t/good

//--- typo.conf
root = hed
//--- data.txt
abc
//--- input.c
int printf(const char *, ...);
void *fopen(const char *, const char *);
int fgetc(void *);
int fclose(void *);
void *malloc(unsigned long);
struct node { char key; struct node *next; };
struct node *head;
int load(const char *path) {
  void *f = fopen(path, "r");
  if (!f)
    return -1;
  int c;
  while ((c = fgetc(f)) != -1) {
    if (c == '\n')
      continue;
    struct node *n = malloc(sizeof *n);
    n->key = (char)c;
    n->next = head;
    head = n;
  }
  fclose(f);
  return 0;
}
int main(int argc, char **argv) {
  load(argv[1]);
  printf("loaded:");
  for (struct node *n = head; n; n = n->next)
    printf(" %c", n->key);
  printf("\n");
  return 0;
}
