// RUN: rm -rf %t && split-file %s %t
// RUN: sed -e 's|@DIR@|%/t|g' %t/cdb.json.in > %t/compile_commands.json
// RUN: %nvmove -p %t --load-function=load_table --format=json -o %t/report.json
// RUN: FileCheck %s --input-file=%t/report.json

// Sink awareness. 'struct parse_error' receives loaded data: the bad line is formatted into
// its text with snprintf. Every use the program makes of that text is output: report_line()
// only prints its parameter, and show_error() passes the fields to report_line() and
// fprintf(). An error message is not state: parse_error is touched, not loaded.
// 'struct entry' receives the same loaded text, and the program only ever prints it too, but
// it is stored as it was read, not formatted into a message: a list of loaded names that the
// program shows later is still its state. It stays persistent, and 'struct table' holds it.
// CHECK-LABEL: "touched_not_loaded": [
// CHECK:         "name": "parse_error",
// CHECK:         "reason": "touched",
// CHECK-LABEL: "types": [
// CHECK-NOT:     "name": "parse_error"
// CHECK:         "fields_written": [
// CHECK-NEXT:      "name",
// CHECK-NEXT:      "value"
// CHECK-NEXT:    ],
// CHECK-NEXT:    "kind": "struct",
// CHECK-NEXT:    "name": "entry",
// CHECK:         "reason": "loaded-data",
// CHECK-NOT:     "name": "parse_error"
// CHECK:         "name": "table",
// CHECK-NOT:     "name": "parse_error"
// CHECK-LABEL: "warnings": []

//--- cdb.json.in
[{"directory": "@DIR@", "command": "cc -c table.c", "file": "table.c"}]
//--- table.c
typedef unsigned long size_t;
typedef struct FILE FILE;
extern FILE *stderr;
char *fgets(char *s, int n, FILE *f);
int fprintf(FILE *f, const char *fmt, ...);
int fputs(const char *s, FILE *f);
int snprintf(char *s, size_t n, const char *fmt, ...);
char *strdup(const char *s);
void *malloc(size_t n);
int atoi(const char *s);

struct parse_error { char text[128]; int line; };
struct entry { char *name; int value; struct entry *next; };
struct table { struct entry *first; int count; };

struct table db;
static struct parse_error last_error;

static void report_line(const char *s) { fputs(s, stderr); }

static void show_error(struct parse_error *e) {
  report_line(e->text);
  fprintf(stderr, "at line %d\n", e->line);
}

int load_table(FILE *f) {
  char line[256];
  int n = 0;
  while (fgets(line, sizeof line, f)) {
    ++n;
    if (line[0] == '#') {
      snprintf(last_error.text, sizeof last_error.text, "bad line: %s", line);
      last_error.line = n;
      show_error(&last_error);
      continue;
    }
    struct entry *e = malloc(sizeof *e);
    e->name = strdup(line);
    e->value = atoi(line);
    fprintf(stderr, "loaded %s = %d\n", e->name, e->value);
    e->next = db.first;
    db.first = e;
    db.count++;
  }
  return n;
}

void list_table(void) {
  for (struct entry *e = db.first; e; e = e->next)
    fprintf(stderr, "%s = %d\n", e->name, e->value);
}

