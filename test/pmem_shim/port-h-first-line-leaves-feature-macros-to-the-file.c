// REQUIRES: clang-16
// RUN: %pms-cc -Werror %s -o %t.gcc %pms-ldflags
// RUN: %t.gcc | FileCheck %s
// RUN: clang-16 -std=gnu11 -O1 -Wall -Werror -I%pms-src/include %s -o %t.clang %pms-ldflags
// RUN: %t.clang | FileCheck %s
// RUN: cc -x c++ -fsyntax-only -Wall -Werror -I%pms-src/include %s
// RUN: clang-16 -fsyntax-only -Xclang -ast-dump -I%pms-src/include %s | FileCheck %s --check-prefix=AST

// persist-rewriter puts port.h on the first line of a file, before the file's
// own _GNU_SOURCE: the header includes no system header, so the file still
// gets GNU functions (strchrnul, memrchr), and -Wall -Werror stays clean under
// gcc and clang, in C and C++. Its prototypes agree with pmem_shim.h's, which
// may follow it. PMS_PERSISTENT is an annotation on the record under clang
// and nothing under gcc.
// CHECK: strchrnul=3 memrchr=2 logged=42
// AST: RecordDecl {{.*}} struct node definition
// AST-NEXT: AnnotateAttr {{.*}} "pms_persistent"

#include <pmem_shim/port.h>
#ifndef __cplusplus   /* g++ predefines it */
#define _GNU_SOURCE
#endif
#include <stdio.h>
#include <string.h>
#include <pmem_shim.h>
#include <pmem_shim/port.h>

struct PMS_PERSISTENT node {
	long v;
	struct node *next;
};

int main(void)
{
	const char *s = "abc";
	struct node n = { 0, NULL };

	PMS_LOGGED(n.v) = 42;   /* a volatile object: only the range check */
	printf("strchrnul=%d memrchr=%d logged=%ld\n",
	       (int)(strchrnul(s, 'x') - s),
	       (int)((const char *)memrchr(s, 'c', 3) - s), n.v);
	return 0;
}
