/* pool-hello -- opens the port's pool and says whether the start was cold or warm. */
#include <pmem_shim/port.h>
#include <stdio.h>

int main(void)
{
	pms_port_open("hello.pool");
	printf("pool-hello: %s\n", pms_port_warm() ? "warm" : "cold");
	pms_port_loaded();
	return 0;
}
