/*
 * error.h -- the library's thread-local last error message (sg_errormsg).
 */
#ifndef SANGUO_ERROR_H
#define SANGUO_ERROR_H

/* Sets errno to err and the message to the formatted text; returns -1. */
int sg_err(int err, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#endif /* SANGUO_ERROR_H */
