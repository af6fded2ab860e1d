/*
 * secured.c - the reference "Secured" blob (PBKDF2-SHA1, AES-256-CBC,
 * HMAC-SHA256), through OpenSSL EVP.
 */
#include <limits.h>
#include <string.h>

#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <sodium.h>

#include "core/crypto/keys.h"
#include "core/wallet/secured.h"

#define KDF_ITERATIONS 1000
#define KDF_LEN 64

static int derive(uint8_t k[KDF_LEN], const char *password,
		  const uint8_t salt[ZEN_SECURED_SALT_LEN])
{
	size_t len = strlen(password);

	if (len > INT_MAX)
		return 0;
	return PKCS5_PBKDF2_HMAC(password, (int)len, salt, ZEN_SECURED_SALT_LEN,
				 KDF_ITERATIONS, EVP_sha1(), KDF_LEN, k) == 1;
}

static int mac(uint8_t out[ZEN_SECURED_MAC_LEN], const uint8_t key[16],
	       const uint8_t *p, size_t n)
{
	unsigned int len = 0;

	return HMAC(EVP_sha256(), key, 16, p, n, out, &len) && len == 32;
}

/* AES-256-CBC with PKCS#7 padding; out has room for n + 16 bytes. */
static int aes_cbc(uint8_t *out, size_t *out_len, int enc,
		   const uint8_t k[KDF_LEN], const uint8_t *in, size_t n)
{
	EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
	int l1 = 0, l2 = 0, ok;

	if (!ctx)
		return 0;
	ok = n <= INT_MAX - 16 &&
	     EVP_CipherInit_ex(ctx, EVP_aes_256_cbc(), NULL, k, k + 48, enc) &&
	     EVP_CipherUpdate(ctx, out, &l1, in, (int)n) &&
	     EVP_CipherFinal_ex(ctx, out + l1, &l2);
	EVP_CIPHER_CTX_free(ctx);	/* cleanses the key schedule */
	*out_len = ok ? (size_t)l1 + (size_t)l2 : 0;
	return ok;
}

int zen_secured_encrypt(struct zen_buf *out, const char *password,
			const uint8_t salt[ZEN_SECURED_SALT_LEN],
			const uint8_t *plain, size_t n, struct zen_err *err)
{
	uint8_t k[KDF_LEN], tag[ZEN_SECURED_MAC_LEN], *ct;
	size_t ct_len = 0;
	int rc = 0;

	(void)zen_secp_ctx();	/* sodium_init */
	ct = zen_xmalloc(n + 16);
	if (!derive(k, password, salt) ||
	    !aes_cbc(ct, &ct_len, 1, k, plain, n) ||
	    !mac(tag, k + 32, ct, ct_len)) {
		rc = zen_fail(err, ZEN_EINTERNAL, "cannot encrypt");
		goto out;
	}
	zen_buf_add(out, salt, ZEN_SECURED_SALT_LEN);
	zen_buf_add(out, tag, sizeof(tag));
	zen_buf_add(out, ct, ct_len);
out:
	sodium_memzero(k, sizeof(k));
	free(ct);
	return rc;
}

int zen_secured_decrypt(uint8_t *plain, size_t *plain_len,
			const char *password, const uint8_t *blob,
			size_t blob_len, struct zen_err *err)
{
	uint8_t k[KDF_LEN], tag[ZEN_SECURED_MAC_LEN];
	const uint8_t *ct = blob + ZEN_SECURED_HEADER_LEN;
	size_t ct_len, room;
	uint8_t *tmp = NULL;
	int rc = 0;

	*plain_len = 0;
	(void)zen_secp_ctx();	/* sodium_init */
	if (blob_len < ZEN_SECURED_HEADER_LEN + 16 ||
	    (blob_len - ZEN_SECURED_HEADER_LEN) % 16)
		return zen_fail(err, ZEN_EINVAL, "invalid secured blob");
	ct_len = blob_len - ZEN_SECURED_HEADER_LEN;
	if (!derive(k, password, blob) || !mac(tag, k + 32, ct, ct_len)) {
		rc = zen_fail(err, ZEN_EINTERNAL, "cannot decrypt");
		goto out;
	}
	if (sodium_memcmp(tag, blob + ZEN_SECURED_SALT_LEN, sizeof(tag))) {
		rc = zen_fail(err, ZEN_EPASSWORD, "bad password");
		goto out;
	}
	/* CBC decryption writes up to ct_len + 16 bytes: use secure scratch. */
	tmp = sodium_malloc(ct_len + 16);
	if (!tmp) {
		rc = zen_fail(err, ZEN_EINTERNAL, "out of secure memory");
		goto out;
	}
	if (!aes_cbc(tmp, &room, 0, k, ct, ct_len)) {
		rc = zen_fail(err, ZEN_EINVAL, "invalid secured blob");
		goto out;
	}
	memcpy(plain, tmp, room);
	*plain_len = room;
out:
	if (rc)
		sodium_memzero(plain, ct_len);
	if (tmp)
		sodium_free(tmp);
	sodium_memzero(k, sizeof(k));
	sodium_memzero(tag, sizeof(tag));
	return rc;
}
