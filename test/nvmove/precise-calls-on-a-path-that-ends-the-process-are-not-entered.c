// RUN: rm -rf %t && split-file %s %t
// RUN: sed -e 's|@DIR@|%/t|g' %t/cdb.json.in > %t/compile_commands.json
// RUN: %nvmove -p %t --load-function=load_db --format=json -o %t/precise.json
// RUN: FileCheck %s --input-file=%t/precise.json
// RUN: %nvmove -p %t --load-function=load_db --mode=paper --format=json -o %t/paper.json
// RUN: FileCheck %s --check-prefix=PAPER --input-file=%t/paper.json

// A corruption report that runs a checker (which loads the file again into
// its own state and returns) and then calls exit(1): the checker's state is
// gone before anything after the load could read it, so precise mode does not
// enter the checker, wherever the exit is (in the report itself, or in a
// function declared never to return whose body exits, in another TU).
// Control that goes on elsewhere keeps what the path wrote: a call followed
// by longjmp (the recovery point reads it), by a function declared never to
// return whose body ends in longjmp, or before a loop.
// CHECK-LABEL: "skipped_calls": [
// CHECK:         "callee": "check_file"
// CHECK-NEXT:    "caller": "report"
// CHECK-NEXT:    "reason": "called on a path that ends the process"
// CHECK:         "callee": "check_tail"
// CHECK-NEXT:    "caller": "report_tail"
// CHECK-NEXT:    "reason": "called on a path that ends the process"
// CHECK-LABEL: "types": [
// CHECK-NOT:     "name": "checker"
// CHECK:         "name": "note"
// CHECK:         "name": "retry"
// CHECK:         "name": "salvage"
// CHECK:         "name": "table"
// CHECK-NOT:     "name": "checker"
// The paper's walk enters the checker.
// PAPER-LABEL: "functions_visited": [
// PAPER:         "name": "check_file"

//--- cdb.json.in
[{"directory": "@DIR@", "command": "cc -c db.c", "file": "db.c"},
 {"directory": "@DIR@", "command": "cc -c fail.c", "file": "fail.c"}]
//--- db.h
typedef unsigned long size_t;
long read(int fd, void *buf, size_t n);
void exit(int) __attribute__((noreturn));
typedef struct { long regs[8]; } jmp_buf[1];
void longjmp(jmp_buf, int) __attribute__((noreturn));
void fail_hard(void) __attribute__((noreturn));
void fail_soft(void) __attribute__((noreturn));
struct src { int fd; };
void check_tail(struct src *s);
//--- fail.c
#include "db.h"
struct checker { long n; };
struct checker chk;
jmp_buf recover;
void check_tail(struct src *s) { read(s->fd, &chk.n, sizeof chk.n); }
void fail_hard(void) { exit(2); }
void fail_soft(void) { longjmp(recover, 1); }
//--- db.c
#include "db.h"
struct checker { long n; };
struct table { long n; };
struct salvage { long n; };
struct note { long n; };
struct retry { long n; };
struct table *tab;
struct checker chk;
struct salvage saved;
struct note last_note;
struct retry again;
extern jmp_buf recover;
void check_file(struct src *s) { read(s->fd, &chk.n, sizeof chk.n); }
void salvage_file(struct src *s) { read(s->fd, &saved.n, sizeof saved.n); }
void note_file(struct src *s) { read(s->fd, &last_note.n, sizeof last_note.n); }
void retry_file(struct src *s) { read(s->fd, &again.n, sizeof again.n); }
void report(struct src *s, int fatal) {
  if (!fatal)
    return;
  check_file(s);
  exit(1);
}
void report_tail(struct src *s, int fatal) {
  if (!fatal)
    return;
  check_tail(s);
  fail_hard();
}
void report_soft(struct src *s, int fatal) {
  if (!fatal)
    return;
  salvage_file(s);
  longjmp(recover, 1);
}
void report_noted(struct src *s, int fatal) {
  if (!fatal)
    return;
  note_file(s);
  fail_soft();
}
void report_loop(struct src *s, int fatal) {
  if (!fatal)
    return;
  for (;;) {
    retry_file(s);
    if (s->fd < 0)
      exit(3);
  }
}
void load_db(struct src *s) {
  long n;
  if (read(s->fd, &n, sizeof n) != sizeof n) {
    report(s, 1);
    report_tail(s, 1);
    report_soft(s, 1);
    report_noted(s, 1);
    report_loop(s, 1);
  }
  tab->n = n;
}
