// RUN: rm -rf %t && split-file %s %t && %pr-cdb %t input.c
// RUN: %nvmove -p %t --load-function=load --format=json -o %t/types.json
// RUN: cp %t/input.c %t/pristine.c

// --check on the unported sources: exit 3, a unified diff of the missing edits on stdout, and
// the sources untouched.
// RUN: %pr-exit-code 3 %persist-rewriter -p %t --types=%t/types.json --operation=rename_head \
// RUN:   --dispatch=myfree:free --check > %t/check.diff 2> %t/check.err
// RUN: FileCheck %s --check-prefix=DIFF --input-file=%t/check.diff
// RUN: FileCheck %s --check-prefix=FAILED --input-file=%t/check.err
// RUN: diff %t/pristine.c %t/input.c

// In place, twice: the second run finds nothing to do and leaves the file byte for byte.
// RUN: mkdir %t/ip && cp %t/input.c %t/ip/input.c && %pr-cdb %t/ip input.c
// RUN: %persist-rewriter -p %t/ip --types=%t/types.json --operation=rename_head \
// RUN:   --dispatch=myfree:free --in-place 2> %t/first.err
// RUN: cp %t/ip/input.c %t/first.c
// RUN: not diff %t/pristine.c %t/first.c > /dev/null
// RUN: %persist-rewriter -p %t/ip --types=%t/types.json --operation=rename_head \
// RUN:   --dispatch=myfree:free --in-place 2> %t/second.err
// RUN: diff %t/first.c %t/ip/input.c
// RUN: FileCheck %s --check-prefix=FIRST --input-file=%t/first.err
// RUN: FileCheck %s --check-prefix=NOTHING --input-file=%t/second.err

// --out, then --check against the output (a compile database there): exit 0, no diff. The
// --out result is the --in-place result.
// RUN: %persist-rewriter -p %t --types=%t/types.json --operation=rename_head \
// RUN:   --dispatch=myfree:free --out=%t/out 2> /dev/null
// RUN: diff %t/first.c %t/out/input.c
// RUN: %pr-cdb %t/out input.c
// RUN: %pr-exit-code 0 %persist-rewriter -p %t/out --types=%t/types.json \
// RUN:   --operation=rename_head --dispatch=myfree:free --check > %t/clean.diff 2> %t/clean.err
// RUN: FileCheck %s --check-prefix=PASSED --input-file=%t/clean.err
// RUN: FileCheck %s --check-prefix=EMPTY --allow-empty --input-file=%t/clean.diff

// The ported file still compiles and runs.
// RUN: %pr-cc -Werror %t/out/input.c -o %t/ported %pr-ldflags
// RUN: env PMS_POOL=%t/pool %t/ported < %t/four-ints.bin

// DIFF: --- a/input.c
// DIFF-NEXT: +++ b/input.c
// DIFF: +#include <pmem_shim/port.h>
// DIFF: -struct node { int key; unsigned flag : 1; char *name; struct node *next; };
// DIFF-NEXT: +struct PMS_PERSISTENT node { int key; unsigned flag : 1; char *name; struct node *next; };
// DIFF: -    n->key = k;
// DIFF: +    PMS_LOGGED(n->key) = k;
// DIFF: -int rename_head(const char *s) {
// DIFF: +static int rename_head__pms_op(const char *s) {
// DIFF: -  pthread_mutex_unlock(&lock);
// DIFF: +  pms_op_unlock_mutex(&lock);
// DIFF: +int main(void) { pms_port_open("pmem_shim.pool");
// FAILED: persist-rewriter: check failed: the sources are not fully ported

// FIRST: persist-rewriter: 18 edits in 1 files
// NOTHING: persist-rewriter: 0 edits in 0 files
// PASSED: persist-rewriter: check passed: nothing left to port
// EMPTY-NOT: {{.}}

//--- four-ints.bin
abcdefghijklmnop
//--- input.c
typedef union { char s[40]; long a; } pthread_mutex_t;
int pthread_mutex_unlock(pthread_mutex_t *);
void *malloc(unsigned long);
void free(void *);
char *strdup(const char *);
char *strcpy(char *, const char *);
long read(int fd, void *buf, unsigned long n);
struct node { int key; unsigned flag : 1; char *name; struct node *next; };
struct node *head;
pthread_mutex_t lock;
void myfree(void *p) { free(p); }
void load(int fd) {
  int k;
  while (read(fd, &k, sizeof k) == sizeof k) {
    struct node *n = malloc(sizeof *n);
    n->key = k;
    n->flag = 1;
    n->name = strdup("x");
    n->next = head;
    head = n;
  }
}
int rename_head(const char *s) {
  if (!head)
    return -1;
  char *b = malloc(16);
  strcpy(b, s);
  free(head->name);
  head->name = b;
  head->key++;
  pthread_mutex_unlock(&lock);
  return 0;
}
int main(void) {
  load(0);
  return rename_head("y");
}
