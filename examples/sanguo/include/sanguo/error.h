/*
 * sanguo/error.h -- the library's last error message, shared by every
 * SanGuo header.
 */
#ifndef SANGUO_ERROR_H_PUBLIC
#define SANGUO_ERROR_H_PUBLIC

#ifdef __cplusplus
extern "C" {
#endif

/** Last error of this thread as one line, "" when there was none. */
const char *sg_errormsg(void);

#ifdef __cplusplus
}
#endif

#endif /* SANGUO_ERROR_H_PUBLIC */
