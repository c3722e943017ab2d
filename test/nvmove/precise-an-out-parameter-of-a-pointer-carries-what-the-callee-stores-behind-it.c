// RUN: rm -rf %t && split-file %s %t
// RUN: sed -e 's|@DIR@|%/t|g' %t/cdb.json.in > %t/compile_commands.json
// RUN: %nvmove -p %t --load-function=load_db --format=json -o %t/precise.json
// RUN: FileCheck %s --input-file=%t/precise.json

// A callee handed the address of a pointer (`get_name(buf, &r->name)`) stores a new buffer
// there and copies loaded bytes behind it (`*out = malloc(n); memcpy(*out, line, n)`): the
// record's field then points to loaded data. Per call site: another call of the same helper
// with bytes the load did not read leaves its record alone (`tag`). The way in too: a
// tokenizer handed `&cursor` reads the caller's line through `**cursor` and hands back a field
// of it through another `char **` (rrdcached's journal replay, `buffer_get_field(&buffer,
// &size, &file)`), and the record the field is copied into holds loaded data (`entry`).
// CHECK-LABEL: "touched_not_loaded": [
// CHECK:         "name": "tag"
// CHECK-LABEL: "types": [
// CHECK:         "name": "entry"
// CHECK:         "name": "rec"
// CHECK-NOT:     "name": "tag"

//--- cdb.json.in
[{"directory": "@DIR@", "command": "cc -c db.c", "file": "db.c"}]
//--- db.c
void *malloc(unsigned long);
void *memcpy(void *, const void *, unsigned long);
long read(int fd, void *buf, unsigned long n);
struct rec { char *name; };
struct tag { char *label; };
struct rec *first;
struct tag *tags;
struct entry { char key[8]; };
struct entry *entries;
char *strncpy(char *, const char *, unsigned long);

/* The next space-separated field of *cursor, cut out in place. */
static int next_field(char **cursor, char **field) {
  char *p = *cursor;
  *field = p;
  while (*p && *p != ' ')
    p++;
  if (*p)
    *p++ = 0;
  *cursor = p;
  return 0;
}

static void get_name(const char *line, char **out) {
  *out = malloc(8);
  memcpy(*out, line, 8);
}

static void name_tag(const char *from) {
  tags = malloc(sizeof *tags);
  if (from[0])
    get_name("default", &tags->label);
}

int load_db(int fd) {
  char buf[64];
  read(fd, buf, sizeof buf);
  first = malloc(sizeof *first);
  get_name(buf, &first->name);
  name_tag(buf);
  char *cursor = buf, *key;
  next_field(&cursor, &key);
  entries = malloc(sizeof *entries);
  strncpy(entries->key, key, sizeof entries->key);
  return 0;
}
