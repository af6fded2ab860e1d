/*
 * Unit tests of Zen.Bitcoin (src/core/contract/zulib_bitcoin.c): each
 * function through the runtime, with its cost, then the contract
 * tests/contracts/zulib-bitcoin.fst through the evaluator.
 *
 * Where the expected values come from (none from the code under test):
 *   - the headers are real Bitcoin mainnet headers: the genesis block
 *     and block 1 (their hashes are the well-known 000000000019d668...
 *     and 00000000839a8e68...), and the headers of Zulib's own tests
 *     (zenprotocol/zenprotocol src/Zulib.Tests/BitcoinTests.fs and
 *     Helper.fs): blocks 522144, 524159 and 522856 and a block of 2014
 *     (000000000000000009a11b39...).  Each one's double SHA-256, taken
 *     with Python's hashlib, is its published hash and meets its own
 *     target, which no made-up header does;
 *   - the retarget of blocks 522144 .. 524159 gives 0x17415a49, block
 *     524160's nBits (BitcoinTests.fs), and Bitcoin Core's formula in
 *     Python agrees; the four cases of Bitcoin Core's
 *     src/test/pow_tests.cpp (get_next_work*) are run with headers that
 *     carry their times and nBits;
 *   - the audit paths of block 522856 were built in Python from the 49
 *     txids of src/Zulib.Tests/BitcoinBlock.json (blockchain.info's
 *     JSON of that block), whose merkle root is the header's;
 *   - the quirks of Zulib's F# (fsharp/Realized/Zen.Bitcoin.fs: the
 *     bit shift of small exponents, negative and overflowing targets,
 *     .NET's BigInteger.ToByteArray layout, the shift count mod 32) were
 *     computed by a Python reading of that F#, written apart from the C.
 */
#include <openssl/evp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/contract/contract.h"
#include "core/contract/zulib_int.h"
#include "core/encoding/hex.h"
#include "contract-fixture.h"
#include "tap.h"

#ifndef ZEN_SRCDIR
#define ZEN_SRCDIR "."
#endif

static struct zen_rt RT;
static struct zen_rt *rt = &RT;

/* ---- vectors ---- */

static const char GENESIS[] =
	"0100000000000000000000000000000000000000000000000000000000000000"
	"000000003ba3edfd7a7b12b27ac72c3e67768f617fc81bc3888a51323a9fb8aa"
	"4b1e5e4a29ab5f49ffff001d1dac2b7c";
static const char GENESIS_ID[] =	/* as Bitcoin shows it */
	"000000000019d6689c085ae165831e934ff763ae46a2a6c172b3f1b60a8ce26f";
static const char BLOCK1[] =
	"010000006fe28c0ab6f1b372c1a6a246ae63f74f931e8365e15a089c68d61900"
	"00000000982051fd1e4ba744bbbe680e1fee14677ba1a3c3540bf7b1cdb606e8"
	"57233e0e61bc6649ffff001d01e36299";
static const char BLOCK1_ID[] =
	"00000000839a8e6886ab5951d76f411475428afc90947ee320161bbf18eb6048";
/* BitcoinTests.fs's headerBase16: parent 00000000000000000cca48eb... */
static const char REF[] =
	"02000000b6ff0b1b1680a2862a30ca44d346d9e8910d334beb48ca0c00000000"
	"000000009d10aa52ee949386ca9385695f04ede270dda20810decd12bc9b048a"
	"aab3147124d95a5430c31b18fe9f0864";
static const char REF_ID[] =
	"000000000000000009a11b3972c8e532fe964de937c9e0096b43814e67af3728";
static const char REF_PARENT_ID[] =
	"00000000000000000cca48eb4b330d91e8d946d344ca302a86a280161b0bffb6";
static const char B522144[] =
	"00000020d66bd48556c8a7cede3821a0344817132cab9b364dec180000000000"
	"00000000ab5ccc0455785c744c08990740c6ef8006013553638a1856cc030d14"
	"efe94c68c7f7f45aa9ec4317410c2249";
static const char B524159[] =
	"0000002084a4ee3e216e9f5fe75067dd9679711268c178caffa4410000000000"
	"00000000d04085631585f83736dbbc7ef7f9f27ea6b0765d2c79aa2cd25c2d1c"
	"659014a2e1b9065ba9ec431726f37cc3";
static const char B522856[] =
	"0000002028b9e5f8a150284316d3c9dca4bdea1fdf3e7da632c01e0000000000"
	"000000008db636d94167456e2e716d62145031e2e7114701993e493099b551b4"
	"e9417e9bd774fb5aa9ec4317922ec350";
static const char B522856_ID[] =
	"0000000000000000001eef561471b035e019ca7b5ea180f97fc78c78ee86f1fa";

/* Block 522856: txids as Bitcoin shows them, audit paths (SHA-256 byte
 * order) from the leaf up. */
static const struct {
	uint32_t index;
	const char *txid;
	const char *path[6];
} INCL[] = {
	{ 0,
	  "d21f7e4bdd3db9d3df56fad760cccdfd786c1771f633ccb2eafa5460feefc7bc",
	  { "98f065ede3fdebd417947b9c96083adda3e5855647e9b40eb28e3a229cdbdf82",
	    "9b0963a741c2778c70a005f2af56938e35dde99f846fbcf0d7c5b45085f34958",
	    "17e1921b80fbc45fad8bbaa7d85b79bae43dcfd31b3cbb08595e86bc52e0843e",
	    "7efc1641a6b6d175423064bca9df742fc3596f34d4239b2e58869b627e42ae00",
	    "7b20a85c8bd9f939d3c985868a2db9d939fbeacbe4667ab3b70f0c9800169aaf",
	    "d2f17845aa168385edae375363a2af645c39f452f4f8f1bc55c5ba76ac49db71"
	  } },
	{ 5,
	  "12916afc2d0973837fa7cf85297846f46c017df8e93cbce58cd3f6bef462ee7b",
	  { "24e58ecb4b5ac7d63e45bea540a0e681f84bdb3782d98754e5a5da859f9bfda5",
	    "48337d5a2771352b1a3b244fa54fcb0729fd6fb31941f2fc8157f9ada85114ab",
	    "9f45877f4ee3dfd090b5107a7c85a78b0bae3a48dbb9e3347bfb17b6555276aa",
	    "7efc1641a6b6d175423064bca9df742fc3596f34d4239b2e58869b627e42ae00",
	    "7b20a85c8bd9f939d3c985868a2db9d939fbeacbe4667ab3b70f0c9800169aaf",
	    "d2f17845aa168385edae375363a2af645c39f452f4f8f1bc55c5ba76ac49db71"
	  } },
	/* the last of 49: its sibling at the first level is itself */
	{ 48,
	  "62fce87164cea037550f1f1a4b71d2b5dbaa54d93c3c5b55d41305936add61f1",
	  { "f161dd6a930513d4555b3c3cd954aadbb5d2714b1a1f0f5537a0ce6471e8fc62",
	    "172333179799810f0bdc53afbdad7f398db92861e95a7ef7590a003c80496fba",
	    "d845714b80f1c3e612e84fe97fb207d7122ab4e9716ffd8e2c4b7152cce2616a",
	    "edb975b0cbec279514c593225c5536367bde3da73faf665a849035e0083bc8e3",
	    "ca6eec3dc4c7ea595cc85f7b851d3a46563c84978662842de48ec431e6d2fd46",
	    "04c55eb7f784bea4be5d1151662294c4df50bfef96fe65bb4e794d82dce8c3d2"
	  } },
};

/* ---- helpers ---- */

/* n bytes of hex (2n digits), or abort: the vectors above are fixed */
static void unhex(uint8_t *out, size_t n, const char *hex)
{
	struct zen_err err = ZEN_ERR_INIT;

	if (zen_hex_decode_fixed(out, n, hex, &err)) {
		tap_diag("%s", err.msg);
		abort();
	}
}

static zv *bytes_hex(const char *hex)
{
	uint8_t b[80];
	size_t n = strlen(hex) / 2;

	if (n > sizeof(b))
		abort();
	unhex(b, n, hex);
	return zv_bytes(rt, b, n);
}

/* Bitcoin's display order to SHA-256's */
static zv *hash_id(const char *hex)
{
	uint8_t b[32], r[32];

	unhex(b, 32, hex);
	for (size_t i = 0; i < 32; i++)
		r[i] = b[31 - i];
	return zv_bytes(rt, r, 32);
}

static zv *U32(uint32_t x) { return zv_u32(rt, x); }

static int is_bytes(const zv *v, const zv *want)
{
	return v && v->tag == ZV_BYTES && want->tag == ZV_BYTES &&
	       v->u.bytes.len == want->u.bytes.len &&
	       !memcmp(v->u.bytes.p, want->u.bytes.p, want->u.bytes.len);
}

static int is_hex(const zv *v, const char *hex)
{
	return is_bytes(v, bytes_hex(hex));
}

static int is_bool(const zv *v, int b)
{
	return v && v->tag == ZV_BOOL && v->u.i == b;
}

/*
 * Zen.Bitcoin.name applied to n arguments (none: the constant), forced;
 * its cost must be want_c (UINT64_MAX: no cost value).  NULL when the
 * run fails (rt->err says why) or the cost differs.
 */
static zv *bc(uint64_t want_c, const char *name, size_t n, ...)
{
	const struct zen_native *e = zen_zulib_get("Zen.Bitcoin", name);
	zv *args[4], *v;
	uint64_t c = UINT64_MAX;
	va_list ap;

	if (!e) {
		tap_diag("no Zen.Bitcoin.%s", name);
		return NULL;
	}
	va_start(ap, n);
	for (size_t i = 0; i < n; i++)
		args[i] = va_arg(ap, zv *);
	va_end(ap);
	rt->err.code = ZEN_OK;
	if (zen_native_value(rt, e, &v) ||
	    (n && zen_apply_n(rt, v, n, args, &v)))
		return NULL;
	if (v->tag == ZV_COST && zen_force(rt, v, &v, &c))
		return NULL;
	if (c != want_c) {
		tap_diag("%s: cost %llu, want %llu", name,
			 (unsigned long long)c, (unsigned long long)want_c);
		return NULL;
	}
	return v;
}

static int failed(const zv *v, const char *msg)
{
	return !v && rt->err.code == ZEN_EREFUSED &&
	       strstr(rt->err.msg, msg);
}

/* A header of zeros but for its merkle root, time and nBits. */
static zv *header(const uint8_t root[32], uint32_t time, uint32_t bits)
{
	uint8_t h[80] = { 0 };

	if (root)
		memcpy(h + 36, root, 32);
	for (int i = 0; i < 4; i++) {
		h[68 + i] = (uint8_t)(time >> (8 * i));
		h[72 + i] = (uint8_t)(bits >> (8 * i));
	}
	return zv_bytes(rt, h, 80);
}

/* A 32-byte hash holding the little-endian number x (< 2^64) << 8*at. */
static zv *num(uint64_t x, size_t at)
{
	uint8_t h[32] = { 0 };

	for (size_t i = 0; i < 8 && at + i < 32; i++)
		h[at + i] = (uint8_t)(x >> (8 * i));
	return zv_bytes(rt, h, 32);
}

static zv *target(uint8_t b0, uint8_t b1, uint8_t b2, uint8_t b3)
{
	uint8_t t[4] = { b0, b1, b2, b3 };

	return zv_bytes(rt, t, 4);
}

static zv *path_of(const char *const *hex, size_t n)
{
	zv *items[40];

	for (size_t i = 0; i < n; i++)
		items[i] = bytes_hex(hex[i]);
	return zv_array(rt, n, items);
}

/* ---- the functions ---- */

static void test_registry(void)
{
	static const struct { const char *name; unsigned arity; } fns[] = {
		{ "difficultyAdjustmentInterval", 0 }, { "parent", 1 },
		{ "nbits", 1 }, { "parseHeader", 1 },
		{ "computeHeaderHash", 1 }, { "checkProofOfWork", 2 },
		{ "calculateNextWorkRequired", 2 }, { "checkInclusion", 4 },
	};
	int ok = zen_zulib_find("Zen.Bitcoin") != NULL;

	for (size_t i = 0; ok && i < ZEN_ARRAY_SIZE(fns); i++) {
		const struct zen_native *e =
			zen_zulib_get("Zen.Bitcoin", fns[i].name);

		ok = e && e->arity == fns[i].arity;
	}
	tap_ok(ok, "Zen.Bitcoin exports its eight functions with Zulib's "
	       "arities");
	tap_ok(zen_zulib_get("Zen.Bitcoin", "bitcoinHeader") &&
	       zen_zulib_get("Zen.Bitcoin", "target"),
	       "and its types bitcoinHeader and target");
	tap_ok(!zen_zulib_get("Zen.Bitcoin", "uncompressNbits") &&
	       !zen_zulib_get("Zen.Bitcoin", "timestamp"),
	       "the F#'s private helpers are not exported");
}

static void test_interval(void)
{
	zv *v = bc(UINT64_MAX, "difficultyAdjustmentInterval", 0);

	tap_ok(v && v->tag == ZV_U32 && v->u.u == 2016,
	       "difficultyAdjustmentInterval is 2016ul, no cost value");
}

static void test_parse_header(void)
{
	char buf[200];
	zv *v, *g = bytes_hex(GENESIS);
	size_t i;

	v = bc(120, "parseHeader", 1, zv_str(rt, GENESIS));
	tap_ok(v && zv_is_con(v, "Some") && is_bytes(v->u.con.args[0], g),
	       "parseHeader genesis: Some of its 80 bytes, cost 120");
	for (i = 0; BLOCK1[i]; i++)
		buf[i] = (char)(BLOCK1[i] >= 'a' ? BLOCK1[i] - 32 : BLOCK1[i]);
	buf[i] = 0;
	v = bc(120, "parseHeader", 1, zv_str(rt, buf));
	tap_ok(v && zv_is_con(v, "Some") &&
	       is_hex(v->u.con.args[0], BLOCK1),
	       "parseHeader block 1 in upper case: Some, cost 120");
	memcpy(buf, BLOCK1, 160);
	memcpy(buf + 10, "aBcDeF", 6);	/* mixed case in one string */
	v = bc(120, "parseHeader", 1, zv_bytes(rt, buf, 160));
	tap_ok(v && zv_is_con(v, "Some") &&
	       v->u.con.args[0]->u.bytes.p[5] == 0xab &&
	       v->u.con.args[0]->u.bytes.p[7] == 0xef,
	       "parseHeader: cases mixed in one string");

	/* wrong lengths: None, still 120 */
	v = bc(120, "parseHeader", 1, zv_bytes(rt, GENESIS, 158));
	tap_ok(zv_is_con(v, "None"), "parseHeader of 158 digits: None");
	v = bc(120, "parseHeader", 1, zv_bytes(rt, GENESIS, 159));
	tap_ok(zv_is_con(v, "None"), "parseHeader of 159 digits: None");
	snprintf(buf, sizeof(buf), "%s00", GENESIS);
	v = bc(120, "parseHeader", 1, zv_str(rt, buf));
	tap_ok(zv_is_con(v, "None"), "parseHeader of 162 digits: None");
	v = bc(120, "parseHeader", 1, zv_str(rt, ""));
	tap_ok(zv_is_con(v, "None"), "parseHeader \"\": None");
	v = bc(120, "parseHeader", 1, zv_str(rt, GENESIS_ID));
	tap_ok(zv_is_con(v, "None"), "parseHeader of a hash's 64 digits: "
	       "None");

	/* 160 bytes that are not all hex digits */
	static const char bad[] = { 'g', 'G', ' ', 'x', '-', 0, (char)0x80,
				    (char)0xff, '@', '`', '/', ':' };
	int all = 1;

	for (i = 0; i < sizeof(bad); i++) {
		memcpy(buf, GENESIS, 160);
		buf[i * 13] = bad[i];
		v = bc(120, "parseHeader", 1, zv_bytes(rt, buf, 160));
		if (!zv_is_con(v, "None")) {
			tap_diag("byte %02x at %zu parsed",
				 (unsigned)(uint8_t)bad[i], i * 13);
			all = 0;
		}
	}
	tap_ok(all, "parseHeader: one non-digit among 160 bytes (g G space "
	       "x - NUL 0x80 0xff @ ` / :) gives None");
	v = bc(120, "parseHeader", 1, U32(7));
	tap_ok(!v && rt->err.code == ZEN_EREFUSED,
	       "parseHeader of a U32 fails the run");
}

static void test_hash_parent_nbits(void)
{
	static const struct { const char *hdr, *id; } h[] = {
		{ GENESIS, GENESIS_ID }, { BLOCK1, BLOCK1_ID }, { REF, REF_ID },
		{ B522856, B522856_ID },
	};
	uint8_t b[80];
	zv *items[80], *v;
	size_t i;
	int ok = 1;

	for (i = 0; i < ZEN_ARRAY_SIZE(h); i++) {
		v = bc(500, "computeHeaderHash", 1, bytes_hex(h[i].hdr));
		ok = ok && is_bytes(v, hash_id(h[i].id));
	}
	tap_ok(ok, "computeHeaderHash: genesis 000000000019d668..., block 1 "
	       "00000000839a8e68..., 0000...09a11b39..., block 522856 "
	       "0000...1eef5614... (byte order reversed), cost 500");
	v = bc(4, "parent", 1, bytes_hex(BLOCK1));
	tap_ok(is_bytes(v, hash_id(GENESIS_ID)),
	       "parent of block 1 is the genesis hash, cost 4");
	v = bc(4, "parent", 1, bytes_hex(REF));
	tap_ok(is_bytes(v, hash_id(REF_PARENT_ID)) &&
	       v->u.bytes.p[0] == 0xb6 && v->u.bytes.p[4] == 0x16,
	       "parent of 0000...09a11b39: b6 ff 0b 1b 16 ... (as "
	       "BitcoinTests.fs)");
	v = bc(4, "parent", 1, bytes_hex(GENESIS));
	tap_ok(is_bytes(v, num(0, 0)), "parent of genesis: 32 zeros");
	v = bc(4, "nbits", 1, bytes_hex(GENESIS));
	tap_ok(is_hex(v, "ffff001d"), "nbits genesis: ff ff 00 1d "
	       "(0x1d00ffff), cost 4");
	v = bc(4, "nbits", 1, bytes_hex(REF));
	tap_ok(is_hex(v, "30c31b18"), "nbits of 0000...09a11b39: 30 c3 1b "
	       "18 (as BitcoinTests.fs)");

	/* an ARRAY of U8 is a header too */
	unhex(b, 80, GENESIS);
	for (i = 0; i < 80; i++)
		items[i] = zv_u8(rt, b[i]);
	v = bc(500, "computeHeaderHash", 1, zv_array(rt, 80, items));
	tap_ok(is_bytes(v, hash_id(GENESIS_ID)),
	       "computeHeaderHash of an array of 80 U8: the same hash");

	/* headers of other lengths fail the run */
	v = bc(500, "computeHeaderHash", 1, zv_bytes(rt, b, 79));
	tap_ok(failed(v, "computeHeaderHash: expected an 80-byte header"),
	       "computeHeaderHash of 79 bytes fails the run");
	v = bc(500, "computeHeaderHash", 1, zv_bytes(rt, b, 0));
	tap_ok(failed(v, "expected an 80-byte header"),
	       "computeHeaderHash of no bytes fails the run");
	v = bc(4, "parent", 1, zv_bytes(rt, GENESIS, 81));
	tap_ok(failed(v, "parent: expected an 80-byte header"),
	       "parent of 81 bytes fails the run");
	v = bc(4, "nbits", 1, zv_bytes(rt, b, 76));
	tap_ok(failed(v, "nbits: expected an 80-byte header"),
	       "nbits of 76 bytes fails the run");
	v = bc(4, "nbits", 1, U32(1));
	tap_ok(!v && rt->err.code == ZEN_EREFUSED, "nbits of a U32 fails the "
	       "run");
}

static void test_pow(void)
{
	static const char *const hdrs[] = { GENESIS, BLOCK1, REF, B522144,
					    B524159, B522856 };
	uint8_t ff[32];
	zv *v, *t;
	int ok = 1;

	for (size_t i = 0; i < ZEN_ARRAY_SIZE(hdrs); i++) {
		zv *h = bytes_hex(hdrs[i]);
		zv *hh = bc(500, "computeHeaderHash", 1, h);
		zv *nb = bc(4, "nbits", 1, h);

		v = hh && nb ? bc(700, "checkProofOfWork", 2, hh, nb) : NULL;
		ok = ok && is_bool(v, 1);
	}
	tap_ok(ok, "checkProofOfWork: each of six real headers meets its own "
	       "target, cost 700");
	memset(ff, 0xff, 32);
	v = bc(700, "checkProofOfWork", 2, zv_bytes(rt, ff, 32),
	       target(0x30, 0xc3, 0x1b, 0x18));
	tap_ok(is_bool(v, 0), "checkProofOfWork: ff...ff against 0x181bc330 "
	       "is false (BitcoinTests.fs)");
	v = bc(700, "checkProofOfWork", 2, hash_id(GENESIS_ID),
	       target(0xa9, 0xec, 0x43, 0x17));
	tap_ok(is_bool(v, 0), "checkProofOfWork: the genesis hash against "
	       "block 522144's 0x1743eca9 is false");

	/* the boundary: 0x1d00ffff is 0xffff << 208 */
	t = target(0xff, 0xff, 0x00, 0x1d);
	v = bc(700, "checkProofOfWork", 2, num(0xffff, 26), t);
	tap_ok(is_bool(v, 1), "checkProofOfWork: hash = target is true");
	v = bc(700, "checkProofOfWork", 2, num(0x10000, 26), t);
	tap_ok(is_bool(v, 0), "checkProofOfWork: target + 2^208 is false");
	/* the F#'s quirks */
	t = target(0x12, 0x34, 0x56, 0x05);	/* e = 2: 0x563412 >> 1 */
	v = bc(700, "checkProofOfWork", 2, num(0x2b1a09, 0), t);
	tap_ok(is_bool(v, 1), "checkProofOfWork: size 5 expands to "
	       "0x563412 >> 1 = 0x2b1a09 (a shift by bits), hash = it");
	v = bc(700, "checkProofOfWork", 2, num(0x2b1a0a, 0), t);
	tap_ok(is_bool(v, 0), "checkProofOfWork: 0x2b1a0a is above it");
	t = target(0x00, 0x00, 0x80, 0x1d);	/* sign bit: 0 */
	v = bc(700, "checkProofOfWork", 2, num(0, 0), t);
	tap_ok(is_bool(v, 1), "checkProofOfWork: a negative target is 0, "
	       "the zero hash meets it");
	v = bc(700, "checkProofOfWork", 2, num(1, 0), t);
	tap_ok(is_bool(v, 0), "checkProofOfWork: hash 1 does not");
	t = target(0xff, 0xff, 0x01, 0x21);	/* 0x1ffff << 240 >= 2^256 */
	v = bc(700, "checkProofOfWork", 2, num(0, 0), t);
	tap_ok(is_bool(v, 1), "checkProofOfWork: a target of 2^256 or more "
	       "is 0, the zero hash meets it");
	v = bc(700, "checkProofOfWork", 2, num(1, 0), t);
	tap_ok(is_bool(v, 0), "checkProofOfWork: hash 1 does not");
	t = target(0xff, 0x00, 0x00, 0x21);	/* 0xff << 240: in range */
	v = bc(700, "checkProofOfWork", 2, num(0xff, 30), t);
	tap_ok(is_bool(v, 1), "checkProofOfWork: 0xff << 240 (size 33) is "
	       "in range, hash = it");
	v = bc(700, "checkProofOfWork", 2, zv_bytes(rt, ff, 32), t);
	tap_ok(is_bool(v, 0), "checkProofOfWork: ff...ff is above it");
	t = target(0x7f, 0x00, 0x00, 0x00);	/* size 0: 0x7f >> 6 = 1 */
	v = bc(700, "checkProofOfWork", 2, num(1, 0), t);
	tap_ok(is_bool(v, 1), "checkProofOfWork: size 0 expands to "
	       "0x7f >> 6 = 1");
	v = bc(700, "checkProofOfWork", 2, num(2, 0), t);
	tap_ok(is_bool(v, 0), "checkProofOfWork: 2 is above it");

	v = bc(700, "checkProofOfWork", 2, num(0, 0),
	       zv_bytes(rt, "\1\2\3", 3));
	tap_ok(failed(v, "checkProofOfWork: expected a 4-byte target"),
	       "checkProofOfWork with a 3-byte target fails the run");
	v = bc(700, "checkProofOfWork", 2, zv_bytes(rt, ff, 31),
	       target(0xff, 0xff, 0x00, 0x1d));
	tap_ok(failed(v, "checkProofOfWork: expected a 32-byte hash"),
	       "checkProofOfWork with a 31-byte hash fails the run");
}

static void test_next_work(void)
{
	/* Bitcoin Core src/test/pow_tests.cpp: last retarget time, time of
	 * the last block, its nBits, the next nBits */
	static const struct {
		uint32_t first, last, bits, want;
		const char *what;
	} core[] = {
		{ 1261130161, 1262152739, 0x1d00ffff, 0x1d00d86a,
		  "blocks 30240 .. 32255: 0x1d00ffff -> 0x1d00d86a" },
		{ 1231006505, 1233061996, 0x1d00ffff, 0x1d00ffff,
		  "blocks 0 .. 2015: capped at the pow limit, 0x1d00ffff" },
		{ 1279008237, 1279297671, 0x1c05a3f4, 0x1c0168fd,
		  "blocks 66528 .. 68543: timespan under T/4, 0x1c0168fd" },
		{ 1263163443, 1269211443, 0x1c387f6f, 0x1d00e1fd,
		  "timespan over 4T: 0x1c387f6f -> 0x1d00e1fd" },
	};
	/* the F#'s arithmetic and BigInteger layout (Python reading) */
	static const struct {
		uint32_t first, last, bits;
		const char *want, *what;
	} quirk[] = {
		{ 0, 1209600, 0x04000100, "40000001",
		  "64 (size 4: 256 >> 2) compresses to 40 00 00 01" },
		{ 0, 1209600, 0x04000200, "80000002",
		  "128 compresses to 80 00 00 02 (a sign byte 00)" },
		{ 0, 1209600, 0x06010000, "00000103",
		  "65536 (size 6: no shift) compresses to 00 00 01 03" },
		{ 0, 1209600, 0x00000000, "00000000",
		  "a zero target stays 00 00 00 00" },
		{ 1000, 0, 0x1d00ffff, "c0ff3f1c",
		  "time going back: T/4, 0x1d00ffff / 4 = 0x1c3fffc0" },
		{ 0, 4838400, 0x207fffff, "ffff001d",
		  "4 * 0x207fffff is capped at 2^224 - 1: 0x1d00ffff" },
	};
	zv *v, *f, *l;
	size_t i;
	char want[9];

	v = bc(1500, "calculateNextWorkRequired", 2, bytes_hex(B522144),
	       bytes_hex(B524159));
	tap_ok(is_hex(v, "495a4117"), "calculateNextWorkRequired blocks "
	       "522144 .. 524159: 49 5a 41 17, block 524160's 0x17415a49, "
	       "cost 1500");
	v = bc(1500, "calculateNextWorkRequired", 2, bytes_hex(B524159),
	       bytes_hex(B522144));
	tap_ok(is_hex(v, "2afb1017"), "calculateNextWorkRequired in the "
	       "wrong order: T/4 of 0x1743eca9, 0x1710fb2a");
	for (i = 0; i < ZEN_ARRAY_SIZE(core); i++) {
		f = header(NULL, core[i].first, core[i].bits);
		l = header(NULL, core[i].last, core[i].bits);
		snprintf(want, sizeof(want), "%02x%02x%02x%02x",
			 core[i].want & 0xff, (core[i].want >> 8) & 0xff,
			 (core[i].want >> 16) & 0xff, core[i].want >> 24);
		v = bc(1500, "calculateNextWorkRequired", 2, f, l);
		tap_ok(is_hex(v, want), "pow_tests.cpp %s", core[i].what);
	}
	for (i = 0; i < ZEN_ARRAY_SIZE(quirk); i++) {
		f = header(NULL, quirk[i].first, quirk[i].bits);
		l = header(NULL, quirk[i].last, quirk[i].bits);
		v = bc(1500, "calculateNextWorkRequired", 2, f, l);
		tap_ok(is_hex(v, quirk[i].want), "calculateNextWorkRequired: "
		       "%s", quirk[i].what);
	}
	/* first's target counts, not last's */
	f = header(NULL, 0, 0x1d00ffff);
	l = header(NULL, 1209600, 0x1b0404cb);
	v = bc(1500, "calculateNextWorkRequired", 2, f, l);
	tap_ok(is_hex(v, "ffff001d"), "calculateNextWorkRequired scales the "
	       "first header's target, not the last's");
	v = bc(1500, "calculateNextWorkRequired", 2, f,
	       zv_bytes(rt, GENESIS, 79));
	tap_ok(failed(v, "calculateNextWorkRequired: expected an 80-byte "
		      "header"), "calculateNextWorkRequired with a 79-byte "
	       "header fails the run");
}

static void sha256(uint8_t out[32], const void *p, size_t n)
{
	if (EVP_Digest(p, n, out, NULL, EVP_sha256(), NULL) != 1)
		abort();
}

static void test_inclusion(void)
{
	zv *hdr = bytes_hex(B522856), *path, *v, *items[34];
	uint8_t b[33] = { 0 }, root[32];	/* b[32]: a 33-byte hash below */
	size_t i;

	for (i = 0; i < ZEN_ARRAY_SIZE(INCL); i++) {
		path = path_of(INCL[i].path, 6);
		v = bc(3900, "checkInclusion", 4, path, U32(INCL[i].index),
		       hash_id(INCL[i].txid), hdr);
		tap_ok(is_bool(v, 1), "checkInclusion: tx %u of block 522856 "
		       "with its 6-hash path, cost (6 + 1) * 550 + 50 = 3900",
		       INCL[i].index);
	}
	path = path_of(INCL[1].path, 6);
	v = bc(3900, "checkInclusion", 4, path, U32(4), hash_id(INCL[1].txid),
	       hdr);
	tap_ok(is_bool(v, 0), "checkInclusion: tx 5 at index 4 is false");
	v = bc(3900, "checkInclusion", 4, path, U32(5), hash_id(INCL[0].txid),
	       hdr);
	tap_ok(is_bool(v, 0), "checkInclusion: tx 0 with tx 5's path is "
	       "false");
	v = bc(3900, "checkInclusion", 4, path, U32(5), hash_id(INCL[1].txid),
	       bytes_hex(GENESIS));
	tap_ok(is_bool(v, 0), "checkInclusion: tx 5 under the genesis header "
	       "is false");
	v = bc(3900, "checkInclusion", 4, path, U32(5 + 64),
	       hash_id(INCL[1].txid), hdr);
	tap_ok(is_bool(v, 1), "checkInclusion: index bits above the path's "
	       "depth are not read");
	path = path_of(INCL[2].path, 6);
	v = bc(3900, "checkInclusion", 4, path, U32(49),
	       hash_id(INCL[2].txid), hdr);
	tap_ok(is_bool(v, 1), "checkInclusion: tx 48 also checks at index 49 "
	       "(its sibling is itself, as Bitcoin's tree duplicates it)");
	path = path_of(INCL[1].path, 5);
	v = bc(3350, "checkInclusion", 4, path, U32(5), hash_id(INCL[1].txid),
	       hdr);
	tap_ok(is_bool(v, 0), "checkInclusion: a path one short is false, "
	       "cost 3350");

	/* genesis has one transaction: its txid is the merkle root */
	v = bc(600, "checkInclusion", 4, zv_array(rt, 0, NULL), U32(0),
	       hash_id("4a5e1e4baab89f3a32518a88c31bc87f618f76673e2cc77ab2127b"
		       "7afdeda33b"), bytes_hex(GENESIS));
	tap_ok(is_bool(v, 1), "checkInclusion: the genesis coinbase with an "
	       "empty path is true, cost 550 + 50 = 600");
	v = bc(600, "checkInclusion", 4, zv_array(rt, 0, NULL), U32(0),
	       hash_id(GENESIS_ID), bytes_hex(GENESIS));
	tap_ok(is_bool(v, 0), "checkInclusion: another hash with an empty "
	       "path is false");

	/* 33 levels: level 32 reads bit 32 mod 32 = 0 of the index, as F#'s
	 * >>> does (path[i] = SHA-256(byte i), txHash = SHA-256("tx")) */
	for (i = 0; i < 33; i++) {
		uint8_t c = (uint8_t)i;

		sha256(b, &c, 1);
		items[i] = zv_bytes(rt, b, 32);
	}
	unhex(root, 32, "e272d5f47db15e8f1f2aabeeb940adaf"
	      "881a3f4d5390b92ef02e998c545a970b");
	sha256(b, "tx", 2);
	v = bc(18750, "checkInclusion", 4, zv_array(rt, 33, items), U32(1),
	       zv_bytes(rt, b, 32), header(root, 0, 0));
	tap_ok(is_bool(v, 1), "checkInclusion: a 33-hash path reads bit 0 of "
	       "the index again at level 32, cost 34 * 550 + 50 = 18750");
	unhex(root, 32, "c995eb27ecd7d9492f3e9a569df5bae5"
	      "d8ad7325e8fac1fba88b735c0f714607");
	v = bc(18750, "checkInclusion", 4, zv_array(rt, 33, items), U32(1),
	       zv_bytes(rt, b, 32), header(root, 0, 0));
	tap_ok(is_bool(v, 0), "checkInclusion: not the root of a 64-bit "
	       "index (bit 32 clear)");

	/* malformed */
	items[0] = zv_bytes(rt, b, 31);
	v = bc(600 + 550, "checkInclusion", 4, zv_array(rt, 1, items),
	       U32(0), zv_bytes(rt, b, 32), hdr);
	tap_ok(failed(v, "checkInclusion: expected a 32-byte hash"),
	       "checkInclusion with a 31-byte path hash fails the run");
	v = bc(600, "checkInclusion", 4, zv_array(rt, 0, NULL), U32(0),
	       zv_bytes(rt, b, 33), hdr);
	tap_ok(failed(v, "checkInclusion: expected a 32-byte hash"),
	       "checkInclusion with a 33-byte txHash fails the run");
	v = bc(600, "checkInclusion", 4, zv_array(rt, 0, NULL), U32(0),
	       zv_bytes(rt, b, 32), zv_bytes(rt, b, 32));
	tap_ok(failed(v, "checkInclusion: expected an 80-byte header"),
	       "checkInclusion with a 32-byte header fails the run");
	v = bc(600, "checkInclusion", 4, zv_array(rt, 0, NULL),
	       zv_u64(rt, 0), zv_bytes(rt, b, 32), hdr);
	tap_ok(!v && rt->err.code == ZEN_EREFUSED,
	       "checkInclusion with a U64 index fails the run");
}

/* ---- the contract ---- */

static void test_contract(void)
{
	static const uint32_t flags[] = { 1, 0, 1, 0, 0, 2016 };
	struct zen_err err = ZEN_ERR_INIT;
	struct zen_contract_args a;
	struct zen_contract_return r;
	struct zen_contract_stats st;
	struct zc_contract *c = NULL;
	const struct zen_data *d;
	zv *gh = hash_id(GENESIS_ID);
	uint64_t cf = 0;
	size_t len;
	char *src = tap_read_file(ZEN_SRCDIR "/tests/contracts",
				  "zulib-bitcoin.fst", &len);
	int ok;

	if (src && zen_contract_load(src, len, "zulib-bitcoin.fst", &c, &err))
		tap_diag("%s", err.msg);
	free(src);
	tap_ok(c != NULL, "zulib-bitcoin.fst loads");
	memset(&a, 0, sizeof(a));
	memset(&st, 0, sizeof(st));
	zen_contract_return_init(&r);
	ok = c && !zen_contract_cost(c, &a, &cf, &err) &&
	     !zen_contract_run(c, &a, &r, &st, &err);
	if (!ok)
		tap_diag("%s", err.msg);
	tap_ok(ok && cf == 12381 && st.cost == 12381 &&
	       st.cost_body == 12381 && st.cost_exact && r.ok,
	       "zulib-bitcoin.fst: cf = 12381 = main's own count, exact");
	ok = ok && r.state_data.u.coll.n == 10 &&
	     (d = cx_state_item(&r, 0, ZEN_DATA_HASH)) &&
	     !memcmp(d->u.hash, gh->u.bytes.p, 32) &&
	     (d = cx_state_item(&r, 1, ZEN_DATA_HASH)) &&
	     !memcmp(d->u.hash, gh->u.bytes.p, 32);
	tap_ok(ok, "zulib-bitcoin.fst: the genesis hash, and block 1's "
	       "parent is it");
	ok = ok && (d = cx_state_item(&r, 2, ZEN_DATA_BYTES)) && d->u.bytes.len == 4 &&
	     !memcmp(d->u.bytes.p, "\xff\xff\x00\x1d", 4) &&
	     (d = cx_state_item(&r, 3, ZEN_DATA_BYTES)) && d->u.bytes.len == 4 &&
	     !memcmp(d->u.bytes.p, "\x49\x5a\x41\x17", 4);
	tap_ok(ok, "zulib-bitcoin.fst: genesis nBits ff ff 00 1d, the "
	       "retarget 49 5a 41 17");
	for (size_t i = 0; ok && i < ZEN_ARRAY_SIZE(flags); i++)
		ok = (d = cx_state_item(&r, 4 + i, ZEN_DATA_U32)) &&
		     d->u.u32 == flags[i];
	tap_ok(ok, "zulib-bitcoin.fst: proof of work 1 and 0, inclusion 1 "
	       "and 0, notHex unparsed, interval 2016");
	zen_contract_return_release(&r);
	zen_contract_free(c);
}

int main(void)
{
	zen_rt_init(rt, 0);
	test_registry();
	test_interval();
	test_parse_header();
	test_hash_parent_nbits();
	test_pow();
	test_next_work();
	test_inclusion();
	zen_rt_release(rt);
	test_contract();
	return tap_done();
}
