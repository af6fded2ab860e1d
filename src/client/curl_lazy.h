/*
 * curl_lazy.h - libcurl, loaded when the first remote call needs it.
 *
 * Why: libcurl brings some thirty shared libraries (TLS, Kerberos, LDAP,
 * ...) that the dynamic loader would map at every start of zen, although
 * a local command never uses them: loading them cost a local
 * `zen blockchain info` several times what opening the store costs
 * (issue 18).  So zen is not linked against libcurl; the few functions
 * the remote client calls are looked up with dlopen/dlsym the first time
 * a command goes to --url.  The declarations still come from
 * <curl/curl.h>, so the calls are type-checked as usual.
 */
#ifndef ZEN_CURL_LAZY_H
#define ZEN_CURL_LAZY_H

#include <curl/curl.h>

#include "core/base/err.h"

/* The functions zen calls. */
struct zen_curl {
	CURLcode (*global_init)(long flags);
	CURL *(*easy_init)(void);
	CURLcode (*easy_setopt)(CURL *curl, CURLoption option, ...);
	CURLcode (*easy_perform)(CURL *curl);
	CURLcode (*easy_getinfo)(CURL *curl, CURLINFO info, ...);
	const char *(*easy_strerror)(CURLcode code);
	void (*easy_cleanup)(CURL *curl);
	char *(*easy_escape)(CURL *curl, const char *s, int len);
	void (*free)(void *p);
	struct curl_slist *(*slist_append)(struct curl_slist *l, const char *s);
	void (*slist_free_all)(struct curl_slist *l);
	curl_version_info_data *(*version_info)(CURLversion v);
};

/*
 * libcurl's functions, loaded on the first call (thread-safe).
 * Returns: the table, or NULL with err "cannot load libcurl: why".
 */
const struct zen_curl *zen_curl(struct zen_err *err);

#endif
