// RUN: rm -rf %t && split-file %s %t
// RUN: sed -e 's|@DIR@|%/t|g' %t/cdb.json.in > %t/compile_commands.json
// RUN: %nvmove -p %t --load-function=fs_mount --format=json -o %t/report.json
// RUN: FileCheck %s --input-file=%t/report.json

// The superblock read from the pool's root records which allocator policy the file system
// uses; the mount looks the policy up in a constant table of functions, by the number the
// superblock holds, and keeps a pointer to it next to the pool pointers. The table is code,
// chosen by a number from the pool: it is not persistent, and neither are the arguments the
// policy's function is called with.
// CHECK-LABEL: "types": [
// CHECK-NOT:     "name": "{{policy|mounted|request}}"
// CHECK:         "name": "super",
// CHECK:         "reason": "pool-pointer",
// CHECK-NOT:     "name": "{{policy|mounted|request}}"
// CHECK-LABEL: "warnings":

//--- cdb.json.in
[{"directory": "@DIR@", "command": "cc -c fs.c", "file": "fs.c"}]
//--- fs.c
void *pms_root_get(const char *name);

struct super { unsigned policy; unsigned nblocks; };
struct mounted;
struct request { unsigned want; unsigned got; };
struct policy {
  unsigned id;
  const char *name;
  int (*find)(struct mounted *fs, struct request *r);
};
struct mounted { struct super *sb; const struct policy *alloc; };

static int first_fit(struct mounted *fs, struct request *r) {
  r->got = r->want < fs->sb->nblocks ? r->want : 0;
  return 0;
}
static int best_fit(struct mounted *fs, struct request *r) {
  r->got = 0;
  return fs->sb->nblocks ? 0 : -1;
}

static const struct policy policies[] = {
  {1, "first-fit", first_fit},
  {2, "best-fit", best_fit},
};

static const struct policy *policy_by_id(unsigned id) {
  for (unsigned i = 0; i < sizeof policies / sizeof policies[0]; i++)
    if (policies[i].id == id)
      return &policies[i];
  return 0;
}

static struct mounted the_fs;

int fs_mount(void) {
  struct mounted *fs = &the_fs;
  struct request r = {1, 0};
  fs->sb = pms_root_get("fs");
  fs->alloc = policy_by_id(fs->sb->policy);
  if (!fs->alloc)
    return -1;
  return fs->alloc->find(fs, &r);
}
