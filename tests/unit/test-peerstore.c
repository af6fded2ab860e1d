/*
 * test-peerstore.c - the peer store (core/chain/peerstore.h): the address
 * book's rule of p2p.md 8.2 (timestamps clamped to now, only a newer one
 * replaces, a bounded book), the window read, bans with their expiry and
 * the canonical IP text, in a scratch data directory under $TMPDIR.
 */
#define _XOPEN_SOURCE 700
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/chain/peerstore.h"
#include "tap.h"

#define NOW 1700000000000ULL

static int rm_entry(const char *path, const struct stat *st, int flag,
		    struct FTW *ftw)
{
	(void)st, (void)flag, (void)ftw;
	return remove(path);
}

static struct zen_peer_addr entry(const char *text, uint64_t ts)
{
	struct zen_peer_addr a = { .timestamp_ms = ts };

	snprintf(a.address, sizeof(a.address), "%s", text);
	return a;
}

/* The timestamp of address in the book (0: absent). */
static uint64_t ts_of(struct zen_peerstore *ps, const char *address)
{
	struct zen_peer_addr *all;
	uint64_t ts = 0;
	size_t n;

	if (zen_peerstore_addrs(ps, 0, 100000, &all, &n, NULL))
		return 0;
	for (size_t i = 0; i < n; i++)
		if (!strcmp(all[i].address, address))
			ts = all[i].timestamp_ms;
	free(all);
	return ts;
}

static void test_book(struct zen_peerstore *ps)
{
	struct zen_peer_addr a[3] = {
		entry("127.0.0.1:5555", NOW - 1000),
		entry("10.0.0.1:9655", NOW + 5000),	/* from the future */
		entry("::1:9655", NOW - 4000),
	}, newer = entry("127.0.0.1:5555", NOW - 10),
	   older = entry("127.0.0.1:5555", NOW - 99999);
	struct zen_peer_addr *got;
	size_t added = 9, n;

	tap_ok(!zen_peerstore_put_addrs(ps, a, 3, NOW, &added, NULL) &&
	       added == 3, "three new addresses");
	tap_u64(ts_of(ps, "10.0.0.1:9655"), NOW, "a timestamp is clamped to now");
	tap_ok(zen_peerstore_has_addr(ps, "::1:9655") &&
	       !zen_peerstore_has_addr(ps, "::1:9656"), "has_addr");
	tap_ok(!zen_peerstore_put_addrs(ps, &older, 1, NOW, &added, NULL) &&
	       added == 0, "an older timestamp adds nothing");
	tap_u64(ts_of(ps, "127.0.0.1:5555"), NOW - 1000, "and replaces nothing");
	tap_ok(!zen_peerstore_put_addrs(ps, &newer, 1, NOW, &added, NULL) &&
	       added == 0, "a newer timestamp is no new address");
	tap_u64(ts_of(ps, "127.0.0.1:5555"), NOW - 10, "but replaces the old one");
	tap_ok(!zen_peerstore_addrs(ps, NOW - 2000, 100, &got, &n, NULL) &&
	       n == 2, "the window leaves the old entry out");
	free(got);
	tap_ok(!zen_peerstore_addrs(ps, 0, 1, &got, &n, NULL) && n == 1,
	       "at most max entries");
	free(got);
}

static void test_full_book(struct zen_peerstore *ps)
{
	size_t n = ZEN_PEERSTORE_MAX_ADDRESSES, added = 0, total;
	struct zen_peer_addr *a = calloc(n, sizeof(*a)), *got;

	for (size_t i = 0; i < n; i++) {
		a[i].timestamp_ms = NOW;
		snprintf(a[i].address, sizeof(a[i].address), "10.1.%zu.%zu:9655",
			 i / 250, i % 250);
	}
	tap_ok(!zen_peerstore_put_addrs(ps, a, n, NOW, &added, NULL),
	       "a book-full of addresses");
	if (zen_peerstore_addrs(ps, 0, 2 * n, &got, &total, NULL))
		total = 0, got = NULL;
	tap_u64(total, ZEN_PEERSTORE_MAX_ADDRESSES, "the book stops at its size");
	free(got);
	a[0] = entry("127.0.0.1:5555", NOW);
	tap_ok(!zen_peerstore_put_addrs(ps, a, 1, NOW, &added, NULL) &&
	       added == 0 && ts_of(ps, "127.0.0.1:5555") == NOW,
	       "a full book still refreshes a known address");
	free(a);
}

static void test_bans(struct zen_peerstore *ps)
{
	struct zen_err err = ZEN_ERR_INIT;
	struct zen_peer_ban *b;
	char ip[ZEN_PEER_ADDRESS_MAX + 1];
	size_t n;

	tap_ok(!zen_peer_ip_canonical(ip, "127.0.0.7:9655", NULL) &&
	       !strcmp(ip, "127.0.0.7"), "IP:PORT -> IP");
	tap_ok(!zen_peer_ip_canonical(ip, "[0:0::1]:1", NULL) &&
	       !strcmp(ip, "::1"), "[IPv6]:PORT -> the canonical IPv6 text");
	tap_ok(!zen_peer_ip_canonical(ip, "2001:0db8:0:0::1:9655", NULL) &&
	       !strcmp(ip, "2001:db8::1:9655"), "a bare IPv6 literal is read "
	       "whole (%s)", ip);
	tap_ok(zen_peer_ip_canonical(ip, "example.org:1", &err) == ZEN_EINVAL,
	       "a host name is no IP address");
	tap_str(err.msg, "invalid address 'example.org:1' (an IP address)",
		"its message");
	tap_ok(!zen_peerstore_ban(ps, "127.0.0.7", NOW + 1000, "flood", NULL) &&
	       !zen_peerstore_ban(ps, "127.0.0.8", NOW - 1, "old", NULL) &&
	       !zen_peerstore_ban(ps, "::1", NOW + 5000, "", NULL), "three bans");
	tap_ok(!zen_peerstore_bans(ps, NOW, &b, &n, NULL) && n == 2 &&
	       !strcmp(b[0].address, "127.0.0.7") && !strcmp(b[0].reason, "flood") &&
	       b[0].until_ms == NOW + 1000 && !strcmp(b[1].address, "::1"),
	       "the bans in force, in key order");
	free(b);
	tap_ok(zen_peerstore_unban(ps, "127.0.0.8", &err) == ZEN_ENOTFOUND,
	       "an expired ban was deleted on the way");
	tap_str(err.msg, "address not banned", "its message");
	tap_ok(!zen_peerstore_unban(ps, "127.0.0.7", NULL) &&
	       !zen_peerstore_bans(ps, NOW, &b, &n, NULL) && n == 1,
	       "unban lifts one");
	free(b);
	tap_ok(!zen_peerstore_bans(ps, NOW + 5000, &b, &n, NULL) && n == 0 &&
	       b == NULL, "a ban ends at its time");
}

int main(void)
{
	const char *tmp = getenv("TMPDIR");
	char dir[512];
	struct zen_peerstore *ps = NULL;
	struct zen_err err = ZEN_ERR_INIT;

	snprintf(dir, sizeof(dir), "%s/zen-peerstore-XXXXXX", tmp ? tmp : "/tmp");
	if (!mkdtemp(dir) || zen_peerstore_open(&ps, dir, &err)) {
		tap_ok(0, "open the peer store: %s", err.msg);
		return tap_done();
	}
	test_book(ps);
	test_bans(ps);
	test_full_book(ps);
	zen_peerstore_close(ps);
	tap_ok(!zen_peerstore_open(&ps, dir, &err) &&
	       zen_peerstore_has_addr(ps, "::1:9655"), "kept across a reopen");
	zen_peerstore_close(ps);
	nftw(dir, rm_entry, 16, FTW_DEPTH | FTW_PHYS);
	return tap_done();
}
