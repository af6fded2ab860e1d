/*
 * zulib_bitcoin.c - Zen.Bitcoin: Bitcoin block headers, their proof of
 * work, the difficulty retarget and transaction inclusion, as Zulib
 * v0.3.43 declares them (fstar/Zen.Bitcoin.fsti) and runs them
 * (fsharp/Realized/Zen.Bitcoin.fs).
 *
 * VALUES
 *   A bitcoinHeader (A.indexed U8.byte 80) and a target (A.indexed
 *   U8.byte 4: nBits as the header stores it, little-endian) are BYTES
 *   values, as hashes are: Zen.Array's natives index them as arrays of
 *   U8 (an ARRAY of U8 is taken too).  A header, target or hash of any
 *   other length fails the run: F* types them with those lengths, so a
 *   contract the reference accepts never passes one.  Hashes keep
 *   SHA-256's byte order, the reverse of the hex Bitcoin shows.
 *
 * FUNCTIONS (cost)
 *   difficultyAdjustmentInterval    2016ul
 *   parent h (4)                    bytes 4..35: the previous block's hash
 *   nbits h (4)                     bytes 72..75
 *   parseHeader s (120)             Some header when s is 160 hex digits,
 *                                   either case (FsBech32 0.1.5's
 *                                   Base16.decode, the reference's), else
 *                                   None; a byte >= 0x80 is no digit
 *   computeHeaderHash h (500)       SHA-256(SHA-256(h))
 *   checkProofOfWork hash t (700)   hash, read as a little-endian number,
 *                                   <= expand(t)
 *   calculateNextWorkRequired first last (1500)   the next target
 *   checkInclusion path idx txHash h ((l + 1) * 550 + 50, l = length
 *                                   of path): the merkle root the path
 *                                   gives equals the header's
 *
 * WHERE THE F# PARTS FROM BITCOIN CORE (followed here)
 *   expand(t): e = t[3] - 3, m = t[0] + 256 t[1] + 65536 t[2], or 0 when
 *   t[2] has its top bit set (a "negative" target is 0, which only the
 *   zero hash meets).  e <= 3: m >> (3 - e), a shift by bits, not bytes;
 *   else m * 256^e, or 0 when that is 2^256 or more.
 *   The retarget scales FIRST's target (Core: the last block's) by
 *   clamp(time(last) - time(first), T/4, 4T) / T, T = 1209600 s,
 *   truncating, caps it at 2^224 - 1 and compresses it as .NET's
 *   BigInteger.ToByteArray() lays it out: n bytes, the minimal
 *   little-endian two's complement form; the target is the top min(n, 3)
 *   of them, in order, then n.  So a value below 2^15 (n < 3) lands in
 *   the low bytes (64 gives 40 00 00 01; Core: 00 00 40 01), and 0
 *   gives 00 00 00 00.
 *   checkInclusion folds the path from the leaf up: level i hashes
 *   node || path[i], or path[i] || node when bit (i mod 32) of idx is
 *   set (F#'s >>> on a uint32 takes its count mod 32), with SHA-256d.
 *   An empty path compares txHash itself with the header's bytes 36..67.
 */
#include <openssl/evp.h>

#include "core/contract/zulib_int.h"
#include "core/encoding/hex.h"

#define HEADER_LEN 80
#define TARGET_LEN 4

/* ---- arguments ---- */

/* v's bytes into *p when there are exactly len of them. */
static int want_len(struct zen_rt *rt, const struct zen_native *self,
		    const zv *v, size_t len, const char *what,
		    const uint8_t **p)
{
	size_t n;

	TRY(zl_byteseq(rt, self, v, p, &n));
	if (n != len)
		return zen_rt_fail(rt, "%s: expected %s", self->name, what);
	return 0;
}

static int want_header(struct zen_rt *rt, const struct zen_native *self,
		       const zv *v, const uint8_t **p)
{
	return want_len(rt, self, v, HEADER_LEN, "an 80-byte header", p);
}

static int want_hash(struct zen_rt *rt, const struct zen_native *self,
		     const zv *v, const uint8_t **p)
{
	return want_len(rt, self, v, 32, "a 32-byte hash", p);
}

static int sha256d(struct zen_rt *rt, const struct zen_native *self,
		   uint8_t out[32], const void *p, size_t n)
{
	uint8_t h[32];

	if (EVP_Digest(p, n, h, NULL, EVP_sha256(), NULL) != 1 ||
	    EVP_Digest(h, 32, out, NULL, EVP_sha256(), NULL) != 1)
		return zen_rt_fail(rt, "%s: SHA-256 failed", self->name);
	return 0;
}

/* ---- 288-bit numbers: a target (< 2^256) times a timespan (< 2^23) ---- */

#define NW 9	/* 32-bit words, least significant first */

static void num_of_le(uint32_t x[NW], const uint8_t *p, size_t n)
{
	memset(x, 0, NW * sizeof(*x));
	for (size_t i = 0; i < n; i++)
		x[i / 4] |= (uint32_t)p[i] << (8 * (i % 4));
}

static int num_cmp(const uint32_t a[NW], const uint32_t b[NW])
{
	for (size_t i = NW; i-- > 0;)
		if (a[i] != b[i])
			return a[i] < b[i] ? -1 : 1;
	return 0;
}

/* expand(t) of the comment at the top */
static void num_expand(uint32_t x[NW], const uint8_t t[TARGET_LEN])
{
	int e = t[3] - 3;
	uint32_t m = t[2] & 0x80 ? 0 : (uint32_t)t[2] << 16 |
				       (uint32_t)t[1] << 8 | t[0];

	memset(x, 0, NW * sizeof(*x));
	if (e <= 3) {
		x[0] = m >> (3 - e);
		return;
	}
	for (int k = 0; k < 3; k++) {	/* byte k of m goes to byte e + k */
		uint8_t b = (uint8_t)(m >> (8 * k));
		int at = e + k;

		if (!b)
			continue;
		if (at >= 32) {		/* >= 2^256 */
			memset(x, 0, NW * sizeof(*x));
			return;
		}
		x[at / 4] |= (uint32_t)b << (8 * (at % 4));
	}
}

/* x *= k; the caller keeps the product below 2^288 */
static void num_mul(uint32_t x[NW], uint32_t k)
{
	uint64_t carry = 0;

	for (size_t i = 0; i < NW; i++) {
		uint64_t t = (uint64_t)x[i] * k + carry;

		x[i] = (uint32_t)t;
		carry = t >> 32;
	}
}

/* x /= k, truncating (k > 0) */
static void num_div(uint32_t x[NW], uint32_t k)
{
	uint64_t r = 0;

	for (size_t i = NW; i-- > 0;) {
		uint64_t t = r << 32 | x[i];

		x[i] = (uint32_t)(t / k);
		r = t % k;
	}
}

/* The target .NET's ToByteArray() gives x (the comment at the top). */
static void num_compress(uint8_t t[TARGET_LEN], const uint32_t x[NW])
{
	uint8_t b[4 * NW + 1];
	size_t top, n, c, k;

	memset(t, 0, TARGET_LEN);
	for (k = 0; k < 4 * NW; k++)
		b[k] = (uint8_t)(x[k / 4] >> (8 * (k % 4)));
	b[4 * NW] = 0;
	for (top = 4 * NW; top > 0 && !b[top - 1]; top--)
		;
	if (!top)
		return;
	n = top + (b[top - 1] & 0x80 ? 1 : 0);	/* a sign byte 00 */
	c = n < 3 ? n : 3;
	for (k = 0; k < c; k++)
		t[k] = b[n - c + k];
	t[3] = (uint8_t)n;
}

/* ---- the functions ---- */

NATIVE(bc_interval)
{
	RET(zv_u32(rt, 2016));
}

NATIVE(bc_slice)	/* parent, nbits: aux = offset | length << 8 */
{
	const uint8_t *h;
	size_t off = (size_t)self->aux & 0xff, len = (size_t)self->aux >> 8;

	TRY(want_header(rt, self, a[0], &h));
	RET(zv_bytes(rt, h + off, len));
}

NATIVE(bc_parse_header)
{
	uint8_t h[HEADER_LEN];
	const uint8_t *s;

	TRY(zl_bytes(rt, self, a[0]));
	if (a[0]->u.bytes.len != 2 * HEADER_LEN)
		RET(zv_none());
	s = a[0]->u.bytes.p;
	for (size_t i = 0; i < HEADER_LEN; i++) {
		int hi = zen_hex_value(s[2 * i]), lo = zen_hex_value(s[2 * i + 1]);

		if (hi < 0 || lo < 0)
			RET(zv_none());
		h[i] = (uint8_t)(hi << 4 | lo);
	}
	RET(zv_some(rt, zv_bytes(rt, h, HEADER_LEN)));
}

NATIVE(bc_header_hash)
{
	const uint8_t *h;
	uint8_t d[32];

	TRY(want_header(rt, self, a[0], &h));
	TRY(sha256d(rt, self, d, h, HEADER_LEN));
	RET(zv_bytes(rt, d, 32));
}

NATIVE(bc_check_pow)	/* checkProofOfWork hash target */
{
	const uint8_t *h, *t;
	uint32_t hv[NW], tv[NW];

	TRY(want_hash(rt, self, a[0], &h));
	TRY(want_len(rt, self, a[1], TARGET_LEN, "a 4-byte target", &t));
	num_of_le(hv, h, 32);
	num_expand(tv, t);
	RET(zv_bool(num_cmp(hv, tv) <= 0));
}

static int64_t header_time(const uint8_t *h)
{
	return (int64_t)h[68] | (int64_t)h[69] << 8 | (int64_t)h[70] << 16 |
	       (int64_t)h[71] << 24;
}

NATIVE(bc_next_work)	/* calculateNextWorkRequired first last */
{
	static const int64_t T = 14 * 24 * 60 * 60;	/* targetTimespan */
	const uint8_t *first, *last;
	uint8_t t[TARGET_LEN];
	uint32_t x[NW];
	int64_t span;

	TRY(want_header(rt, self, a[0], &first));
	TRY(want_header(rt, self, a[1], &last));
	span = header_time(last) - header_time(first);
	if (span > 4 * T)
		span = 4 * T;
	if (span < T / 4)
		span = T / 4;
	num_expand(x, first + 72);
	num_mul(x, (uint32_t)span);
	num_div(x, (uint32_t)T);
	if (x[7] || x[8]) {		/* above powLimit = 2^224 - 1 */
		memset(x, 0xff, 7 * sizeof(*x));
		x[7] = x[8] = 0;
	}
	num_compress(t, x);
	RET(zv_bytes(rt, t, TARGET_LEN));
}

NATIVE(bc_check_inclusion)	/* checkInclusion auditPath index txHash h */
{
	zv **path;
	const uint8_t *tx, *h, *p;
	uint8_t node[32], buf[64];
	uint32_t idx;
	size_t n, i;

	TRY(zl_want(rt, self, a[0], ZV_ARRAY));
	TRY(zl_want(rt, self, a[1], ZV_U32));
	TRY(want_hash(rt, self, a[2], &tx));
	TRY(want_header(rt, self, a[3], &h));
	path = a[0]->u.seq.items;
	n = a[0]->u.seq.n;
	idx = (uint32_t)a[1]->u.u;
	memcpy(node, tx, 32);
	for (i = 0; i < n; i++) {
		TRY(want_hash(rt, self, path[i], &p));
		if (idx >> (i % 32) & 1) {
			memcpy(buf, p, 32);
			memcpy(buf + 32, node, 32);
		} else {
			memcpy(buf, node, 32);
			memcpy(buf + 32, p, 32);
		}
		TRY(sha256d(rt, self, node, buf, 64));
	}
	RET(zv_bool(!memcmp(node, h + 36, 32)));
}

const struct zen_native zl_bitcoin[] = {
	E("difficultyAdjustmentInterval", bc_interval, 0, 0),
	EC("parent", bc_slice, 1, 4 | 32 << 8, CK(4)),
	EC("nbits", bc_slice, 1, 72 | TARGET_LEN << 8, CK(4)),
	EC("parseHeader", bc_parse_header, 1, 0, CK(120)),
	EC("computeHeaderHash", bc_header_hash, 1, 0, CK(500)),
	EC("checkProofOfWork", bc_check_pow, 2, 0, CK(700)),
	EC("calculateNextWorkRequired", bc_next_work, 2, 0, CK(1500)),
	EC("checkInclusion", bc_check_inclusion, 4, 0, CLEN(550, 0, 600)),
	ETYPE("bitcoinHeader"), ETYPE("target"),
	EEND
};
