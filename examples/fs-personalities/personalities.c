/* The four filebench personalities as data: published defaults and flows (filebench 1.5's workload files). */
#include "flow.h"

#include <string.h>

#define KB 1024ULL
#define MB (1024ULL * 1024ULL)

static const char *const op_names[FSB_OP_COUNT] = {
	[FSB_OP_CREATE] = "createfile",     [FSB_OP_OPEN] = "openfile",
	[FSB_OP_CLOSE] = "closefile",       [FSB_OP_READ_WHOLE] = "readwholefile",
	[FSB_OP_WRITE_WHOLE] = "writewholefile", [FSB_OP_APPEND_RAND] = "appendfilerand",
	[FSB_OP_DELETE] = "deletefile",     [FSB_OP_STAT] = "statfile",
	[FSB_OP_FSYNC] = "fsync",           [FSB_OP_KV_GET] = "get",
	[FSB_OP_KV_PUT] = "put",            [FSB_OP_KV_DELETE] = "delete",
};

/* fsb_op_name -- the filebench name of a flowop kind */
const char *fsb_op_name(enum fsb_op op)
{
	return op < FSB_OP_COUNT ? op_names[op] : "?";
}

/* fileserver: create, write whole, close; open, append, close; open, read whole, close; delete; stat. */
static const struct fsb_step fileserver_flow[] = {
	{"createfile1", FSB_OP_CREATE, 1, FSB_SET_MAIN},
	{"wrtfile1", FSB_OP_WRITE_WHOLE, 1, FSB_SET_MAIN},
	{"closefile1", FSB_OP_CLOSE, 1, FSB_SET_MAIN},
	{"openfile1", FSB_OP_OPEN, 1, FSB_SET_MAIN},
	{"appendfilerand1", FSB_OP_APPEND_RAND, 1, FSB_SET_MAIN},
	{"closefile2", FSB_OP_CLOSE, 1, FSB_SET_MAIN},
	{"openfile2", FSB_OP_OPEN, 1, FSB_SET_MAIN},
	{"readfile1", FSB_OP_READ_WHOLE, 1, FSB_SET_MAIN},
	{"closefile3", FSB_OP_CLOSE, 1, FSB_SET_MAIN},
	{"deletefile1", FSB_OP_DELETE, 1, FSB_SET_MAIN},
	{"statfile1", FSB_OP_STAT, 1, FSB_SET_MAIN},
};

#define WEB_READ(n)                                              \
	{"openfile" #n, FSB_OP_OPEN, 1, FSB_SET_MAIN},           \
	{"readfile" #n, FSB_OP_READ_WHOLE, 1, FSB_SET_MAIN},     \
	{"closefile" #n, FSB_OP_CLOSE, 1, FSB_SET_MAIN}

/* webserver: 10 x (open, read whole, close); append to the log (fd 2, opened on first use). */
static const struct fsb_step webserver_flow[] = {
	WEB_READ(1), WEB_READ(2), WEB_READ(3), WEB_READ(4), WEB_READ(5),
	WEB_READ(6), WEB_READ(7), WEB_READ(8), WEB_READ(9), WEB_READ(10),
	{"appendlog", FSB_OP_APPEND_RAND, 2, FSB_SET_LOG},
};

/* webproxy: delete, create, append, close; 5 x (open, read whole, close). */
static const struct fsb_step webproxy_flow[] = {
	{"deletefile1", FSB_OP_DELETE, 1, FSB_SET_MAIN},
	{"createfile1", FSB_OP_CREATE, 1, FSB_SET_MAIN},
	{"appendfilerand1", FSB_OP_APPEND_RAND, 1, FSB_SET_MAIN},
	{"closefile1", FSB_OP_CLOSE, 1, FSB_SET_MAIN},
	WEB_READ(2), WEB_READ(3), WEB_READ(4), WEB_READ(5), WEB_READ(6),
};

/* webproxy over a key-value store (Aerie's KVFS run): the same flow with get/put/delete of whole values. */
static const struct fsb_step webproxy_kv_flow[] = {
	{"delete1", FSB_OP_KV_DELETE, 0, FSB_SET_MAIN},
	{"put1", FSB_OP_KV_PUT, 0, FSB_SET_MAIN},
	{"get2", FSB_OP_KV_GET, 0, FSB_SET_MAIN},
	{"get3", FSB_OP_KV_GET, 0, FSB_SET_MAIN},
	{"get4", FSB_OP_KV_GET, 0, FSB_SET_MAIN},
	{"get5", FSB_OP_KV_GET, 0, FSB_SET_MAIN},
	{"get6", FSB_OP_KV_GET, 0, FSB_SET_MAIN},
};

/* varmail: delete; create, append, fsync, close; open, read whole, append, fsync, close; open, read whole, close. */
static const struct fsb_step varmail_flow[] = {
	{"deletefile1", FSB_OP_DELETE, 1, FSB_SET_MAIN},
	{"createfile2", FSB_OP_CREATE, 1, FSB_SET_MAIN},
	{"appendfilerand2", FSB_OP_APPEND_RAND, 1, FSB_SET_MAIN},
	{"fsyncfile2", FSB_OP_FSYNC, 1, FSB_SET_MAIN},
	{"closefile2", FSB_OP_CLOSE, 1, FSB_SET_MAIN},
	{"openfile3", FSB_OP_OPEN, 1, FSB_SET_MAIN},
	{"readfile3", FSB_OP_READ_WHOLE, 1, FSB_SET_MAIN},
	{"appendfilerand3", FSB_OP_APPEND_RAND, 1, FSB_SET_MAIN},
	{"fsyncfile3", FSB_OP_FSYNC, 1, FSB_SET_MAIN},
	{"closefile3", FSB_OP_CLOSE, 1, FSB_SET_MAIN},
	{"openfile4", FSB_OP_OPEN, 1, FSB_SET_MAIN},
	{"readfile4", FSB_OP_READ_WHOLE, 1, FSB_SET_MAIN},
	{"closefile4", FSB_OP_CLOSE, 1, FSB_SET_MAIN},
};

#define STEPS(a) a, sizeof(a) / sizeof((a)[0])
/* A flat directory: filebench's workloads say dirwidth=1000000. */
#define FLAT 1000000

static const struct fsb_personality personalities[] = {
	{"fileserver", {10000, 20, 128 * KB, 1.5, 50, 1 * MB, 16 * KB, 80}, 0,
	 STEPS(fileserver_flow), NULL, 0},
	{"webserver", {1000, 20, 16 * KB, 1.5, 100, 1 * MB, 16 * KB, 100}, 1,
	 STEPS(webserver_flow), NULL, 0},
	{"webproxy", {10000, FLAT, 16 * KB, 0, 100, 1 * MB, 16 * KB, 80}, 0,
	 STEPS(webproxy_flow), STEPS(webproxy_kv_flow)},
	{"varmail", {1000, FLAT, 16 * KB, 1.5, 16, 1 * MB, 16 * KB, 80}, 0,
	 STEPS(varmail_flow), NULL, 0},
};

/* fsb_personality_find -- the personality called 'name', or NULL */
const struct fsb_personality *fsb_personality_find(const char *name)
{
	for (size_t i = 0; i < sizeof(personalities) / sizeof(personalities[0]); i++)
		if (strcmp(personalities[i].name, name) == 0)
			return &personalities[i];
	return NULL;
}

/* fsb_personality_names -- every personality name, then "micro", comma-separated */
const char *fsb_personality_names(void)
{
	return "fileserver, webserver, webproxy, varmail, micro";
}
