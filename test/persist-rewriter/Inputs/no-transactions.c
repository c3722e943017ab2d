/* Control for the crash loop: linked with -Wl,--wrap=pms_op_begin,--wrap=pms_op_end, it turns
 * every operation's transaction into nothing, so a kill between two updates leaves half. */
void __wrap_pms_op_begin(void) {}
void __wrap_pms_op_end(void) {}
