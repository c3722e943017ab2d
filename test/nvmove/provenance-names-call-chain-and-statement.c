// RUN: rm -rf %t && split-file %s %t
// RUN: sed -e 's|@DIR@|%/t|g' %t/cdb.json.in > %t/compile_commands.json
// RUN: %nvmove -p %t --load-function=load_rdb --mode=paper --format=json -o %t/paper.json
// RUN: FileCheck %s --check-prefix=PAPER --input-file=%t/paper.json
// RUN: %nvmove -p %t --load-function=load_rdb --format=json -o %t/precise.json
// RUN: FileCheck %s --check-prefix=PRECISE --input-file=%t/precise.json

// Each finding says how the walk got there: the call chain from the load
// function to the function holding the statement, that function, and the
// statement as file:line:col (lines are those of the sections below).

// In paper mode the entry is the assignment (each type has one here).
// PAPER-LABEL: "types": [
// PAPER:         "name": "db",
// PAPER:         "call_chain": [
// PAPER-NEXT:      "load_rdb"
// PAPER-NEXT:    ],
// PAPER-NEXT:    "evidence": "++ db->keys (counter)",
// PAPER-NEXT:    "function": "load_rdb",
// PAPER-NEXT:    "statement": "rdb.c:10:11"
// PAPER:         "name": "robj",
// PAPER:         "call_chain": [
// PAPER-NEXT:      "load_rdb",
// PAPER-NEXT:      "load_object"
// PAPER-NEXT:    ],
// PAPER-NEXT:    "evidence": "= o->type (constant)",
// PAPER-NEXT:    "function": "load_object",
// PAPER-NEXT:    "statement": "object.c:10:11"
// PAPER:         "name": "sds",
// PAPER:         "call_chain": [
// PAPER-NEXT:      "load_rdb",
// PAPER-NEXT:      "load_object",
// PAPER-NEXT:      "load_string"
// PAPER-NEXT:    ],
// PAPER-NEXT:    "evidence": "= s->len (data)",
// PAPER-NEXT:    "function": "load_string",
// PAPER-NEXT:    "statement": "object.c:6:10"

// In precise mode the statement is the one that stored the loaded data, and
// the evidence traces the data there: the length read in load_rdb() reaches
// 's->len' in load_string(), two calls down and in the other TU; the bytes of
// 's->buf' come from the read() in load_string() itself.
// PRECISE-LABEL: "types": [
// PRECISE:         "name": "sds",
// PRECISE:         "call_chain": [
// PRECISE-NEXT:      "load_rdb",
// PRECISE-NEXT:      "load_object",
// PRECISE-NEXT:      "load_string"
// PRECISE-NEXT:    ],
// PRECISE-NEXT:    "evidence": "loaded data is stored into sds.len: <data read from storage> -> load_rdb: len -> {{.*}}load_string{{.*}} -> sds.len",
// PRECISE-NEXT:    "function": "load_string",
// PRECISE-NEXT:    "statement": "object.c:6:10"
// PRECISE:         "evidence": "loaded data is stored into sds.buf: <data read from storage> -> sds.buf",
// PRECISE-NEXT:    "function": "load_string",
// PRECISE-NEXT:    "statement": "object.c:7:3"

//--- cdb.json.in
[{"directory": "@DIR@", "command": "cc -c rdb.c", "file": "rdb.c"},
 {"directory": "@DIR@", "command": "cc -c object.c", "file": "object.c"}]
//--- rdb.c
typedef unsigned long size_t;
long read(int fd, void *buf, size_t n);
struct robj { int type; void *ptr; };
void load_object(int fd, struct robj *o, size_t *lenp);
struct db { struct robj obj; long keys; };
void load_rdb(int fd, struct db *db) {
  size_t len;
  read(fd, &len, sizeof len);
  load_object(fd, &db->obj, &len);
  db->keys++;
}
//--- object.c
typedef unsigned long size_t;
long read(int fd, void *buf, size_t n);
struct robj { int type; void *ptr; };
struct sds { size_t len; char buf[64]; };
static void load_string(int fd, struct sds *s, size_t *lenp) {
  s->len = *lenp;
  read(fd, s->buf, s->len);
}
void load_object(int fd, struct robj *o, size_t *lenp) {
  o->type = 0;
  load_string(fd, o->ptr, lenp);
}
