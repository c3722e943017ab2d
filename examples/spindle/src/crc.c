/*
 * crc.c -- CRC-32C (Castagnoli), the checksum of journal records and NVM log entries.
 */
#include "internal.h"

static uint32_t crc_table[256];

/* crc_init -- builds the table before main */
__attribute__((constructor)) static void crc_init(void)
{
	for (uint32_t i = 0; i < 256; i++) {
		uint32_t c = i;
		for (int k = 0; k < 8; k++)
			c = c & 1 ? (c >> 1) ^ 0x82f63b78u : c >> 1;
		crc_table[i] = c;
	}
}

/* spd_crc32c -- continues crc over buf */
uint32_t spd_crc32c(uint32_t crc, const void *buf, size_t len)
{
	const unsigned char *p = buf;

	crc = ~crc;
	while (len--)
		crc = crc_table[(crc ^ *p++) & 0xff] ^ (crc >> 8);
	return ~crc;
}
