// RUN: rm -rf %t && split-file %s %t
// RUN: sed -e 's|@DIR@|%/t|g' %t/cdb.json.in > %t/compile_commands.json
// RUN: %nvmove -p %t --load-function=load_user --mode=paper --format=json -o %t/report.json
// RUN: FileCheck %s --input-file=%t/report.json

// strcpy() and strncpy() write their first argument: a char array field
// filled by them is an assignment to that field in paper mode.
// CHECK-LABEL: "types": [
// CHECK:         "fields_written": [
// CHECK-NEXT:      "home",
// CHECK-NEXT:      "name"
// CHECK-NEXT:    ],
// CHECK:         "name": "user",
// CHECK:         "evidence": "strcpy u->name (data)",
// CHECK:         "evidence": "strncpy u->home (data)",
// CHECK:         "reason": "assigned",
// CHECK-LABEL: "warnings": []

//--- cdb.json.in
[{"directory": "@DIR@", "command": "cc -c user.c", "file": "user.c"}]
//--- user.c
typedef unsigned long size_t;
char *strcpy(char *dst, const char *src);
char *strncpy(char *dst, const char *src, size_t n);
struct user { char name[32]; char home[64]; };
void load_user(struct user *u, const char *line) {
  strcpy(u->name, line);
  strncpy(u->home, line + 32, sizeof u->home);
}
