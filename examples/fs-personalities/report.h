/* fsbench's two outputs: the human table on stdout and the --json file, from the same figures. */
#ifndef FSB_REPORT_H
#define FSB_REPORT_H

#include <stdio.h>

#include "runner.h"

/* fsb_report_table -- prints a personality run's table */
void fsb_report_table(FILE *out, const struct fsb_params *p, const struct fsb_result *res);
/* fsb_report_json -- writes a personality run's figures and parameters to 'path'; -1 with fsb_fail() */
int fsb_report_json(const char *path, const struct fsb_params *p, const struct fsb_result *res);

/* fsb_json_string -- writes 's' as a JSON string (the one place strings are escaped) */
void fsb_json_string(FILE *out, const char *s);
/* fsb_json_parameters -- writes '"parameters": {...}' with the effective parameters */
void fsb_json_parameters(FILE *out, const struct fsb_params *p);
/* fsb_describe -- prints the effective parameters, one "key: value" a line (--describe) */
void fsb_describe(FILE *out, const struct fsb_params *p);

#endif
