// `saved-by = save`: a program that saves its whole state at a clean stop and then frees it
// through an operation (mosquitto's persist__backup then db__close) starts cold from that save
// after a clean stop: the save in main is final, the tear-down after it does not count. An
// ordinary save (a checkpoint outside main) makes the next start cold only while no operation
// followed it. After a crash with an operation since the last save the start is warm. Without
// saved-by the start after a clean stop is warm and finds the list the tear-down freed.
// RUN: rm -rf %t && split-file %s %t && %pr-cdb %t input.c
// RUN: %nvmove -p %t --load-function=load --format=json -o %t/types.json
// RUN: %persist-rewriter -p %t --types=%t/types.json --operation=add,drop --roots=head \
// RUN:   --config=%t/port.conf --out=%t/out --summary=%t/summary.json
// RUN: FileCheck %s --input-file=%t/out/input.c
// RUN: FileCheck %s --check-prefix=SUMMARY --input-file=%t/summary.json
// RUN: %pr-cc -Werror %t/out/input.c -o %t/ported %pr-ldflags
// RUN: cp %t/data.txt %t/d1 && env PMS_POOL=%t/p.pool %t/ported %t/d1 | FileCheck %s --check-prefix=COLD
// RUN: env PMS_POOL=%t/p.pool %t/ported %t/d1 +c 2>%t/err2 | FileCheck %s --check-prefix=AFTER-SAVE
// RUN: FileCheck %s --check-prefix=AFTER-SAVE-ERR --input-file=%t/err2
// RUN: env PMS_POOL=%t/p.pool %t/ported %t/d1 s +d crash | FileCheck %s --check-prefix=CRASHED
// RUN: env PMS_POOL=%t/p.pool %t/ported %t/d1 +e s crash | FileCheck %s --check-prefix=WARM
// RUN: env PMS_POOL=%t/p.pool %t/ported %t/d1 | FileCheck %s --check-prefix=CHECKPOINTED
// RUN: FileCheck %s --check-prefix=FILE --input-file=%t/d1
// The same port without saved-by: the start after a clean stop is warm, on a freed list.
// RUN: %persist-rewriter -p %t --types=%t/types.json --operation=add,drop --roots=head --out=%t/plain
// RUN: %pr-cc %t/plain/input.c -o %t/plain-port %pr-ldflags
// RUN: cp %t/data.txt %t/d2 && env PMS_POOL=%t/q.pool %t/plain-port %t/d2
// RUN: env PMS_POOL=%t/q.pool %t/plain-port %t/d2 +c | FileCheck %s --check-prefix=PLAIN

// CHECK: void save_quietly(const char *path) { save(path); }
// CHECK: void checkpoint(const char *path) { pms_port_saved_rc(save(path), 0); }
// CHECK: (save_quietly(argv[1]), pms_port_saved(1));
// CHECK: if (pms_port_saved_rc(save(argv[1]), 1) != 0)
// SUMMARY: "saved-by": 3

// COLD: loading
// COLD-NEXT: b a
// AFTER-SAVE: loading
// AFTER-SAVE-NEXT: c b a
// AFTER-SAVE-ERR: pool '{{.*}}p.pool': the program saved its state after the last change; starting cold from its save
// CRASHED: loading
// CRASHED-NEXT: d c b a
// WARM-NOT: loading
// WARM: e d c b a
// CHECKPOINTED: loading
// CHECKPOINTED-NEXT: e d c b a
// FILE: abcde
// PLAIN-NOT: loading
// PLAIN-NOT: c b a

//--- data.txt
ab
//--- port.conf
saved-by = save, save_quietly
//--- input.c
int printf(const char *, ...);
int open(const char *, int, ...);
long read(int fd, void *buf, unsigned long n);
long write(int fd, const void *buf, unsigned long n);
int close(int);
void *malloc(unsigned long);
void free(void *);
int strcmp(const char *, const char *);
void _exit(int);
int fflush(void *);
struct node { char key; struct node *next; };
struct node *head;
int load(const char *path) {
  printf("loading\n");
  int fd = open(path, 0);
  if (fd < 0)
    return -1;
  for (;;) {
    struct node *n = malloc(sizeof *n);
    if (read(fd, &n->key, 1) != 1 || n->key == '\n')
      break;
    n->next = head;
    head = n;
  }
  return close(fd);
}
void add(char c) {
  struct node *n = malloc(sizeof *n);
  n->key = c;
  n->next = head;
  head = n;
}
/* The whole list, newest first: what the next cold load reads back (in reverse). */
int save(const char *path) {
  char buf[64];
  int k = 0;
  for (struct node *n = head; n && k < 63; n = n->next)
    buf[k++] = n->key;
  int fd = open(path, 01 | 01000 | 0100, 0644);
  if (fd < 0)
    return -1;
  for (int i = k - 1; i >= 0; i--)
    write(fd, &buf[i], 1);
  return close(fd);
}
void save_quietly(const char *path) { save(path); }
void checkpoint(const char *path) { save(path); }
void drop(void) {
  struct node *n = head;
  head = n->next;
  n->key = '?';
  free(n);
}
void teardown(void) {
  while (head)
    drop();
}
void print(void) {
  for (struct node *n = head; n; n = n->next)
    printf("%c%s", n->key, n->next ? " " : "\n");
}
int main(int argc, char **argv) {
  load(argv[1]);
  for (int i = 2; i < argc; i++)
    if (argv[i][0] == '+')
      add(argv[i][1]);
    else if (!strcmp(argv[i], "s"))
      checkpoint(argv[1]);
    else if (!strcmp(argv[i], "crash")) {
      print();
      fflush(0);
      _exit(0); /* a crash: no save, no teardown, the pool left open */
    }
  print();
  if (argc > 5)
    save_quietly(argv[1]);
  if (save(argv[1]) != 0)
    return 1;
  teardown();
  return 0;
}
