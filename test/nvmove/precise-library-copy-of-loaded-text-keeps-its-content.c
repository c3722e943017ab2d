// RUN: rm -rf %t && split-file %s %t
// RUN: sed -e 's|@DIR@|%/t|g' %t/cdb.json.in > %t/compile_commands.json
// RUN: %nvmove -p %t --load-function=load_user --format=json -o %t/report.json
// RUN: FileCheck %s --input-file=%t/report.json

// Text read into a local array and duplicated by a library function without a body
// (strdup): the copy points to loaded data, so the field it is stored into is written
// with a pointer to loaded data. The array's contents, not its address, carry the data.
// CHECK-LABEL: "types": [
// CHECK:         "fields_written": [
// CHECK-NEXT:      "id",
// CHECK-NEXT:      "name"
// CHECK-NEXT:    ],
// CHECK:         "name": "user",
// CHECK:         "evidence": "a pointer to loaded data is stored into *user.name: {{.*}}",

//--- cdb.json.in
[{"directory": "@DIR@", "command": "cc -c user.c", "file": "user.c"}]
//--- user.c
typedef struct FILE FILE;
char *fgets(char *s, int n, FILE *f);
char *strdup(const char *s);
int atoi(const char *s);
struct user { int id; char *name; };
struct user *users;
void load_user(FILE *f) {
  char line[64];
  fgets(line, sizeof line, f);
  users->id = atoi(line);
  users->name = strdup(line);
}
