// RUN: %pms-cc %s -o %t.exe %pms-ldflags
// RUN: rm -f %t.pool
// RUN: %t.exe %t.pool | FileCheck %s
// RUN: rm -f %t.pool
// RUN: not --crash %t.exe %t.pool past-end > %t.out 2> %t.err
// RUN: FileCheck %s --check-prefix=END-OUT --input-file=%t.out
// RUN: FileCheck %s --check-prefix=END --input-file=%t.err

// pms_tx_memmove, _memset, _strcpy, _strncpy, _strcat (and tx.h's
// pms_tx_memcpy) log exactly the bytes they write before writing them: an
// aborted operation gets the old bytes back, a committed one keeps the new
// ones, and a volatile destination is simply written. A destination that
// cannot be logged (here: running past the end of the pool) stops the
// program before the write instead of returning an error nobody checks.
// CHECK: in tx: [hxhel world] [abc] [12345]
// CHECK-NEXT: after abort: [hello] [] [zzzzz] volatile=[hi there]
// CHECK-NEXT: after commit: [hxhel world] [abc] [12345]
// END-OUT: logging past the end
// END-OUT-NOT: wrote
// END: pmem_shim: pms_tx_add_range: [0x{{[0-9a-f]+}}, +16) crosses the end of the pool

#include <pmem_shim/port.h>
#include <pmem_shim.h>
#include <stdio.h>
#include <string.h>

static char *s, *t, *u;

static void edit(char *vol)
{
	pms_op_begin();
	pms_tx_strcat(s, " world");     /* hello world */
	pms_tx_memmove(s + 2, s, 3);    /* hehel world */
	pms_tx_memset(s + 1, 'x', 1);   /* hxhel world */
	pms_tx_strncpy(t, "abc", 16);
	pms_tx_memcpy(u, "12345", 5);
	pms_tx_strcpy(vol, "hi");
	pms_tx_strcat(vol, " there");
}

int main(int argc, char **argv)
{
	char vol[32];
	struct pms_pool_info info;

	setvbuf(stdout, NULL, _IONBF, 0);
	pms_port_open(argv[1]);
	if (argc > 2) {
		pms_pool_info(pms_pool_current(), &info);
		pms_op_begin();
		printf("logging past the end\n");
		pms_tx_memset((char *)info.addr + info.size - 8, 0, 16);
		printf("wrote\n");
		return 0;
	}
	pms_op_begin();
	s = pms_calloc(1, 32);
	t = pms_calloc(1, 16);
	u = pms_calloc(1, 8);
	pms_tx_strcpy(s, "hello");
	pms_tx_memset(u, 'z', 5);
	pms_op_end();

	edit(vol);
	printf("in tx: [%s] [%s] [%s]\n", s, t, u);
	pms_tx_abort();
	pms_op_end();
	printf("after abort: [%s] [%s] [%s] volatile=[%s]\n", s, t, u, vol);
	edit(vol);
	pms_op_end();
	printf("after commit: [%s] [%s] [%s]\n", s, t, u);
	return 0;
}
