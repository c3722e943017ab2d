// RUN: rm -rf %t && split-file %s %t
// RUN: sed -e 's|@DIR@|%/t|g' %t/cdb.json.in > %t/compile_commands.json
// RUN: %nvmove -p %t --load-function=load_history --format=json -o %t/report.json
// RUN: FileCheck %s --input-file=%t/report.json
// RUN: sed -e 's|/\* open early \*/|open_file(argv[1]);|' %t/main.c > %t/main2.c && mv %t/main2.c %t/main.c
// RUN: %nvmove -p %t --load-function=load_history --format=json -o %t/report2.json
// RUN: FileCheck %s --check-prefix=OPEN --input-file=%t/report2.json
// RUN: rm -rf %t.loop && split-file %s %t.loop
// RUN: sed -e 's|@DIR@|%/t.loop|g' %t.loop/cdb.json.in > %t.loop/compile_commands.json
// RUN: sed -e 's|^  load_history(stdin);|  while (argc-- > 1) { load_history(stdin); open_file(argv[argc]); }|' %t.loop/main.c > %t.loop/main2.c && mv %t.loop/main2.c %t.loop/main.c
// RUN: %nvmove -p %t.loop --load-function=load_history --format=json -o %t.loop/report.json
// RUN: FileCheck %s --check-prefix=OPEN --input-file=%t.loop/report.json
// RUN: rm -rf %t.cb && split-file %s %t.cb
// RUN: sed -e 's|@DIR@|%/t.cb|g' %t.cb/cdb.json.in > %t.cb/compile_commands.json
// RUN: sed -e 's|^  load_history(stdin);|  void (*loader)(FILE *) = load_history; loader(stdin);|' %t.cb/main.c > %t.cb/main2.c && mv %t.cb/main2.c %t.cb/main.c
// RUN: %nvmove -p %t.cb --load-function=load_history --format=json -o %t.cb/report.json
// RUN: FileCheck %s --check-prefix=OPEN --input-file=%t.cb/report.json

// nano's shape: the history loader splices each line it reads after the last one with a helper
// that also keeps the open buffer's last line up to date, `if (current && current->bot ==
// after) current->bot = node`. main loads the histories before it opens any file, so the
// buffer pointer is still NULL under the load and that store never runs: the buffer holds
// nothing the load built. When main opens a file first (OPEN), the store may run, and the
// buffer owns a line the load allocated; so it does when main loads again in a loop that opens
// a file after each load (OPEN, second run), and when the load is a callback (OPEN, third run:
// it may run at any time). A call before the load that never returns (die) changes nothing the
// load sees.
// CHECK-LABEL: "types": [
// CHECK-NOT:     "name": "buffer",
// CHECK:         "name": "line",
// CHECK-NOT:     "name": "buffer",
// CHECK-LABEL: "warnings"
// OPEN-LABEL: "types": [
// OPEN:         "name": "buffer",
// OPEN:         "name": "line",

//--- cdb.json.in
[{"directory": "@DIR@", "command": "cc -c history.c", "file": "history.c"},
 {"directory": "@DIR@", "command": "cc -c main.c", "file": "main.c"}]
//--- history.c
typedef unsigned long size_t;
typedef long ssize_t;
typedef struct FILE FILE;
ssize_t getline(char **line, size_t *n, FILE *f);
void *malloc(size_t n);
char *strdup(const char *s);
void exit(int status) __attribute__((noreturn));
struct line { char *data; struct line *next, *prev; };
struct buffer { struct line *top, *bot; char *name; };
struct buffer *current; /* the open file: none until main opens one */
struct line *history;

void splice(struct line *after, struct line *node) {
  node->next = after->next;
  node->prev = after;
  after->next = node;
  if (current && current->bot == after)
    current->bot = node;
}

void load_history(FILE *f) {
  char *text = 0;
  size_t n = 0;
  struct line *last = history;
  while (getline(&text, &n, f) > 0) {
    struct line *l = malloc(sizeof *l);
    l->data = strdup(text);
    splice(last, l);
    last = l;
  }
}

void die(const char *why) { /* never returns: nothing it does is seen by the load */
  current = malloc(sizeof *current); /* where the emergency save goes */
  exit(1);
}

void open_file(const char *name) {
  struct buffer *b = malloc(sizeof *b);
  b->top = b->bot = malloc(sizeof(struct line));
  b->name = strdup(name);
  current = b;
}
//--- main.c
typedef struct FILE FILE;
extern FILE *stdin;
struct line { char *data; struct line *next, *prev; };
extern struct line *history;
void *malloc(unsigned long n);
void load_history(FILE *f);
void open_file(const char *name);
void edit(void);
void die(const char *why);

int main(int argc, char **argv) {
  history = malloc(sizeof *history);
  if (!history)
    die("out of memory");
  /* open early */
  load_history(stdin);
  for (int i = 1; i < argc; i++)
    open_file(argv[i]);
  edit();
  return 0;
}
