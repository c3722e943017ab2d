/* dlopen-host -- loads the library argv[1] with dlopen and calls its plugin_open(argv[2]); it
 * does not link the runtime itself. */
#include <dlfcn.h>
#include <stdio.h>
int main(int argc, char **argv)
{
	void *h = dlopen(argv[1], RTLD_NOW);
	if (!h) { printf("dlopen: %s\n", dlerror()); return 1; }
	int (*f)(const char *) = (int (*)(const char *))dlsym(h, "plugin_open");
	return f(argv[2]) != 0;
}
