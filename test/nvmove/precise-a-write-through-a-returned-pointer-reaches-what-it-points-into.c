// RUN: rm -rf %t && split-file %s %t
// RUN: sed -e 's|@DIR@|%/t|g' %t/cdb.json.in > %t/compile_commands.json
// RUN: %nvmove -p %t --load-function=load_db --format=json -o %t/precise.json
// RUN: FileCheck %s --input-file=%t/precise.json
// RUN: %nvmove -p %t --load-function=load_db --heap=sites --format=json -o %t/sites.json
// RUN: FileCheck %s --input-file=%t/sites.json

// The load reads into the bytes a function's result points to (unbound's load_cache reads
// each line into `sldns_buffer_begin(buf)`, which returns `buf->_data` through another
// call): the read fills the buffer the field points to, and what is parsed from it later,
// through the field or through the same function, is loaded data. So is a read into the
// bytes a returned pointer leads to inside the caller's own buffer (`skip(line)`).
// A wrapper that returns a fresh allocation hands each caller its own bytes: what one caller
// reads into its result does not reach another caller's (`label`, filled from the bytes of
// its own call of `fresh`).
// CHECK-LABEL: "types": [
// CHECK:         "name": "entry"
// CHECK-NOT:     "name": "label"
// CHECK:         "name": "note"
// CHECK-NOT:     "name": "label"

//--- cdb.json.in
[{"directory": "@DIR@", "command": "cc -c db.c", "file": "db.c"}]
//--- db.c
void *malloc(unsigned long);
long read(int fd, void *buf, unsigned long n);
int atoi(const char *);
struct buffer { char *data; unsigned long cap; };
struct entry { int key; struct entry *next; };
struct note { int v; };
struct label { char first; };
struct entry *entries;
struct note *notes;
struct label *labels;

static char *buffer_at(struct buffer *b, unsigned long at) { return b->data + at; }
static char *buffer_begin(struct buffer *b) { return buffer_at(b, 0); }
static char *skip(char *s) { return s + 1; }
static char *fresh(unsigned long n) { return malloc(n); }

static void name_it(const char *from) {
  char *t = fresh(8);
  labels = malloc(sizeof *labels);
  if (from[0])
    labels->first = t[0];
}

static int read_line(int fd, char *into, unsigned long max) { return read(fd, into, max) > 0; }

void load_db(int fd, struct buffer *b) {
  char line[64];
  char *scratch = fresh(16);
  while (read_line(fd, buffer_begin(b), b->cap)) {
    struct entry *e = malloc(sizeof *e);
    e->key = atoi(buffer_begin(b));
    e->next = entries;
    entries = e;
  }
  read(fd, skip(line), sizeof line - 1);
  notes = malloc(sizeof *notes);
  notes->v = atoi(line);
  read(fd, scratch, 16);
  name_it(scratch);
}
