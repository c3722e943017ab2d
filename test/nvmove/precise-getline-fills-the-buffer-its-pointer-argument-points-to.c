// RUN: rm -rf %t && split-file %s %t
// RUN: sed -e 's|@DIR@|%/t|g' %t/cdb.json.in > %t/compile_commands.json
// RUN: %nvmove -p %t --load-function=load_history --format=json -o %t/report.json
// RUN: FileCheck %s --input-file=%t/report.json

// nano reads its search history with getline(&line, &size, f): the text lands in the buffer
// `line` points to (which getline may grow), not in the pointer variable. Each line is copied
// into a history node, which is persistent; a node that only gets the line's length (the
// pointer's value is no text) is not.
// CHECK-LABEL: "types": [
// CHECK-NOT:     "name": "counter",
// CHECK:         "name": "node",
// CHECK:         "evidence": "a pointer to loaded data is stored into *node.text: {{.*}}",
// CHECK-NOT:     "name": "counter",
// CHECK-LABEL: "warnings": []

//--- cdb.json.in
[{"directory": "@DIR@", "command": "cc -c history.c", "file": "history.c"}]
//--- history.c
typedef struct io_file FILE;
typedef unsigned long size_t;
typedef long ssize_t;
FILE *fopen(const char *path, const char *mode);
ssize_t getline(char **line, size_t *n, FILE *f);
void *malloc(size_t n);
char *strcpy(char *d, const char *s);
size_t strlen(const char *s);
struct node { char *text; struct node *next; };
struct counter { long lines; long last; };
struct node *history;
struct counter seen;
static char *copy_of(const char *s) {
  char *d = malloc(strlen(s) + 1);
  strcpy(d, s);
  return d;
}
void load_history(const char *path) {
  FILE *f = fopen(path, "r");
  char *line = 0;
  size_t size = 0;
  while (getline(&line, &size, f) > 0) {
    struct node *n = malloc(sizeof *n);
    n->text = copy_of(line);
    n->next = history;
    history = n;
    seen.lines++;
    seen.last = (long)size;
  }
}
