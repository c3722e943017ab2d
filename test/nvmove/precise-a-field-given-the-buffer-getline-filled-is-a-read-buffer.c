// RUN: rm -rf %t && split-file %s %t
// RUN: sed -e 's|@DIR@|%/t|g' %t/cdb.json.in > %t/compile_commands.json
// RUN: %nvmove -p %t --load-function=load_meta --load-function=load_notes --format=json -o %t/report.json
// RUN: FileCheck %s --input-file=%t/report.json

// memcached's restart metadata reader keeps the line getline filled in its reading context
// (c->line = line) until the next line, and hands out pointers into it that the load parses
// into its settings. The context holds the read buffer itself, not anything the load built: it
// is no persistent type, though the caller hands it to the load. The record the parsed value
// lands in is; so is a record that takes the buffer over whole as its text (load_notes), where
// nothing else parses it.
// CHECK-LABEL: "types": [
// CHECK-NOT:     "name": "reader",
// CHECK:         "name": "note",
// CHECK:         "evidence": "a pointer to loaded data is stored into *note.text: {{.*}}",
// CHECK-NOT:     "name": "reader",
// CHECK:         "name": "setting",
// CHECK:         "reason": "loaded-data",
// CHECK-NOT:     "name": "reader",
// CHECK-LABEL: "warnings": []

//--- cdb.json.in
[{"directory": "@DIR@", "command": "cc -c meta.c", "file": "meta.c"}]
//--- meta.c
typedef struct io_file FILE;
typedef unsigned long size_t;
typedef long ssize_t;
ssize_t getline(char **line, size_t *n, FILE *f);
long strtol(const char *s, char **end, int base);
void free(void *p);
struct reader { FILE *f; char *line; int done; };
struct setting { long value; };
struct setting limits;
struct note { char *text; struct note *next; };
struct note *notes;
void *malloc(size_t n);
static int next_value(struct reader *c, char **val) {
  char *line = 0;
  size_t len = 0;
  if (c->line) {
    free(c->line);
    c->line = 0;
  }
  if (getline(&line, &len, c->f) == -1) {
    c->done = 1;
    return 0;
  }
  *val = line + 2;
  c->line = line;
  return 1;
}
void load_meta(struct reader *c) {
  char *val;
  while (next_value(c, &val))
    limits.value = strtol(val, 0, 10);
}
void load_notes(FILE *f) {
  char *line = 0;
  size_t len = 0;
  while (getline(&line, &len, f) > 0) {
    struct note *n = malloc(sizeof *n);
    n->text = line;
    n->next = notes;
    notes = n;
    line = 0;
  }
}
