// RUN: rm -rf %t && split-file %s %t && %di-cdb
// RUN: %delay-injector -p %t --types=%di-types --export-fixes=%t/fixes.yaml 2>/dev/null
// RUN: FileCheck %s --input-file=%t/fixes.yaml
// RUN: not grep pms_lat %t/input.c

// The edits in clang-apply-replacements' format: the runtime's prototypes first, one replacement
// per outermost site, the include at the end; the sources are not touched.
// CHECK:      MainSourceFile: '{{.*}}input.c'
// CHECK-NEXT: Replacements:
// CHECK-NEXT:   - FilePath: '{{.*}}input.c'
// CHECK-NEXT:     Offset: 0
// CHECK-NEXT:     Length: 0
// CHECK-NEXT:     ReplacementText: "static inline void pms_lat_read({{.*}}\n#line 1\n"
// CHECK-NEXT:   - FilePath: '{{.*}}input.c'
// CHECK-NEXT:     Offset: 61
// CHECK-NEXT:     Length: 6
// CHECK-NEXT:     ReplacementText: '(pms_lat_read(&(p->key), sizeof(p->key)), p->key)'
// CHECK-NEXT:   - FilePath: '{{.*}}input.c'
// CHECK-NEXT:     Offset: 71
// CHECK-NEXT:     Length: 0
// CHECK-NEXT:     ReplacementText: "#include <pmem_shim/latency.h> /* delay-injector */\n"

//--- input.c
struct node { int key; };
int get(struct node *p) {
  return p->key;
}
