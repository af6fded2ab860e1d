/*
 * difficulty.c - compact targets, proof of work, chain work and the EMA
 * difficulty adjustment (protocol.md 4.1-4.3).
 *
 * The arithmetic uses a small fixed-width integer of ten 32-bit limbs
 * (320 bits, least significant limb first): wide enough for 2^256 and for
 * a 256-bit target times a 64-bit factor.
 */
#include <stdlib.h>
#include <string.h>

#include "core/consensus/consensus.h"

#define WIDE_LIMBS 10
#define WIDE_BITS (32 * WIDE_LIMBS)

struct wide {
	uint32_t w[WIDE_LIMBS];
};

static void wide_from_u256(struct wide *r, const struct zen_u256 *a)
{
	memset(r, 0, sizeof(*r));
	for (int i = 0; i < 32; i++)
		r->w[i / 4] |= (uint32_t)a->b[31 - i] << (8 * (i % 4));
}

/* Saturates at 2^256 - 1 when r does not fit in 256 bits. */
static void wide_to_u256(struct zen_u256 *a, const struct wide *r)
{
	for (int i = 8; i < WIDE_LIMBS; i++)
		if (r->w[i]) {
			memset(a->b, 0xff, sizeof(a->b));
			return;
		}
	for (int i = 0; i < 32; i++)
		a->b[31 - i] = (uint8_t)(r->w[i / 4] >> (8 * (i % 4)));
}

static void wide_from_u64(struct wide *r, uint64_t v)
{
	memset(r, 0, sizeof(*r));
	r->w[0] = (uint32_t)v;
	r->w[1] = (uint32_t)(v >> 32);
}

static int wide_cmp(const struct wide *a, const struct wide *b)
{
	for (int i = WIDE_LIMBS - 1; i >= 0; i--)
		if (a->w[i] != b->w[i])
			return a->w[i] < b->w[i] ? -1 : 1;
	return 0;
}

static int wide_is_zero(const struct wide *a)
{
	for (int i = 0; i < WIDE_LIMBS; i++)
		if (a->w[i])
			return 0;
	return 1;
}

/* a += b (mod 2^320). */
static void wide_add(struct wide *a, const struct wide *b)
{
	uint64_t carry = 0;

	for (int i = 0; i < WIDE_LIMBS; i++) {
		carry += (uint64_t)a->w[i] + b->w[i];
		a->w[i] = (uint32_t)carry;
		carry >>= 32;
	}
}

/* a -= b; requires a >= b. */
static void wide_sub(struct wide *a, const struct wide *b)
{
	uint64_t borrow = 0;

	for (int i = 0; i < WIDE_LIMBS; i++) {
		uint64_t d = (uint64_t)a->w[i] - b->w[i] - borrow;

		a->w[i] = (uint32_t)d;
		borrow = d >> 63;
	}
}

/* r = a * b, truncated to 320 bits. */
static void wide_mul(struct wide *r, const struct wide *a, const struct wide *b)
{
	struct wide t;

	memset(&t, 0, sizeof(t));
	for (int i = 0; i < WIDE_LIMBS; i++) {
		uint64_t carry = 0;

		for (int j = 0; i + j < WIDE_LIMBS; j++) {
			carry += (uint64_t)a->w[i] * b->w[j] + t.w[i + j];
			t.w[i + j] = (uint32_t)carry;
			carry >>= 32;
		}
	}
	*r = t;
}

static int wide_bit(const struct wide *a, int bit)
{
	return a->w[bit / 32] >> (bit % 32) & 1;
}

static void wide_shl1(struct wide *a, int low_bit)
{
	for (int i = WIDE_LIMBS - 1; i > 0; i--)
		a->w[i] = a->w[i] << 1 | a->w[i - 1] >> 31;
	a->w[0] = a->w[0] << 1 | (uint32_t)low_bit;
}

/* q = floor(n / d), rem = n mod d (either may be NULL); d != 0. */
static void wide_divmod(struct wide *q, struct wide *rem,
			const struct wide *n, const struct wide *d)
{
	struct wide quot, r;

	ZEN_ASSERT(!wide_is_zero(d));
	memset(&quot, 0, sizeof(quot));
	memset(&r, 0, sizeof(r));
	for (int bit = WIDE_BITS - 1; bit >= 0; bit--) {
		/* r < d < 2^320 before the shift; only overflows if d's
		 * top bit is set, which callers never need. */
		ZEN_ASSERT(!(r.w[WIDE_LIMBS - 1] >> 31));
		wide_shl1(&r, wide_bit(n, bit));
		if (wide_cmp(&r, d) >= 0) {
			wide_sub(&r, d);
			quot.w[bit / 32] |= 1u << (bit % 32);
		}
	}
	if (q)
		*q = quot;
	if (rem)
		*rem = r;
}

int zen_u256_cmp(const struct zen_u256 *a, const struct zen_u256 *b)
{
	int c = memcmp(a->b, b->b, sizeof(a->b));

	return (c > 0) - (c < 0);
}

void zen_u256_add(struct zen_u256 *a, const struct zen_u256 *b)
{
	unsigned carry = 0;

	for (int i = 31; i >= 0; i--) {
		carry += (unsigned)a->b[i] + b->b[i];
		a->b[i] = (uint8_t)carry;
		carry >>= 8;
	}
}

void zen_u256_decimal(char out[ZEN_U256_DECIMAL_LEN + 1],
		      const struct zen_u256 *a)
{
	struct wide n, ten, digit;
	char tmp[ZEN_U256_DECIMAL_LEN];
	size_t len = 0;

	wide_from_u256(&n, a);
	wide_from_u64(&ten, 10);
	do {
		wide_divmod(&n, &digit, &n, &ten);
		tmp[len++] = (char)('0' + digit.w[0]);
	} while (!wide_is_zero(&n));
	for (size_t i = 0; i < len; i++)
		out[i] = tmp[len - 1 - i];
	out[len] = 0;
}

void zen_difficulty_uncompress(struct zen_u256 *target, uint32_t compact)
{
	unsigned exp = compact >> 24;
	unsigned len = exp < 3 ? 3 : exp > 32 ? 32 : exp;
	size_t at = 32 - len;

	memset(target->b, 0, sizeof(target->b));
	target->b[at] = (uint8_t)(compact >> 16);
	target->b[at + 1] = (uint8_t)(compact >> 8);
	target->b[at + 2] = (uint8_t)compact;
}

uint32_t zen_difficulty_compress(const struct zen_u256 *target)
{
	const uint8_t *t = target->b;
	unsigned z = 0, len;

	while (z < 32 && !t[z])
		z++;
	len = 32 - z;
	if (len == 0)
		return 0;
	if (len == 1)
		return 1u << 24 | t[31];
	if (len == 2)
		return 2u << 24 | (uint32_t)t[30] << 8 | t[31];
	return (uint32_t)len << 24 | (uint32_t)t[z] << 16 |
	       (uint32_t)t[z + 1] << 8 | t[z + 2];
}

int zen_pow_valid(const uint8_t block_hash[ZEN_HASH_LEN], uint32_t difficulty,
		  uint32_t pow_limit)
{
	struct zen_u256 target, limit, hash;

	zen_difficulty_uncompress(&target, difficulty);
	zen_difficulty_uncompress(&limit, pow_limit);
	memcpy(hash.b, block_hash, ZEN_HASH_LEN);
	return zen_u256_cmp(&target, &limit) <= 0 &&
	       zen_u256_cmp(&hash, &target) <= 0;
}

void zen_chain_work(struct zen_u256 *work, uint32_t compact)
{
	struct zen_u256 target;
	struct wide num, den, one, q;

	zen_difficulty_uncompress(&target, compact);
	wide_from_u256(&den, &target);
	wide_from_u64(&one, 1);
	wide_add(&den, &one);
	memset(&num, 0, sizeof(num));
	num.w[8] = 1;				/* 2^256 */
	wide_divmod(&q, NULL, &num, &den);
	wide_to_u256(work, &q);
}

/* Bitcoin's GetDifficulty over the compact form. */
double zen_difficulty_number(uint32_t compact)
{
	uint32_t mantissa = compact & 0xffffff;
	int exp = (int)(compact >> 24);
	double d;

	if (!mantissa)
		return 0.0;
	d = (double)0xffff / (double)mantissa;
	for (; exp < 29; exp++)
		d *= 256.0;
	for (; exp > 29; exp--)
		d /= 256.0;
	return d;
}

uint64_t zen_ema_solve_time(uint64_t block_interval_ms)
{
	/* trunc(interval * 0.982) in exact arithmetic, without overflow */
	return block_interval_ms / 1000 * 982 +
	       block_interval_ms % 1000 * 982 / 1000;
}

void zen_ema_init(struct zen_ema *ema, const struct zen_chain_params *p)
{
	struct zen_u256 limit;

	memset(ema, 0, sizeof(*ema));
	zen_difficulty_uncompress(&limit, p->pow_limit);
	ema->difficulty = zen_difficulty_compress(&limit);
}

/* floor(target * num / den), clamped to [1, limit]; num may be <= 0. */
static uint32_t ema_next(uint32_t difficulty, int64_t num, uint64_t den,
			 uint32_t pow_limit)
{
	struct zen_u256 target, limit;
	struct wide t, f, q, lim, one;

	zen_difficulty_uncompress(&target, difficulty);
	zen_difficulty_uncompress(&limit, pow_limit);
	wide_from_u256(&t, &target);
	wide_from_u256(&lim, &limit);
	wide_from_u64(&one, 1);
	if (num <= 0 || !den) {
		q = one;
	} else {
		wide_from_u64(&f, (uint64_t)num);
		wide_mul(&t, &t, &f);
		wide_from_u64(&f, den);
		wide_divmod(&q, NULL, &t, &f);
	}
	if (wide_cmp(&q, &one) < 0)
		q = one;
	if (wide_cmp(&q, &lim) > 0)
		q = lim;
	wide_to_u256(&target, &q);
	return zen_difficulty_compress(&target);
}

void zen_ema_push(struct zen_ema *ema, const struct zen_chain_params *p,
		  uint64_t timestamp_ms)
{
	int64_t t, s, solve, num;

	if (ema->count == ZEN_ARRAY_SIZE(ema->delayed)) {
		memmove(ema->delayed, ema->delayed + 1,
			sizeof(ema->delayed) - sizeof(ema->delayed[0]));
		ema->count--;
	}
	ema->delayed[ema->count++] = timestamp_ms;
	if (ema->count <= 1 || p->fixed_difficulty)
		return;
	t = (int64_t)zen_ema_solve_time(p->block_interval_ms);
	s = p->smoothing;
	solve = (int64_t)(ema->delayed[ema->count - 1] -
			  ema->delayed[ema->count - 2]);
	if (solve < -900000)
		solve = -900000;
	if (solve > 6 * t)
		solve = 6 * t;
	num = s * t - t + solve;
	ema->difficulty = ema_next(ema->difficulty, num, (uint64_t)(s * t),
				   p->pow_limit);
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return (x > y) - (x < y);
}

uint64_t zen_ema_earliest(const struct zen_ema *ema)
{
	uint64_t sorted[ZEN_ARRAY_SIZE(ema->delayed)];

	if (!ema->count)
		return 0;
	if (ema->count < ZEN_ARRAY_SIZE(ema->delayed))
		return ema->delayed[0];
	memcpy(sorted, ema->delayed, sizeof(sorted));
	qsort(sorted, ZEN_ARRAY_SIZE(sorted), sizeof(sorted[0]), cmp_u64);
	return sorted[5];
}
