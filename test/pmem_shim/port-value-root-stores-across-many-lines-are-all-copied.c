// RUN: %pms-cc %s -o %t.exe %pms-ldflags
// RUN: rm -f %t.pool
// RUN: env PMS_POOL_SIZE=64M not --crash %t.exe %t.pool | FileCheck %s --check-prefix=COLD
// RUN: env PMS_POOL_SIZE=64M %t.exe %t.pool | FileCheck %s --check-prefix=WARM

// A store marks the cache lines it changes in a bitmap over the span of the tracked roots, 64
// lines a word, and an operation's end syncs each run of marked lines root by root. Runs that
// end at the last bit of a word, that go on into the next word, a memset over two hundred lines,
// a store into the last line of the span and roots with other globals between them: every
// changed byte must reach the pool copy, or a warm start after a crash brings back older bytes.
// COLD: cold: operations committed
// WARM: warm: a[0] 1 a[63] 2 a[64] 3 a[127] 4 a[128] 5 wide 7 7 7 gap 0 b[0] 8 b[last] 9

#include <pmem_shim/port.h>
#include <signal.h>
#include <stdio.h>

// a: 200 lines (a word and a half of bits at least); b: after 32 KB of another global.
static _Alignas(64) char a[200][64];
static char gap[32768];
static _Alignas(64) long b[100];
static _Alignas(64) char wide[300][64];
__attribute__((constructor)) static void roots(void)
{
	pms_port_value("a", a, sizeof(a));
	pms_port_value_tracked("a");
	pms_port_value("b", b, sizeof(b));
	pms_port_value_tracked("b");
	pms_port_value("wide", wide, sizeof(wide));
	pms_port_value_tracked("wide");
}

int main(int argc, char **argv)
{
	(void)argc;
	pms_port_open(argv[1]);
	if (pms_port_warm()) {
		printf("warm: a[0] %d a[63] %d a[64] %d a[127] %d a[128] %d wide %d %d %d "
		       "gap %d b[0] %ld b[last] %ld\n", a[0][0], a[63][0], a[64][0], a[127][63],
		       a[128][0], wide[0][0], wide[150][10], wide[299][63], gap[5], b[0], b[99]);
		return 0;
	}
	pms_port_loaded();
	pms_op_begin();
	PMS_VALUE_STORE(a[0][0]) = 1;
	PMS_VALUE_STORE(a[63][0]) = 2; /* the last bit of a's first word, unless a starts mid-word */
	PMS_VALUE_STORE(a[64][0]) = 3;
	PMS_VALUE_STORE(a[127][63]) = 4;
	PMS_VALUE_STORE(a[128][0]) = 5;
	PMS_VALUE_STORE(gap[5]) = 6; /* not a root: stays volatile */
	pms_op_end();
	pms_op_begin();
	pms_value_memset(wide, 7, sizeof(wide)); /* every line of a root, in one store */
	PMS_VALUE_STORE(b[0]) = 8;
	PMS_VALUE_STORE(b[99]) = 9;
	pms_op_end();
	printf("cold: operations committed\n");
	fflush(stdout);
	raise(SIGKILL);
	return 1;
}
