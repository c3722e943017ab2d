/* The first error of an fsbench run, recorded once by whichever thread meets it and printed by main(). */
#ifndef FSB_ERROR_H
#define FSB_ERROR_H

/* fsb_fail -- records the message if none is recorded yet; always returns -1 */
int fsb_fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* fsb_failed -- nonzero once an error is recorded */
int fsb_failed(void);
/* fsb_error_share -- keeps the record in memory shared with worker processes forked afterwards, so
 * the first error of any process is the one reported; 0, or -1 and errno */
int fsb_error_share(void);
/* fsb_error -- the recorded message ("" if none) */
const char *fsb_error(void);

#endif
