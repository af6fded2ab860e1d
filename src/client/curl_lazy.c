/*
 * curl_lazy.c - libcurl loaded on first use (curl_lazy.h says why).
 */
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

#include "client/curl_lazy.h"

/* The names the library is installed under: Debian's OpenSSL build, then
 * its GnuTLS one. */
static const char *const sonames[] = { "libcurl.so.4", "libcurl-gnutls.so.4" };

static struct zen_curl table;
static char failure[ZEN_ERR_MSG_MAX];
static pthread_once_t once = PTHREAD_ONCE_INIT;

/* Look name up in lib into *slot; 0 when missing. */
static int bind_fn(void *lib, void *slot, const char *name)
{
	void *f = dlsym(lib, name);

	if (!f)
		snprintf(failure, sizeof(failure), "cannot load libcurl: no %s",
			 name);
	/* POSIX: a function pointer may be stored through a void * slot */
	*(void **)slot = f;
	return f != NULL;
}

static void load(void)
{
	void *lib = NULL;

	for (size_t i = 0; !lib && i < sizeof(sonames) / sizeof(*sonames); i++)
		lib = dlopen(sonames[i], RTLD_NOW | RTLD_LOCAL);
	if (!lib) {
		snprintf(failure, sizeof(failure), "cannot load libcurl: %s",
			 dlerror());
		return;
	}
	if (bind_fn(lib, &table.global_init, "curl_global_init") &&
	    bind_fn(lib, &table.easy_init, "curl_easy_init") &&
	    bind_fn(lib, &table.easy_setopt, "curl_easy_setopt") &&
	    bind_fn(lib, &table.easy_perform, "curl_easy_perform") &&
	    bind_fn(lib, &table.easy_getinfo, "curl_easy_getinfo") &&
	    bind_fn(lib, &table.easy_strerror, "curl_easy_strerror") &&
	    bind_fn(lib, &table.easy_cleanup, "curl_easy_cleanup") &&
	    bind_fn(lib, &table.easy_escape, "curl_easy_escape") &&
	    bind_fn(lib, &table.free, "curl_free") &&
	    bind_fn(lib, &table.slist_append, "curl_slist_append") &&
	    bind_fn(lib, &table.slist_free_all, "curl_slist_free_all") &&
	    bind_fn(lib, &table.version_info, "curl_version_info"))
		failure[0] = 0;
}

const struct zen_curl *zen_curl(struct zen_err *err)
{
	pthread_once(&once, load);
	if (failure[0] || !table.version_info) {
		zen_fail(err, ZEN_EINTERNAL, "%s", failure[0] ? failure :
			 "cannot load libcurl");
		return NULL;
	}
	return &table;
}
