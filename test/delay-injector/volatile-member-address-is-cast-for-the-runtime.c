// RUN: rm -rf %t && split-file %s %t && %di-cdb
// RUN: %delay-injector -p %t --types=%di-types --out=%t/out 2>/dev/null
// RUN: FileCheck %s --input-file=%t/out/input.c

// A volatile member (memcached's settings.sig_hup) is read once as before; its address is
// cast for the runtime's 'const void *' so that -Werror builds do not break.
// CHECK-LABEL: int f(struct node *p) {
// CHECK-NEXT:    return (pms_lat_read((const void *)&(p->flag), sizeof(p->flag)), p->flag);

//--- input.c
struct node { int key; volatile int flag; };
int f(struct node *p) {
  return p->flag;
}
