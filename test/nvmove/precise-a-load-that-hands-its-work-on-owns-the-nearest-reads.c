// RUN: rm -rf %t && split-file %s %t
// RUN: sed -e 's|@DIR@|%/t|g' %t/cdb.json.in > %t/compile_commands.json
// RUN: %nvmove -p %t --load-function=init_history --load-function=load_table --format=json -o %t/report.json
// RUN: FileCheck %s --input-file=%t/report.json

// The load's input is what the load function and its direct callees read (deeper calls, such as
// a configuration reader, read other files). less's init_cmdhist reads nothing itself: it calls
// read_cmdhist, which calls read_cmdhist2, which opens and reads the history file (whose name it
// finds itself: no handle or name comes down from init_cmdhist). When neither
// the load function nor its callees read anything, the nearest functions of the walk that do
// are its readers: 'struct entry' is loaded. load_table reads its file itself, so what the
// options reader two calls below it reads ('struct option') stays out.
// CHECK-LABEL: "types": [
// CHECK:         "name": "entry",
// CHECK-NOT:     "name": "option",
// CHECK:         "name": "row",
// CHECK-NOT:     "name": "option",
// CHECK-LABEL: "warnings": []

//--- cdb.json.in
[{"directory": "@DIR@", "command": "cc -c hist.c", "file": "hist.c"}]
//--- hist.c
typedef struct io_file FILE;
typedef unsigned long size_t;
FILE *fopen(const char *path, const char *mode);
char *fgets(char *s, int n, FILE *f);
size_t fread(void *p, size_t size, size_t n, FILE *f);
void *malloc(size_t n);
struct entry { char text[32]; struct entry *next; };
struct row { int key; int value; };
struct option { char name[16]; };
struct entry *history;
struct row *table;
struct option *options;
static void read_lines(struct entry **head) {
  char line[32];
  FILE *f = fopen("/home/u/.hist", "r");
  while (fgets(line, sizeof line, f)) {
    struct entry *e = malloc(sizeof *e);
    for (int i = 0; i < 32; i++)
      e->text[i] = line[i];
    e->next = *head;
    *head = e;
  }
}
static void read_history(struct entry **head) { read_lines(head); }
void init_history(void) { read_history(&history); }
static struct option *parse_options(FILE *f) {
  struct option *o = malloc(sizeof *o);
  fread(o->name, 1, sizeof o->name, f);
  return o;
}
static void read_options(struct option **out) { *out = parse_options(fopen("/etc/opts", "r")); }
static void configure(struct option **out) { read_options(out); }
void load_table(FILE *f) {
  table = malloc(sizeof *table);
  fread(table, sizeof *table, 1, f);
  configure(&options);
}
