// RUN: rm -rf %t && split-file %s %t
// RUN: sed -e 's|@DIR@|%/t|g' %t/cdb.json.in > %t/compile_commands.json
// RUN: %nvmove -p %t --load-function=load_db --format=json -o %t/precise.json
// RUN: FileCheck %s --input-file=%t/precise.json

// A function that never returns because it jumps back into the program
// (longjmp to the recovery point the load's caller set with setjmp) leaves
// what it wrote to be read there: precise mode enters it, as it does a
// function that never returns through another one that jumps (in another TU).
// One that ends in exit() is still skipped.
// CHECK-LABEL: "functions_visited": [
// CHECK:         "name": "parse_failed"
// CHECK:         "name": "load_failed"
// CHECK-LABEL: "skipped_calls": [
// CHECK:         "callee": "corrupt"
// CHECK-NEXT:    "caller": "load_db"
// CHECK-NEXT:    "reason": "called on a path that ends the process"
// CHECK-LABEL: "types": [
// CHECK:         "name": "failure"
// CHECK:         "name": "parse_error"
// CHECK-NOT:     "name": "report"
// CHECK:         "name": "table"
// CHECK-NOT:     "name": "report"

//--- cdb.json.in
[{"directory": "@DIR@", "command": "cc -c db.c", "file": "db.c"},
 {"directory": "@DIR@", "command": "cc -c throw.c", "file": "throw.c"}]
//--- db.h
typedef unsigned long size_t;
long read(int fd, void *buf, size_t n);
void exit(int) __attribute__((noreturn));
typedef struct { long regs[8]; } jmp_buf[1];
void longjmp(jmp_buf, int) __attribute__((noreturn));
struct src { int fd; };
void throw_to(jmp_buf where) __attribute__((noreturn));
//--- throw.c
#include "db.h"
void throw_to(jmp_buf where) { longjmp(where, 1); }
//--- db.c
#include "db.h"
struct parse_error { long offset; };
struct failure { long code; };
struct report { long offset; };
struct table { long n; };
struct table *tab;
struct parse_error last_error;
struct failure last_failure;
struct report last_report;
jmp_buf on_error;
void parse_failed(struct src *s) __attribute__((noreturn));
void parse_failed(struct src *s) {
  read(s->fd, &last_error.offset, sizeof last_error.offset);
  longjmp(on_error, 1);
}
void load_failed(struct src *s) __attribute__((noreturn));
void load_failed(struct src *s) {
  read(s->fd, &last_failure.code, sizeof last_failure.code);
  throw_to(on_error);
}
void corrupt(struct src *s) __attribute__((noreturn));
void corrupt(struct src *s) {
  read(s->fd, &last_report.offset, sizeof last_report.offset);
  exit(1);
}
void load_db(struct src *s) {
  long n;
  if (read(s->fd, &n, sizeof n) != sizeof n)
    parse_failed(s);
  if (n < 0)
    load_failed(s);
  if (n > 100)
    corrupt(s);
  tab->n = n;
}
