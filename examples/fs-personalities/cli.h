/* fsbench's command line: options into effective parameters, or a one-line reason they are wrong. */
#ifndef FSB_CLI_H
#define FSB_CLI_H

#include <stddef.h>

#include "flow.h"

enum fsb_cli_action { FSB_CLI_RUN, FSB_CLI_DESCRIBE, FSB_CLI_HELP, FSB_CLI_ERROR };

/* fsb_cli_parse -- fills 'p' from argv (defaults, then --variant, then the other options);
 * on FSB_CLI_ERROR 'err' holds the one-line reason */
enum fsb_cli_action fsb_cli_parse(int argc, char **argv, struct fsb_params *p, char *err, size_t errlen);
/* fsb_cli_usage -- the --help text */
const char *fsb_cli_usage(void);

#endif
