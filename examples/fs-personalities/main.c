/* fsbench's main: parses the command line, runs a personality or the microbenchmarks, chooses the exit code. */
#include <stdio.h>

#include "cli.h"
#include "error.h"
#include "micro.h"
#include "report.h"
#include "runner.h"

/* Exit codes: 0 success, 1 the run failed (figures not trustworthy), 2 bad arguments. */
enum { EXIT_OK = 0, EXIT_RUN_FAILED = 1, EXIT_BAD_ARGS = 2 };

/* run_personality -- sets up, runs and reports one personality */
static int run_personality(const struct fsb_params *p)
{
	struct fsb_result res;
	int rc = fsb_run_personality(p, &res);
	if (rc == 0) {
		/* Like filebench, a run that ran out of entries still reports what it measured. */
		if (res.stopped_early)
			fprintf(stderr, "fsbench: warning: run stopped early after %.2f s: flowop %s could not obtain a file\n",
				res.seconds, res.stopped_early);
		fsb_report_table(stdout, p, &res);
		if (p->json_path)
			rc = fsb_report_json(p->json_path, p, &res);
	}
	fsb_result_free(&res);
	return rc;
}

int main(int argc, char **argv)
{
	struct fsb_params p;
	char err[512];
	switch (fsb_cli_parse(argc, argv, &p, err, sizeof(err))) {
	case FSB_CLI_HELP:
		fputs(fsb_cli_usage(), stdout);
		return EXIT_OK;
	case FSB_CLI_ERROR:
		fprintf(stderr, "fsbench: error: %s\n", err);
		return EXIT_BAD_ARGS;
	case FSB_CLI_DESCRIBE:
		fsb_describe(stdout, &p);
		return EXIT_OK;
	case FSB_CLI_RUN:
		break;
	}
	int rc = p.pers ? run_personality(&p) : fsb_run_micro(&p);
	if (rc != 0) {
		fprintf(stderr, "fsbench: error: %s\n", fsb_error());
		return EXIT_RUN_FAILED;
	}
	return EXIT_OK;
}
