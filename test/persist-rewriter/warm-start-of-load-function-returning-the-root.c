// A load function that returns the root (`db = load(path)`) returns the restored root on a warm start.
// RUN: rm -rf %t && split-file %s %t && %pr-cdb %t input.c
// RUN: %nvmove -p %t --load-function=load --format=json -o %t/types.json
// RUN: %persist-rewriter -p %t --types=%t/types.json --roots=db --out=%t/out --summary=%t/summary.json
// RUN: FileCheck %s --check-prefix=SUMMARY --input-file=%t/summary.json
// RUN: %pr-cc -Werror %t/out/input.c -o %t/ported %pr-ldflags
// RUN: env PMS_POOL=%t/p.pool %t/ported %t/data.txt | FileCheck %s --check-prefix=COLD
// RUN: rm %t/data.txt
// RUN: env PMS_POOL=%t/p.pool %t/ported %t/data.txt | FileCheck %s --check-prefix=WARM
// RUN: env PMS_POOL=%t/p.pool %t/ported %t/data.txt | FileCheck %s --check-prefix=WARM

// SUMMARY: "load-call": 1,

// COLD: loading
// COLD-NEXT: count 3
// WARM-NOT: loading
// WARM: count 3

//--- data.txt
abc
//--- input.c
int printf(const char *, ...);
int open(const char *, int, ...);
long read(int fd, void *buf, unsigned long n);
int close(int);
void *calloc(unsigned long, unsigned long);
struct table { long count; char keys[64]; };
struct table *db;
struct table *load(const char *path) {
  printf("loading\n");
  struct table *t = calloc(1, sizeof *t);
  int fd = open(path, 0);
  if (fd >= 0) {
    char c;
    while (read(fd, &c, 1) == 1 && t->count < 64)
      if (c != '\n')
        t->keys[t->count++] = c;
    close(fd);
  }
  return t;
}
int main(int argc, char **argv) {
  db = load(argv[1]);
  if (!db)
    return 1;
  printf("count %ld\n", db->count);
  return argc > 2;
}
