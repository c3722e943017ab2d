// A callee that allocates through an out-parameter (`get_name(line, &nm)`, unbound's
// rrstr_get_rr_content) hands its caller what it stored there: when that allocation moved to
// the pool (the load keeps the name in a persistent record), a caller that frees what it got
// must free it with pms_free, or libc's free aborts on a pool address ("free(): invalid
// pointer"). Before, only the value flowing into the parameter was followed, not what the
// callee stored through it.
// RUN: rm -rf %t && split-file %s %t && %pr-cdb %t input.c
// RUN: %nvmove -p %t --load-function=load --format=json -o %t/types.json
// RUN: %persist-rewriter -p %t --types=%t/types.json --operation=rename --pool=t.pool \
// RUN:   --out=%t/out --summary=%t/summary.json
// RUN: FileCheck %s --input-file=%t/out/input.c
// RUN: %pr-cc -Werror %t/out/input.c -o %t/ported %pr-ldflags
// RUN: env PMS_POOL=%t/p.pool %t/ported %t/names.txt | FileCheck %s --check-prefix=RUN1
// RUN: env PMS_POOL=%t/p.pool %t/ported %t/names.txt | FileCheck %s --check-prefix=RUN2

// CHECK: PMS_LOGGED(*out) = pms_malloc(n + 1);
// CHECK-LABEL: int name_length(const char *line) {
// CHECK: pms_free(nm);
// CHECK-LABEL: rename__pms_op(struct rec *r, const char *line) {
// CHECK: pms_free(old);

// RUN1: loading
// RUN1-NEXT: first: ada (length of bob: 3)
// RUN2-NOT: loading
// RUN2: first: bob (length of bob: 3)

//--- names.txt
ada
//--- input.c
void *malloc(unsigned long);
void free(void *);
void *memcpy(void *, const void *, unsigned long);
unsigned long strlen(const char *);
int printf(const char *, ...);
int open(const char *, int, ...);
long read(int fd, void *buf, unsigned long n);
struct rec { char *name; int size; };
struct rec *first;

/* The name at the start of line, in a new string. */
static int get_name(const char *line, char **out) {
  unsigned long n = 0;
  while (line[n] && line[n] != '\n')
    n++;
  *out = malloc(n + 1);
  memcpy(*out, line, n);
  (*out)[n] = 0;
  return 1;
}

int name_length(const char *line) {
  char *nm;
  int len = 0;
  if (get_name(line, &nm)) {
    len = (int)strlen(nm);
    free(nm);
  }
  return len;
}

void rename(struct rec *r, const char *line) {
  char *old = r->name;
  get_name(line, &r->name);
  free(old);
}

int load(const char *path) {
  char buf[64] = {0};
  int fd = open(path, 0);
  printf("loading\n");
  if (fd < 0 || read(fd, buf, sizeof buf - 1) <= 0)
    return -1;
  first = malloc(sizeof *first);
  first->size = buf[0];
  get_name(buf, &first->name);
  return 0;
}

int main(int argc, char **argv) {
  if (argc < 2 || load(argv[1]) < 0)
    return 1;
  int len = name_length("bob\n");
  printf("first: %s (length of bob: %d)\n", first->name, len);
  rename(first, "bob");
  return 0;
}
