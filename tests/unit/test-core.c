/* Unit tests of the core foundations: hex, buffers, SHA3, merkle tree. */
#include <string.h>

#include "core/base/buf.h"
#include "core/crypto/hash.h"
#include "core/encoding/hex.h"
#include "tap.h"

static void test_hex(void)
{
	struct zen_buf b = ZEN_BUF_INIT;
	struct zen_err err = ZEN_ERR_INIT;
	uint8_t fixed[2];

	tap_ok(zen_hex_decode(&b, "00fFa1", 6, &err) == 0 && b.len == 3 &&
	       b.data[1] == 0xff && b.data[2] == 0xa1, "hex decodes both cases");
	zen_buf_reset(&b);
	zen_hex_encode(&b, (const uint8_t *)"\x00\xff\xa1", 3);
	tap_str(zen_buf_str(&b), "00ffa1", "hex encodes lowercase");
	zen_buf_reset(&b);
	tap_ok(zen_hex_decode(&b, "abc", 3, &err) == ZEN_EINVAL &&
	       strstr(err.msg, "odd length"), "odd-length hex is refused");
	tap_ok(zen_hex_decode(&b, "zz", 2, &err) == ZEN_EINVAL && b.len == 0,
	       "non-hex character is refused and the buffer is untouched");
	tap_ok(zen_hex_decode_fixed(fixed, 2, "0102", &err) == 0 &&
	       fixed[0] == 1 && fixed[1] == 2, "fixed-length hex");
	tap_ok(zen_hex_decode_fixed(fixed, 2, "010203", &err) == ZEN_EINVAL,
	       "fixed-length hex of the wrong length is refused");
	zen_buf_release(&b);
}

static void test_buf(void)
{
	struct zen_buf b = ZEN_BUF_INIT;
	uint8_t *p;
	size_t len;

	tap_str(zen_buf_str(&b), "", "empty buffer is an empty string");
	for (int i = 0; i < 1000; i++)
		zen_buf_addf(&b, "%d,", i % 10);
	tap_u64(b.len, 2000, "buffer grows across many appends");
	p = zen_buf_detach(&b, &len);
	tap_ok(len == 2000 && b.data == NULL && b.len == 0 && p[0] == '0',
	       "detach hands the memory over and resets the buffer");
	free(p);
	zen_buf_release(&b);
	zen_buf_release(&b);
	tap_ok(b.data == NULL, "release twice is harmless");
}

static void test_sha3_merkle(void)
{
	json_t *vectors = tap_vectors("hashes.json"), *v;
	struct zen_buf bytes = ZEN_BUF_INIT;
	const char *in;
	uint8_t out[ZEN_HASH_LEN];
	size_t i;

	/* the digests of the vectors' own inputs */
	v = tap_vector("hashes.json", "sha3-256-empty");
	in = tap_jstr(tap_jget(v, "input"), "hex");
	zen_buf_reset(&bytes);
	tap_ok(!zen_hex_decode(&bytes, in, strlen(in), NULL) && !bytes.len,
	       "sha3-256-empty input is empty hex");
	zen_sha3(out, bytes.data ? bytes.data : (const uint8_t *)"", bytes.len);
	tap_hex(out, 32, tap_jstr(tap_jget(v, "expected"), "hash"),
		"sha3-256-empty");
	v = tap_vector("hashes.json", "sha3-256-abc");
	in = tap_jstr(tap_jget(v, "input"), "ascii");
	zen_sha3(out, in, strlen(in));
	tap_hex(out, 32, tap_jstr(tap_jget(v, "expected"), "hash"),
		"sha3-256-abc");
	zen_buf_release(&bytes);

	json_array_foreach(vectors, i, v) {
		const char *id = tap_jstr(v, "id");
		json_t *leaves, *leaf;
		uint8_t (*l)[ZEN_HASH_LEN];
		size_t j, n;
		int ok = 1;

		if (strncmp(id, "merkle-root-", 12))
			continue;
		tap_mark(id);
		leaves = tap_jget(tap_jget(v, "input"), "leaves");
		n = json_array_size(leaves);
		l = zen_xcalloc(n, ZEN_HASH_LEN);
		json_array_foreach(leaves, j, leaf)
			ok &= zen_hex_decode_fixed(l[j], 32,
					json_string_value(leaf), NULL) == 0;
		zen_merkle_root(out, (const uint8_t (*)[ZEN_HASH_LEN])l, n);
		tap_ok(ok, "%s leaves parse", id);
		tap_hex(out, 32, tap_jstr(tap_jget(v, "expected"), "root"),
			"%s", id);
		free(l);
	}
}

int main(void)
{
	test_hex();
	test_buf();
	test_sha3_merkle();
	return tap_done();
}
