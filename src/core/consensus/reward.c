/*
 * reward.c - block rewards, CGP allocation and total issuance
 * (protocol.md 4.7), and the CGP interval arithmetic (protocol.md 8.8).
 */
#include "core/consensus/consensus.h"

#define INITIAL_REWARD 5000000000ULL	/* 50 ZP */
#define PERIOD_SIZE 800000u

uint32_t zen_reward_period(uint32_t block_number)
{
	return block_number < 2 ? 0 : (block_number - 2) / PERIOD_SIZE;
}

/* The reference shifts a 64-bit value, where .NET takes the count mod 64. */
static uint64_t halve(uint64_t v, uint32_t period)
{
	return v >> (period % 64);
}

uint64_t zen_block_total_reward(uint32_t block_number)
{
	return halve(INITIAL_REWARD, zen_reward_period(block_number));
}

uint64_t zen_block_reward(uint32_t block_number, uint8_t allocation)
{
	ZEN_ASSERT(allocation <= 100);
	return halve(INITIAL_REWARD * (100u - allocation) / 100,
		     zen_reward_period(block_number));
}

uint64_t zen_block_allocation(uint32_t block_number, uint8_t allocation)
{
	return zen_block_total_reward(block_number) -
	       zen_block_reward(block_number, allocation);
}

/* Sum of the total rewards of every block of periods 0 .. periods - 1. */
static uint64_t full_periods_sum(uint32_t periods)
{
	uint64_t cycle = 0, rest = 0;

	/* the shift wraps every 64 periods, so the sum is periodic */
	for (uint32_t k = 0; k < 64; k++) {
		cycle += halve(INITIAL_REWARD, k);
		if (k < periods % 64)
			rest += halve(INITIAL_REWARD, k);
	}
	return PERIOD_SIZE * (periods / 64 * cycle + rest);
}

uint64_t zen_total_issuance(const struct zen_chain_params *p,
			    uint32_t block_number)
{
	uint32_t period;

	if (block_number < 2)
		return p->genesis_total;
	period = zen_reward_period(block_number);
	return p->genesis_total + full_periods_sum(period) +
	       (uint64_t)((block_number - 2) % PERIOD_SIZE + 1) *
	       halve(INITIAL_REWARD, period);
}

uint32_t zen_cgp_interval(const struct zen_chain_params *p,
			  uint32_t block_number)
{
	return block_number == 0 ? 1 :
	       (block_number - 1) / p->interval_length + 1;
}

uint32_t zen_cgp_snapshot_block(const struct zen_chain_params *p,
				uint32_t interval)
{
	return (interval - 1) * p->interval_length + p->snapshot;
}

uint32_t zen_cgp_end_of_nomination(const struct zen_chain_params *p,
				   uint32_t interval)
{
	return zen_cgp_snapshot_block(p, interval) + p->nomination;
}

int zen_cgp_is_payout_block(const struct zen_chain_params *p,
			    uint32_t block_number)
{
	return block_number % p->interval_length == p->coinbase_maturity;
}

int zen_cgp_is_nominee_phase(const struct zen_chain_params *p,
			     uint32_t block_number)
{
	uint32_t interval = zen_cgp_interval(p, block_number);

	return block_number > zen_cgp_snapshot_block(p, interval) &&
	       block_number <= zen_cgp_end_of_nomination(p, interval);
}
