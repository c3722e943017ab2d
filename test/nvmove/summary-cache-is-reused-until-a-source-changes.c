// RUN: rm -rf %t && split-file %s %t
// RUN: sed -e 's|@DIR@|%/t|g' %t/cdb.json.in > %t/compile_commands.json
// RUN: nvmove --quiet --cache-dir=%t/cache -p %t --load-function=load_db --format=json -o %t/first.json
// RUN: FileCheck %s --check-prefix=FIRST --input-file=%t/first.json
// RUN: nvmove --quiet --cache-dir=%t/cache -p %t --load-function=load_db --format=json -o %t/second.json
// RUN: FileCheck %s --check-prefix=SECOND --input-file=%t/second.json
// RUN: cp %t/table-v2.c %t/table.c
// RUN: nvmove --quiet --cache-dir=%t/cache -p %t --load-function=load_db --format=json -o %t/third.json
// RUN: FileCheck %s --check-prefix=THIRD --input-file=%t/third.json
// RUN: nvmove --quiet --no-cache --cache-dir=%t/unused -p %t --load-function=load_db -o %t/text.txt
// RUN: not ls %t/unused

// Per-TU summaries are cached: a second run parses nothing and gives the same
// answer. Changing a source re-parses that TU only, and the answer follows
// the change. --no-cache neither reads nor writes the cache.
// FIRST-LABEL:  "translation_units": {
// FIRST-NEXT:     "failed": 0,
// FIRST-NEXT:     "from_cache": 0,
// FIRST-NEXT:     "in_database": 2,
// FIRST-NEXT:     "parsed": 2
// FIRST-LABEL:  "types": [
// FIRST:          "name": "table",
// FIRST:          "reason": "loaded-data",

// SECOND-LABEL: "translation_units": {
// SECOND-NEXT:    "failed": 0,
// SECOND-NEXT:    "from_cache": 2,
// SECOND-NEXT:    "in_database": 2,
// SECOND-NEXT:    "parsed": 0
// SECOND-LABEL: "types": [
// SECOND:         "name": "table",
// SECOND:         "reason": "loaded-data",

// THIRD-LABEL:  "translation_units": {
// THIRD-NEXT:     "failed": 0,
// THIRD-NEXT:     "from_cache": 1,
// THIRD-NEXT:     "in_database": 2,
// THIRD-NEXT:     "parsed": 1
// THIRD-LABEL:  "types": [
// THIRD-NOT:      "name": "table",
// THIRD:          "name": "table_v2",
// THIRD-NOT:      "name": "table",

//--- cdb.json.in
[{"directory": "@DIR@", "command": "cc -c load.c", "file": "load.c"},
 {"directory": "@DIR@", "command": "cc -c table.c", "file": "table.c"}]
//--- load.c
void table_open(const char *path);
void load_db(const char *path) { table_open(path); }
//--- table.c
int open(const char *path, int flags);
long read(int fd, void *buf, unsigned long n);
struct table { unsigned n; };
struct table t;
void table_open(const char *path) {
  struct table *p = &t;
  read(open(path, 0), &p->n, sizeof p->n);
}
//--- table-v2.c
int open(const char *path, int flags);
long read(int fd, void *buf, unsigned long n);
struct table_v2 { unsigned n; };
struct table_v2 t;
void table_open(const char *path) {
  struct table_v2 *p = &t;
  read(open(path, 0), &p->n, sizeof p->n);
}
