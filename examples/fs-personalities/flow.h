/* The vocabulary of fsbench workloads: flowop kinds, flow steps, personalities and run parameters. */
#ifndef FSB_FLOW_H
#define FSB_FLOW_H

#include <stddef.h>
#include <stdint.h>

/* Flowop kinds, named as filebench names them (report rows and the trace use these names). */
enum fsb_op {
	FSB_OP_CREATE,      /* createfile: next entry that does not exist, opened O_CREAT */
	FSB_OP_OPEN,        /* openfile: next entry that exists */
	FSB_OP_CLOSE,       /* closefile */
	FSB_OP_READ_WHOLE,  /* readwholefile: from 0 in iosize chunks to EOF */
	FSB_OP_WRITE_WHOLE, /* writewholefile: the entry's size in iosize chunks */
	FSB_OP_APPEND_RAND, /* appendfilerand: uniform [0, append size - 1] bytes at EOF */
	FSB_OP_DELETE,      /* deletefile: next entry that exists */
	FSB_OP_STAT,        /* statfile: next entry that exists */
	FSB_OP_FSYNC,       /* fsync */
	FSB_OP_KV_GET,      /* get: whole value of the next key that exists */
	FSB_OP_KV_PUT,      /* put: uniform [0, append size - 1] bytes as the next absent key */
	FSB_OP_KV_DELETE,   /* delete: the next key that exists */
	FSB_OP_COUNT
};

/* fsb_op_name -- the filebench name of a flowop kind */
const char *fsb_op_name(enum fsb_op op);

/* Which file set a step picks from: the main set, or webserver's one-entry log set. */
enum fsb_set { FSB_SET_MAIN, FSB_SET_LOG, FSB_SET_COUNT };

/* One flowop of a flow: filebench's "flowop <kind> name=<name>,fd=<fd>,filesetname=<set>". */
struct fsb_step {
	const char *name;
	enum fsb_op op;
	int fd;
	enum fsb_set set;
};

#define FSB_MAX_FD 3

/* The published defaults of a personality (filebench 1.5's workload files). */
struct fsb_defaults {
	uint64_t files;
	uint64_t dir_width;
	uint64_t mean_size;
	double size_shape; /* gamma shape; 0 = every file exactly mean_size */
	unsigned threads;
	uint64_t iosize;
	uint64_t append_size;
	unsigned prealloc;
};

struct fsb_personality {
	const char *name;
	struct fsb_defaults defaults;
	int has_log; /* webserver: a one-entry "logfiles" set the flow appends to */
	const struct fsb_step *flow;
	size_t flow_len;
	const struct fsb_step *kv_flow; /* NULL when the personality has no key-value form */
	size_t kv_flow_len;
};

/* fsb_personality_find -- the personality called 'name', or NULL */
const struct fsb_personality *fsb_personality_find(const char *name);
/* fsb_personality_names -- every personality name, then "micro", comma-separated */
const char *fsb_personality_names(void);

struct fsb_backend;

/* Everything a run uses, after defaults, --variant and overrides. */
struct fsb_params {
	const char *mode; /* a personality name or "micro" */
	const struct fsb_personality *pers; /* NULL for micro */
	const char *variant;
	uint64_t files, dir_width, mean_size;
	double size_shape;
	unsigned threads;   /* per process */
	unsigned processes; /* worker processes, sharing the file sets (filebench's process instances) */
	int shared_rotor;   /* one rotor of each kind per file set, not per thread (--rotor shared) */
	uint64_t iosize, append_size;
	unsigned prealloc;
	double duration;     /* seconds; used when iterations is 0 */
	uint64_t iterations; /* per thread */
	uint64_t seed;
	const char *dir;
	const struct fsb_backend *backend;
	const char *json_path, *trace_path;
	int keep;
	uint64_t file_size, random_bytes; /* micro only */
};

/* fsb_params_defaults -- fills 'p' with the published defaults of 'mode'; -1 if unknown */
int fsb_params_defaults(struct fsb_params *p, const char *mode);
/* fsb_params_variant -- applies a paper's variant ("published", "aerie", "sanguo"); -1 if unknown */
int fsb_params_variant(struct fsb_params *p, const char *variant);
/* fsb_params_flow -- the steps 'p' runs (the key-value flow with a key-value backend) */
const struct fsb_step *fsb_params_flow(const struct fsb_params *p, size_t *len);

/* One effective parameter as text, for --describe and the JSON report alike. */
struct fsb_field {
	const char *key;
	char value[96];
	int is_text; /* quoted in JSON */
};
#define FSB_MAX_FIELDS 24
/* fsb_params_fields -- the effective parameters in a fixed order; returns their count */
size_t fsb_params_fields(const struct fsb_params *p, struct fsb_field *out);

#endif
